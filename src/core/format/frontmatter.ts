// Splits a card into frontmatter and body. DeepScientist's own rule (frontmatter.py) is strict: the text must start
// with exactly "---\n", and the frontmatter ends at the first "---\n" anywhere, even mid-line. We read what the
// author meant (a line that is exactly "---", tolerant of a BOM and CRLF) and warn wherever DeepScientist would
// read something else, so the user can fix the file before it bites. YAML is never executed (no `---js` engines).
import { loadYaml } from './yaml11.js';
import type { Meta } from '../model.js';

export interface ParsedCardText {
  meta: Meta;
  body: string;
  hasFrontmatter: boolean;
  /** Problems worth telling the user; the card is still usable. */
  warnings: string[];
  /** Set when the frontmatter could not be parsed at all; the card should not be used as a card. */
  error: string | null;
}

const BOM = '\uFEFF';

/**
 * Frontmatter larger than this is not parsed: the card is skipped with an error naming its size. DeepScientist's cards
 * carry a few KiB of it; a 5 MB single-line flow list (`tags: [t0, ..., t599999]`) took seconds to read into every
 * command's index. A large body is fine (it is not parsed).
 */
export const MAX_FRONTMATTER_BYTES = 256 * 1024;

export function frontmatterTooLarge(frontmatter: string): string | null {
  // Characters, not bytes: at most 3 bytes each in UTF-16 terms, and the bound only has to be generous and linear.
  if (frontmatter.length <= MAX_FRONTMATTER_BYTES) return null;
  return `frontmatter is ${Math.round(frontmatter.length / 1024)} KiB, over the ${MAX_FRONTMATTER_BYTES / 1024} KiB distill reads`;
}

/** What DeepScientist's loader would see: `text.split("---\n", 2)` after an exact "---\n" prefix. */
export function deepScientistSplit(text: string): { frontmatter: string; body: string } | null {
  if (!text.startsWith('---\n')) return null;
  const rest = text.slice(4);
  const end = rest.indexOf('---\n');
  if (end < 0) return null;
  return { frontmatter: rest.slice(0, end), body: rest.slice(end + 4) };
}

function isPlainObject(value: unknown): value is Meta {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function yamlError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

export function parseCardText(input: string): ParsedCardText {
  const warnings: string[] = [];
  let text = input;
  if (text.length === 0) {
    return { meta: {}, body: '', hasFrontmatter: false, warnings: ['empty file'], error: null };
  }
  if (text.startsWith(BOM)) {
    warnings.push('starts with a UTF-8 byte-order mark: DeepScientist reads no frontmatter from it');
    text = text.slice(1);
  }
  // DeepScientist reads cards with Path.read_text, whose universal newlines turn \r\n into \n: a CRLF card's
  // frontmatter is read like any other, so it is no reason for a warning (formats spec §3.7, corrected).
  if (text.includes('\r\n')) text = text.replace(/\r\n/g, '\n');
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length);
  if (firstLine !== '---') {
    if (/^---\s*\S/.test(firstLine)) {
      // `---js`, `---yaml` ...: another tool's frontmatter language. Never evaluated; read as body.
      warnings.push(`frontmatter language "${firstLine.slice(3).trim()}" is not supported; read as plain text`);
    } else if (firstLine.trim() === '' && /^\s*---\n/.test(text)) {
      warnings.push('frontmatter does not start on the first line: DeepScientist reads no frontmatter from it');
    }
    return { meta: {}, body: text, hasFrontmatter: false, warnings, error: null };
  }
  // Line-based: the closing delimiter is the next line that is exactly "---" (or "---" at the end of the file).
  const lines = text.split('\n');
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '---') {
      close = i;
      break;
    }
  }
  if (close < 0) {
    warnings.push('frontmatter is never closed with a "---" line; read as plain text');
    return { meta: {}, body: text, hasFrontmatter: false, warnings, error: null };
  }
  const frontmatter = lines.slice(1, close).join('\n');
  const bodyStart = lines.slice(0, close + 1).join('\n').length + 1;
  const body = bodyStart > text.length ? '' : text.slice(bodyStart);
  if (bodyStart > text.length) {
    warnings.push('closing "---" has no final newline: DeepScientist reads no frontmatter from it');
  }
  const tooLarge = frontmatterTooLarge(frontmatter);
  if (tooLarge) return { meta: {}, body, hasFrontmatter: false, warnings, error: tooLarge };
  let meta: Meta;
  try {
    const loaded = loadYaml(frontmatter);
    if (loaded === null || loaded === undefined) meta = {};
    else if (isPlainObject(loaded)) meta = loaded;
    else {
      return {
        meta: {},
        body,
        hasFrontmatter: false,
        warnings,
        error: 'frontmatter is not a mapping of keys to values',
      };
    }
  } catch (error) {
    return { meta: {}, body, hasFrontmatter: false, warnings, error: `YAML error in frontmatter: ${yamlError(error)}` };
  }
  if (!input.startsWith(BOM) && !input.includes('\r\n')) {
    const ds = deepScientistSplit(text);
    if (ds && ds.frontmatter !== frontmatter + '\n') {
      warnings.push(
        'a "---" inside a frontmatter value: DeepScientist ends the frontmatter there and reads the rest as body',
      );
    }
  }
  return { meta, body, hasFrontmatter: true, warnings, error: null };
}
