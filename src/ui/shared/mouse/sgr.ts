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

// Written by the terminal in one piece; `rest` keeps a report cut at the end of a read for the next one.
const REPORT = /\x1b\[<(\d+);(\d+);(\d+)([Mm])/g;
const PARTIAL = /\x1b\[<[\d;]*$/;

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

/** Splits input into the text around the mouse reports, the events, and an unfinished report at its end. */
export function splitMouse(input: string): { text: string; events: MouseEvent[]; rest: string } {
  const events: MouseEvent[] = [];
  let text = '';
  let last = 0;
  REPORT.lastIndex = 0;
  for (let m = REPORT.exec(input); m; m = REPORT.exec(input)) {
    text += input.slice(last, m.index);
    last = m.index + m[0].length;
    const event = decodeReport(Number(m[1]), Number(m[2]), Number(m[3]), m[4] as 'M' | 'm');
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
