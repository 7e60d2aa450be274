// The neighbor engine's last stage: character trigrams on titles and claims and a fuse.js fuzzy title match over the
// prefiltered few, the final score, and the reasons a person can check.
import Fuse from 'fuse.js';
import { jaccard, trigramHashes } from './ngrams.js';
import { bodyEvidence } from './body-evidence.js';
import { byRecency } from './recency.js';
import { wordsByToken } from './tokens.js';
import type { Cand, Doc, Neighbor, NeighborProbe } from './types.js';

/** How many of the prefiltered candidates the fuse.js re-rank. */
const FUSE_TOP = 20;

export interface RankInput {
  cands: Cand[];
  probe: NeighborProbe;
  probeTags: string[];
  titleKey: string;
  claimKey: string;
  exactTitle: Set<number>;
  exactClaim: Set<number>;
  sameRun: Map<number, string>;
  idf: Map<string, number>;
  probeMass: number;
  limit: number;
  /** How many cards a word's postings hold (for the IDF of card words the probe lacks). */
  postingCount: (token: string) => number;
  /** Live cards in the store. */
  total: number;
}

export function rankCandidates(input: RankInput): Neighbor[] {
  const { cands, probe, probeTags, titleKey, claimKey, exactTitle, exactClaim, sameRun, idf, probeMass, limit, postingCount, total } = input;
  const probeTitleGrams = trigramHashes(titleKey);
  const probeClaimGrams = claimKey ? trigramHashes(claimKey) : null;
  const evidence = bodyEvidence(probe);
  const fuzzy = new Map<number, number>();
  const fuseSet = cands.slice(0, FUSE_TOP);
  if (titleKey && fuseSet.length) {
    const fuse = new Fuse(fuseSet.map((c) => c.doc.titleKey), { includeScore: true, ignoreLocation: true, threshold: 0.6 });
    for (const hit of fuse.search(titleKey.slice(0, 64))) fuzzy.set(fuseSet[hit.refIndex].slot, 1 - (hit.score ?? 1));
  }
  type Scored = { cand: Cand; score: number; wordSim: number; textSim: number; claimSim: number; tagSim: number };
  const pre: (Scored & { bound: number })[] = [];
  for (const cand of cands) {
    const { doc } = cand;
    // Cards' own word mass, so a long card does not win by sheer size.
    let cardMass = 0;
    for (const token of doc.tokens) cardMass += idf.get(token) ?? Math.log(1 + total / ((postingCount(token)) + 1));
    const wordSim = probeMass > 0 && cardMass > 0 ? Math.min(1, cand.matched / Math.sqrt(probeMass * cardMass)) : 0;
    doc.titleGrams ??= trigramHashes(doc.titleKey);
    const titleSim = jaccard(probeTitleGrams, doc.titleGrams);
    let claimSim = 0;
    if (probeClaimGrams && doc.claimKey) claimSim = jaccard(probeClaimGrams, (doc.claimGrams ??= trigramHashes(doc.claimKey)));
    const textSim = Math.max(titleSim, (fuzzy.get(cand.slot) ?? 0) * 0.9);
    const tagSim = cand.hits / (probeTags.length + doc.card.tags.length - cand.hits || 1);
    const score = 0.45 * wordSim + 0.2 * tagSim + 0.2 * textSim + 0.1 * claimSim + (sameRun.has(cand.slot) ? 0.05 : 0);
    const exact = exactTitle.has(cand.slot) || exactClaim.has(cand.slot);
    pre.push({ cand, score, bound: exact ? 1 : round(evidence.bound(score, doc.card)), wordSim, textSim, claimSim, tagSim });
  }
  // The whole-card evidence (findings compared) only for the candidates that can still make the list: best bound
  // first, until a bound is under the limit-th best score (the evidence never raises a score above its bound).
  pre.sort((a, b) => b.bound - a.bound);
  const scored: Scored[] = [];
  const best: number[] = [];
  for (const item of pre) {
    if (best.length >= limit && item.bound < best[limit - 1]) break;
    const exact = exactTitle.has(item.cand.slot) || exactClaim.has(item.cand.slot);
    const score = exact ? 1 : round(evidence.adjust(item.score, item.cand.doc.card));
    scored.push({ ...item, score });
    best.splice(best.findIndex((x) => x < score) >>> 0, 0, score);
    if (best.length > limit) best.length = limit;
  }
  scored.sort((a, b) => b.score - a.score || byRecency(a.cand.doc.card, b.cand.doc.card));

  return scored.slice(0, limit).map(({ cand, score, wordSim, textSim, claimSim }) => {
    const { card } = cand.doc;
    const exactT = exactTitle.has(cand.slot);
    const exactC = exactClaim.has(cand.slot);
    const run = sameRun.get(cand.slot);
    const reasons: string[] = [];
    if (exactT) reasons.push('exact title');
    if (exactC) reasons.push('exact claim');
    if (cand.hits > 0) reasons.push(`shared tags: ${probeTags.filter((t) => card.tags.includes(t)).join(', ')}`);
    const keywords = (probe.keywords ?? []).filter((k) => card.keywords.includes(k));
    if (keywords.length) reasons.push(`shared keywords: ${keywords.join(', ')}`);
    if (!exactT && textSim >= 0.25) reasons.push(`title similarity ${textSim.toFixed(2)}`);
    if (!exactC && claimSim >= 0.25) reasons.push(`claim similarity ${claimSim.toFixed(2)}`);
    if (!exactT && !exactC && wordSim >= 0.15) reasons.push(`shared words: ${topWords(cand.doc, idf).join(', ')}`);
    if (run) reasons.push(`same lineage run ${run}`);
    reasons.push(...evidence.reasons(card));
    return { card, score, reasons };
  });
}

function round(score: number): number {
  return Math.round(Math.min(1, score) * 1000) / 1000;
}

/** The card's rarest words the probe shares, shown as the card writes them (whatever process tokenized it). */
function topWords(doc: Doc, idf: Map<string, number>): string[] {
  const { card } = doc;
  const words = wordsByToken(card.title, new Map());
  if (card.claim) wordsByToken(card.claim, words);
  for (const keyword of card.keywords) wordsByToken(keyword, words);
  return doc.tokens
    .filter((t) => idf.has(t))
    .sort((a, b) => (idf.get(b) ?? 0) - (idf.get(a) ?? 0))
    .slice(0, 4)
    .map((t) => words.get(t) ?? t);
}
