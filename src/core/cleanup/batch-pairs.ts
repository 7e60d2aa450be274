// All duplicate links of a whole store in one pass. Asking the neighbor engine once per card costs ~17 ms a query at
// 10k cards (its fuzzy stages are built for one draft at a time): 3 minutes for a store. This pass uses the engine's
// own signals (src/core/neighbors: stemmed word tokens with IDF weights, normalized title/claim keys, character
// trigram Jaccard, tags, lineage runs) and the body fingerprints (pair-signals.ts), computes each card's features once,
// and scores only the pairs that share rare words, a lineage run or an LSH band of their body signatures.
import type { CardMeta } from '../store/cardMeta.js';
import type { Pair } from './clusters.js';
import { sigSimilarity } from '../neighbors/fingerprint.js';
import { bandKeys } from './lsh.js';
import { features, reasonsOf, scorePair, type Features } from './pair-signals.js';

/**
 * From this duplicate score on, two cards are linked. On the fixture home the true duplicates score 0.64-0.83 and the
 * closest distinct cards 0.34; on the 10k bench store 0.6 keeps clusters small (at most 9 cards: no chaining through
 * one-word-apart lessons) and finds most planted paraphrases (25 of 40; 0.55 finds 33 but chains 100 cards).
 */
export const DEFAULT_THRESHOLD = 0.6;

const MIN_WORDS = 0.35;
/** Body similarity that makes a pair worth scoring without shared rare words. */
const MIN_BODY = 0.4;
/** An LSH bucket holding more cards than this is boilerplate, not evidence: skipped (bounded work per card). */
const MAX_BUCKET = 16;
/** A body this many cards of a kind share is a template: no body evidence for any of them. */
const MAX_SAME_BODY = 3;
/** Without this much word similarity (title, claim, keywords), even the same body does not link: a template again. */
const MIN_BODY_WORDS = 0.2;

/** Pairs within each kind directory whose duplicate score reaches `floor`. */
export function batchPairs(cards: readonly CardMeta[], floor: number): Pair[] {
  const pairs: Pair[] = [];
  for (const _ of batchPairSteps(cards, floor, pairs)) void _;
  return pairs;
}

/** The same pass in steps: yields how many cards are done (of cards.length), so a screen can draw and read keys. */
export function* batchPairSteps(cards: readonly CardMeta[], floor: number, out: Pair[]): Generator<number> {
  const byKind = new Map<string, number[]>();
  cards.forEach((card, i) => {
    const list = byKind.get(card.kindDir);
    if (list) list.push(i);
    else byKind.set(card.kindDir, [i]);
  });
  let done = 0;
  for (const members of byKind.values()) {
    for (const step of pairsOfKind(cards, members, floor, out)) yield done + step;
    done += members.length;
  }
  yield done;
}

const STEP = 48;

