// What two cards share, and how sure that makes us that they state the same lesson: IDF-weighted words (title,
// claim, keywords), character trigrams of title and claim, tags, lineage runs, keywords, and the whole body (same
// normalized body, MinHash similarity); against: different numbers in the finding, or findings pointing opposite ways.
import { expandedAbbreviations } from '../neighbors/expand.js';
import { decodeSig, sigSimilarity } from '../neighbors/fingerprint.js';
import { findingText, numbersOf, opposite, polarityOf, type Polarity } from '../neighbors/evidence.js';
import { jaccard, trigramHashes } from '../neighbors/ngrams.js';
import { normalizeText, wordTokens } from '../neighbors/tokens.js';
import type { CardMeta } from '../store/cardMeta.js';

export interface Features {
  tokens: string[];
  titleKey: string;
  claimKey: string;
  titleGrams: Int32Array;
  claimGrams: Int32Array | null;
  /** The body's key and signature; null for no body, or a template body (batch-pairs.ts drops those). */
  bodyKey: string | null;
  sig: Uint32Array | null;
  numbers: string[];
  polarity: Polarity;
  abbreviations: string[];
}

/** The word tokens of title, claim and keywords, each once. */
export function cardTokens(card: CardMeta): string[] {
  const tokens = wordTokens(card.title);
  if (card.claim) wordTokens(card.claim, tokens);
  for (const keyword of card.keywords) wordTokens(keyword, tokens);
  return tokens;
}

export function features(card: CardMeta): Features {
  const tokens = cardTokens(card);
  const titleKey = normalizeText(card.title);
  const claimKey = card.claim ? normalizeText(card.claim) : '';
  const finding = findingText(card.title, card.claim);
  return {
    tokens, titleKey, claimKey, titleGrams: trigramHashes(titleKey), claimGrams: claimKey ? trigramHashes(claimKey) : null,
    bodyKey: card.body?.key ?? null,
    sig: card.body ? decodeSig(card.body.sig) : null,
    numbers: numbersOf(finding),
    polarity: polarityOf(finding),
    abbreviations: expandedAbbreviations(finding),
  };
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
  /** 1 for the same normalized body, else the bodies' estimated shingle Jaccard (0 without fingerprints). */
  body: number;
  sharedNumbers: string[];
  /** Both findings give numbers and none is shared. */
  otherNumbers: boolean;
  opposite: boolean;
  abbreviations: string[];
}

/** From this body similarity on, the bodies say the same thing whatever the titles say. */
const SAME_BODY = 0.8;

/**
 * How sure we are that two cards state the same lesson, 0..1, from the signals. The body corroborates: it counts only
 * when title, claim or keywords already point the same way (a body shared by cards about other things is a template).
 */
export function duplicateScore(s: PairSignals): number {
  let score = 0.5 * s.words + 0.3 * s.text + 0.15 * s.tags + (s.run ? 0.1 : 0) + (s.sharedKeywords.length ? 0.05 : 0);
  const corroborated = s.words >= 0.4 || s.text >= 0.5;
  if (corroborated && s.body >= SAME_BODY) return Math.min(1, Math.max(score, 0.7 + 0.3 * s.body));
  if (corroborated && s.body >= 0.5) score += 0.3 * (s.body - 0.4);
  if (s.sharedNumbers.length) score += 0.05;
  if (s.otherNumbers) score -= 0.1;
  if (s.opposite) score *= 0.6;
  return Math.max(0, Math.min(1, score));
}

export function signalsOf(ca: CardMeta, fa: Features, cb: CardMeta, fb: Features, words: number): PairSignals {
  const text = Math.max(jaccard(fa.titleGrams, fb.titleGrams), fa.claimGrams && fb.claimGrams ? jaccard(fa.claimGrams, fb.claimGrams) : 0);
  const sharedTags = ca.tags.filter((t) => cb.tags.includes(t));
  const tagUnion = ca.tags.length + cb.tags.length - sharedTags.length;
  const sharedNumbers = fa.numbers.filter((n) => fb.numbers.includes(n));
  const abbreviations = [...fa.abbreviations, ...fb.abbreviations].filter((x, i, all) => all.indexOf(x) === i);
  return {
    words: Math.min(1, words),
    text,
    tags: tagUnion ? sharedTags.length / tagUnion : 0,
    sharedTags,
    sharedKeywords: ca.keywords.filter((k) => cb.keywords.includes(k)),
    run: ca.lineageRuns.find((r) => cb.lineageRuns.includes(r)) ?? null,
    body: fa.bodyKey !== null && fa.bodyKey === fb.bodyKey ? 1 : fa.sig && fb.sig ? sigSimilarity(fa.sig, fb.sig) : 0,
    sharedNumbers,
    otherNumbers: fa.numbers.length > 0 && fb.numbers.length > 0 && sharedNumbers.length === 0,
    opposite: opposite(fa.polarity, fb.polarity),
    // Only worth saying when one side wrote the short form and the other did not.
    abbreviations: abbreviations.filter((x) => !(fa.abbreviations.includes(x) && fb.abbreviations.includes(x))),
  };
}

export function reasonsOf(s: PairSignals): string[] {
  const out: string[] = [];
  if (s.body === 1) out.push('same body');
  else if (s.body >= 0.4) out.push(`similar body ${s.body.toFixed(2)}`);
  if (s.sharedTags.length) out.push(`shared tags: ${s.sharedTags.join(', ')}`);
  if (s.sharedKeywords.length) out.push(`shared keywords: ${s.sharedKeywords.join(', ')}`);
  if (s.text >= 0.25) out.push(`text similarity ${s.text.toFixed(2)}`);
  if (s.words >= 0.15) out.push(`shared words ${s.words.toFixed(2)}`);
  if (s.sharedNumbers.length) out.push(`shared numbers: ${s.sharedNumbers.join(', ')}`);
  if (s.abbreviations.length) out.push(`abbreviation expanded: ${s.abbreviations.join(', ')}`);
  if (s.run) out.push(`same lineage run ${s.run}`);
  return out;
}
