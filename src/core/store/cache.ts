// The parsed-metadata cache of a home's cards, in cacheDir(home) (never inside the home). An entry is reused only when
// the file's size and mtime are unchanged. The file is replaced atomically (temp file + rename); an unreadable,
// damaged or other-version cache is ignored and rebuilt, never trusted.
//
// Layout (version 10), so that a warm open costs little more than stat-ing the files, and a command decodes only the
// cards it looks at:
//   line 1   `distill card cache 9\n`
//   line 2   header JSON: {root, vocab, kinds: [[kind, n]...], namesBytes, lightBytes, rowsBytes, unusable, noPrint, warnings,
//            dirs (folder mtimes)}
//            (`vocab`: the hash of the abbreviation table the body fingerprints were computed with, neighbors/expand.ts,
//            and the fingerprint's version, neighbors/fingerprint.ts;
//            a cache of another table is not used)
//   names    UTF-8, one file name per entry (path order within a kind, kinds in header order), joined by '\n'; then
//            zero bytes up to a multiple of 8 from the file's start
//   stats    per entry: size and mtimeMs, float64 little-endian
//   offsets  per entry and one more: where its row starts in `rows` (uint32 little-endian); the last is rowsBytes
//   prints   per entry its body fingerprint, PRINT_BYTES (neighbors/fingerprint.ts writePrint; zeros for the entries
//            listed in `noPrint`, which have none)
//   light    per entry its id, tags, updated_at, ignored, state (cache-light.ts): tag index, id lookup, recall's order
//   rows     per entry the JSON array of its metadata but the fingerprint (`null` for files that are not usable cards)
// The open reads only names and stats; a row is decoded when first asked for; a damaged row: its file is read instead.
import os from 'node:os';
import path from 'node:path';
import { isMemoryKind, MEMORY_KINDS, type MemoryKind } from '../model.js';
import { readRegularFile } from '../files/read-file.js';
import { replaceCacheFile } from '../journal/atomic.js';
import type { CardMeta } from './cardMeta.js';
import { isStrings, LightWriter } from './cache-light.js';
import { RowWriter, toRow } from './cache-row.js';
import { CacheFile } from './cache-file.js';
import { FINGERPRINT_VERSION, PRINT_BYTES, writePrint } from '../neighbors/fingerprint.js';
import { drain } from '../steps.js';

export { CacheFile } from './cache-file.js';

/** What the rows' body fingerprints were made with: the abbreviation table's hash and the fingerprint's version. */
const madeWith = (vocab: string) => `${vocab}/fingerprint-${FINGERPRINT_VERSION}`;

export const CACHE_VERSION = 10;
const FILE = `cards-v${CACHE_VERSION}.bin`;
const MAGIC = `distill card cache ${CACHE_VERSION}\n`;
/** Cache files are distill's own: read up to 2 GiB (a 100k-card store's is ~70 MB, above the cap for a home's files). */
export const CACHE_MAX_BYTES = 2 ** 31 - 1;

/** One file's cached read. */
export interface CacheEntry {
  size: number;
  mtimeMs: number;
  /** The file's metadata; null when the file is not a usable card; undefined while its row is not decoded yet. */
  meta: CardMeta | null | undefined;
  warnings: readonly string[];
  /** The cache file holding the row still to decode, and the row's index in it. */
  source?: CacheFile;
  at?: number;
}

/** The entries of one kind directory: file names in sorted order, and their entries at the same positions. */
export interface KindEntries {
  names: string[];
  entries: CacheEntry[];
}

export type Entries = Map<MemoryKind, KindEntries>;

/** Entries of an earlier read: how many, and each kind's entries, made when asked for. */
export interface PreviousEntries {
  size: number;
  /** Each kind folder's mtime when it was listed for this cache (entries.ts listKinds). */
  dirs: Record<string, number>;
  kinds(): MemoryKind[];
  kind(kind: MemoryKind): KindEntries | undefined;
}

export const NO_ENTRIES: PreviousEntries = { size: 0, dirs: {}, kinds: () => [], kind: () => undefined };
export const NO_WARNINGS: readonly string[] = Object.freeze([]);

export function cacheFile(dir: string): string {
  return path.join(dir, FILE);
}

