// Issue 20: candidate pairs come from an index with bounded work per card, never from all pairs or from the long
// posting lists of common words.
import { describe, expect, it } from 'vitest';
import { KindIndex, MAX_PAIR_BUCKET, PROBE_BUDGET } from '../src/core/cleanup/kind-index.js';

/** A kind of `n` cards as token id lists (sorted), no bodies, no runs. */
function index(tokens: number[][]) {
  return new KindIndex({ tokens: tokens.map((t) => Int32Array.from(t).sort()), bands: tokens.map(() => null), runs: tokens.map(() => []) });
}

function candidatesOf(ix: KindIndex, a: number, n: number): number[] {
  const out: number[] = [];
  ix.candidates(a, out, () => true, new Float64Array(100_000).fill(1), new Float64Array(n));
  return out.sort((x, y) => x - y);
}

describe('candidate pairs', () => {
  it('a word every card holds makes no candidates; a rare shared word does', () => {
    const n = 3000;
    // Token 0 in every card, a unique token per card (10 + i), and token 5 in cards 7 and 2000 only.
    const tokens = Array.from({ length: n }, (_, i) => [0, 10 + i, ...(i === 7 || i === 2000 ? [5] : [])]);
    const ix = index(tokens);
    expect(candidatesOf(ix, 7, n)).toEqual([2000]);
    expect(candidatesOf(ix, 8, n)).toEqual([]);
    expect(ix.found(7, 2000) && ix.found(2000, 7)).toBe(true);
  });

  it('in a store where every word is common, two words together still find the pair, within a bounded bucket', () => {
    const n = 30_000;
    // Every card: one of 20 words (1500 cards each: over the probe budget alone), one of 30 others (1000 cards each),
    // and its own word. A pair of the two common words is in 50 cards: card 1 meets the 49 others of its pair.
    const tokens = Array.from({ length: n }, (_, i) => [100 + (i % 20), 200 + (Math.floor(i / 20) % 30), 1000 + i]);
    const ix = index(tokens);
    const found = candidatesOf(ix, 1, n);
    expect(found).toHaveLength(49);
    expect(found).toContain(601);
    expect(found.every((b) => b % 20 === 1 && Math.floor(b / 20) % 30 === 0)).toBe(true);
    // Bounded: the probe walks at most PROBE_BUDGET postings, each word pair at most MAX_PAIR_BUCKET cards.
    for (let a = 0; a < n; a += 997) expect(candidatesOf(ix, a, n).length).toBeLessThanOrEqual(PROBE_BUDGET + 10 * MAX_PAIR_BUCKET);
  });
});
