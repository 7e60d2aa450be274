// Finding the duplicate clusters of a store: the signals' pairs, union-find, and the members ordered oldest first
// (their `created_at` is read from the member files only: a few hundred reads, not the whole store).
import { readCardFile, stringOrNull } from '../cards.js';
import type { CardMeta } from '../store/cardMeta.js';
import { buildClusters, clusterable, type Cluster, type Pair } from './clusters.js';
import { exactPairs } from './pairs.js';
import { batchPairSteps, DEFAULT_THRESHOLD } from './batch-pairs.js';
import { linkedPairs } from './linkage.js';

/** Pairs this far under the threshold do not link, but count as support when two groups would merge (linkage.ts). */
const SUPPORT = 0.15;

export interface FindOptions {
  /** Neighbor links below this score are not duplicates (default DEFAULT_THRESHOLD). */
  threshold?: number;
}

export interface FindResult {
  clusters: Cluster[];
  /** Cards that took part (with an id, not ignored). */
  considered: number;
  pairs: number;
  ms: number;
  /** `created_at` of a card, read from its file once (members are already read). */
  createdAt: (card: CardMeta) => string | null;
}

/** `created_at` of each card, read from its file (null when unreadable or missing). */
export function createdAtReader(): (card: CardMeta) => string | null {
  const memo = new Map<string, string | null>();
  return (card) => {
    if (!memo.has(card.path)) {
      const { card: full } = readCardFile(card.path, card.scope, card.kindDir, null);
      memo.set(card.path, full ? stringOrNull(full.meta.created_at) : null);
    }
    return memo.get(card.path)!;
  };
}

function* findSteps(all: readonly CardMeta[], options: FindOptions, done: (result: FindResult) => void): Generator<number> {
  const started = performance.now();
  const cards = clusterable(all);
  yield 0;
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const scored: Pair[] = exactPairs(cards);
  yield 0;
  yield* batchPairSteps(cards, threshold - SUPPORT, scored);
  const pairs = linkedPairs(cards.length, scored, threshold);
  const createdAt = createdAtReader();
  // Members' created_at come from their files: read them here in steps rather than all at once in buildClusters.
  const members = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  for (let i = 0; i < members.length; i++) {
    createdAt(cards[members[i]]);
    if (i % 200 === 199) yield cards.length;
  }
  const clusters = buildClusters(cards, pairs, { createdAt });
  done({ clusters, considered: cards.length, pairs: pairs.length, ms: performance.now() - started, createdAt });
}

export function findClusters(all: readonly CardMeta[], options: FindOptions = {}): FindResult {
  let result: FindResult | null = null;
  for (const _ of findSteps(all, options, (r) => (result = r))) void _;
  return result!;
}

/** The same, yielding to the event loop between steps; `onProgress(done, total)` in cards. */
export async function findClustersAsync(
  all: readonly CardMeta[],
  options: FindOptions & { onProgress?: (done: number, total: number) => void } = {},
): Promise<FindResult> {
  let result: FindResult | null = null;
  for (const done of findSteps(all, options, (r) => (result = r))) {
    options.onProgress?.(done, all.length);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return result!;
}
