// All duplicate links of a whole store in one pass. Asking the neighbor engine once per card costs ~17 ms a query at
// 10k cards (its fuzzy stages are built for one draft at a time): 3 minutes for a store. This pass uses the engine's
// own signals (src/core/neighbors: stemmed word tokens with IDF weights, normalized title/claim keys, character
// trigram Jaccard, tags, lineage runs), computes each card's features once, and scores only the pairs that share rare
// words, an exact key or a lineage run.
import { jaccard, trigramHashes } from '../neighbors/ngrams.js';
import { normalizeText, wordTokens } from '../neighbors/tokens.js';
import type { CardMeta } from '../store/cardMeta.js';
import type { Pair } from './clusters.js';

/**
 * From this duplicate score on, two cards are linked. On the fixture home the true duplicates score 0.64-0.83 and the
 * closest distinct cards 0.34; on the 10k bench store 0.6 keeps clusters small (at most 9 cards: no chaining through
 * one-word-apart lessons) and finds most planted paraphrases (25 of 40; 0.55 finds 33 but chains 100 cards).
 */
export const DEFAULT_THRESHOLD = 0.6;

interface Features {
  tokens: string[];
  titleKey: string;
  claimKey: string;
  titleGrams: Int32Array;
  claimGrams: Int32Array | null;
}

function features(card: CardMeta): Features {
  const tokens = wordTokens(card.title);
  if (card.claim) wordTokens(card.claim, tokens);
  for (const keyword of card.keywords) wordTokens(keyword, tokens);
  const titleKey = normalizeText(card.title);
  const claimKey = card.claim ? normalizeText(card.claim) : '';
  return { tokens, titleKey, claimKey, titleGrams: trigramHashes(titleKey), claimGrams: claimKey ? trigramHashes(claimKey) : null };
}

export interface PairSignals {
  /** IDF-weighted cosine of the word tokens (title, claim, keywords). */
  words: number;
  /** Best character-trigram Jaccard of title~title and claim~claim. */
  text: number;
  tags: number;
  sharedTags: string[];
  sharedKeywords: string[];
  run: string | null;
}

/** How sure we are that two cards state the same lesson, 0..1, from the signals. */
export function duplicateScore(s: PairSignals): number {
  return Math.min(1, 0.5 * s.words + 0.3 * s.text + 0.15 * s.tags + (s.run ? 0.1 : 0) + (s.sharedKeywords.length ? 0.05 : 0));
}

const MIN_WORDS = 0.3;

function reasonsOf(s: PairSignals): string[] {
  const out: string[] = [];
  if (s.sharedTags.length) out.push(`shared tags: ${s.sharedTags.join(', ')}`);
  if (s.sharedKeywords.length) out.push(`shared keywords: ${s.sharedKeywords.join(', ')}`);
  if (s.text >= 0.25) out.push(`text similarity ${s.text.toFixed(2)}`);
  if (s.words >= 0.15) out.push(`shared words ${s.words.toFixed(2)}`);
  if (s.run) out.push(`same lineage run ${s.run}`);
  return out;
}

/** Pairs within each kind directory whose duplicate score reaches `threshold`. */
export function batchPairs(cards: readonly CardMeta[], threshold: number): Pair[] {
  const pairs: Pair[] = [];
  for (const _ of batchPairSteps(cards, threshold, pairs)) void _;
  return pairs;
}

/** The same pass in steps: yields how many cards are done (of cards.length), so a screen can draw and read keys. */
export function* batchPairSteps(cards: readonly CardMeta[], threshold: number, out: Pair[]): Generator<number> {
  const byKind = new Map<string, number[]>();
  cards.forEach((card, i) => {
    const list = byKind.get(card.kindDir);
    if (list) list.push(i);
    else byKind.set(card.kindDir, [i]);
  });
  let done = 0;
  for (const members of byKind.values()) {
    for (const step of pairsOfKind(cards, members, threshold, out)) yield done + step;
    done += members.length;
  }
  yield done;
}

const STEP = 48;

function* pairsOfKind(cards: readonly CardMeta[], members: number[], threshold: number, out: Pair[]): Generator<number> {
  const n = members.length;
  const feats: Features[] = [];
  for (let a = 0; a < n; a++) {
    feats.push(features(cards[members[a]]));
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
  // Words in more than an eighth of the kind say little about duplication and cost the most.
  const maxDf = Math.max(8, n / 8);
  const acc = new Float64Array(n);
  const touched: number[] = [];
  for (let a = 0; a < n; a++) {
    if (a % STEP === 0 && a > 0) yield a;
    const fa = feats[a];
    for (const token of fa.tokens) {
      const list = postings.get(token)!;
      if (list.length > maxDf) continue;
      const w = idf.get(token)! ** 2;
      for (const b of list) {
        if (b <= a) continue;
        if (acc[b] === 0) touched.push(b);
        acc[b] += w;
      }
    }
    const ca = cards[members[a]];
    for (const run of ca.lineageRuns) {
      for (const b of runs.get(run)!) {
        if (b > a && acc[b] === 0) {
          touched.push(b);
          acc[b] = 1e-12;
        }
      }
    }
    for (const b of touched) {
      const shared = acc[b];
      acc[b] = 0;
      const words = mass[a] > 0 && mass[b] > 0 ? shared / Math.sqrt(mass[a] * mass[b]) : 0;
      // Duplicates share their rare words: every true pair of the fixture and of the bench's planted duplicates has
      // a word similarity of at least 0.35. Scoring only those keeps the pass linear-ish (30M candidate pairs at 10k
      // cards otherwise). A shared lineage run lowers the bar.
      if (words < MIN_WORDS && !ca.lineageRuns.some((r) => cards[members[b]].lineageRuns.includes(r))) continue;
      // Even perfect text, tags, run and keywords add at most 0.6.
      if (0.5 * words + 0.6 < threshold) continue;
      const fb = feats[b];
      const cb = cards[members[b]];
      const text = Math.max(
        jaccard(fa.titleGrams, fb.titleGrams),
        fa.claimGrams && fb.claimGrams ? jaccard(fa.claimGrams, fb.claimGrams) : 0,
      );
      const sharedTags = ca.tags.filter((t) => cb.tags.includes(t));
      const tagUnion = ca.tags.length + cb.tags.length - sharedTags.length;
      const signals: PairSignals = {
        words: Math.min(1, words),
        text,
        tags: tagUnion ? sharedTags.length / tagUnion : 0,
        sharedTags,
        sharedKeywords: ca.keywords.filter((k) => cb.keywords.includes(k)),
        run: ca.lineageRuns.find((r) => cb.lineageRuns.includes(r)) ?? null,
      };
      const score = duplicateScore(signals);
      if (score >= threshold) out.push({ a: members[a], b: members[b], score: Math.round(score * 1000) / 1000, reasons: reasonsOf(signals) });
    }
    touched.length = 0;
  }
}
