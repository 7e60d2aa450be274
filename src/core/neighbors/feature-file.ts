// The neighbor features file (feature-cache.ts) on disk: laid out so that a warm open reads it without parsing a value
// per card. Numbers are typed arrays copied out of the file, strings are slices of one decoded text, and a card's words
// become strings only when a query ranks it (CachedDoc, docs.ts).
//
// Layout (little-endian; a file of another byte order, version, engine or home, or that does not add up, is ignored):
//   line 1   `distill neighbor features <FORMAT>\n`
//   line 2   header JSON {root, engine, count, tableBytes, textBytes, wide, ids}
//   table    JSON array of strings: the words, tags and runs the rows number
//   text     per row its relative path, title key, claim key, body key ('' for none: a body key is never empty), one
//            after another; latin1 when every character fits (`wide` false), else UTF-16LE (lone surrogates kept)
//   stats    per row size and mtimeMs, float64
//   textAt   per row where its 4 strings start in `text` (uint32), and the text's length
//   idAt     per row where its tag, run and word numbers start in `ids` (uint32), and the numbers' count
//   ids      the numbers (uint32)
//   postings per string number where its rows start (uint32, table size + 1), then the rows: words, then tags
//            (feature-postings.ts; the table is sorted so a string is found without a map)
import os from 'node:os';
import { readRegularFile } from '../files/read-file.js';
import { replaceCacheFile } from '../journal/atomic.js';
import { CACHE_MAX_BYTES } from '../store/cache.js';
import type { CardFeatures } from './features.js';
import { asciiJson } from '../format/ascii-json.js';
import { countOf, FilePostings, isSorted, numberOf, postingsHold, postingsOfRows, slotsOf, type StoredPostings } from './feature-postings.js';

const LE = os.endianness() === 'LE';

interface Header {
  root: string;
  engine: string;
  count: number;
  tableBytes: number;
  textBytes: number;
  wide: boolean;
  ids: number;
  wordPosts: number;
  tagPosts: number;
}

function isHeader(h: unknown): h is Header {
  if (!h || typeof h !== 'object') return false;
  const { root, engine, count, tableBytes, textBytes, wide, ids, wordPosts, tagPosts } = h as Record<string, unknown>;
  const n = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
  return typeof root === 'string' && typeof engine === 'string' && n(count) && n(tableBytes) && n(textBytes) && typeof wide === 'boolean' && n(ids) && n(wordPosts) && n(tagPosts);
}

/** A card's tag, run and word numbers (of the file's string table). */
export interface Numbered {
  tags: number[];
  runs: number[];
  words: number[];
}

/** Which of a row's numbers: its tags, runs or words. */
export const TAGS = 0;
export const RUNS = 1;
export const WORDS = 2;

const NO_STRINGS: readonly string[] = Object.freeze([]);

/** The rows of a features file, read when asked for; the string table grows with the features numbered now. */
export class FeatureFile {
  private at: Map<string, number> | null = null;
  private byString: Map<string, number> | null = null;
  private next = 0;
  /** Whether every number is inside the table (else each row's are checked). */
  private readonly idsInTable: boolean;
  /** The table's size as read (number() adds to it), and whether the stored postings check out (undefined: not yet). */
  private readonly tableSize: number;
  private postsHold: boolean | undefined;

  constructor(
    readonly strings: string[],
    readonly count: number,
    private readonly text: string,
    private readonly stats: Float64Array,
    private readonly textAt: Uint32Array,
    private readonly idAt: Uint32Array,
    private readonly ids: Uint32Array,
    private readonly posts: { words: StoredPostings; tags: StoredPostings } | null = null,
  ) {
    this.tableSize = strings.length;
    let max = -1;
    for (let k = 0; k < ids.length; k++) if (ids[k] > max) max = ids[k];
    this.idsInTable = max < strings.length;
  }

  static empty(): FeatureFile {
    return new FeatureFile([], 0, '', new Float64Array(0), new Uint32Array(1), new Uint32Array(1), new Uint32Array(0));
  }

  private str(row: number, k: number): string {
    return this.text.slice(this.textAt[4 * row + k], this.textAt[4 * row + k + 1]);
  }

  rel = (row: number): string => this.str(row, 0);
  titleKey = (row: number): string => this.str(row, 1);
  claimKey = (row: number): string => this.str(row, 2);
  bodyKey(row: number): string | null {
    return this.str(row, 3) || null;
  }

  /** Whether the row's string k (0 path, 1 title key, 2 claim key, 3 body key) is `s`: lengths first, no slice made
   *  unless they agree. */
  textIs(row: number, k: number, s: string): boolean {
    const from = this.textAt[4 * row + k];
    if (this.textAt[4 * row + k + 1] - from !== s.length) return false;
    return this.text.startsWith(s, from);
  }

