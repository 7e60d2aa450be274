// What two cards share, and how sure that makes us that they state the same lesson: IDF-weighted words (title,
// claim, keywords), character trigrams of title and claim, tags, lineage runs, keywords, and the whole body (same
// normalized body, MinHash similarity); for and against: the findings compared (neighbors/finding.ts: the same
// measurement; opposite findings, different specifics, different measurements).
import { decodeSig, sigSimilarity } from '../neighbors/fingerprint.js';
import { opposite, isPrecise } from '../neighbors/evidence.js';
import { compareFindings, conflictOf, findingOfCard, findingReasons, statementOf, isAgainst, weighFindings, type Comparison, type Finding } from '../neighbors/finding.js';
import { jaccard, trigramHashes } from '../neighbors/ngrams.js';
import { normalizeText, wordTokens } from '../neighbors/tokens.js';
import type { CardMeta } from '../store/cardMeta.js';

export interface Features {
  titleKey: string;
  claimKey: string;
  titleGrams: Int32Array;
  claimGrams: Int32Array | null;
  /** The body's key and signature; null for no body, or a template body (batch-pairs.ts drops those). */
  bodyKey: string | null;
  sig: Uint32Array | null;
  finding: Finding;
  /**
   * Strings as small integers (one table per kind, `intern`), so that most pairs are scored without comparing a string:
   * the tags (as the card lists them), keywords, and the finding's numbers, precise numbers and measures (sorted).
   */
  tagIds: Int32Array;
  keywordIds: Int32Array;
  numberIds: Int32Array;
  preciseIds: Int32Array;
  measureIds: Int32Array;
}

/** The word tokens of title, statement and keywords, each once. */
export function cardTokens(card: CardMeta, excerptIsTemplate = false): string[] {
  const statement = statementOf(card, excerptIsTemplate);
  const tokens = wordTokens(card.title);
  if (statement) wordTokens(statement, tokens);
  for (const keyword of card.keywords) wordTokens(keyword, tokens);
  return tokens;
}

