// All duplicate links of a whole store in one pass. Asking the neighbor engine once per card costs ~17 ms a query at
// 10k cards (its fuzzy stages are built for one draft at a time): 3 minutes for a store. This pass uses the engine's
// own signals (src/core/neighbors: stemmed word tokens with IDF weights, normalized title/claim keys, character
// trigram Jaccard, tags, lineage runs) and the body fingerprints (pair-signals.ts), and scores only the candidate
// pairs of kind-index.ts (bounded work per card). Features other than the tokens are computed only for cards that
// meet a candidate.
import type { CardMeta } from '../store/cardMeta.js';
import type { Pair } from './clusters.js';
import { KindIndex, Vocab } from './kind-index.js';
import { cardBands, openingIsTemplate, templateBodies } from './templates.js';
import { IdList, kthRank, strongest } from './id-list.js';
import { CardFeatures, type TextKeys } from './card-features.js';
import { cardTokens, reasonsOf, scorePair } from './pair-signals.js';
import { NEVER, type Pace } from '../steps.js';

export { cardBands, openingIsTemplate, templateBodies };

/**
 * From this duplicate score on, two cards are linked. On the fixture home the true duplicates score 0.64-0.83 and the
 * closest distinct cards 0.34; on the 10k bench store 0.6 keeps clusters small (at most 9 cards: no chaining through
 * one-word-apart lessons) and finds most planted paraphrases (25 of 40; 0.55 finds 33 but chains 100 cards).
 */
export const DEFAULT_THRESHOLD = 0.6;

/**
 * The version of the scored pairs that pair-store.ts persists: bump it with any change to how a pair is found or scored
 * (this file, kind-index.ts, pair-signals.ts, the neighbors' tokens and findings, the shipped lists of quantities,
 * settings and effects, what a card's claim and keywords are read from: format/body-fields.ts), so a persisted pair set
 * is rebuilt, not trusted. 10: a claim and keywords in a body block are read (dual frontmatter). 12: numbers in other
 * notations made one (neighbors/notation.ts); a null result is one that states no change.
 */
export const PAIR_ENGINE = 12;

const MIN_WORDS = 0.35;
/**
 * A card's NEAR candidates with the most words in common are scored from NEAR_WORDS on: a paraphrase in other words
 * (a terse note, advice beside the observation behind it) shares fewer, and may still be a card's nearest neighbor (a
 * `likely` link, linkage.ts). Only these few: scoring every pair from there costs three times the pass.
 */
const NEAR = 3;
const NEAR_WORDS = 0.2;
/** Body similarity that makes a pair worth scoring without shared rare words. */
const MIN_BODY = 0.4;
/** Without this much word similarity (title, claim, keywords), even the same body does not link: a template again. */
const MIN_BODY_WORDS = 0.2;
/** One kind's cards as scoring sees them: global indexes, token ids, bands, and the document frequencies to weigh by. */
export interface KindData {
  members: number[];
  vocab: Vocab;
  tokens: Int32Array[];
  bands: (Uint32Array | null)[];
  templates: Set<string>;
  /** Each token's document frequency in the kind. */
  df: (id: number) => number;
}

/**
 * The kind's data computed from scratch, in steps (yielding 0 whenever `pace` says a step has run long enough);
 * `known`: the kind's templateBodies when the caller has them already.
 */
export function* freshKindData(
  cards: readonly CardMeta[], members: number[], pace: Pace = NEVER, known?: Set<string>,
): Generator<number, { data: KindData; index: KindIndex }> {
  const vocab = new Vocab();
  const kindCards = members.map((i) => cards[i]);
  const templates = known ?? templateBodies(kindCards);
  const tokens: Int32Array[] = [];
  for (const card of kindCards) {
    tokens.push(vocab.intern(cardTokens(card, openingIsTemplate(card, templates))));
    if ((tokens.length & 63) === 0 && pace()) yield 0;
  }
  const bands = kindCards.map((card) => cardBands(card, templates));
  const index = yield* KindIndex.steps({ tokens, bands, runs: kindCards.map((card) => card.lineageRuns) }, pace);
  return { data: { members, vocab, tokens, bands, templates, df: (id) => index.df(id) }, index };
}

/** Scores candidate pairs of one kind (local indexes), with features made on first use. */
export class KindScorer {
  private readonly feats: CardFeatures;
  private readonly idf2: Float64Array;
  /** Per token id, what it adds to two cards' shared weight (0 for a common word). */
  readonly shared: Float64Array;
  /** Per card, the weight of all its words, and of those that can be shared. */
  readonly mass: Float64Array;
  readonly sharable: Float64Array;
  /** shared[id] for the ids of the focused card, 0 elsewhere (words()). */
  private readonly scratch: Float64Array;
  /** Every card's token ids in one array (card i's from start[i] to start[i + 1]): read for hundreds of cards per card. */
  private readonly ids: Int32Array;
  private readonly start: Int32Array;
  private focused = -1;

