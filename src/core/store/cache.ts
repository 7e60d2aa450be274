// The parsed-metadata cache of a home's cards, in cacheDir(home) (never inside the home). An entry is reused only when
// the file's size and mtime are unchanged. The file is replaced atomically (temp file + rename); an unreadable,
// corrupt or other-version cache is ignored and rebuilt, never trusted.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isMemoryKind, type MemoryKind, type Scope } from '../model.js';
import type { CardMeta } from './cardMeta.js';

export const CACHE_VERSION = 2;
const FILE = `cards-v${CACHE_VERSION}.json`;

/** One file's cached read: its metadata (null when the file is not a usable card) and the warnings it gave. */
export interface CacheEntry {
  size: number;
  mtimeMs: number;
  meta: CardMeta | null;
  warnings: string[];
}

// Compact rows, grouped by kind directory: [name, size, mtimeMs, usable, warnings, id, title, tags, keywords, claim,
// updatedAt, questId, lineageRuns, lineageQuests, ignored, excerpt]. Tags, keywords and lineage quests are indexes
// into one string table: they repeat across cards, and a 10k-card cache is read in the time of ~1/3 of the stat floor.
type Row = unknown[];
const ROW_LENGTH = 16;

export function cacheFile(dir: string): string {
  return path.join(dir, FILE);
}

class Interner {
  readonly table: string[] = [];
  private index = new Map<string, number>();
  ids(list: readonly string[]): number[] {
    return list.map((s) => {
      let i = this.index.get(s);
      if (i === undefined) {
        i = this.table.length;
        this.table.push(s);
        this.index.set(s, i);
      }
      return i;
    });
  }
}

function toRow(name: string, entry: CacheEntry, strings: Interner): Row {
  const m = entry.meta;
  if (!m) return [name, entry.size, entry.mtimeMs, 0, entry.warnings, null, '', [], [], null, null, null, [], [], false, ''];
  return [
    name, entry.size, entry.mtimeMs, 1, entry.warnings, m.id, m.title, strings.ids(m.tags), strings.ids(m.keywords), m.claim,
    m.updatedAt, m.questId, m.lineageRuns, strings.ids(m.lineageQuests), m.ignored, m.excerpt,
  ];
}

/** Strings of the table at these indexes; null if any index is not a string of the table. */
function lookup(ids: unknown[], table: string[]): string[] | null {
  const out = new Array<string>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const value = table[ids[i] as number];
    if (typeof value !== 'string') return null;
    out[i] = value;
  }
  return out;
}

const isStrOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function fromRow(row: Row, dir: string, kind: MemoryKind, scope: Scope, table: string[]): [string, CacheEntry] | null {
  if (row.length !== ROW_LENGTH) return null;
  const [name, size, mtimeMs, usable, warnings, id, title, tags, keywords, claim, updatedAt, questId, runs, quests, ignored, excerpt] = row;
  if (typeof name !== 'string' || typeof size !== 'number' || typeof mtimeMs !== 'number' || !Array.isArray(warnings)) return null;
  if (!usable) return [name, { size, mtimeMs, meta: null, warnings }];
  if (
    !isStrOrNull(id) || typeof title !== 'string' || !Array.isArray(tags) || !Array.isArray(keywords) || !isStrOrNull(claim) ||
    !isStrOrNull(updatedAt) || !isStrOrNull(questId) || !Array.isArray(runs) || !Array.isArray(quests) ||
    typeof ignored !== 'boolean' || typeof excerpt !== 'string'
  ) {
    return null;
  }
  const t = lookup(tags as unknown[], table);
  const k = lookup(keywords as unknown[], table);
  const q = lookup(quests as unknown[], table);
  if (!t || !k || !q) return null;
  const meta: CardMeta = {
    id, title, path: `${dir}/${name}`, kindDir: kind, tags: t, keywords: k, claim, updatedAt,
    scope, questId, lineageRuns: runs as string[], lineageQuests: q, ignored, excerpt, size, mtimeMs,
  };
  return [`${kind}/${name}`, { size, mtimeMs, meta, warnings }];
}

/** Entries keyed by `<kind>/<file>.md` relative to the scope root; empty when there is no usable cache. */
export function readCache(dir: string, root: string, scope: Scope): Map<string, CacheEntry> {
  const out = new Map<string, CacheEntry>();
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(cacheFile(dir), 'utf8'));
  } catch {
    return out;
  }
  if (!data || typeof data !== 'object') return out;
  const { version, root: cachedRoot, strings, kinds } = data as Record<string, unknown>;
  if (version !== CACHE_VERSION || cachedRoot !== root || !Array.isArray(strings) || !kinds || typeof kinds !== 'object') return out;
  for (const [kind, rows] of Object.entries(kinds as Record<string, unknown>)) {
    if (!isMemoryKind(kind) || !Array.isArray(rows)) return new Map();
    const kindDir = `${root}/${kind}`;
    for (const row of rows) {
      const entry = Array.isArray(row) ? fromRow(row, kindDir, kind, scope, strings as string[]) : null;
      if (!entry) return new Map(); // one bad row means the file is not ours or is damaged: trust none of it
      out.set(entry[0], entry[1]);
    }
  }
  return out;
}

/** Replaces the cache atomically. Returns false (and leaves any old cache) when it cannot be written. */
export function writeCache(dir: string, root: string, entries: Map<string, CacheEntry>): boolean {
  const strings = new Interner();
  const kinds: Record<string, Row[]> = {};
  for (const [rel, entry] of entries) {
    const slash = rel.indexOf('/');
    (kinds[rel.slice(0, slash)] ??= []).push(toRow(rel.slice(slash + 1), entry, strings));
  }
  const text = JSON.stringify({ version: CACHE_VERSION, root, strings: strings.table, kinds });
  const file = cacheFile(dir);
  const tmp = `${file}.${crypto.randomBytes(8).toString('hex')}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
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
