// A JSONL file the user hands in (`apply --decisions`, `lessons apply --actions`): read safely (a regular file, capped),
// then each non-blank line parsed in turn with `file:line` for its messages. Lazy, so the first bad line (bad JSON or
// a bad row found by the caller) is the one reported.
import { UserError } from '../errors.js';
import { readProblem, readRegularText } from './read-file.js';

export interface JsonLine {
  value: unknown;
  /** `file:line`, for messages. */
  where: string;
  /** 1-based. */
  line: number;
}

export function* jsonLines(file: string, maxBytes: number, notJson: (error: unknown) => string): Generator<JsonLine> {
  let text: string;
  try {
    text = readRegularText(file, { maxBytes });
  } catch (error) {
    throw new UserError(`${file}: cannot read (${readProblem(error)})`);
  }
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UserError(`${where}: ${notJson(error)}`);
    }
    yield { value, where, line: i + 1 };
  }
}