  /** `keys`: the kind's cards' normalized texts, when the exact pass made them (pairs.ts). */
  constructor(
    private readonly cards: readonly CardMeta[],
    private readonly data: KindData,
    keys?: TextKeys,
  ) {
    const size = data.vocab.words.length;
    // Words in more than an eighth of the kind say little about duplication: they weigh in a card's mass only.
    const n = data.members.length;
    const maxDf = Math.max(8, n / 8);
    this.idf2 = new Float64Array(size);
    this.shared = new Float64Array(size);
    for (let id = 0; id < size; id++) {
      const df = data.df(id);
      this.idf2[id] = Math.log(1 + n / (df + 1)) ** 2;
      this.shared[id] = df <= maxDf ? this.idf2[id] : 0;
    }
    this.mass = Float64Array.from(data.tokens, (ids) => ids.reduce((sum, id) => sum + this.idf2[id], 0));
    this.sharable = Float64Array.from(data.tokens, (ids) => ids.reduce((sum, id) => sum + this.shared[id], 0));
    this.feats = new CardFeatures(data.members.map((g) => cards[g]), data.templates, (card) => openingIsTemplate(card, data.templates), undefined, keys);
    this.scratch = new Float64Array(size);
    this.start = new Int32Array(n + 1);
    data.tokens.forEach((t, i) => (this.start[i + 1] = this.start[i] + t.length));
    this.ids = new Int32Array(this.start[n]);
    data.tokens.forEach((t, i) => this.ids.set(t, this.start[i]));
  }

  runs(local: number): readonly string[] {
    return this.cards[this.data.members[local]].lineageRuns;
  }

  /** IDF-weighted similarity of the two cards' words (shared rare words over the geometric mean of their masses). */
  words(a: number, b: number): number {
    if (this.focused !== a) this.focus(a);
    return this.wordsOfFocus(b);
  }

  /** Card `a`'s shared weights by token id, so that its similarity with many cards is one pass over each one's ids. */
  focus(a: number): void {
    const { ids, start } = this;
    if (this.focused >= 0) for (let j = start[this.focused]; j < start[this.focused + 1]; j++) this.scratch[ids[j]] = 0;
    for (let j = start[a]; j < start[a + 1]; j++) this.scratch[ids[j]] = this.shared[ids[j]];
    this.focused = a;
  }

  /** words(focused, b). The sum runs in b's id order, as a merge of the two sorted lists would: the same number. */
  wordsOfFocus(b: number): number {
    const { ids, scratch } = this;
    const a = this.focused;
    let sum = 0;
    for (let j = this.start[b], end = this.start[b + 1]; j < end; j++) sum += scratch[ids[j]];
    return this.mass[a] > 0 && this.mass[b] > 0 ? sum / Math.sqrt(this.mass[a] * this.mass[b]) : 0;
  }

  /**
   * The pair (global indexes, lower local index first) when it scores at least `floor`; `known`: words(p, q); `near`:
   * one of the NEAR candidates of a card with the most words in common (or a pair found before).
   */
  score(p: number, q: number, floor: number, known?: number, near = true): Pair | null {
    const a = Math.min(p, q);
    const b = Math.max(p, q);
    const words = known ?? this.words(a, b);
    const ca = this.cards[this.data.members[a]];
    const cb = this.cards[this.data.members[b]];
    // Duplicates share their rare words: every true pair of the fixture, of the bench's planted duplicates and of the
    // labeled set (fixtures/dups-eval) has a word similarity of at least 0.35. A shared lineage run or a similar body
    // lowers the bar, not below MIN_BODY_WORDS; so does being among a card's nearest, not below NEAR_WORDS.
    if (words < MIN_WORDS && !(near && words >= NEAR_WORDS)) {
      if (words < MIN_BODY_WORDS) return null;
      if (!ca.lineageRuns.some((r) => cb.lineageRuns.includes(r))) {
        const t = this.feats;
        t.ensure(a);
        t.ensure(b);
        const sameBody = t.bodyKeys[a] !== null && t.bodyKeys[a] === t.bodyKeys[b];
        if (!sameBody && t.bodySimilarity(a, b) < MIN_BODY) return null;
      }
    }
    const scored = scorePair(this.feats, ca, a, cb, b, words, floor);
    if (!scored) return null;
    return { a: this.data.members[a], b: this.data.members[b], score: Math.round(scored.score * 1000) / 1000, reasons: reasonsOf(scored.signals) };
  }
}

