// JSON Lines reading that survives a torn or hand-edited line: bad lines are skipped, counted and reported.
import { readProblem, readRegularText } from '../files/read-file.js';
import type { FileWarning } from '../model.js';

export interface JsonlResult<T> {
  rows: T[];
  /** The 1-based line of each row. */
  lineNumbers: number[];
  broken: number;
  warnings: FileWarning[];
  /** Set when the file is there but could not be read (why). */
  unreadable?: string;
}

export function readJsonl<T = Record<string, unknown>>(file: string): JsonlResult<T> {
  let text: string;
  try {
    text = readRegularText(file);
  } catch (error) {
    // Missing is empty; anything else (a FIFO, a device, unreadable) is said, never read or silently empty.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { rows: [], lineNumbers: [], broken: 0, warnings: [] };
    return { rows: [], lineNumbers: [], broken: 0, warnings: [{ file, message: `cannot read (${readProblem(error)}); skipped` }], unreadable: readProblem(error) };
  }
  const rows: T[] = [];
  const lineNumbers: number[] = [];
  const warnings: FileWarning[] = [];
  let broken = 0;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      const value = JSON.parse(line);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      rows.push(value as T);
      lineNumbers.push(i + 1);
    } catch {
      broken += 1;
      warnings.push({ file, message: `line ${i + 1}: not a JSON object; skipped` });
    }
  });
  return { rows, lineNumbers, broken, warnings };
}
