// A fast path for parseCardText over the frontmatter shape DeepScientist's PyYAML dump writes (block mappings,
// unindented or indented block lists, lists of flat mappings, one nested flat mapping, single-line quoted scalars,
// folded plain scalars). js-yaml costs ~25 us a card here, which alone made a cold open of 10k cards 4x the time it
// takes to read the files. Anything outside that shape (or anything doubtful) falls back to parseCardText, so the
// result is always what parseCardText returns; tests/store.test.ts checks the equivalence.
import { frontmatterTooLarge, parseCardText, type ParsedCardText } from './frontmatter.js';
import { loadYaml } from './yaml11.js';
import { KEYWORDS as WORDS } from './yaml11-rules.js';
import type { Meta } from '../model.js';

const BAIL = Symbol('bail');
type Bail = typeof BAIL;

// Characters js-yaml rejects or treats specially (tabs included). One class, so V8 scans for it quickly.
const ODD_CHARS = /[\x00-\x09\x0B-\x1F\x7F-\x9F\uFEFF\uFFFE\uFFFF\u2028\u2029]/;
// The characters that may start a YAML indicator or need quoting rules we do not reimplement.
const BAD_FIRST = new Set([...' ?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)));

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

// The value text of the last key keyOf() found (undefined: nothing after the colon). Module state rather than a
// tuple per key: this runs for every line of every card in a cold open.
let keyRest: string | undefined;

/** The key of a `key:` or `key: value` line (value in keyRest), or null when the line is not one. */
function keyOf(line: string): string | null {
  const first = line.charCodeAt(0);
  if (!(isLetter(first) || first === 95)) return null;
  let i = 1;
  for (;;) {
    const c = line.charCodeAt(i);
    if (isLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 45) i++;
    else break;
  }
  if (line.charCodeAt(i) !== 58) return null;
  if (i + 1 === line.length) keyRest = undefined;
  else if (line.charCodeAt(i + 1) === 32) keyRest = line.slice(i + 2);
  else return null;
  const key = line.slice(0, i);
  if (WORDS.has(key) || key === '__proto__') return null;
  return key;
}

function plainOk(text: string): boolean {
  if (text === '') return false;
  const first = text.charCodeAt(0);
  if (BAD_FIRST.has(first) || (first > 127 && /\s/.test(text[0]))) return false;
  // `-` alone or followed by a space starts a sequence entry.
  if (first === 45 && (text.length === 1 || text.charCodeAt(1) === 32)) return false;
  return !text.includes(': ') && !text.includes(' #') && text.charCodeAt(text.length - 1) !== 58;
}

/** Resolves a plain scalar exactly as the PyYAML-1.1 schema does; letters-first non-keywords are always strings. */
function resolvePlain(text: string): unknown {
  // Every keyword has at most 5 characters: most values skip the lookup (and hashing the whole string).
  const word = text.length <= 5 ? WORDS.get(text) : undefined;
  if (word !== undefined) return word;
  if (isLetter(text.charCodeAt(0))) return text;
  // In the same position as in the file, so document markers (`---`) and the like read as they would there.
  return (loadYaml(`k: ${text}`) as Meta).k;
}

/** The text of a single-quoted scalar that is the whole of `text`, or null. */
function singleQuoted(text: string): string | null {
  const last = text.length - 1;
  if (last < 1 || text.charCodeAt(0) !== 39 || text.charCodeAt(last) !== 39) return null;
  let at = text.indexOf("'", 1);
  if (at === last) return text.slice(1, last);
  // Inside, every quote must be doubled: quotes come in pairs up to the closing one.
  while (at < last) {
    if (at + 1 >= last || text.charCodeAt(at + 1) !== 39) return null;
    at = text.indexOf("'", at + 2);
  }
  return text.slice(1, last).replaceAll("''", "'");
}

/**
 * Whether the `keys` values set on `out` went to as many different keys (a repeated key is not vouched for). Counted
 * at the end: an own-property check per key costs more than the whole rest of a line.
 */
function distinct(out: Meta, keys: number): boolean {
  return Object.keys(out).length === keys;
}

function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

// The line index after the value the last scalar(), flatMapping() or sequence() call read (no tuple per value).
let after = 0;

/**
 * A scalar starting on lines[start] with `first` as its text; plain scalars continue on following lines indented more
 * than `parent`. The next line index goes to `after`.
 */
function scalar(first: string, lines: string[], start: number, parent: number): unknown {
  let next = start + 1;
  after = next;
  if (first === '[]') return [];
  if (first === '{}') return {};
  const quoted = singleQuoted(first);
  if (quoted !== null) {
    if (next < lines.length && indentOf(lines[next]) > parent) return BAIL;
    return quoted;
  }
  if (!plainOk(first)) return BAIL;
  let text = first;
  while (next < lines.length && indentOf(lines[next]) > parent) {
    const more = lines[next].trimStart();
    if (!plainOk(more) || more.startsWith('- ')) return BAIL;
    text += ' ' + more;
    next++;
  }
  after = next;
  return resolvePlain(text);
}

/** Keys of a flat mapping at `indent` starting at lines[start] (the first key may be given already stripped). */
function flatMapping(lines: string[], start: number, indent: number, firstText?: string): Meta | Bail {
  const out: Meta = {};
  let keys = 0;
  let i = start;
  let text = firstText;
  for (;;) {
    if (text === undefined) {
      if (i >= lines.length || indentOf(lines[i]) !== indent) break;
      text = lines[i].slice(indent);
    }
    const key = keyOf(text);
    if (key === null || keyRest === undefined) return BAIL;
    const value = scalar(keyRest, lines, i, indent);
    if (value === BAIL) return BAIL;
    out[key] = value;
    keys++;
    i = after;
    text = undefined;
  }
  if (!distinct(out, keys)) return BAIL;
  after = i;
  return out;
}

function sequence(lines: string[], start: number, indent: number): unknown[] | Bail {
  const out: unknown[] = [];
  const dash = indent === 0 ? '- ' : ' '.repeat(indent) + '- ';
  let i = start;
  while (i < lines.length && lines[i].startsWith(dash)) {
    const text = lines[i].slice(dash.length);
    const value = keyOf(text) !== null ? flatMapping(lines, i, indent + 2, text) : scalar(text, lines, i, indent);
    if (value === BAIL) return BAIL;
    out.push(value);
    i = after;
  }
  if (i < lines.length && indentOf(lines[i]) >= (indent > 0 ? indent : 1)) return BAIL;
  after = i;
  return out;
}

/** The frontmatter as a mapping, or BAIL when it is not in the shape this parser vouches for. */
export function fastFrontmatter(frontmatter: string): Meta | Bail {
  // Also not vouched for: an empty line, a line ending in a space.
  if (frontmatter === '' || frontmatter.startsWith('\n') || frontmatter.endsWith('\n') || frontmatter.endsWith(' ')) return BAIL;
  if (frontmatter.includes('\n\n') || frontmatter.includes(' \n') || ODD_CHARS.test(frontmatter)) return BAIL;
  const lines = frontmatter.split('\n');
  const out: Meta = {};
  let keys = 0;
  let i = 0;
  while (i < lines.length) {
    const key = keyOf(lines[i]);
    if (key === null) return BAIL;
    let value: unknown;
    if (keyRest !== undefined) {
      value = scalar(keyRest, lines, i, 0);
    } else {
      const next = lines[i + 1];
      if (next === undefined || (indentOf(next) === 0 && !next.startsWith('- '))) {
        value = null;
        after = i + 1;
      } else if (next.startsWith('- ')) {
        value = sequence(lines, i + 1, 0);
      } else if (next.startsWith('  - ')) {
        value = sequence(lines, i + 1, 2);
      } else if (indentOf(next) === 2) {
        value = flatMapping(lines, i + 1, 2);
        if (value !== BAIL && after < lines.length && indentOf(lines[after]) > 0) return BAIL;
      } else {
        return BAIL;
      }
    }
    if (value === BAIL) return BAIL;
    out[key] = value;
    keys++;
    i = after;
  }
  return distinct(out, keys) ? out : BAIL;
}

/** Same result as parseCardText(text), faster for DeepScientist-written cards. */
export function parseCardTextFast(text: string): ParsedCardText {
  if (!text.startsWith('---\n') || text.includes('\r')) return parseCardText(text);
  let close = text.indexOf('\n---', 3);
  while (close >= 0 && text.charCodeAt(close + 4) !== 10) {
    if (close + 4 >= text.length) return parseCardText(text);
    close = text.indexOf('\n---', close + 1);
  }
  if (close < 0) return parseCardText(text);
  const frontmatter = text.slice(4, close);
  if (frontmatterTooLarge(frontmatter)) return parseCardText(text); // which skips it, naming the size
  const meta = fastFrontmatter(frontmatter);
  if (meta === BAIL) return parseCardText(text);
  const warnings: string[] = [];
  // DeepScientist ends the frontmatter at the first "---\n" after the opening one, even mid-line (deepScientistSplit).
  if (text.indexOf('---\n', 4) !== close + 1) {
    warnings.push('a "---" inside a frontmatter value: DeepScientist ends the frontmatter there and reads the rest as body');
  }
  return { meta, body: text.slice(close + 5), hasFrontmatter: true, warnings, error: null };
}