  /** Whether the row's path is `<kind>/<name>`, compared where it lies. */
  private relIs(row: number, kind: string, name: string): boolean {
    const from = this.textAt[4 * row];
    if (this.textAt[4 * row + 1] - from !== kind.length + 1 + name.length) return false;
    return this.text.startsWith(kind, from) && this.text.charCodeAt(from + kind.length) === 47 && this.text.startsWith(name, from + kind.length + 1);
  }

  /** The row of `<kind>/<name>` (-1: none). Rows are in the store's path order: the one after the last found is tried
   *  first, without making a string. */
  rowOf(kind: string, name: string): number {
    let row: number;
    if (this.next < this.count && this.relIs(this.next, kind, name)) row = this.next;
    else {
      const rel = `${kind}/${name}`;
      if (!this.at) {
        this.at = new Map();
        for (let r = this.count - 1; r >= 0; r--) this.at.set(this.rel(r), r);
      }
      row = this.at.get(rel) ?? -1;
    }
    if (row >= 0) this.next = row + 1;
    return row;
  }

  /** Whether the row holds the features of a file of this size and mtime, and checks out. */
  holds(row: number, size: number, mtimeMs: number): boolean {
    if (this.stats[2 * row] !== size || this.stats[2 * row + 1] !== mtimeMs) return false;
    const t = 4 * row;
    for (let k = 0; k < 4; k++) if (this.textAt[t + k] > this.textAt[t + k + 1] || this.textAt[t + k + 1] > this.text.length) return false;
    const i = 3 * row;
    const end = this.idAt[i + 3];
    if (!(this.idAt[i] <= this.idAt[i + 1] && this.idAt[i + 1] <= this.idAt[i + 2] && this.idAt[i + 2] <= end && end <= this.ids.length)) return false;
    const limit = this.strings.length;
    if (!this.idsInTable) for (let k = this.idAt[i]; k < end; k++) if (this.ids[k] >= limit) return false;
    return true;
  }

  /** Where the row's tags, runs or words (`part`) start in numbers(), and where they end. */
  start(row: number, part: number): number {
    return this.idAt[3 * row + part];
  }
  end(row: number, part: number): number {
    return this.idAt[3 * row + part + 1];
  }
  numbers(): Uint32Array {
    return this.ids;
  }

  /**
   * The word (WORDS) or tag (TAGS) postings stored in the file, each string's rows mapped to slots through `slotOfRow`
   * (null: slot = row) when first looked up; null when the file has none that check out.
   */
  postings(part: typeof WORDS | typeof TAGS, slotOfRow: Int32Array | null): FilePostings | null {
    const posts = this.posts;
    this.postsHold ??= posts !== null && isSorted(this.strings.slice(0, this.tableSize)) && postingsHold(posts.words, this.tableSize, this.count) && postingsHold(posts.tags, this.tableSize, this.count);
    if (!posts || !this.postsHold || this.strings.length !== this.tableSize) return null;
    const stored = part === WORDS ? posts.words : posts.tags;
    return FilePostings.of(
      (key) => slotsOf(stored, numberOf(this.strings, key), slotOfRow),
      (key) => countOf(stored, numberOf(this.strings, key), slotOfRow),
    );
  }

  /** The strings of the row's tags, runs or words. */
  list(row: number, part: number): string[] {
    const from = this.start(row, part);
    const to = this.end(row, part);
    if (from === to) return NO_STRINGS as string[];
    const out = new Array<string>(to - from);
    for (let k = from; k < to; k++) out[k - from] = this.strings[this.ids[k]];
    return out;
  }

  /** Numbers for features made now: existing strings keep theirs, new ones are added to the table. */
  number(features: CardFeatures): Numbered {
    if (!this.byString) this.byString = new Map(this.strings.map((s, i) => [s, i]));
    const id = (s: string) => {
      let n = this.byString!.get(s);
      if (n === undefined) this.byString!.set(s, (n = this.strings.push(s) - 1));
      return n;
    };
    return { tags: features.tags.map(id), runs: features.runs.map(id), words: features.tokens.map(id) };
  }
}

