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
    const twice = repeatedKey(line);
    if (twice !== null) throw new UserError(`${where}: key ${JSON.stringify(twice)} is given twice in one object (JSON keeps only the last)`);
    yield { value, where, line: i + 1 };
  }
}

/**
 * The first key an object of this (valid) JSON text repeats, at any depth, or null. JSON.parse keeps the last value
 * silently: in a file a person wrote (`"card": "a", "card": "b"`) that is a typo that would act on another card.
 */
export function repeatedKey(json: string): string | null {
  const objects: { keys: Set<string>; expectKey: boolean }[] = [];
  const stack: ('{' | '[')[] = [];
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      let end = i + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const top = stack.at(-1) === '{' ? objects.at(-1)! : null;
      if (top?.expectKey) {
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return key;
        top.keys.add(key);
        top.expectKey = false;
      }
      i = end;
    } else if (c === '{') {
      stack.push('{');
      objects.push({ keys: new Set(), expectKey: true });
    } else if (c === '[') stack.push('[');
    else if (c === '}' || c === ']') {
      if (stack.pop() === '{') objects.pop();
    } else if (c === ',' && stack.at(-1) === '{') objects.at(-1)!.expectKey = true;
  }
  return null;
}