interface Header {
  root: string;
  vocab: string;
  kinds: [MemoryKind, number][];
  namesBytes: number;
  lightBytes: number;
  rowsBytes: number;
  unusable: number[];
  noPrint: number[];
  warnings: Record<string, readonly string[]>;
  dirs: Record<string, number>;
}

function isHeader(h: unknown): h is Header {
  if (!h || typeof h !== 'object') return false;
  const { root, vocab, kinds, namesBytes, lightBytes, rowsBytes, unusable, noPrint, warnings, dirs } = h as Record<string, unknown>;
  return (
    typeof root === 'string' && typeof vocab === 'string' && Array.isArray(kinds) &&
    kinds.every((k) => Array.isArray(k) && k.length === 2 && isMemoryKind(k[0]) && Number.isInteger(k[1]) && k[1] >= 0) &&
    Number.isInteger(namesBytes) && Number.isInteger(lightBytes) && Number.isInteger(rowsBytes) && Array.isArray(unusable) && unusable.every(Number.isInteger) &&
    Array.isArray(noPrint) && noPrint.every(Number.isInteger) &&
    !!warnings && typeof warnings === 'object' && Object.values(warnings).every(isStrings) &&
    !!dirs && typeof dirs === 'object' && Object.values(dirs).every((t) => typeof t === 'number')
  );
}


/**
 * The cache file's entries, with rows not yet decoded; none when there is no usable cache (missing, unreadable,
 * another version, another home, or a layout that does not add up). The file is read and its layout checked now; a
 * kind's entries are made only when the loader asks for them.
 */
export function readCache(dir: string, root: string, vocab: string): PreviousEntries {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(cacheFile(dir), { maxBytes: CACHE_MAX_BYTES }).bytes; // a FIFO there is no cache, not a hang
  } catch {
    return NO_ENTRIES;
  }
  if (bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return NO_ENTRIES;
  const headerEnd = bytes.indexOf(10, MAGIC.length);
  if (headerEnd < 0) return NO_ENTRIES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8', MAGIC.length, headerEnd));
  } catch {
    return NO_ENTRIES;
  }
  if (!isHeader(parsed) || parsed.root !== root || parsed.vocab !== madeWith(vocab)) return NO_ENTRIES;
  const header = parsed;
  const count = header.kinds.reduce((n, [, c]) => n + c, 0);
  const namesStart = headerEnd + 1;
  const statsStart = align8(namesStart + header.namesBytes);
  const offsetsStart = statsStart + 16 * count;
  const printsStart = offsetsStart + 4 * (count + 1);
  const lightStart = printsStart + PRINT_BYTES * count;
  const rowsStart = lightStart + header.lightBytes;
  if (rowsStart + header.rowsBytes !== bytes.length || count === 0 || header.namesBytes < 0 || header.lightBytes < 0) return NO_ENTRIES;
  if (bytes.readUInt32LE(printsStart - 4) !== header.rowsBytes) return NO_ENTRIES;
  const starts = new Map<MemoryKind, [number, number]>();
  const kindStarts = new Set<number>();
  let start = 0;
  for (const [kind, n] of header.kinds) {
    if (starts.has(kind)) return NO_ENTRIES;
    starts.set(kind, [start, n]);
    kindStarts.add(start);
    start += n;
  }
  // Names are sorted within a kind: the loader merges them with the sorted listing.
  const names = bytes.toString('utf8', namesStart, namesStart + header.namesBytes).split('\n');
  if (names.length !== count) return NO_ENTRIES;
  for (let i = 1; i < count; i++) if (names[i - 1] >= names[i] && !kindStarts.has(i)) return NO_ENTRIES;
  const file = new CacheFile(bytes, offsetsStart, printsStart, new Set(header.noPrint), lightStart, rowsStart, count);
  const unusable = new Set(header.unusable);
  return {
    size: count,
    dirs: header.dirs,
    kinds: () => [...starts.keys()],
    kind(kind) {
      const span = starts.get(kind);
      if (!span) return undefined;
      const [first, n] = span;
      const entries = new Array<CacheEntry>(n);
      for (let k = 0; k < n; k++) {
        const i = first + k;
        entries[k] = {
          size: bytes.readDoubleLE(statsStart + 16 * i),
          mtimeMs: bytes.readDoubleLE(statsStart + 16 * i + 8),
          meta: unusable.has(i) ? null : undefined,
          warnings: header.warnings[i] ?? NO_WARNINGS,
          source: file,
          at: i,
        };
      }
      return { names: names.slice(first, first + n), entries };
    },
  };
}

