// The parsed-metadata cache of a home's cards, in cacheDir(home) (never inside the home). An entry is reused only when
// the file's size and mtime are unchanged. The file is replaced atomically (temp file + rename); an unreadable,
// damaged or other-version cache is ignored and rebuilt, never trusted.
//
// Layout (version 6), so that a warm open costs little more than stat-ing the files:
//   line 1   `distill card cache 5\n`
//   line 2   header JSON: {root, vocab, kinds: [[kind, count], ...], namesBytes, rowsBytes, unusable: [i...], warnings: {i: [..]}}
//            (`vocab`: the hash of the abbreviation table the body fingerprints were computed with, neighbors/expand.ts;
//            a cache of another table is not used)
//   names    UTF-8, one file name per entry (path order within a kind, kinds in header order), joined by '\n'
//   stats    per entry: size and mtimeMs, float64 little-endian
//   rows     one JSON array, per entry an array of its metadata (`null` for files that are not usable cards)
// The open reads only names and stats; rows are decoded when the cards are first asked for (all at once, with one
// JSON.parse) and written with one JSON.stringify (row by row, with each row's offset, it cost ~16 ms more of a
// ~215 ms cold open at 10k cards). A row that does not decode to well-formed metadata is never used: that file is read from disk instead, and
// so is every file when the rows do not parse at all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMemoryKind, MEMORY_KINDS, type MemoryKind, type Scope } from '../model.js';
import { readRegularFile } from '../files/read-file.js';
import { tmpPathFor } from '../journal/atomic.js';
import type { CardMeta } from './cardMeta.js';
import { isBodyPrint } from '../neighbors/fingerprint.js';

export const CACHE_VERSION = 6;
const FILE = `cards-v${CACHE_VERSION}.bin`;
const MAGIC = `distill card cache ${CACHE_VERSION}\n`;

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
  kinds(): MemoryKind[];
  kind(kind: MemoryKind): KindEntries | undefined;
}

export const NO_ENTRIES: PreviousEntries = { size: 0, kinds: () => [], kind: () => undefined };
const NO_WARNINGS: readonly string[] = Object.freeze([]);

export function cacheFile(dir: string): string {
  return path.join(dir, FILE);
}

// [id, title, tags, keywords, claim, updatedAt, questId, lineageRuns, lineageQuests, ignored, auto, promotedFrom, excerpt,
//  bodyKey, bodySig] (the body's fingerprint, neighbors/fingerprint.ts; both null for an empty body)
type Row = unknown[];
const ROW_LENGTH = 15;

function toRow(m: CardMeta): Row {
  return [
    m.id, m.title, m.tags, m.keywords, m.claim, m.updatedAt, m.questId, m.lineageRuns, m.lineageQuests, m.ignored, m.auto, m.promotedFrom,
    m.excerpt, m.body?.key ?? null, m.body?.sig ?? null,
  ];
}

const isStrOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function fromRow(row: unknown, file: string, kindDir: MemoryKind, scope: Scope, size: number, mtimeMs: number): CardMeta | null {
  if (!Array.isArray(row) || row.length !== ROW_LENGTH) return null;
  const [id, title, tags, keywords, claim, updatedAt, questId, lineageRuns, lineageQuests, ignored, auto, promotedFrom, excerpt, bodyKey, bodySig] = row;
  const body = bodyKey === null && bodySig === null ? null : { key: bodyKey, sig: bodySig };
  if (
    !isStrOrNull(id) || typeof title !== 'string' || !isStrings(tags) || !isStrings(keywords) || !isStrOrNull(claim) ||
    !isStrOrNull(updatedAt) || !isStrOrNull(questId) || !isStrings(lineageRuns) || !isStrings(lineageQuests) ||
    typeof ignored !== 'boolean' || typeof auto !== 'boolean' || !isStrOrNull(promotedFrom) || typeof excerpt !== 'string' || (body !== null && !isBodyPrint(body))
  ) {
    return null;
  }
  return {
    id, title, path: file, kindDir, tags, keywords, claim, updatedAt, scope, questId, lineageRuns, lineageQuests, ignored, auto, promotedFrom,
    excerpt, body, size, mtimeMs,
  };
}

/** A cache file held in memory after an open: the rows are decoded from it on first use. */
export class CacheFile {
  private rows: unknown[] | null = null;
  constructor(
    private readonly bytes: Buffer,
    private readonly rowsStart: number,
    readonly count: number,
  ) {}

