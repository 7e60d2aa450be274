// Finding the duplicate clusters of a store: the scored pairs (pair-set.ts, from the persisted pair set where the cards
// did not change), the links that may join clusters (linkage.ts), union-find, and the members ordered oldest first
// (their `created_at` is read from the member files only, once: the pair set keeps what was read).
import { readCardFile, stringOrNull } from '../cards.js';
import type { CardMeta } from '../store/cardMeta.js';
import { buildClusters, clusterable, statePairable, type Cluster, type Pair } from './clusters.js';
import { DEFAULT_THRESHOLD } from './batch-pairs.js';
import { LIKELY_FLOOR, linkedPairs } from './linkage.js';
import { pairSetSteps, type KindOutcome } from './pair-set.js';
import { nextTurn, pacer } from '../steps.js';
import { readPairFile, writePairFile, type StoredFeatures, type StoredKind } from './pair-store.js';

/** How long a step of the pass runs before it yields, by default (a screen reads keys between steps). */
const STEP_MS = 25;

/**
 * Pairs this far under the threshold are kept (as are those down to LIKELY_FLOOR): they link as `likely` when the two
 * cards are each other's nearest neighbors, else count as support when two groups would merge (linkage.ts).
 */
const SUPPORT = 0.15;

export interface FindOptions {
  /** Neighbor links below this score are not duplicates (default DEFAULT_THRESHOLD). */
  threshold?: number;
  /** Where the pair set is persisted (cacheDir(home)) and the store's root it belongs to; none: found anew, not kept. */
  pairCache?: { dir: string; root: string };
  /**
   * Only what the pair cache holds for the cards as they are (nothing scored, nothing written, no `created_at` read):
   * a screen's first frame before the real pass. Kinds whose cards changed come back `stale`, with the pairs of their
   * unchanged cards.
   */
  storedOnly?: boolean;
  /** How long a step of the pass may run before it yields (ms; default 25): what a key waits for at most, about. */
  stepMs?: number;
  /**
   * State cards (checkpoints, state-cards.ts) cluster among themselves (default: not at all). Decided on the scored
   * pairs, so the stored pair set is the same either way.
   */
  includeState?: boolean;
}

export interface FindResult {
  clusters: Cluster[];
  /** Cards that took part (with an id, not ignored, not a state card unless asked for). */
  considered: number;
  /** State cards with an id, not ignored, left out (0 with includeState). */
  stateLeftOut: number;
  pairs: number;
  ms: number;
  /** `created_at` of a card, read from its file once (members are already read). */
  createdAt: (card: CardMeta) => string | null;
  /** Per kind, how its pairs were had: from the stored set as it was, re-paired for the changed cards, or anew. */
  kinds: Record<string, KindOutcome['how']>;
  /** Whether the pair set was written. */
  written: boolean;
}

/** `created_at` of each card, read from its file (null when unreadable or missing); `known` holds ones read before. */
export function createdAtReader(known: Map<string, string | null> = new Map()): (card: CardMeta) => string | null {
  return (card) => {
    if (!known.has(card.path)) {
      const { card: full } = readCardFile(card.path, card.scope, card.kindDir, null);
      known.set(card.path, full ? stringOrNull(full.meta.created_at) : null);
    }
    return known.get(card.path)!;
  };
}

function persist(options: FindOptions, floor: number, outcomes: KindOutcome[], file: ReturnType<typeof readPairFile>, created: Map<string, string | null>, known: number): boolean {
  const cache = options.pairCache;
  if (!cache) return false;
  if (file && outcomes.every((o) => o.how === 'stored') && created.size === known && file.floor === floor) return false;
  const kinds: Record<string, StoredKind> = {};
  const features: Record<string, StoredFeatures> = {};
  for (const o of outcomes) {
    const f = o.features ?? file?.features()?.[o.kind];
    if (!f) continue;
    o.stored.names.forEach((name, l) => {
      const c = created.get(`${cache.root}/${o.kind}/${name}`);
      if (c !== undefined) o.stored.created[l] = c;
    });
    kinds[o.kind] = o.stored;
    features[o.kind] = f;
  }
  return writePairFile(cache.dir, cache.root, floor, kinds, features);
}

function* findSteps(all: readonly CardMeta[], options: FindOptions, done: (result: FindResult) => void): Generator<number> {
  const started = performance.now();
  const cards = clusterable(all);
  yield 0;
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  // Pairs are kept from `wide` on, and a card's nearest candidates from `floor` on (batch-pairs.ts scoreKind).
  const wide = Math.round((threshold - SUPPORT) * 1000) / 1000;
  const floor = Math.min(wide, LIKELY_FLOOR);
  const file = options.pairCache ? readPairFile(options.pairCache.dir, options.pairCache.root) : null;
  yield 0;
  const scored: Pair[] = [];
  const created = new Map<string, string | null>();
  const outcomes: KindOutcome[] = [];
  yield* pairSetSteps(cards, floor, file, scored, created, outcomes, options.storedOnly, pacer(options.stepMs ?? STEP_MS), wide);
  const known = created.size;
  const includeState = options.includeState === true;
  const allowed = scored.filter((p) => statePairable(cards[p.a], cards[p.b], includeState));
  let stateLeftOut = 0;
  if (!includeState) for (const card of cards) if (card.state) stateLeftOut++;
  const pairs = linkedPairs(cards.length, allowed, threshold);
  yield cards.length;
  const createdAt = options.storedOnly ? (card: CardMeta) => created.get(card.path) ?? null : createdAtReader(created);
  // Members' created_at come from their files: read them here in steps rather than all at once in buildClusters.
  const members = options.storedOnly ? [] : [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  for (let i = 0; i < members.length; i++) {
    createdAt(cards[members[i]]);
    if (i % 200 === 199) yield cards.length;
  }
  const clusters = buildClusters(cards, pairs, { createdAt }, scored);
  yield cards.length;
  const written = !options.storedOnly && persist(options, wide, outcomes, file, created, known);
  const kinds = Object.fromEntries(outcomes.map((o) => [o.kind, o.how]));
  done({ clusters, considered: cards.length - stateLeftOut, stateLeftOut, pairs: pairs.length, ms: performance.now() - started, createdAt, kinds, written });
}

export function findClusters(all: readonly CardMeta[], options: FindOptions = {}): FindResult {
  let result: FindResult | null = null;
  for (const _ of findSteps(all, options, (r) => (result = r))) void _;
  return result!;
}

/** The same, yielding to the event loop between steps; `onProgress(done, total)` in cards. */
export async function findClustersAsync(
  all: readonly CardMeta[],
  options: FindOptions & { onProgress?: (done: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<FindResult> {
  let result: FindResult | null = null;
  for (const done of findSteps(all, options, (r) => (result = r))) {
    options.signal?.throwIfAborted();
    options.onProgress?.(done, all.length);
    await nextTurn();
  }
  return result!;
}
