// What opening the store takes and reports: options, progress, the open's figures, what a refresh changed.
import type { MemoryKind } from '../model.js';
import type { CardMeta } from './cardMeta.js';

export interface LoadProgress {
  /** list the folders, stat the files a cache holds, read the files it cannot serve. */
  phase: 'list' | 'stat' | 'read' | 'done';
  /** Files handled so far, of `total` (0 while listing). */
  done: number;
  total: number;
}

export interface OpenStoreOptions {
  /** Kind directories to load (default: all six). Entries of other kinds stay in the cache untouched. */
  kinds?: readonly MemoryKind[];
  /** For cacheDir(home, env) ($DISTILL_CACHE_DIR, $XDG_CACHE_HOME); a non-empty $DISTILL_NO_CACHE: no cache at all. */
  env?: NodeJS.ProcessEnv;
  onProgress?: (progress: LoadProgress) => void;
  /** false: neither read nor write the metadata cache. */
  cache?: boolean;
}

export interface LoadStats {
  files: number;
  /** Files read and parsed in this open (not served from the cache). */
  parsed: number;
  fromCache: number;
  /** Cache rows decoded so far (on the first use of `cards`, not by the open). */
  decoded: number;
  cacheWritten: boolean;
  ms: number;
}

export interface RefreshResult {
  added: CardMeta[];
  updated: CardMeta[];
  removed: CardMeta[];
}