/** Cards grouped by kind directory: global indexes, in card order. */
export function membersByKind(cards: readonly CardMeta[]): Map<string, number[]> {
  const byKind = new Map<string, number[]>();
  cards.forEach((card, i) => {
    const list = byKind.get(card.kindDir);
    if (list) list.push(i);
    else byKind.set(card.kindDir, [i]);
  });
  return byKind;
}

const STEP = 256;
/**
 * Per card, at most this many of the candidates it owns (KindIndex.forward) are scored (the most similar words first:
 * the cheap part of the score, by far its largest term), and at most KEEP of its pairs kept (the strongest): in a large
 * store of look-alike lessons a card can score above the floor with thousands of others, and scoring or keeping them all
 * is what grew with the square. (Until engine 3 the cut came before the pairs a lower card owns were set aside: about
 * half of 40 were scored.)
 */
export const MAX_SCORED = 20;
export const KEEP = 6;

/**
 * Scores the candidates of the given local cards (all of the kind when `only` is omitted): pairs within `only` once,
 * pairs with the other cards always. A card's NEAR candidates with the most words in common are kept from `floor` on
 * (they may be its nearest neighbors: a `likely` link, linkage.ts), the others from `wideFloor` on (at least `floor`):
 * the full comparison of the findings for every pair down to `floor` cost half the pass again.
 * Yields the number of cards done every STEP cards, and sooner when `pace` says so.
 */
export function* scoreKind(
  index: KindIndex, scorer: KindScorer, n: number, floor: number, out: Pair[], only?: readonly number[], pace: Pace = NEVER, wideFloor = floor,
): Generator<number> {
  const wide = Math.max(floor, wideFloor);
  const inSet = only ? new Uint8Array(n) : null;
  if (only) for (const a of only) inSet![a] = 1;
  const list = only ?? Array.from({ length: n }, (_, i) => i);
  const candidates = new IdList();
  const rank = new Float64Array(n);
  const top = new IdList(MAX_SCORED);
  const kept = new IdList();
  const found: Pair[] = [];
  const nearTop = new Float64Array(NEAR);
  for (let k = 0; k < list.length; k++) {
    if (k > 0 && (k % STEP === 0 || pace())) yield k;
    const a = list[k];
    candidates.clear();
    // A full pass finds a pair from the lower card's probe, else from the higher one's; an incremental one from the
    // changed card's probe forward and the others' probes backward.
    if (inSet) index.candidates(a, candidates, (b) => !inSet[b] || b > a, true);
    else index.forward(a, candidates);
    scorer.focus(a);
    kept.clear();
    for (let j = 0; j < candidates.size; j++) {
      const b = candidates.ids[j];
      const words = scorer.wordsOfFocus(b);
      // Below the lowest bar the pair cannot score (KindScorer.score).
      if (!(words >= MIN_BODY_WORDS)) continue;
      rank[b] = words;
      kept.push(b);
    }
    if (kept.size > MAX_SCORED) strongest(kept, rank, MAX_SCORED, top);
    // The NEAR-th most words any candidate shares: from there on a candidate is among a's nearest.
    const nearFrom = kthRank(kept, rank, nearTop);
    found.length = 0;
    for (let j = 0; j < kept.size; j++) {
      const b = kept.ids[j];
      const near = rank[b] >= nearFrom;
      const pair = scorer.score(a, b, near ? floor : wide, rank[b], near);
      if (pair) found.push(pair);
    }
    if (found.length > KEEP) {
      found.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
      found.length = KEEP;
    }
    for (const pair of found) out.push(pair);
  }
  yield list.length;
}

/** Pairs within each kind directory whose duplicate score reaches `floor` (`wideFloor`: scoreKind). */
export function batchPairs(cards: readonly CardMeta[], floor: number, wideFloor = floor): Pair[] {
  const pairs: Pair[] = [];
  for (const _ of batchPairSteps(cards, floor, pairs, wideFloor)) void _;
  return pairs;
}

/** The same pass in steps: yields how many cards are done (of cards.length), so a screen can draw and read keys. */
export function* batchPairSteps(cards: readonly CardMeta[], floor: number, out: Pair[], wideFloor = floor): Generator<number> {
  let done = 0;
  for (const members of membersByKind(cards).values()) {
    const { data, index } = yield* freshKindData(cards, members);
    yield done;
    const scorer = new KindScorer(cards, data);
    for (const step of scoreKind(index, scorer, members.length, floor, out, undefined, NEVER, wideFloor)) yield done + step;
    done += members.length;
  }
  yield done;
}
