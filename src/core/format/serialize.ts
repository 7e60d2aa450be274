// A card exactly as DeepScientist's frontmatter.py writes it:
//   "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False).strip() + "\n---\n" + body.rstrip() + "\n"
// strip()/rstrip() are Python's: they remove \x1c-\x1f and \x85 (JavaScript's trim does not) and keep \uFEFF
// (JavaScript's trim removes it), so JavaScript's trim is not used here.
import { deepScientistSplit, parseCardText } from './frontmatter.js';
import type { Meta } from '../model.js';
import { PyFloat } from './pyjson.js';
import { dumpYaml } from './pyyaml.js';
import { loadYaml } from './yaml11.js';

/** Characters Python's str.isspace() accepts: what str.strip() with no argument removes. */
const PY_WHITESPACE = new Set(
  [
    0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
    0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
  ].map((code) => String.fromCharCode(code)),
);

/** Python's `text.rstrip()`. */
export function pyRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && PY_WHITESPACE.has(text[end - 1])) end--;
  return text.slice(0, end);
}

/** Python's `text.strip()`. */
export function pyStrip(text: string): string {
  let start = 0;
  while (start < text.length && PY_WHITESPACE.has(text[start])) start++;
  return pyRstrip(text.slice(start));
}

/** The frontmatter block DeepScientist writes for `meta` (without the `---` lines). An empty meta is `{}`. */
export function serializeFrontmatter(meta: Meta): string {
  return pyStrip(dumpYaml(meta));
}

/** The whole card file, byte for byte as DeepScientist writes it. Leading newlines of the body are kept; trailing
 *  whitespace becomes exactly one "\n" (an empty body ends the file with "---\n\n"). */
export function serializeCard(meta: Meta, body: string): string {
  return `---\n${serializeFrontmatter(meta)}\n---\n${pyRstrip(body)}\n`;
}

/** True when reading `raw` and writing it back gives the same bytes: a card DeepScientist wrote and nobody edited
 *  by hand. False for files without frontmatter, with unreadable frontmatter, CRLF or a BOM. */
export function cardRoundTrips(raw: string): boolean {
  const parsed = parseCardText(raw);
  if (!parsed.hasFrontmatter || parsed.error !== null) return false;
  try {
    return serializeCard(parsed.meta, parsed.body) === raw;
  } catch {
    return false;
  }
}

/** Why DeepScientist would not read back what serializeCard writes for `meta`, or null when it would. Its loader
 *  cuts the frontmatter at the first "---\n" (a title ending in "---"); `.strip()` eats Unicode spaces (\xa0,
 *  \u3000...) at the end of the last value; a line-break character other than "\n" (\x85, \u2028, \u2029) does
 *  not survive quoting. Read back with the PyYAML-like schema of yaml11.ts, so a difference there is reported too. */
export function cardWriteProblem(meta: Meta, body: string): string | null {
  const frontmatter = serializeFrontmatter(meta) + '\n';
  const split = deepScientistSplit(serializeCard(meta, body));
  if (!split || split.frontmatter !== frontmatter) {
    return 'a value has "---" at the end of a line: DeepScientist would end the frontmatter there';
  }
  let loaded: unknown;
  try {
    loaded = loadYaml(frontmatter) ?? {};
  } catch (error) {
    return `the frontmatter would not read back: ${(error as Error).message.split('\n')[0]}`;
  }
  const record = loaded as Record<string, unknown>;
  for (const [key, value] of Object.entries(meta)) {
    if (value === undefined) continue;
    if (!Object.hasOwn(record, key) || !sameValue(value, record[key])) {
      return `field "${key}" would not read back as written`;
    }
  }
  return null;
}

function sameValue(written: unknown, read: unknown): boolean {
  if (written instanceof PyFloat) written = written.value;
  if (typeof written === 'bigint') return typeof read === 'number' && Number(written) === read;
  if (typeof written === 'number' && typeof read === 'number') {
    return written === read || (Number.isNaN(written) && Number.isNaN(read));
  }
  if (Array.isArray(written)) {
    return Array.isArray(read) && written.length === read.length && written.every((v, i) => sameValue(v, read[i]));
  }
  if (written !== null && typeof written === 'object') {
    if (read === null || typeof read !== 'object' || Array.isArray(read)) return false;
    const entries = Object.entries(written).filter(([, v]) => v !== undefined);
    const other = read as Record<string, unknown>;
    return (
      entries.length === Object.keys(other).length &&
      entries.every(([k, v]) => Object.hasOwn(other, k) && sameValue(v, other[k]))
    );
  }
  return written === read || (written === undefined && read === null);
}

/** True when DeepScientist's own loader (`split("---\n", 2)`) finds exactly the frontmatter written in `card` (a card
 *  as serializeCard makes it). False when a value puts a "---\n" inside the frontmatter (a title ending in "---"). */
export function deepScientistReadsFrontmatter(card: string): boolean {
  const split = deepScientistSplit(card);
  if (!split) return false;
  const close = card.indexOf('\n---\n');
  return close >= 0 && split.frontmatter === card.slice(4, close + 1);
}
