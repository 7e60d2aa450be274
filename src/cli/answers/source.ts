// Where a command's global cards come from: a fresh process opens the store (every file stat-ed, changed ones read)
// and builds the neighbor index from the features file; a resident server (`distill mcp`, `distill serve`) hands over
// the store and index it keeps current (core/resident). The commands and the MCP tools answer through the same
// functions (answers/*.ts) whichever source they get.
import { openStoreSync, type MemoryKind, type NeighborIndex, type ResidentIndex, type Store } from '../../core/index.js';

export interface CardSource {
  /** The home's global store, checked against the files now. `kinds`: the kinds the caller needs (a fresh open reads
   *  only those; a resident store holds them all). */
  store(home: string, env: NodeJS.ProcessEnv, kinds?: readonly MemoryKind[]): Store;
  /** The neighbor index of every card of `store`. */
  neighborIndex(store: Store): Promise<NeighborIndex>;
  /** The store for `status` (links only): a fresh process reads it from the cache alone while no card came or went. */
  statusStore?(home: string, env: NodeJS.ProcessEnv): Store;
  /** A resident server's: orders kept across requests pay (recall's recency order). */
  resident?: boolean;
}

export const FRESH: CardSource = {
  store: (home, env, kinds) => openStoreSync(home, { env, kinds }),
  // The neighbor engine's code is loaded only by what ranks neighbors (recall by tags does not).
  neighborIndex: async (store) => (await import('./neighbor-index.js')).neighborIndexOf(store),
};

/** The command's card source: a resident server's index when it runs the command, else opened now. */
export function sourceOf(ctx: { cards?: CardSource }): CardSource {
  return ctx.cards ?? FRESH;
}

/** A resident index's store and neighbor index (sync() it before each request). */
export function residentSource(resident: ResidentIndex): CardSource {
  return {
    store: () => resident.store,
    neighborIndex: () => Promise.resolve(resident.neighborIndex()),
    statusStore: () => resident.store,
    resident: true,
  };
}
