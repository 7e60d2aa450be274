// Reading distill's own JSON state files (review and cleanup records, staging): a missing file is "none", a file that
// is there but cannot be used is a one-line error naming it, never a silent reset of someone's state.
import fs from 'node:fs';
import { UserError } from './errors.js';

/**
 * The parsed file, or null when it does not exist. `check` returns a problem (string) for content of the wrong shape.
 * `what` names the file in the error: `${file}: unreadable ${what} (...)${hint}`.
 */
export function readStateFile<T>(file: string, what: string, check: (value: T) => string | null = () => null, hint = ''): T | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UserError(`${file}: cannot read ${what} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  let value: T;
  try {
    value = JSON.parse(text) as T;
  } catch (error) {
    throw new UserError(`${file}: unreadable ${what} (${(error as Error).message.split('\n')[0]})${hint}`);
  }
  const problem = value === null || typeof value !== 'object' ? 'not a JSON object' : check(value);
  if (problem) throw new UserError(`${file}: unreadable ${what} (${problem})${hint}`);
  return value;
}
