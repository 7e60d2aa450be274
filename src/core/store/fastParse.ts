// A fast path for parseCardText over the frontmatter shape DeepScientist's PyYAML dump writes (block mappings,
// unindented or indented block lists, lists of flat mappings, one nested flat mapping, single-line quoted scalars,
// folded plain scalars). js-yaml costs ~25 us a card here, which alone made a cold open of 10k cards 4x the time it
// takes to read the files. Anything outside that shape (or anything doubtful) falls back to parseCardText, so the
// result is always what parseCardText returns; tests/store.test.ts checks the equivalence.
import { parseCardText, type ParsedCardText } from '../frontmatter.js';
import { loadYaml } from '../yaml11.js';
import type { Meta } from '../model.js';

const BAIL = Symbol('bail');
type Bail = typeof BAIL;

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
const TRUE_WORDS = 'yes Yes YES true True TRUE on On ON'.split(' ');
const FALSE_WORDS = 'no No NO false False FALSE off Off OFF'.split(' ');
const NULL_WORDS = ['null', 'Null', 'NULL'];
// The PyYAML 1.1 keywords that start with a letter, and their values (as yaml11.ts resolves them).
const WORDS = new Map<string, boolean | null>([
  ...TRUE_WORDS.map((w): [string, boolean] => [w, true]),
  ...FALSE_WORDS.map((w): [string, boolean] => [w, false]),
  ...NULL_WORDS.map((w): [string, null] => [w, null]),
]);
// Characters that may start a YAML indicator or need quoting rules we do not reimplement.
const BAD_START = /^[\s?:,[\]{}#&*!|>'"%@`]|^-(?:\s|$)/;
// Non-printable characters js-yaml rejects or treats specially.
const ODD_CHARS = /[\x00-\x08\x0B-\x1F\x7F-\x9F\uFEFF\uFFFE\uFFFF\u2028\u2029]/;
const QUOTED = /^'((?:[^']|'')*)'$/;

function keyOf(line: string): [string, string | undefined] | null {
  const m = KEY.exec(line);
  if (!m || WORDS.has(m[1]) || m[1] === '__proto__') return null;
  return [m[1], m[2]];
}

function plainOk(text: string): boolean {
  return text !== '' && !BAD_START.test(text) && !text.includes(': ') && !text.includes(' #') && !text.endsWith(':');
}

/** Resolves a plain scalar exactly as the PyYAML-1.1 schema does; letters-first non-keywords are always strings. */
function resolvePlain(text: string): unknown {
  const word = WORDS.get(text);
  if (word !== undefined) return word;
  if (/^[A-Za-z]/.test(text)) return text;
  // In the same position as in the file, so document markers (`---`) and the like read as they would there.
  return (loadYaml(`k: ${text}`) as Meta).k;
}

function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

/**
 * A scalar starting on lines[start] with `first` as its text; plain scalars continue on following lines indented more
 * than `parent`. Returns the value and the next line index.
 */
function scalar(first: string, lines: string[], start: number, parent: number): [unknown, number] | Bail {
  let next = start + 1;
  if (first === '[]') return [[], next];
  if (first === '{}') return [{}, next];
  const quoted = QUOTED.exec(first);
  if (quoted) {
    if (next < lines.length && indentOf(lines[next]) > parent) return BAIL;
    return [quoted[1].replace(/''/g, "'"), next];
  }
  if (!plainOk(first)) return BAIL;
  let text = first;
  while (next < lines.length && indentOf(lines[next]) > parent) {
    const more = lines[next].trimStart();
    if (!plainOk(more) || more.startsWith('- ')) return BAIL;
    text += ' ' + more;
    next++;
  }
  return [resolvePlain(text), next];
}

/** Keys of a flat mapping at `indent` starting at lines[start] (the first key may be given already stripped). */
function flatMapping(lines: string[], start: number, indent: number, firstText?: string): [Meta, number] | Bail {
  const out: Meta = {};
  let i = start;
  let text = firstText;
  for (;;) {
    if (text === undefined) {
      if (i >= lines.length || indentOf(lines[i]) !== indent) break;
      text = lines[i].slice(indent);
    }
    const kv = keyOf(text);
    if (!kv || kv[1] === undefined || Object.prototype.hasOwnProperty.call(out, kv[0])) return BAIL;
    const value = scalar(kv[1], lines, i, indent);
    if (value === BAIL) return BAIL;
    out[kv[0]] = value[0];
    i = value[1];
    text = undefined;
  }
  return [out, i];
}

function sequence(lines: string[], start: number, indent: number): [unknown[], number] | Bail {
  const out: unknown[] = [];
  const dash = ' '.repeat(indent) + '- ';
  let i = start;
  while (i < lines.length && lines[i].startsWith(dash)) {
    const text = lines[i].slice(dash.length);
    if (keyOf(text)) {
      const item = flatMapping(lines, i, indent + 2, text);
      if (item === BAIL) return BAIL;
      out.push(item[0]);
      i = item[1];
    } else {
      const value = scalar(text, lines, i, indent);
      if (value === BAIL) return BAIL;
      out.push(value[0]);
      i = value[1];
    }
  }
  if (i < lines.length && indentOf(lines[i]) >= indent && indent > 0) return BAIL;
  if (i < lines.length && indentOf(lines[i]) > 0 && indent === 0) return BAIL;
  return [out, i];
}

/** The frontmatter as a mapping, or BAIL when it is not in the shape this parser vouches for. */
export function fastFrontmatter(frontmatter: string): Meta | Bail {
  if (frontmatter === '' || ODD_CHARS.test(frontmatter) || frontmatter.includes('\t')) return BAIL;
  const lines = frontmatter.split('\n');
  const out: Meta = {};
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line === '' || line.endsWith(' ')) return BAIL;
    const kv = keyOf(line);
    if (!kv || Object.prototype.hasOwnProperty.call(out, kv[0])) return BAIL;
    const [key, rest] = kv;
    if (rest !== undefined) {
      const value = scalar(rest, lines, i, 0);
      if (value === BAIL) return BAIL;
      out[key] = value[0];
      i = value[1];
      continue;
    }
    const next = lines[i + 1];
    let value: [unknown, number] | Bail;
    if (next === undefined || indentOf(next) === 0 && !next.startsWith('- ')) {
      value = [null, i + 1];
    } else if (next.startsWith('- ')) {
      value = sequence(lines, i + 1, 0);
    } else if (next.startsWith('  - ')) {
      value = sequence(lines, i + 1, 2);
    } else if (indentOf(next) === 2) {
      value = flatMapping(lines, i + 1, 2);
      if (value !== BAIL && value[1] < lines.length && indentOf(lines[value[1]]) > 0) return BAIL;
    } else {
      return BAIL;
    }
    if (value === BAIL) return BAIL;
    out[key] = value[0];
    i = value[1];
  }
  for (const line of lines) if (line.endsWith(' ')) return BAIL;
  return out;
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
  const meta = fastFrontmatter(frontmatter);
  if (meta === BAIL) return parseCardText(text);
  const warnings: string[] = [];
  // DeepScientist ends the frontmatter at the first "---\n" after the opening one, even mid-line (deepScientistSplit).
  if (text.indexOf('---\n', 4) !== close + 1) {
    warnings.push('a "---" inside a frontmatter value: DeepScientist ends the frontmatter there and reads the rest as body');
  }
  return { meta, body: text.slice(close + 5), hasFrontmatter: true, warnings, error: null };
}
