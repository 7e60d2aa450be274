// Issue 16: the review's first frame comes from the metadata cache before the store is checked.
import fs from 'node:fs';
import path from 'node:path';
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