/** The index of the first entry of an ascending list greater than `x`. */
function firstAfter(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function* pairsOfKind(cards: readonly CardMeta[], members: number[], floor: number, out: Pair[]): Generator<number> {
  const n = members.length;
  // A first body line that many cards open with is boilerplate, not what a card without a claim states.
  const openings = new Map<string, number>();
  for (const i of members) if (cards[i].claim === null && cards[i].excerpt) openings.set(cards[i].excerpt, (openings.get(cards[i].excerpt) ?? 0) + 1);
  const feats: Features[] = [];
  for (let a = 0; a < n; a++) {
    const card = cards[members[a]];
    feats.push(features(card, card.claim === null && (openings.get(card.excerpt) ?? 0) > MAX_SAME_BODY));
    if (a % 256 === 255) yield 0;
  }
  const postings = new Map<string, number[]>();
  feats.forEach((f, local) => {
    for (const token of f.tokens) {
      const list = postings.get(token);
      if (list) list.push(local);
      else postings.set(token, [local]);
    }
  });
  yield 0;
  const idf = new Map<string, number>();
  for (const [token, list] of postings) idf.set(token, Math.log(1 + n / (list.length + 1)));
  const mass = feats.map((f) => f.tokens.reduce((sum, t) => sum + idf.get(t)! ** 2, 0));
  const runs = new Map<string, number[]>();
  members.forEach((i, local) => {
    for (const run of cards[i].lineageRuns) {
      const list = runs.get(run);
      if (list) list.push(local);
      else runs.set(run, [local]);
    }
  });
  const bodyCount = new Map<string, number>();
  for (const f of feats) if (f.bodyKey) bodyCount.set(f.bodyKey, (bodyCount.get(f.bodyKey) ?? 0) + 1);
  for (const f of feats) {
    if (f.bodyKey && bodyCount.get(f.bodyKey)! > MAX_SAME_BODY) {
      f.bodyKey = null;
      f.sig = null;
    }
  }
  const buckets = new Map<string, number[]>();
  feats.forEach((f, local) => {
    if (!f.sig) return;
    for (const key of bandKeys(f.sig)) {
      const list = buckets.get(key);
      if (list) list.push(local);
      else buckets.set(key, [local]);
    }
  });
  // Words in more than an eighth of the kind say little about duplication and cost the most.
  const maxDf = Math.max(8, n / 8);
  const acc = new Float64Array(n);
  // 1 for the cards that share a lineage run with the card at hand.
  const sameRun = new Uint8Array(n);
  const touched: number[] = [];
  for (let a = 0; a < n; a++) {
    if (a % STEP === 0 && a > 0) yield a;
    const fa = feats[a];
    for (const token of fa.tokens) {
      const list = postings.get(token)!;
      if (list.length > maxDf) continue;
      const w = idf.get(token)! ** 2;
      // Postings are in ascending order: start after `a`.
      for (let k = firstAfter(list, a); k < list.length; k++) {
        const b = list[k];
        if (acc[b] === 0) touched.push(b);
        acc[b] += w;
      }
    }
    const ca = cards[members[a]];
    for (const run of ca.lineageRuns) {
      for (const b of runs.get(run)!) {
        if (b <= a) continue;
        sameRun[b] = 1;
        if (acc[b] === 0) {
          touched.push(b);
          acc[b] = 1e-12;
        }
      }
    }
    if (fa.sig) {
      for (const key of bandKeys(fa.sig)) {
        const list = buckets.get(key)!;
        if (list.length > MAX_BUCKET) continue;
        for (const b of list) {
          if (b > a && acc[b] === 0) {
            touched.push(b);
            acc[b] = 1e-12;
          }
        }
      }
    }
    for (const b of touched) {
      const shared = acc[b];
      const run = sameRun[b] === 1;
      acc[b] = 0;
      sameRun[b] = 0;
      const words = mass[a] > 0 && mass[b] > 0 ? shared / Math.sqrt(mass[a] * mass[b]) : 0;
      const fb = feats[b];
      const cb = cards[members[b]];
      // Duplicates share their rare words: every true pair of the fixture, of the bench's planted duplicates and of
      // the labeled set (fixtures/dups-eval) has a word similarity of at least 0.35; on the 10k bench store the pairs
      // from 0.3 to 0.35 (144k of 340k scored) linked none. Scoring only those keeps the pass linear-ish (30M candidate
      // pairs at 10k cards otherwise). A shared lineage run or a similar body lowers the bar, not below MIN_BODY_WORDS.
      if (words < MIN_WORDS) {
        if (words < MIN_BODY_WORDS) continue;
        const sameBody = fa.bodyKey !== null && fa.bodyKey === fb.bodyKey;
        if (!run && !sameBody && (!fa.sig || !fb.sig || sigSimilarity(fa.sig, fb.sig) < MIN_BODY)) continue;
      }
      const scored = scorePair(ca, fa, cb, fb, words, floor);
      if (scored) out.push({ a: members[a], b: members[b], score: Math.round(scored.score * 1000) / 1000, reasons: reasonsOf(scored.signals) });
    }
    touched.length = 0;
  }
}
