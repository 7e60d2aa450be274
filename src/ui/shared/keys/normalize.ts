// Ink's (input, key) pairs to key names of the key table ('j', 'G', 'down', 'ctrl+r', 'space', 'escape').
import type { Key } from 'ink';

/**
 * Key names for one input event. Printable input that arrived coalesced ('jjj', a paste) is split into one key per
 * character, so a burst is never read as a single unknown key.
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
    if (ch === ' ') out.push('space');
    else if (ch === '\r' || ch === '\n') out.push('return');
    else if (ch === '\x7f' || ch === '\b') out.push('backspace');
    else if (ch >= ' ') out.push(ch);
  }
  return out;
}

/** True for a key name that is a printable character (text input gets these). */
export function isPrintable(name: string): boolean {
  return name === 'space' || Array.from(name).length === 1;
}
