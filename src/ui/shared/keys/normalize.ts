// Ink's (input, key) pairs to key names of the key table ('j', 'G', 'down', 'ctrl+r', 'space', 'escape').
import type { Key } from 'ink';

/**
 * The key name of one character of coalesced input, as the single-key path names it when the character arrives
 * alone: Enter (\r, \n), Tab, Backspace (DEL, \b), Escape, a control byte as its Ctrl chord (\x12 is ctrl+r),
 * space, or the printable character itself. Null for what no key is named after (other C0 bytes, \x1c-\x1f).
 */
function charKey(ch: string): string | null {
  if (ch === ' ') return 'space';
  if (ch === '\r' || ch === '\n') return 'return';
  if (ch === '\t') return 'tab';
  if (ch === '\x7f' || ch === '\b') return 'backspace';
  // Ink's input parser hands every escape sequence over on its own; a bare ESC inside a chunk is the Escape key.
  if (ch === '\x1b') return 'escape';
  const code = ch.charCodeAt(0);
  if (code >= 0x01 && code <= 0x1a) return `ctrl+${String.fromCharCode(code + 0x60)}`;
  return ch >= ' ' ? ch : null;
}

/**
 * Key names for one input event. Input that arrived coalesced ('jjj', a paste, `\x12\x12` from two Ctrl+R pressed
 * together) is split into one key per character, in order: Ink passes such a chunk as plain text without its key
 * flags, so a control byte in it is named here (its Ctrl chord, Enter, Tab, Backspace) and never dropped.
 */
export function keysFromInput(input: string, key: Key): string[] {
  if (key.upArrow) return ['up'];
  if (key.downArrow) return ['down'];
  if (key.leftArrow) return ['left'];
  if (key.rightArrow) return ['right'];
  if (key.pageUp) return ['pageup'];
  if (key.pageDown) return ['pagedown'];
  if (key.home) return ['home'];
  if (key.end) return ['end'];
  if (key.return) return ['return'];
  if (key.tab) return [key.shift ? 'shift+tab' : 'tab'];
  // Ink 6 reports the Backspace key as `delete` (DEL, 0x7f) and Ctrl+H as `backspace`.
  if (key.backspace || key.delete) return ['backspace'];
  // A lone Escape arrives a macrotask late with meta set and empty input.
  if (key.escape) return ['escape'];
  if (key.ctrl) return input ? [`ctrl+${input.toLowerCase()}`] : [];
  if (!input) return [];
  const out: string[] = [];
  for (const ch of Array.from(input)) {
    const name = charKey(ch);
    if (name) out.push(name);
  }
  return out;
}

/** True for a key name that is a printable character (text input gets these). */
export function isPrintable(name: string): boolean {
  return name === 'space' || Array.from(name).length === 1;
}
