// A resident index of a home's global cards (issue 36): the store and its neighbor index loaded once, kept current by
// a CardWatcher, and brought up to date before each request: sync() waits for a cookie (watch.ts) and then re-reads
// only the card files that changed (Store.refresh(paths), the refresh the store uses after a write) and applies the
// change to the neighbor index. When the cookie does not come in time, or watching is impossible, every file is
// stat-ed as a command's open does (Store.refresh()). Quests and drafts are not held: every request reads them anew.
import path from 'node:path';
import { buildNeighborIndex, type NeighborIndex } from '../neighbors/engine.js';
import { openNeighborIndex } from '../neighbors/feature-cache.js';
import { openStoreSync, type RefreshResult, type Store } from '../store/load.js';
import { CardWatcher } from './watch.js';

export interface ResidentOptions {
  env?: NodeJS.ProcessEnv;
  /** The one line saying why the index rescans per request (stderr). */
  notice?: (line: string) => void;
  /** How long a request waits for its cookie before checking the files (default 1000 ms). */
  cookieMs?: number;
}

export interface SyncReport {
  /** How the index was brought up to date: nothing changed, the changed files re-read, or every file stat-ed. */
  how: 'none' | 'changed' | 'scan';
  changed: number;
  ms: number;
}

export class ResidentIndex {
  readonly store: Store;
  readonly watcher: CardWatcher;
  private index: NeighborIndex | null = null;
  private readonly cookieMs: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly home: string, options: ResidentOptions = {}) {
    const env = options.env ?? process.env;
    this.cookieMs = options.cookieMs ?? 1000;
    // Watching starts before the store is read: a card written while it loads is queued, not missed.
    this.watcher = new CardWatcher(path.join(home, 'memory'), options.notice ?? (() => {}));
    if (env.DISTILL_NO_WATCH) this.watcher.degrade('watching is off ($DISTILL_NO_WATCH)');
    else this.watcher.start();
    this.store = openStoreSync(home, { env });
  }

  /** The neighbor index of every card, built on first use (from the features file beside the metadata cache). */
  neighborIndex(): NeighborIndex {
    if (!this.index) {
      this.index = this.store.count === 0 ? buildNeighborIndex([]) : openNeighborIndex(this.store).index;
      this.index.keepKeys(); // exact title / claim / body / run keys by map, not a pass over every card per query
    }
    return this.index;
  }

  /** Brings the store and the index up to date with every change made to the card files before the call. */
  async sync(): Promise<SyncReport> {
    const started = performance.now();
    const seen = await this.watcher.sync(this.cookieMs);
    const { paths, rescan } = this.watcher.drain();
    let change: RefreshResult | null = null;
    let how: SyncReport['how'] = 'none';
    if (!seen || rescan) {
      change = this.store.refresh();
      how = 'scan';
    } else if (paths.length) {
      change = this.store.refresh(paths);
      how = 'changed';
    }
    const changed = change ? change.added.length + change.updated.length + change.removed.length : 0;
    if (change && changed) this.index?.apply(change);
    return { how, changed, ms: performance.now() - started };
  }

  /** Runs `task` after every task given before it has ended: requests from an MCP client and from the socket are
   *  answered one at a time, so none sees the store change under it. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.watcher.close();
  }
}
