// How Python reads what DeepScientist writes, where it differs from JavaScript. PR #60's gate reads index lines with
// `read_text().splitlines()`, `line.strip()` and `json.loads`; a reader that must never see a review the gate cannot
// see (or miss a run it sees) has to split, strip and parse the same way.
import { readProblem, readRegularFile } from '../files/read-file.js';

/** `str.splitlines()` breaks, beyond `\n`: a summary holding U+2028 or U+0085 splits an index line in Python. */
const PY_LINE_BREAKS = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/;

/** Characters `str.strip()` removes (Python's `isspace()`); JS `trim()` differs (it strips U+FEFF, keeps U+001C–1F, U+0085). */
const PY_SPACE = ' \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PY_SPACE.includes(text[start])) start += 1;
  while (end > start && PY_SPACE.includes(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** `str.splitlines()`. */
export function pySplitLines(text: string): string[] {
  const lines = text.split(new RegExp(PY_LINE_BREAKS.source, 'g'));
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** True when Python would split this `\n`-delimited line further (a trailing `\r` of CRLF does not count). */
export function hasPyLineBreak(line: string): boolean {
  return PY_LINE_BREAKS.test(line.endsWith('\r') ? line.slice(0, -1) : line);
}

/** `json.loads`: JSON plus the bare `NaN`, `Infinity` and `-Infinity` Python writes for float metrics. */
export function pyJsonLoads(text: string): unknown {
  if (!/NaN|Infinity/.test(text)) return JSON.parse(text);
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    const rest = text.startsWith('NaN', i) ? 3 : text.startsWith('Infinity', i) ? 8 : text.startsWith('-Infinity', i) ? 9 : 0;
    if (rest) {
      out += 'null'; // only the key fields matter here, and none of them is ever a float
      i += rest - 1;
      continue;
    }
    out += c;
  }
  return JSON.parse(out);
}

/** Python's truthiness of a JSON value. */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * `str(value)` for a JSON scalar; null for a list or dict (their repr is not worth imitating). A whole number gives its
 * digits, which is Python's str only if the JSON wrote no `.0` (JSON.parse reads `7.0` as 7): see ArtifactCopy.opaqueId.
 */
export function pyStr(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isInteger(value) && Number.isSafeInteger(value) ? String(value) : null;
  return null;
}

/**
 * `Path(p).read_text(encoding="utf-8")` of a regular file: strict UTF-8 (Python raises on bad bytes, so a record with
 * them is skipped by PR #60), a leading BOM kept. The text, or why it cannot be had (missing, not a regular file, over
 * the read cap, not UTF-8) with its code (`ENOENT`, `EACCES`, `EFBIG`, `ENOTREG`, `EILSEQ` for bad UTF-8, ...): a hostile
 * index `path` may name /dev/zero or a FIFO.
 */
export function readUtf8Strict(file: string): { text: string } | { problem: string; code: string } {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file).bytes;
  } catch (error) {
    return { problem: readProblem(error), code: String((error as NodeJS.ErrnoException).code ?? 'EIO') };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { problem: 'not UTF-8', code: 'EILSEQ' };
  }
}

/** What `pathlib.Path(p)` makes of a path string: `//` and `/./` collapsed, a trailing `/` or `/.` dropped. */
export function pyPath(p: string): string {
  const lead = p.startsWith('//') && !p.startsWith('///') ? '//' : p.startsWith('/') ? '/' : '';
  const parts = p.split('/').filter((part) => part !== '' && part !== '.');
  return lead + parts.join('/') || '.';
}
