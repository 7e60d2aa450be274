// Issue 16: the review's first frame comes from the metadata cache before the store is checked.
import { Store } from './load.js';
import type { OpenStoreOptions } from './types.js';

/**
 * The store as the metadata cache last saw it, no file checked yet (null without a usable cache): a screen draws
 * from it at once and calls refresh() right after, which stats every file and re-reads the changed ones.
 */
export function openStoreFromCache(home: string, options: OpenStoreOptions = {}): Store | null {
  const store = new Store(home, options);
  return store.adoptUnchecked(store.previousEntries()) ? store : null;
}
