// Issue 16: the review's first frame comes from the metadata cache before the store is checked, and `status` from the
// cache alone while the card folders are as the cache saw them.
import fs from 'node:fs';
import path from 'node:path';
import { MEMORY_KINDS } from '../model.js';
import { Store } from './load.js';
import type { OpenStoreOptions } from './types.js';

/**
 * The store as the metadata cache last saw it, no file checked yet (null without a usable cache): a screen draws
 * from it at once and calls refresh() right after, which stats every file and re-reads the changed ones.
 */
export function openStoreFromCache(home: string, options: OpenStoreOptions = {}): Store | null {
  const store = new Store(home, options);
  const previous = store.previousEntries();
  // A cache written for some kinds only (`recall --kind`) would draw a first frame without the others' cards.
  const cached = new Set(previous.kinds());
  if (store.kinds.some((kind) => !cached.has(kind) && fs.existsSync(path.join(store.root, kind)))) return null;
  return store.adoptUnchecked(previous) ? store : null;
}

/**
 * The store from the metadata cache without reading or stat-ing any card file, when no card file came, went or was
 * renamed since the cache was written: every kind folder still has the mtime it had when it was listed (null
 * otherwise: open the store). For `distill status`, which needs only ids, flags and links. A card edited in place
 * (same name) is not seen here until a command that checks the files runs.
 */
export function openStoreIfUnmoved(home: string, options: OpenStoreOptions = {}): Store | null {
  const store = new Store(home, options);
  const previous = store.previousEntries();
  for (const kind of MEMORY_KINDS) {
    const st = fs.statSync(path.join(store.root, kind), { throwIfNoEntry: false });
    const now = st?.isDirectory() ? st.mtimeMs : -1;
    if (previous.dirs[kind] !== now) return null; // -2 (listed right after a change) never matches
  }
  return store.adoptUnchecked(previous) ? store : null;
}
