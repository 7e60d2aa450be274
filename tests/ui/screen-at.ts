// Where things are on a rendered screen, for mouse tests.

/** Where a text is on the screen (0-based column and row of its first character). */
export function at(frame: string, text: string): { x: number; y: number } {
  const lines = frame.split('\n');
  const y = lines.findIndex((l) => l.includes(text));
  if (y < 0) throw new Error(`${JSON.stringify(text)} is not on the screen:\n${frame}`);
  return { x: Array.from(lines[y].slice(0, lines[y].indexOf(text))).length, y };
}

/** A line of the screen. */
export const lineAt = (frame: string, y: number) => frame.split('\n')[y];
