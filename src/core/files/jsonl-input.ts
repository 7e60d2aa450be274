// A JSONL file the user hands in (`apply --decisions`, `lessons apply --actions`): read safely (a regular file, capped),
// then each non-blank line parsed in turn with `file:line` for its messages. Lazy, so the first bad line (bad JSON or
// a bad row found by the caller) is the one reported. Both files go through here, so a line is refused the same way
// by both commands: not JSON, not an object, a key given twice, nested too deep, a key the caller does not know.
import { UserError } from '../errors.js';
import { readProblem, readRegularText } from './read-file.js';

export interface JsonLine {
  value: Record<string, unknown>;
  /** `file:line`, for messages. */
  where: string;
  /** 1-based. */
  line: number;
  /** The line's text, trimmed. */
  text: string;
}

/**
 * Far deeper than any line either file takes (a decision's neighbor list is three levels, an edit's frontmatter a
 * few more). Deeper values reach code that walks them recursively (JSON.stringify for a message, the YAML writer):
 * a line nested thousands of levels deep overflowed the stack there (exit 70) instead of being refused.
 */
export const MAX_JSON_DEPTH = 32;

export function* jsonLines(file: string, maxBytes: number): Generator<JsonLine> {
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
      value = JSON.parse(line); // V8 parses nesting without recursion: any depth is safe here
    } catch (error) {
      throw new UserError(`${where}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const shape = jsonShape(line);
    if (shape.depth > MAX_JSON_DEPTH) throw new UserError(`${where}: nested ${shape.depth} levels deep (at most ${MAX_JSON_DEPTH})`);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UserError(`${where}: not a JSON object`);
    if (shape.repeated !== null) {
      throw new UserError(`${where}: key ${JSON.stringify(shape.repeated)} is given twice in one object (JSON keeps only the last)`);
    }
    yield { value: value as Record<string, unknown>, where, line: i + 1, text: line };
  }
}

/**
 * A key of `row` not in `allowed`, as `unknown key "k" for <what> (expected a, b)`, or null. A misspelt key (`"claim "`)
 * would otherwise be ignored and the line act without it.
 */
export function unknownKey(row: Record<string, unknown>, allowed: readonly string[], what: string): string | null {
  const key = Object.keys(row).find((k) => !allowed.includes(k));
  return key === undefined ? null : `unknown key ${JSON.stringify(key)} for ${what} (expected ${allowed.join(', ')})`;
}

/**
 * How deep this (valid) JSON text nests, and the first key an object of it repeats (at any depth) or null. JSON.parse
 * keeps the last value of a repeated key silently: in a file a person wrote (`"card": "a", "card": "b"`) that is a typo
 * that would act on another card. One pass, no recursion.
 */
export function jsonShape(json: string): { depth: number; repeated: string | null } {
  const objects: { keys: Set<string>; expectKey: boolean }[] = [];
  const stack: ('{' | '[')[] = [];
  let depth = 0;
  let repeated: string | null = null;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      let end = i + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const top = stack.at(-1) === '{' ? objects.at(-1)! : null;
      if (top?.expectKey) {
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        if (top.keys.has(key)) repeated ??= key;
        top.keys.add(key);
        top.expectKey = false;
      }
      i = end;
    } else if (c === '{' || c === '[') {
      stack.push(c);
      depth = Math.max(depth, stack.length);
      if (c === '{') objects.push({ keys: new Set(), expectKey: true });
    } else if (c === '}' || c === ']') {
      if (stack.pop() === '{') objects.pop();
    } else if (c === ',' && stack.at(-1) === '{') objects.at(-1)!.expectKey = true;
  }
  return { depth, repeated };
}
