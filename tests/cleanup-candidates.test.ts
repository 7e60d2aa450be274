// Issue 20: candidate pairs come from an index with bounded work per card, never from all pairs or from the long
// posting lists of common words.
import { describe, expect, it } from 'vitest';
import { KindIndex, MAX_PAIR_BUCKET, PAIR_WORDS, PROBE_BUDGET } from '../src/core/cleanup/kind-index.js';
import { IdList } from '../src/core/cleanup/id-list.js';

/** A kind of `n` cards as token id lists (sorted), no bodies, no runs. */
function index(tokens: number[][]) {
  return new KindIndex({ tokens: tokens.map((t) => Int32Array.from(t).sort()), bands: tokens.map(() => null), runs: tokens.map(() => []) });
}

function candidatesOf(ix: KindIndex, a: number): number[] {
  const out = new IdList(4);
  ix.candidates(a, out, () => true);
  return [...out.ids.subarray(0, out.size)].sort((x, y) => x - y);
}

describe('candidate pairs', () => {
  it('a word every card holds makes no candidates; a rare shared word does', () => {
    const n = 3000;
    // Token 0 in every card, a unique token per card (10 + i), and token 5 in cards 7 and 2000 only.
    const tokens = Array.from({ length: n }, (_, i) => [0, 10 + i, ...(i === 7 || i === 2000 ? [5] : [])]);
    const ix = index(tokens);
    expect(candidatesOf(ix, 7)).toEqual([2000]);
    expect(candidatesOf(ix, 8)).toEqual([]);
    expect(ix.found(7, 2000) && ix.found(2000, 7)).toBe(true);
  });

  it('in a store where every word is common, two words together still find the pair, within a bounded bucket', () => {
    const n = 30_000;
    // Every card: one of 20 words (1500 cards each: over the probe budget alone), one of 30 others (1000 cards each),
    // and its own word. A pair of the two common words is in 50 cards: card 1 meets the 49 others of its pair.
    const tokens = Array.from({ length: n }, (_, i) => [100 + (i % 20), 200 + (Math.floor(i / 20) % 30), 1000 + i]);
    const ix = index(tokens);
    const found = candidatesOf(ix, 1);
    expect(found).toHaveLength(49);
    expect(found).toContain(601);
    expect(found.every((b) => b % 20 === 1 && Math.floor(b / 20) % 30 === 0)).toBe(true);
    // Bounded: the probe walks at most PROBE_BUDGET postings, each word pair at most MAX_PAIR_BUCKET cards.
    for (let a = 0; a < n; a += 997) expect(candidatesOf(ix, a).length).toBeLessThanOrEqual(PROBE_BUDGET + ((PAIR_WORDS * (PAIR_WORDS - 1)) / 2) * MAX_PAIR_BUCKET);
  });

  it('a full pass meets each pair that either probe meets exactly once, from one side', () => {
    // 600 cards over a small vocabulary (every word common) plus a few rare words, shared body buckets and runs.
    let seed = 7;
    const rand = (k: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % k);
    const n = 600;
    const tokens = Array.from({ length: n }, () => [...new Set(Array.from({ length: 6 }, () => rand(40)).concat(rand(3) ? [] : [100 + rand(200)]))]);
    const ix = new KindIndex({
      tokens: tokens.map((t) => Int32Array.from(t).sort()),
      bands: tokens.map(() => (rand(4) ? null : Uint32Array.from({ length: 8 }, (_, k) => k * 1000 + rand(60)))),
      runs: tokens.map(() => (rand(5) ? [] : [`run-${rand(40)}`])),
    });
    const expected = new Set<string>();
    for (let a = 0; a < n; a++) for (const b of candidatesOf(ix, a)) expected.add(a < b ? `${a}-${b}` : `${b}-${a}`);
    const met: string[] = [];
    for (let a = 0; a < n; a++) {
      const out = new IdList(4);
      ix.forward(a, out);
      for (const b of out.ids.subarray(0, out.size)) {
        met.push(a < b ? `${a}-${b}` : `${b}-${a}`);
        // From the higher card only when the lower one's probe does not meet it.
        if (b < a) expect(ix.found(b, a)).toBe(false);
      }
    }
    expect(expected.size).toBeGreaterThan(n);
    expect(met.length).toBe(new Set(met).size);
    expect(new Set(met)).toEqual(expected);
  });

  it('each card probes with its rarest words within the budget, and pairs the next rarest others share', () => {
    // Words of skewed frequency (many ties in document frequency around the budget), 2000 cards.
    let seed = 11;
    const rand = (k: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % k);
    const n = 2000;
    const tokens = Array.from({ length: n }, () => [...new Set(Array.from({ length: 3 + rand(10) }, () => Math.floor(Math.sqrt(rand(250_000)))))]);
    const ix = index(tokens);
    const df = new Map<number, number>();
    for (const t of tokens) for (const id of t) df.set(id, (df.get(id) ?? 0) + 1);
    const dfOf = (id: number) => df.get(id)!;
    // The definition (kind-index.ts): ascending document frequency, ties by id.
    const probes = tokens.map((t) => {
      const order = [...t].sort((x, y) => dfOf(x) - dfOf(y) || x - y);
      let walked = 0;
      let k = 0;
      while (k < order.length && walked + dfOf(order[k]) <= PROBE_BUDGET) walked += dfOf(order[k++]);
      const next = order.slice(k).filter((id) => dfOf(id) >= 2).slice(0, PAIR_WORDS).sort((x, y) => x - y);
      const keys: number[] = [];
      for (let p = 0; p < next.length; p++) for (let q = p + 1; q < next.length; q++) keys.push(next[p] * 0x200000 + next[q]);
      return { words: order.slice(0, k), keys };
    });
    const bucket = new Map<number, number>();
    for (const { keys } of probes) for (const key of keys) bucket.set(key, (bucket.get(key) ?? 0) + 1);
    let byWord = 0;
    let byKey = 0;
    const wrong: string[] = [];
    for (let a = 0; a < n; a += 7) {
      for (let b = 0; b < n; b++) {
        if (a === b) continue;
        const word = probes[a].words.some((id) => tokens[b].includes(id));
        const key = probes[a].keys.some((k) => probes[b].keys.includes(k) && bucket.get(k)! <= MAX_PAIR_BUCKET);
        if (word) byWord++;
        else if (key) byKey++;
        if (ix.found(a, b) !== (word || key)) wrong.push(`${a}-${b}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(byWord).toBeGreaterThan(n);
    expect(byKey).toBeGreaterThan(100);
  });
});
