// SGR mouse reports (xterm modes 1000 + 1006): `ESC [ < b ; x ; y M` for a press or a wheel notch, `… m` for a
// release. Parsed out of the raw input before Ink's key parser sees it, so a click never arrives as keys.

export type MouseKind = 'press' | 'release' | 'drag' | 'wheelUp' | 'wheelDown';

export interface MouseEvent {
  kind: MouseKind;
  /** 0 left, 1 middle, 2 right (for press, release, drag). */
  button: number;
  /** Column and row on the screen, 0-based (the terminal sends them 1-based). */
  x: number;
  y: number;
}

// Written by the terminal in one piece; `rest` keeps a report cut at the end of a read for the next one. A terminal
// without SGR support sends the older X10 form, `ESC [ M` and three bytes (button, column, row, each plus 32): taken
// out too, so a click there never types keys either.
const REPORT = /\x1b\[<(\d+);(\d+);(\d+)([Mm])|\x1b\[M([\s\S]{3})/g;
const PARTIAL = /\x1b\[<[\d;]*$|\x1b\[M[\s\S]{0,2}$/;

/** The mouse event a report's numbers stand for, or null for one distill does not use (horizontal wheel). */
export function decodeReport(code: number, x: number, y: number, final: 'M' | 'm'): MouseEvent | null {
  const at = { x: Math.max(0, x - 1), y: Math.max(0, y - 1) };
  if (code & 64) {
    const wheel = code & 3;
    if (wheel === 0) return { kind: 'wheelUp', button: 0, ...at };
    if (wheel === 1) return { kind: 'wheelDown', button: 0, ...at };
    return null;
  }
  const button = code & 3;
  if (code & 32) return { kind: 'drag', button, ...at };
  return { kind: final === 'm' ? 'release' : 'press', button, ...at };
}

/** An X10 report's three bytes; button 3 is a release (X10 does not say which button). */
function decodeX10(bytes: string): MouseEvent | null {
  const [code, x, y] = Array.from(bytes, (ch) => ch.charCodeAt(0) - 32);
  if ((code & 3) === 3 && !(code & 64)) return { kind: 'release', button: 0, x: Math.max(0, x - 1), y: Math.max(0, y - 1) };
  return decodeReport(code, x, y, 'M');
}

/** Splits input into the text around the mouse reports, the events, and an unfinished report at its end. */
export function splitMouse(input: string): { text: string; events: MouseEvent[]; rest: string } {
  const events: MouseEvent[] = [];
  let text = '';
  let last = 0;
  REPORT.lastIndex = 0;
  for (let m = REPORT.exec(input); m; m = REPORT.exec(input)) {
    text += input.slice(last, m.index);
    last = m.index + m[0].length;
    const event = m[5] ? decodeX10(m[5]) : decodeReport(Number(m[1]), Number(m[2]), Number(m[3]), m[4] as 'M' | 'm');
    if (event) events.push(event);
  }
  text += input.slice(last);
  const partial = PARTIAL.exec(text);
  if (!partial) return { text, events, rest: '' };
  return { text: text.slice(0, partial.index), events, rest: partial[0] };
}

/** Turns mouse reporting on (button presses, the wheel, SGR coordinates) and off again. */
export const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
export const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';
