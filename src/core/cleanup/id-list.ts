// Lists of card indexes for the candidate pass (kind-index.ts, batch-pairs.ts): reused from card to card, so that
// scoring a store allocates nothing per card for them.

/**
 * A list of card indexes that keeps its storage when emptied (an array whose length is set to 0 gives its storage back,
 * and growing it again per card was most of what the candidate step allocated).
 */
export class IdList {
  ids: Int32Array;
  size = 0;
  constructor(capacity = 64) {
    this.ids = new Int32Array(capacity);
  }
  push(id: number): void {
    if (this.size === this.ids.length) {
      const grown = new Int32Array(2 * this.ids.length);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.size++] = id;
  }
  at(k: number): number {
    return this.ids[k];
  }
  clear(): void {
    this.size = 0;
  }
}

/**
 * Keeps the `max` items of highest rank (ties: lower index first), in that order: what sorting them all and cutting
 * would keep, by insertion into `top` (reused), without a comparator call per item pair (a card has dozens of
 * candidates) or any allocation.
 */
export function strongest(items: IdList, rank: Float64Array, max: number, top: IdList): void {
  top.clear();
  const before = (x: number, y: number) => rank[x] > rank[y] || (rank[x] === rank[y] && x < y);
  for (let k = 0; k < items.size; k++) {
    const item = items.ids[k];
    if (top.size === max && !before(item, top.ids[max - 1])) continue;
    if (top.size < max) top.push(item);
    let at = top.size - 1;
    while (at > 0 && before(item, top.ids[at - 1])) {
      top.ids[at] = top.ids[at - 1];
      at--;
    }
    top.ids[at] = item;
  }
  items.clear();
  for (let k = 0; k < top.size; k++) items.push(top.ids[k]);
}

/** The k-th highest rank among the items (0 when there are k or fewer), kept in `top` (reused, k long). */
export function kthRank(items: IdList, rank: Float64Array, top: Float64Array): number {
  const k = top.length;
  if (items.size <= k) return 0;
  top.fill(0);
  for (let j = 0; j < items.size; j++) {
    const w = rank[items.ids[j]];
    for (let m = 0; m < k; m++) {
      if (w > top[m]) {
        top.copyWithin(m + 1, m, k - 1);
        top[m] = w;
        break;
      }
    }
  }
  return top[k - 1];
}
