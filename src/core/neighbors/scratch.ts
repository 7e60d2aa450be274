// The neighbor query's working arrays (engine.ts), one entry per slot, kept by the index across queries so a query
// allocates nothing in proportion to the store: at 100k cards a query reaches tens of thousands of cards through its
// words and tags, and arrays made per query cost their filling and the garbage collector's work after.

export interface Scratch {
  /** Per slot: the probe's word mass the card holds (0 for a card not touched yet). */
  acc: Float64Array;
  /** Per slot: how many of the probe's tags the card carries. */
  tagHits: Uint16Array;
  /** Per slot: the exact title / claim, same body and same run part of the preliminary score (0 for most). */
  bonus: Float64Array;
  /** The slots touched, in the order first touched; then per touched card: its preliminary score, mass and hits. */
  touched: Int32Array;
  pre: Float64Array;
  matchedOf: Float64Array;
  hitsOf: Uint16Array;
  /** A copy of `pre` the threshold's selection reorders. */
  select: Float64Array;
}

export function makeScratch(n: number): Scratch {
  return {
    acc: new Float64Array(n),
    tagHits: new Uint16Array(n),
    bonus: new Float64Array(n),
    touched: new Int32Array(n),
    pre: new Float64Array(n),
    matchedOf: new Float64Array(n),
    hitsOf: new Uint16Array(n),
    select: new Float64Array(n),
  };
}

/**
 * The k-th smallest (0-based) of values[0..m), as `values.slice(0, m).sort()[k]` gives it, in O(m) (quickselect on a
 * copy in `work`; values are finite numbers).
 */
export function kthSmallest(work: Float64Array, values: Float64Array, m: number, k: number): number {
  work.set(values.subarray(0, m));
  let lo = 0;
  let hi = m - 1;
  while (lo < hi) {
    // Median of three as the pivot; Hoare partition.
    const mid = (lo + hi) >>> 1;
    const a = work[lo];
    const b = work[mid];
    const c = work[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (work[i] < pivot) i++;
      while (work[j] > pivot) j--;
      if (i <= j) {
        const t = work[i];
        work[i] = work[j];
        work[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return work[k];
  }
  return work[k];
}
