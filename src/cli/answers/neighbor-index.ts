// The neighbor index of a store opened now (from the features file beside the metadata cache), loaded by source.ts
// only for what ranks neighbors.
import { openNeighborIndex, type NeighborIndex, type Store } from '../../core/index.js';

export function neighborIndexOf(store: Store): NeighborIndex {
  return openNeighborIndex(store).index;
}
