// Listing a store's kind folders and stat-ing every card file: the part of a warm open that scales with the store
// (~40 ms at 10k cards). The bundled CLI starts it in a worker thread before it loads its modules
// (stat-worker.ts, cli/prefetch.ts), and hands the result to the store's first open (offerListing); this module
// imports nothing but node:fs and node:path, so that worker starts in a few ms.
import fs from 'node:fs';
import path from 'node:path';
import { MEMORY_KINDS, type MemoryKind } from '../model.js';

export interface Listed {
  kind: MemoryKind;
  dir: string;
  names: string[];
}

export interface Listing {
  listed: Listed[];
  total: number;
  /** Each kind folder's mtime, taken before it was listed (see listKinds). */
  dirs: Record<string, number>;
}

/** A listing of `<home>/memory` with every listed file's size and mtime: stats[2i], stats[2i+1] (-1: gone, or not a
 *  regular file), i counting the names kind by kind. */
export interface StatListing extends Listing {
  root: string;
  stats: Float64Array;
}

/** A folder changed this recently is not trusted by its mtime: a file added in the same tick would not move it. */
const SETTLED_MS = 2000;

/**
 * The `.md` names of each kind folder, sorted, and each folder's mtime taken before it was listed (-1: no folder;
 * -2: changed too recently to vouch for anything), so that a later open can tell that no card file came, went or was
 * renamed since (from-cache.ts).
 */
export function listKinds(root: string, kinds: readonly MemoryKind[]): Listing {
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

/** Size and mtime of the file at `at` (a listing's numbering) into `stats`. */
export function statInto(stats: Float64Array, at: number, file: string): void {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  const ok = st !== undefined && st.isFile();
  stats[2 * at] = ok ? st.size : -1;
  stats[2 * at + 1] = ok ? st.mtimeMs : -1;
}

/** Every kind folder of `root` listed and every card file stat-ed, as the store's open would (all kinds). */
export function listAndStat(root: string): StatListing {
  const listing = listKinds(root, MEMORY_KINDS);
  const stats = new Float64Array(2 * listing.total);
  let i = 0;
  for (const { dir, names } of listing.listed) for (const name of names) statInto(stats, i++, `${dir}/${name}`);
  return { ...listing, root, stats };
}

/** A listing as a worker thread posts it: names joined by NUL (one string per kind, cheap to copy), stats moved. */
export interface PackedListing {
  root: string;
  kinds: string[];
  names: string[];
  dirs: Record<string, number>;
  stats: Float64Array;
}

export function packListing(l: StatListing): PackedListing {
  return { root: l.root, kinds: l.listed.map((k) => k.kind), names: l.listed.map((k) => k.names.join('\0')), dirs: l.dirs, stats: l.stats };
}

/** The listing back from what a worker posted; null when it does not add up (it is then made again). */
export function unpackListing(packed: unknown): StatListing | null {
  if (!packed || typeof packed !== 'object') return null;
  const { root, kinds, names, dirs, stats } = packed as Partial<PackedListing>;
  if (typeof root !== 'string' || !Array.isArray(kinds) || !Array.isArray(names) || kinds.length !== names.length) return null;
  if (!(stats instanceof Float64Array) || !dirs || typeof dirs !== 'object') return null;
  const listed: Listed[] = [];
  let total = 0;
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[k] as MemoryKind;
    if (!MEMORY_KINDS.includes(kind) || typeof names[k] !== 'string') return null;
    const list = names[k] === '' ? [] : names[k].split('\0');
    listed.push({ kind, dir: path.join(root, kind), names: list });
    total += list.length;
  }
  return stats.length === 2 * total ? { root, listed, total, dirs, stats } : null;
}

// A listing made before this process wrote anything, offered to the store's first open of that root.
let offered: (() => unknown) | null = null;

/**
 * Offers the store's next open a listing being made now (the CLI's worker thread): `take` blocks until it is ready and
 * returns what the worker posted (null when there is none to be had). Taken once; dropped by any write of this
 * process (dropListing).
 */
export function offerListing(take: (() => unknown) | null): void {
  offered = take;
}

/** Forgets the offered listing: this process is about to write, and a listing made before would not show it. */
export function dropListing(): void {
  offered = null;
}

/** The offered listing when it is of this root and all kinds are asked for; null otherwise (list and stat now). */
export function takeListing(root: string, kinds: readonly MemoryKind[]): StatListing | null {
  const take = offered;
  offered = null;
  if (!take || kinds.length !== MEMORY_KINDS.length) return null;
  const listing = unpackListing(take());
  return listing && listing.root === root ? listing : null;
}
