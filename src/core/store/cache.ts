// The parsed-metadata cache of a home's cards, in cacheDir(home) (never inside the home). An entry is reused only when
// the file's size and mtime are unchanged. The file is replaced atomically (temp file + rename); an unreadable,
// corrupt or other-version cache is ignored and rebuilt, never trusted.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MemoryKind, Scope } from '../model.js';
import type { CardMeta } from './cardMeta.js';

export const CACHE_VERSION = 1;
const FILE = `cards-v${CACHE_VERSION}.json`;

/** One file's cached read: its metadata (null when the file is not a usable card) and the warnings it gave. */
export interface CacheEntry {
  size: number;
  mtimeMs: number;
  meta: CardMeta | null;
  warnings: string[];
}

// Compact rows: [rel, size, mtimeMs, usable, warnings, id, title, tags, keywords, claim, updatedAt, questId,
// lineageRuns, lineageQuests, ignored, excerpt]. Arrays parse ~2x faster than objects with repeated keys.
type Row = [string, number, number, 0 | 1, string[], ...unknown[]];
const ROW_LENGTH = 16;

export function cacheFile(dir: string): string {
  return path.join(dir, FILE);
}

function toRow(rel: string, entry: CacheEntry): Row {
  const m = entry.meta;
  if (!m) return [rel, entry.size, entry.mtimeMs, 0, entry.warnings, null, '', [], [], null, null, null, [], [], false, ''];
  return [
    rel, entry.size, entry.mtimeMs, 1, entry.warnings, m.id, m.title, m.tags, m.keywords, m.claim, m.updatedAt,
    m.questId, m.lineageRuns, m.lineageQuests, m.ignored, m.excerpt,
  ];
}

const isStrArray = (v: unknown): v is string[] => Array.isArray(v);
const isStrOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function fromRow(row: unknown[], root: string, scope: Scope): [string, CacheEntry] | null {
  if (row.length !== ROW_LENGTH) return null;
  const [rel, size, mtimeMs, usable, warnings, id, title, tags, keywords, claim, updatedAt, questId, runs, quests, ignored, excerpt] = row;
  if (typeof rel !== 'string' || typeof size !== 'number' || typeof mtimeMs !== 'number' || !isStrArray(warnings)) return null;
  const slash = rel.indexOf('/');
  if (slash < 0) return null;
  if (!usable) return [rel, { size, mtimeMs, meta: null, warnings }];
  if (
    !isStrOrNull(id) || typeof title !== 'string' || !isStrArray(tags) || !isStrArray(keywords) || !isStrOrNull(claim) ||
    !isStrOrNull(updatedAt) || !isStrOrNull(questId) || !isStrArray(runs) || !isStrArray(quests) ||
    typeof ignored !== 'boolean' || typeof excerpt !== 'string'
  ) {
    return null;
  }
  const meta: CardMeta = {
    id, title, path: `${root}/${rel}`, kindDir: rel.slice(0, slash) as MemoryKind, tags, keywords, claim, updatedAt,
    scope, questId, lineageRuns: runs, lineageQuests: quests, ignored, excerpt, size, mtimeMs,
  };
  return [rel, { size, mtimeMs, meta, warnings }];
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
  const { version, root: cachedRoot, rows } = data as { version?: unknown; root?: unknown; rows?: unknown };
  if (version !== CACHE_VERSION || cachedRoot !== root || !Array.isArray(rows)) return out;
  for (const row of rows) {
    const entry = Array.isArray(row) ? fromRow(row, root, scope) : null;
    if (!entry) return new Map(); // one bad row means the file is not ours or is damaged: trust none of it
    out.set(entry[0], entry[1]);
  }
  return out;
}

/** Replaces the cache atomically. Returns false (and leaves any old cache) when it cannot be written. */
export function writeCache(dir: string, root: string, entries: Map<string, CacheEntry>): boolean {
  const rows: Row[] = [];
  for (const [rel, entry] of entries) rows.push(toRow(rel, entry));
  const text = JSON.stringify({ version: CACHE_VERSION, root, rows });
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