  /** The entry's metadata, or null when its row is damaged (the caller then reads the file). */
  meta(index: number, file: string, kindDir: MemoryKind, scope: Scope, size: number, mtimeMs: number): CardMeta | null {
    if (!this.rows) {
      try {
        const rows = JSON.parse(this.bytes.toString('utf8', this.rowsStart)) as unknown;
        this.rows = Array.isArray(rows) && rows.length === this.count ? rows : [];
      } catch {
        this.rows = []; // unreadable rows: every card is read from its file
      }
    }
    return fromRow(this.rows[index], file, kindDir, scope, size, mtimeMs);
  }
}

interface Header {
  root: string;
  vocab: string;
  kinds: [MemoryKind, number][];
  namesBytes: number;
  rowsBytes: number;
  unusable: number[];
  warnings: Record<string, readonly string[]>;
}

function isHeader(h: unknown): h is Header {
  if (!h || typeof h !== 'object') return false;
  const { root, vocab, kinds, namesBytes, rowsBytes, unusable, warnings } = h as Record<string, unknown>;
  return (
    typeof root === 'string' && typeof vocab === 'string' && Array.isArray(kinds) &&
    kinds.every((k) => Array.isArray(k) && k.length === 2 && isMemoryKind(k[0]) && Number.isInteger(k[1]) && k[1] >= 0) &&
    Number.isInteger(namesBytes) && Number.isInteger(rowsBytes) && Array.isArray(unusable) && unusable.every(Number.isInteger) &&
    !!warnings && typeof warnings === 'object' && Object.values(warnings).every(isStrings)
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
    bytes = readRegularFile(cacheFile(dir)).bytes; // a FIFO there is no cache, not a hang
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
  if (!isHeader(parsed) || parsed.root !== root || parsed.vocab !== vocab) return NO_ENTRIES;
  const header = parsed;
  const count = header.kinds.reduce((n, [, c]) => n + c, 0);
  const namesStart = headerEnd + 1;
  const statsStart = namesStart + header.namesBytes;
  const rowsStart = statsStart + 16 * count;
  if (rowsStart + header.rowsBytes !== bytes.length || count === 0) return NO_ENTRIES;
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
  const names = bytes.toString('utf8', namesStart, statsStart).split('\n');
  if (names.length !== count) return NO_ENTRIES;
  for (let i = 1; i < count; i++) if (names[i - 1] >= names[i] && !kindStarts.has(i)) return NO_ENTRIES;
  const file = new CacheFile(bytes, rowsStart, count);
  const unusable = new Set(header.unusable);
  return {
    size: count,
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
export function writeCache(dir: string, root: string, byKind: Entries, vocab: string): boolean {
  const kinds: [MemoryKind, number][] = [];
  const names: string[] = [];
  const rows: (Row | null)[] = [];
  const unusable: number[] = [];
  const warnings: Record<string, readonly string[]> = {};
  let total = 0;
  for (const { entries } of byKind.values()) total += entries.length;
  const stats = new Float64Array(2 * total);
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
      rows.push(entry.meta ? toRow(entry.meta) : null);
      if (entry.meta === null) unusable.push(i);
      if (entry.warnings.length) warnings[i] = entry.warnings;
      stats[2 * i] = entry.size;
      stats[2 * i + 1] = entry.mtimeMs;
      i++;
      n++;
    }
    if (n > 0) kinds.push([kind, n]);
  }
  const namesBuf = Buffer.from(names.join('\n'));
  const rowsBuf = Buffer.from(JSON.stringify(rows));
  const header: Header = { root, vocab, kinds, namesBytes: namesBuf.length, rowsBytes: rowsBuf.length, unusable, warnings };
  const bytes = Buffer.concat([
    Buffer.from(MAGIC + JSON.stringify(header) + '\n'),
    namesBuf,
    le(Buffer.from(stats.buffer, 0, 16 * i)),
    rowsBuf,
  ]);
  const target = cacheFile(dir);
  // Same temp-file naming as every other write, but no fsync: a torn cache fails its layout check and is rebuilt.
  const tmp = tmpPathFor(target);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, target);
    return true;
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      /* nothing to clean */
    }
    return false;
  }
}

/** The bytes of a Float64Array, little-endian whatever the machine's order. */
function le(bytes: Buffer): Buffer {
  return os.endianness() === 'LE' ? bytes : bytes.swap64();
}
