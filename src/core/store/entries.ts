// The store's per-kind entries (names sorted, one cache entry each): finding a name, handing them back to a re-load,
// and decoding a row the cache still holds.
import fs from 'node:fs';
import path from 'node:path';
import { MEMORY_KINDS, type FileWarning, type MemoryKind, type Scope } from '../model.js';
import type { CacheEntry, Entries, KindEntries, PreviousEntries } from './cache.js';
import type { RefreshResult } from './types.js';
import { readEntry } from './read.js';

/**
 * Decodes a cache row into the entry's metadata. A damaged row falls back to the file itself, which is the truth (the
 * cache gets the fresh read on the next flush): returns true then, false when the row decoded.
 */
export function decodeEntry(file: string, kind: MemoryKind, scope: Scope, entry: CacheEntry): boolean {
  const meta = entry.source?.meta(entry.at!, file, kind, scope, entry.size, entry.mtimeMs) ?? null;
  let fromFile = false;
  if (meta) entry.meta = meta;
  else {
    const fresh = readEntry(file, kind, scope, null);
    entry.size = fresh?.size ?? -1;
    entry.mtimeMs = fresh?.mtimeMs ?? -1;
    entry.meta = fresh?.meta ?? null;
    entry.warnings = fresh?.warnings ?? [];
    fromFile = true;
  }
  entry.source = undefined;
  entry.at = undefined;
  return fromFile;
}

/** The first position of an ascending list whose value is not below `x` (the list's length when all are). */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, x: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Entries already in memory, as the loader takes earlier entries. */
export function entriesOf(byKind: Entries, dirs: Record<string, number>): PreviousEntries {
  let size = 0;
  for (const { entries } of byKind.values()) size += entries.length;
  return { size, dirs, kinds: () => [...byKind.keys()], kind: (kind) => byKind.get(kind) };
}

/** Reads one card file again into its kind's entries (added, replaced or dropped); false when its size and mtime say
 *  it did not change. */
export function rereadEntry(held: KindEntries, name: string, file: string, kind: MemoryKind, scope: Scope): boolean {
  const at = lowerBound(held.names, name);
  const old = held.names[at] === name ? held.entries[at] : undefined;
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (old && st && st.isFile() && st.size === old.size && st.mtimeMs === old.mtimeMs) return false;
  const entry = st ? readEntry(file, kind, scope, null) : null;
  if (entry && old) held.entries[at] = entry;
  else if (entry) {
    held.names.splice(at, 0, name);
    held.entries.splice(at, 0, entry);
  } else if (old) {
    held.names.splice(at, 1);
    held.entries.splice(at, 1);
  }
  return true;
}

/**
 * Reads one card file again (rereadEntry) and adds what changed to `result`, as entryChanges finds it for that path,
 * without a map of every entry: 'none' (size and mtime unchanged), 'replaced' (the entry of the same name replaced),
 * 'moved' (an entry added or dropped: positions after it moved).
 */
export function rereadChange(
  held: KindEntries,
  name: string,
  file: string,
  kind: MemoryKind,
  scope: Scope,
  decodeHeld: (entry: CacheEntry) => void,
  result: RefreshResult,
): 'none' | 'replaced' | 'moved' {
  const at = lowerBound(held.names, name);
  const old = held.names[at] === name ? held.entries[at] : undefined;
  const count = held.names.length;
  if (!rereadEntry(held, name, file, kind, scope)) return 'none';
  const entry = held.names[at] === name ? held.entries[at] : undefined;
  const metaOf = (e: CacheEntry | undefined, isHeld: boolean) => {
    if (e && e.meta === undefined) {
      if (isHeld) decodeHeld(e);
      else decodeEntry(file, kind, scope, e); // an entry dropped: its cached row (the card as it was)
    }
    return e?.meta ?? null;
  };
  const card = metaOf(entry, true);
  const previous = metaOf(old, false);
  if (card && !previous) result.added.push(card);
  else if (card && previous !== card) result.updated.push(card);
  else if (!card && previous) result.removed.push(previous);
  return held.names.length === count ? 'replaced' : 'moved';
}

/** Each entry of the loaded kinds by its file's path, in path order: what a refresh compares with (entryChanges). */
export function entriesByPath(root: string, byKind: Entries, kinds: readonly MemoryKind[]): Map<string, CacheEntry> {
  const out = new Map<string, CacheEntry>();
  for (const kind of MEMORY_KINDS) {
    const held = byKind.get(kind);
    if (!held || !kinds.includes(kind)) continue;
    for (let k = 0; k < held.names.length; k++) out.set(`${root}/${kind}/${held.names[k]}`, held.entries[k]);
  }
  return out;
}

