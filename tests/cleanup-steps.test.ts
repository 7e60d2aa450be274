// Issue 20: "q and Esc work at any moment" while the lessons screen clusters a large store. The pass yields whenever a
// step has run its time (`stepMs`), in every part: the kind's tokens, its candidate index, the exact title / claim
// groups, the scoring, the end. Checked here by giving it no time at all (every check yields) and counting the steps
// each part takes, and that the result is the same as the pass at once.
import { describe, expect, it } from 'vitest';
import { freshKindData } from '../src/core/cleanup/batch-pairs.js';
import { findClusters, findClustersAsync } from '../src/core/cleanup/find.js';
import { KindIndex } from '../src/core/cleanup/kind-index.js';
import { IdList } from '../src/core/cleanup/id-list.js';
import { drain, type Pace } from '../src/core/steps.js';
import { exactPairs, exactPairSteps } from '../src/core/cleanup/pairs.js';
import type { CardMeta } from '../src/core/index.js';
import { openStoreSync } from '../src/core/store/index.js';
import { copyFixture } from './helpers/home.js';

const ALWAYS: Pace = () => true;

/** Counts a generator's yields and returns what it returns. */
function stepped<T>(steps: Generator<unknown, T>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { value: next.value, yields };
    yields++;
  }
}

function card(i: number, title: string, claim: string | null): CardMeta {
  return {
    id: `knowledge-${i}`, title, path: `/h/memory/knowledge/k-${String(i).padStart(4, '0')}.md`, kindDir: 'knowledge', tags: ['topic:x'],
    keywords: [], claim, updatedAt: null, scope: 'global', questId: null, lineageRuns: [], lineageQuests: [], ignored: false, state: false, auto: false,
    promotedFrom: null, excerpt: '', body: null, size: 1, mtimeMs: 1,
  };
}

// 600 cards: every tenth one repeats the title of the one before (an exact group), the rest are their own.
const cards = Array.from({ length: 600 }, (_, i) =>
  card(i, i % 10 === 1 ? `Lesson ${i - 1} on warmup ratio for adapters` : `Lesson ${i} on warmup ratio for adapters`, `Claim ${i} about learning rate ${i}`),
);

describe('the clustering pass in steps', () => {
  it('builds the candidate index in steps, and the index is the one built at once', () => {
    let seed = 3;
    const rand = (k: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % k);
    const input = {
      tokens: Array.from({ length: 1000 }, () => Int32Array.from(new Set(Array.from({ length: 6 }, () => rand(300)))).sort()),
      bands: Array.from({ length: 1000 }, () => null),
      runs: Array.from({ length: 1000 }, () => [] as string[]),
    };
    const { value: inSteps, yields } = stepped(KindIndex.steps(input, ALWAYS));
    expect(yields).toBeGreaterThanOrEqual(1000 / 64);
    const atOnce = new KindIndex(input);
    for (let a = 0; a < 1000; a += 7) {
      const [x, y] = [new IdList(), new IdList()];
      inSteps.forward(a, x);
      atOnce.forward(a, y);
      expect([...x.ids.subarray(0, x.size)]).toEqual([...y.ids.subarray(0, y.size)]);
    }
  });

  it('makes the tokens and the exact groups in steps, with the same result as at once', () => {
    const members = cards.map((_, i) => i);
    const fresh = stepped(freshKindData(cards, members, ALWAYS));
    // Tokens every 64 cards, the index every 64 cards and every 256 of its postings.
    expect(fresh.yields).toBeGreaterThanOrEqual(600 / 64 + 600 / 64);
    expect(fresh.value.data.tokens).toEqual(drain(freshKindData(cards, members)).data.tokens);
    const exact = stepped(exactPairSteps(cards, ALWAYS));
    // Two passes over the cards (titles, then claims) every 64 cards, and one step per group of two or more.
    expect(exact.yields).toBeGreaterThanOrEqual(2 * Math.floor(600 / 64) + 60);
    expect(exact.value).toEqual(exactPairs(cards));
    expect(exact.value.filter((p) => p.reasons.includes('same title'))).toHaveLength(60);
  });

  it('a whole pass with no time per step finds what the pass at once finds, in many more steps', async () => {
    const home = copyFixture('dup-home');
    const all = openStoreSync(home, { cache: false }).cards;
    const count = async (stepMs: number) => {
      let steps = 0;
      const result = await findClustersAsync(all, { stepMs, onProgress: () => steps++ });
      return { steps, clusters: result.clusters.map((c) => c.cards.map((x) => x.id)) };
    };
    const slow = await count(1e9);
    const fast = await count(0);
    expect(fast.clusters).toEqual(findClusters(all).clusters.map((c) => c.cards.map((x) => x.id)));
    expect(slow.clusters).toEqual(fast.clusters);
    // Every card scored is a step of its own when a step has no time.
    expect(fast.steps).toBeGreaterThan(slow.steps + all.length / 2);
  });
});
