// JSON Lines reading that survives a torn or hand-edited line: bad lines are skipped, counted and reported.
import fs from 'node:fs';
import type { FileWarning } from './model.js';

export interface JsonlResult<T> {
  rows: T[];
  broken: number;
  warnings: FileWarning[];
}

export function readJsonl<T = Record<string, unknown>>(file: string): JsonlResult<T> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { rows: [], broken: 0, warnings: [] };
  }
  const rows: T[] = [];
  const warnings: FileWarning[] = [];
  let broken = 0;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      const value = JSON.parse(line);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      rows.push(value as T);
    } catch {
      broken += 1;
      warnings.push({ file, message: `line ${i + 1}: not a JSON object; skipped` });
    }
  });
  return { rows, broken, warnings };
}