/**
 * Replaces the cache atomically. Entries must be in path order within a kind, and decoded (meta not undefined).
 * Returns false (and leaves any old cache) when it cannot be written.
 */
export function writeCache(dir: string, root: string, byKind: Entries, dirs: Record<string, number>, vocab: string): boolean {
  return drain(writeCacheSteps(dir, root, byKind, dirs, vocab));
}

/**
 * writeCache in steps: yields every 512 entries (a first open of 100k cards spends most of a second here, and a
 * screen reads keys between steps). The entries must not change until it is done.
 */
export function* writeCacheSteps(dir: string, root: string, byKind: Entries, dirs: Record<string, number>, vocab: string): Generator<void, boolean> {
  const kinds: [MemoryKind, number][] = [];
  const names: string[] = [];
  const rows = new RowWriter();
  const light = new LightWriter();
  const unusable: number[] = [];
  const noPrint: number[] = [];
  const warnings: Record<string, readonly string[]> = {};
  let total = 0;
  for (const { entries } of byKind.values()) total += entries.length;
  const stats = new Float64Array(2 * total);
  const offsets = Buffer.allocUnsafe(4 * (total + 1));
  const prints = Buffer.alloc(PRINT_BYTES * total);
  let i = 0;
  for (const kind of MEMORY_KINDS) {
    const held = byKind.get(kind);
    if (!held) continue;
    let n = 0;
    for (let k = 0; k < held.names.length; k++) {
      const name = held.names[k];
      if (name.includes('\n')) continue; // a file name with a newline cannot be listed in `names`: read every time
      const entry = held.entries[k];
      if (entry.meta === undefined) throw new Error(`writeCache: the row of ${name} is not decoded`);
      names.push(name);
      offsets.writeUInt32LE(rows.length, 4 * i);
      rows.add(entry.meta ? JSON.stringify(toRow(entry.meta)) : 'null');
      light.add(entry.meta);
      if (entry.meta === null) unusable.push(i);
      if (entry.meta?.body) writePrint(prints, PRINT_BYTES * i, entry.meta.body);
      else noPrint.push(i);
      if (entry.warnings.length) warnings[i] = entry.warnings;
      stats[2 * i] = entry.size;
      stats[2 * i + 1] = entry.mtimeMs;
      i++;
      n++;
      if ((i & 511) === 0) yield;
    }
    if (n > 0) kinds.push([kind, n]);
  }
  offsets.writeUInt32LE(rows.length, 4 * i);
  const namesBuf = Buffer.from(names.join('\n'));
  const rowsBuf = rows.bytes();
  const lightBuf = light.bytes();
  const header: Header = { root, vocab: madeWith(vocab), kinds, namesBytes: namesBuf.length, lightBytes: lightBuf.length, rowsBytes: rowsBuf.length, unusable, noPrint, warnings, dirs };
  const headerBuf = Buffer.from(MAGIC + JSON.stringify(header) + '\n');
  const pad = align8(headerBuf.length + namesBuf.length) - (headerBuf.length + namesBuf.length);
  return replaceCacheFile(cacheFile(dir), [
    headerBuf,
    namesBuf,
    Buffer.alloc(pad),
    le(Buffer.from(stats.buffer, 0, 16 * i)),
    offsets.subarray(0, 4 * (i + 1)),
    prints.subarray(0, PRINT_BYTES * i),
    lightBuf,
    rowsBuf,
  ]);
}

/** The stats start at a multiple of 8 (zero bytes after the names), so every fingerprint's bins are 4-byte aligned. */
const align8 = (n: number): number => (n + 7) & ~7;

/** The bytes of a Float64Array, little-endian whatever the machine's order. */
const le = (bytes: Buffer): Buffer => (os.endianness() === 'LE' ? bytes : bytes.swap64());
