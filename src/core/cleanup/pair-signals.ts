// What two cards share, and how sure that makes us that they state the same lesson: IDF-weighted words (title,
// claim, keywords), character trigrams of title and claim, tags, lineage runs, keywords, and the whole body (same
// normalized body, MinHash similarity); for and against: the findings compared (neighbors/finding.ts: the same
// measurement; opposite findings, different specifics, different measurements).
import { opposite } from '../neighbors/evidence.js';
import { compareFindings, conflictOf, findingReasons, statementOf, isAgainst, weighFindings, type Comparison } from '../neighbors/finding.js';
import { jaccardIn, sharedIn } from '../neighbors/ngrams.js';
import { wordTokens } from '../neighbors/tokens.js';
import type { CardMeta } from '../store/cardMeta.js';
import { KEYWORDS, MEASURES, NUMBERS, PRECISE, STATEMENT, TAGS, TITLE, type CardFeatures } from './card-features.js';

/** The word tokens of title, statement and keywords, each once. */
export function cardTokens(card: CardMeta, excerptIsTemplate = false): string[] {
  const statement = statementOf(card, excerptIsTemplate);
  const tokens = wordTokens(card.title);
  if (statement) wordTokens(statement, tokens);
  for (const keyword of card.keywords) wordTokens(keyword, tokens);
  return tokens;
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

/** Whether list k of cards a and b share an id. */
function shareAnyId(t: CardFeatures, a: number, b: number, k: number): boolean {
  const { pool } = t;
  const from = t.start(b, k);
  const to = t.end(b, k);
  for (let i = t.start(a, k), end = t.end(a, k); i < end; i++) for (let j = from; j < to; j++) if (pool[i] === pool[j]) return true;
  return false;
}

/** How many ids the sorted (unique) lists k of cards a and b share. */
function sharedIds(t: CardFeatures, a: number, b: number, k: number): number {
  return sharedIn(t.pool, t.start(a, k), t.end(a, k), t.pool, t.start(b, k), t.end(b, k));
}

function jaccardOf(t: CardFeatures, a: number, b: number, k: number): number {
  return jaccardIn(t.pool, t.start(a, k), t.end(a, k), t.pool, t.start(b, k), t.end(b, k));
}

/** Best character-trigram Jaccard of title~title and statement~statement. */
function textOf(t: CardFeatures, a: number, b: number): number {
  return Math.max(jaccardOf(t, a, b, TITLE), jaccardOf(t, a, b, STATEMENT));
}

/**
 * The parts of the score of cards a and b (their features made), computed without making any list (most pairs end
 * here); `text` 1 when not `withText`.
 */
function partsOf(t: CardFeatures, ca: CardMeta, a: number, cb: CardMeta, b: number, words: number, withText = true): Parts {
  const { pool } = t;
  let shared = 0;
  const from = t.start(b, TAGS);
  const to = t.end(b, TAGS);
  for (let i = t.start(a, TAGS), end = t.end(a, TAGS); i < end; i++) {
    for (let j = from; j < to; j++) {
      if (pool[i] === pool[j]) {
        shared++;
        break;
      }
    }
  }
  const tagUnion = t.end(a, TAGS) - t.start(a, TAGS) + (to - from) - shared;
  const key = t.bodyKeys[a];
  const p = PARTS;
  p.words = Math.min(1, words);
  p.text = withText ? textOf(t, a, b) : 1;
  p.tags = tagUnion ? shared / tagUnion : 0;
  p.run = ca.lineageRuns.length > 0 && shareAny(ca.lineageRuns, cb.lineageRuns);
  p.keyword = shareAnyId(t, a, b, KEYWORDS);
  p.body = key !== null && key === t.bodyKeys[b] ? 1 : t.bodySimilarity(a, b);
  return p;
}

/** partsOf's result, filled in place for each pair (millions of pairs at 100k cards; read before the next is scored). */
const PARTS: Parts = { words: 0, text: 0, tags: 0, run: false, keyword: false, body: 0 };

const NONE: string[] = [];
const SOME = [''];
const OTHER: [string[], string[]] = [[], []];

/**
 * The findings compared as the score reads them, from the ids, making no list: what compareFindings(a, b, false) gives
 * but for the names (the shared numbers as one placeholder, no abbreviations).
 */
function findingsOfIds(t: CardFeatures, a: number, b: number): Comparison {
  const measures = sharedIds(t, a, b, MEASURES);
  const other = measures < t.end(a, MEASURES) - t.start(a, MEASURES) && measures < t.end(b, MEASURES) - t.start(b, MEASURES);
  const c = QUICK;
  c.sharedNumbers = sharedIds(t, a, b, NUMBERS) ? SOME : NONE;
  c.sameMeasurement = sharedIds(t, a, b, PRECISE) >= 2;
  c.opposite = opposite(t.findings[a]!.polarity, t.findings[b]!.polarity);
  c.otherMeasures = other ? OTHER : null;
  return c;
}

/** findingsOfIds's result, filled in place like PARTS. */
const QUICK: Comparison = { sharedNumbers: NONE, sameMeasurement: false, opposite: false, conflict: null, otherMeasures: null, otherTargets: null, otherSettings: null, otherEffects: null, abbreviations: NONE };

function signalsFrom(ca: CardMeta, cb: CardMeta, p: Parts, findings: Comparison): PairSignals {
  return {
    words: p.words, text: p.text, tags: p.tags, body: p.body, findings,
    sharedTags: ca.tags.filter((t) => cb.tags.includes(t)),
    sharedKeywords: ca.keywords.filter((k) => cb.keywords.includes(k)),
    run: ca.lineageRuns.find((r) => cb.lineageRuns.includes(r)) ?? null,
  };
}

/**
 * The scored link of cards a and b (local indexes into `t`, `ca` and `cb` their metadata) when its score reaches `floor`,
 * else null. Staged, cheapest first: the findings are compared by their ids and the score bounded with the best text
 * similarity (the score never falls as a part rises); the text similarity is computed only when that bound reaches
 * `floor`, the findings compared in full only when the score reaches it, and the costliest check (different specifics,
 * which can only lower the score) last.
 */
export function scorePair(t: CardFeatures, ca: CardMeta, a: number, cb: CardMeta, b: number, words: number, floor: number): { score: number; signals: PairSignals } | null {
  const fa = t.ensure(a);
  const fb = t.ensure(b);
  const quick = findingsOfIds(t, a, b);
  const parts = partsOf(t, ca, a, cb, b, words, false);
  if (scoreOf(parts, quick) < floor) return null;
  parts.text = textOf(t, a, b);
  if (scoreOf(parts, quick) < floor) return null;
  const findings = compareFindings(fa, fb, false);
  let score = scoreOf(parts, findings);
  if (score < floor) return null;
  findings.conflict = conflictOf(fa, fb);
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