/**
 * What changed since `before` (entriesByPath earlier), as comparing the card lists would find it (a card re-read is a
 * new object), but looking only at entries that are not the same objects as before (a file unchanged keeps its
 * entry): no row of an unchanged card is decoded. `decodeHeld` decodes an entry the store holds now.
 */
export function entryChanges(
  before: Map<string, CacheEntry>,
  after: Map<string, CacheEntry>,
  root: string,
  scope: Scope,
  decodeHeld: (kind: MemoryKind, name: string, entry: CacheEntry) => void,
): RefreshResult {
  const meta = (file: string, entry: CacheEntry, held: boolean) => {
    if (entry.meta === undefined) {
      const [kind, name] = file.slice(root.length + 1).split('/') as [MemoryKind, string];
      if (held) decodeHeld(kind, name, entry);
      else decodeEntry(file, kind, scope, entry); // an entry dropped: its cached row (the card as it was)
    }
    return entry.meta ?? null;
  };
  const result: RefreshResult = { added: [], updated: [], removed: [] };
  for (const [file, entry] of after) {
    const old = before.get(file);
    if (old === entry) continue;
    const card = meta(file, entry, true);
    if (!card) continue;
    const previous = old ? meta(file, old, false) : null;
    if (!previous) result.added.push(card);
    else if (previous !== card) result.updated.push(card);
  }
  for (const [file, old] of before) {
    const entry = after.get(file);
    if (entry === old) continue;
    const previous = meta(file, old, false);
    if (previous && !(entry && meta(file, entry, true))) result.removed.push(previous);
  }
  return result;
}

/** The warnings of the entries of these kinds, each naming its file. */
export function entryWarnings(root: string, byKind: Entries, kinds: readonly MemoryKind[]): FileWarning[] {
  const warnings: FileWarning[] = [];
  for (const kind of kinds) {
    const held = byKind.get(kind);
    held?.entries.forEach((entry, k) => {
      for (const message of entry.warnings) warnings.push({ file: `${root}/${kind}/${held.names[k]}`, message });
    });
  }
  return warnings;
}

export interface Listed {
  kind: MemoryKind;
  dir: string;
  names: string[];
}

/** A folder changed this recently is not trusted by its mtime: a file added in the same tick would not move it. */
const SETTLED_MS = 2000;

/**
 * The `.md` names of each kind folder, sorted, and each folder's mtime taken before it was listed (-1: no folder;
 * -2: changed too recently to vouch for anything), so that a later open can tell that no card file came, went or was
 * renamed since (from-cache.ts).
 */
export function listKinds(root: string, kinds: readonly MemoryKind[]): { listed: Listed[]; total: number; dirs: Record<string, number> } {
  const listed: Listed[] = [];
  const dirs: Record<string, number> = {};
  let total = 0;
  for (const kind of MEMORY_KINDS) {
    if (!kinds.includes(kind)) continue;
    const dir = path.join(root, kind);
    const st = fs.statSync(dir, { throwIfNoEntry: false });
    dirs[kind] = !st?.isDirectory() ? -1 : Date.now() - st.mtimeMs < SETTLED_MS ? -2 : st.mtimeMs;
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    names = names.filter((name) => name.endsWith('.md')).sort();
    listed.push({ kind, dir, names });
    total += names.length;
  }
  return { listed, total, dirs };
}

/**
 * The size and mtimeMs of every listed file, interleaved (-1 for both: gone, or not a regular file); yields how many
 * are done every `chunk` files.
 */
export function* statListed(listed: readonly { dir: string; names: readonly string[] }[], total: number, chunk: number): Generator<number, Float64Array> {
  const stats = new Float64Array(2 * total);
  let i = 0;
  for (const { dir, names } of listed) {
    for (const name of names) {
      if (i % chunk === 0 && i > 0) yield i;
      const st = fs.statSync(`${dir}/${name}`, { throwIfNoEntry: false });
      const ok = st !== undefined && st.isFile();
      stats[2 * i] = ok ? st.size : -1;
      stats[2 * i + 1] = ok ? st.mtimeMs : -1;
      i++;
    }
  }
  return stats;
}