/** The features file of this home and engine; null when there is none to use (missing, damaged, foreign). */
export function readFeatureFile(file: string, magic: string, root: string, engine: string): FeatureFile | null {
  if (!LE) return null;
  try {
    const bytes = readRegularFile(file, { maxBytes: CACHE_MAX_BYTES }).bytes;
    if (bytes.toString('latin1', 0, magic.length) !== magic) return null;
    const headerEnd = bytes.indexOf(10, magic.length);
    if (headerEnd < 0) return null;
    const header = JSON.parse(bytes.toString('utf8', magic.length, headerEnd)) as unknown;
    if (!isHeader(header) || header.root !== root || header.engine !== engine) return null;
    const { count, tableBytes, textBytes, wide, ids, wordPosts, tagPosts } = header;
    const tableStart = headerEnd + 1;
    const textStart = tableStart + tableBytes;
    const statsStart = textStart + textBytes;
    const textAtStart = statsStart + 16 * count;
    const idAtStart = textAtStart + 4 * (4 * count + 1);
    const idsStart = idAtStart + 4 * (3 * count + 1);
    const strings = JSON.parse(bytes.toString('utf8', tableStart, textStart)) as unknown;
    if (!Array.isArray(strings) || !strings.every((s) => typeof s === 'string')) return null;
    const postsStart = idsStart + 4 * ids;
    const size = strings.length;
    const tagsStart = postsStart + 4 * (size + 1 + wordPosts);
    if ((wide && textBytes % 2 !== 0) || tagsStart + 4 * (size + 1 + tagPosts) !== bytes.length) return null;
    // Copies: typed arrays need aligned starts, which the file's sections do not promise.
    const copy = (start: number, end: number) => bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + end);
    return new FeatureFile(
      strings as string[],
      count,
      bytes.toString(wide ? 'utf16le' : 'latin1', textStart, statsStart),
      new Float64Array(copy(statsStart, textAtStart)),
      new Uint32Array(copy(textAtStart, idAtStart)),
      new Uint32Array(copy(idAtStart, idsStart)),
      new Uint32Array(copy(idsStart, postsStart)),
      {
        words: { at: new Uint32Array(copy(postsStart, postsStart + 4 * (size + 1))), rows: new Uint32Array(copy(postsStart + 4 * (size + 1), tagsStart)) },
        tags: { at: new Uint32Array(copy(tagsStart, tagsStart + 4 * (size + 1))), rows: new Uint32Array(copy(tagsStart + 4 * (size + 1), bytes.length)) },
      },
    );
  } catch {
    return null; // missing, unreadable or damaged: made again
  }
}

export interface FeatureRow {
  rel: string;
  size: number;
  mtimeMs: number;
  features: CardFeatures;
}

export function writeFeatureFile(file: string, magic: string, root: string, engine: string, rows: readonly FeatureRow[]): boolean {
  if (!LE) return false;
  const numbers = new Map<string, number>();
  const id = (s: string) => {
    let n = numbers.get(s);
    if (n === undefined) numbers.set(s, (n = numbers.size));
    return n;
  };
  const count = rows.length;
  const stats = new Float64Array(2 * count);
  const textAt = new Uint32Array(4 * count + 1);
  const idAt = new Uint32Array(3 * count + 1);
  const texts: string[] = [];
  const ids: number[] = [];
  let chars = 0;
  rows.forEach(({ rel, size, mtimeMs, features: f }, r) => {
    stats[2 * r] = size;
    stats[2 * r + 1] = mtimeMs;
    [rel, f.titleKey, f.claimKey, f.bodyKey ?? ''].forEach((s, k) => {
      textAt[4 * r + k] = chars;
      texts.push(s);
      chars += s.length;
    });
    idAt[3 * r] = ids.length;
    for (const tag of f.tags) ids.push(id(tag));
    idAt[3 * r + 1] = ids.length;
    for (const run of f.runs) ids.push(id(run));
    idAt[3 * r + 2] = ids.length;
    for (const word of f.tokens) ids.push(id(word));
  });
  textAt[4 * count] = chars;
  idAt[3 * count] = ids.length;
  // The table sorted (code unit order, as < compares), the numbers renumbered to match.
  const sorted = [...numbers.keys()].sort();
  const rank = new Uint32Array(sorted.length);
  sorted.forEach((s, i) => (rank[numbers.get(s)!] = i));
  const numbered = Uint32Array.from(ids, (n) => rank[n]);
  const words = postingsOfRows(sorted.length, numbered, idAt, WORDS);
  const tags = postingsOfRows(sorted.length, numbered, idAt, TAGS);
  const table = Buffer.from(asciiJson(sorted));
  const joined = texts.join('');
  const wide = /[^\u0000-\u00ff]/.test(joined);
  const text = Buffer.from(joined, wide ? 'utf16le' : 'latin1');
  const header: Header = { root, engine, count, tableBytes: table.length, textBytes: text.length, wide, ids: ids.length, wordPosts: words.rows.length, tagPosts: tags.rows.length };
  const bytes = Buffer.concat([
    Buffer.from(magic + JSON.stringify(header) + '\n'),
    table,
    text,
    Buffer.from(stats.buffer),
    Buffer.from(textAt.buffer),
    Buffer.from(idAt.buffer),
    ...[numbered, words.at, words.rows, tags.at, tags.rows].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)),
  ]);
  return replaceCacheFile(file, bytes);
}