export function features(card: CardMeta, intern: (text: string) => number, excerptIsTemplate = false): Features {
  const statement = statementOf(card, excerptIsTemplate);
  const titleKey = normalizeText(card.title);
  const claimKey = statement ? normalizeText(statement) : '';
  const finding = findingOfCard(card, excerptIsTemplate);
  const ids = (texts: readonly string[], prefix: string) => Int32Array.from(texts, (t) => intern(prefix + t));
  return {
    titleKey, claimKey, titleGrams: trigramHashes(titleKey), claimGrams: claimKey ? trigramHashes(claimKey) : null,
    bodyKey: card.body?.key ?? null,
    sig: card.body ? decodeSig(card.body.sig) : null,
    finding,
    tagIds: ids(card.tags, 't:'),
    keywordIds: ids(card.keywords, 'k:'),
    numberIds: ids(finding.numbers, 'n:').sort(),
    preciseIds: ids(finding.numbers.filter(isPrecise), 'n:').sort(),
    measureIds: ids(finding.measures, 'm:').sort(),
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
  findings: Comparison;
}

/** From this body similarity on, the bodies say the same thing whatever the titles say. */
const SAME_BODY = 0.8;

/** What the score is made of: the signals without the names (tags, keywords, run) the reasons give. */
interface Parts {
  words: number;
  text: number;
  tags: number;
  run: boolean;
  keyword: boolean;
  body: number;
}

function baseScore(p: Parts): number {
  return 0.5 * p.words + 0.3 * p.text + 0.15 * p.tags + (p.run ? 0.1 : 0) + (p.keyword ? 0.05 : 0);
}

/** Title, claim or keywords point the same way: only then does the body count. */
function corroborated(p: Parts): boolean {
  return p.words >= 0.4 || p.text >= 0.5;
}

/**
 * How sure we are that two cards state the same lesson, 0..1. The body corroborates: it counts only when title, claim
 * or keywords already point the same way (a body shared by cards about other things is a template), and never against
 * evidence against (a body copied from a template, or a card copied to record the other result).
 */
function scoreOf(p: Parts, findings: Comparison): number {
  const score = baseScore(p);
  const withBody = corroborated(p) && !isAgainst(findings);
  if (withBody && p.body >= SAME_BODY) return Math.min(1, Math.max(score, 0.7 + 0.3 * p.body));
  const body = withBody && p.body >= 0.5 ? 0.3 * (p.body - 0.4) : 0;
  return Math.max(0, Math.min(1, weighFindings(score + body, findings)));
}

export function duplicateScore(s: PairSignals): number {
  return scoreOf({ ...s, run: s.run !== null, keyword: s.sharedKeywords.length > 0 }, s.findings);
}

function shareAny(a: readonly string[], b: readonly string[]): boolean {
  for (const x of a) if (b.includes(x)) return true;
  return false;
}

function shareAnyId(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (b.includes(a[i])) return true;
  return false;
}

/** How many ids the two sorted (unique) lists share. */
function sharedIds(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return shared;
}

function textOf(fa: Features, fb: Features): number {
  return Math.max(jaccard(fa.titleGrams, fb.titleGrams), fa.claimGrams && fb.claimGrams ? jaccard(fa.claimGrams, fb.claimGrams) : 0);
}

/** The parts of the score, computed without making any list (most pairs end here); `text` 1 when not `withText`. */
function partsOf(ca: CardMeta, fa: Features, cb: CardMeta, fb: Features, words: number, withText = true): Parts {
  let shared = 0;
  for (let i = 0; i < fa.tagIds.length; i++) if (fb.tagIds.includes(fa.tagIds[i])) shared++;
  const tagUnion = fa.tagIds.length + fb.tagIds.length - shared;
  return {
    words: Math.min(1, words),
    text: withText ? textOf(fa, fb) : 1,
    tags: tagUnion ? shared / tagUnion : 0,
    run: ca.lineageRuns.length > 0 && shareAny(ca.lineageRuns, cb.lineageRuns),
    keyword: shareAnyId(fa.keywordIds, fb.keywordIds),
    body: fa.bodyKey !== null && fa.bodyKey === fb.bodyKey ? 1 : fa.sig && fb.sig ? sigSimilarity(fa.sig, fb.sig) : 0,
  };
}

const NONE: string[] = [];
const SOME = [''];
const OTHER: [string[], string[]] = [[], []];

/**
 * The findings compared as the score reads them, from the ids, making no list: what compareFindings(a, b, false) gives
 * but for the names (the shared numbers as one placeholder, no abbreviations).
 */
function findingsOfIds(fa: Features, fb: Features): Comparison {
  const measures = sharedIds(fa.measureIds, fb.measureIds);
  const other = measures < fa.measureIds.length && measures < fb.measureIds.length;
  return {
    sharedNumbers: sharedIds(fa.numberIds, fb.numberIds) ? SOME : NONE,
    sameMeasurement: sharedIds(fa.preciseIds, fb.preciseIds) >= 2,
    opposite: opposite(fa.finding.polarity, fb.finding.polarity),
    conflict: null,
    otherMeasures: other ? OTHER : null,
    abbreviations: NONE,
  };
}

function signalsFrom(ca: CardMeta, cb: CardMeta, p: Parts, findings: Comparison): PairSignals {
  return {
    words: p.words, text: p.text, tags: p.tags, body: p.body, findings,
    sharedTags: ca.tags.filter((t) => cb.tags.includes(t)),
    sharedKeywords: ca.keywords.filter((k) => cb.keywords.includes(k)),
    run: ca.lineageRuns.find((r) => cb.lineageRuns.includes(r)) ?? null,
  };
}

export function signalsOf(ca: CardMeta, fa: Features, cb: CardMeta, fb: Features, words: number): PairSignals {
  return signalsFrom(ca, cb, partsOf(ca, fa, cb, fb, words), compareFindings(fa.finding, fb.finding));
}

/**
 * The scored link of two cards when its score reaches `floor`, else null. Staged, cheapest first: the findings are
 * compared by their ids and the score bounded with the best text similarity (the score never falls as a part rises);
 * the text similarity is computed only when that bound reaches `floor`, the findings compared in full only when the
 * score reaches it, and the costliest check (different specifics, which can only lower the score) last.
 */
export function scorePair(ca: CardMeta, fa: Features, cb: CardMeta, fb: Features, words: number, floor: number): { score: number; signals: PairSignals } | null {
  const quick = findingsOfIds(fa, fb);
  const parts = partsOf(ca, fa, cb, fb, words, false);
  if (scoreOf(parts, quick) < floor) return null;
  parts.text = textOf(fa, fb);
  if (scoreOf(parts, quick) < floor) return null;
  const findings = compareFindings(fa.finding, fb.finding, false);
  let score = scoreOf(parts, findings);
  if (score < floor) return null;
  findings.conflict = conflictOf(fa.finding, fb.finding);
  if (findings.conflict) score = scoreOf(parts, findings);
  return score >= floor ? { score, signals: signalsFrom(ca, cb, parts, findings) } : null;
}

export function reasonsOf(s: PairSignals): string[] {
  const out: string[] = [];
  if (s.body === 1) out.push('same body');
  else if (s.body >= 0.4) out.push(`similar body ${s.body.toFixed(2)}`);
  if (s.sharedTags.length) out.push(`shared tags: ${s.sharedTags.join(', ')}`);
  if (s.sharedKeywords.length) out.push(`shared keywords: ${s.sharedKeywords.join(', ')}`);
  if (s.text >= 0.25) out.push(`text similarity ${s.text.toFixed(2)}`);
  if (s.words >= 0.15) out.push(`shared words ${s.words.toFixed(2)}`);
  out.push(...findingReasons(s.findings));
  if (s.run) out.push(`same lineage run ${s.run}`);
  return out;
}
