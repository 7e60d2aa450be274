// Reading distill's own JSON state files (review and cleanup records, staging): a missing file is "none", a file that
// is there but cannot be used is a one-line error naming it (and the field), never a silent reset of someone's state
// and never a crash further on. Shapes live in src/core/files/state-schemas.ts.
import type { z } from 'zod';
import { UserError } from '../errors.js';
import { readProblem, readRegularText } from './read-file.js';
import { schemaProblem } from './state-schemas.js';

export interface StateFileOptions<T> {
  /** A further check after the shape: a problem (`<field>: <problem>`) or null. */
  check?: (value: T) => string | null;
  /** Appended to the error line (e.g. what to do about it). */
  hint?: string;
}

/**
 * The parsed file, or null when it does not exist. A file that is not a regular file, not JSON, or not of `schema`'s
 * shape is a UserError: `<file>: <field>: <problem>` (exit 2). The value is returned as the file holds it.
 */
export function readStateFile<T>(file: string, what: string, schema: z.ZodTypeAny, options: StateFileOptions<T> = {}): T | null {
  const hint = options.hint ?? '';
  let text: string;
  try {
    text = readRegularText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UserError(`${file}: cannot read ${what} (${readProblem(error)})${hint}`);
  }
  return parseStateText<T>(file, text, what, schema, options);
}

/** readStateFile's checks on text already read (by a caller that also needs the bytes as they were). */
export function parseStateText<T>(file: string, text: string, what: string, schema: z.ZodTypeAny, options: StateFileOptions<T> = {}): T {
  const hint = options.hint ?? '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${file}: unreadable ${what} (${(error as Error).message.split('\n')[0]})${hint}`);
  }
  const problem = schemaProblem(schema, value) ?? options.check?.(value as T) ?? null;
  if (problem) throw new UserError(`${file}: ${problem} (damaged ${what})${hint}`);
  return value as T;
}
