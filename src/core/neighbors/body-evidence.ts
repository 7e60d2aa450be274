// The whole-card evidence of a neighbor query: the probe's body against each candidate's fingerprint (same normalized
// body, similar body) and the two findings compared (finding.ts: the same measurement, abbreviations expanded; opposite
// findings, different specifics, different measurements). The same signals as the duplicate pairs of
// `distill lessons` (cleanup/pair-signals.ts).
import type { CardMeta } from '../store/cardMeta.js';
import { vocabularyHash } from './expand.js';
import { findingText, isPrecise, numbersOf } from './evidence.js';
import { compareFindings, conflictOf, findingOfCard, findingReasons, isAgainst, MOST_FOR, statementOf, weighFindings, type Comparison, type Finding } from './finding.js';
import { bodyPrint, sigSimilarity } from './fingerprint.js';

export interface BodyEvidence {
  /** The score after the evidence. */
  adjust(score: number, card: CardMeta): number;
  /** The most adjust() can make of `score` for this card, from the body alone (cheap: no findings compared). */
  bound(score: number, card: CardMeta): number;
  reasons(card: CardMeta): string[];
}

// A card's finding depends on its fields and the abbreviation table only: made once per card and table, not once per
// query (a review asks for the neighbors of every draft).
const findings = new WeakMap<CardMeta, { vocab: string; finding: Finding }>();

function cardFinding(card: CardMeta): Finding {
  const vocab = vocabularyHash();
  let held = findings.get(card);
  if (!held || held.vocab !== vocab) {
    held = { vocab, finding: findingOfCard(card) };
    findings.set(card, held);
  }
  return held.finding;
}

// The numbers of a card's finding alone (finding.ts findingOf: its title and statement), for the bound: one pattern
// over two lines, where a whole finding takes a dozen. Memoized as the findings are.
const numbers = new WeakMap<CardMeta, string[]>();

function cardNumbers(card: CardMeta): string[] {
  const held = findings.get(card);
  if (held && held.vocab === vocabularyHash()) return held.finding.numbers;
  let own = numbers.get(card);
  if (!own) numbers.set(card, (own = numbersOf(findingText(card.title, statementOf(card)))));
  return own;
}

/** What weighFindings adds for the numbers two findings share (0.15 one measurement, 0.05 others): exact, so the
 *  bound is tight for the many cards that share no number with the probe. */
function numbersBonus(probe: readonly string[], card: readonly string[]): number {
  let shared = 0;
  let precise = 0;
  for (const n of probe) {
    if (!card.includes(n)) continue;
    shared++;
    if (isPrecise(n)) precise++;
  }
  return precise >= 2 ? MOST_FOR : shared > 0 ? 0.05 : 0;
}

export function bodyEvidence(probe: { title: string; claim?: string | null; body?: string | null; keywords?: readonly string[]; tags?: readonly string[] }): BodyEvidence {
  const print = probe.body ? bodyPrint(probe.body) : null;
  const sig = print ? print.sig : null;
  const excerpt = probe.body?.trim().split('\n', 1)[0] ?? '';
  // What a reader sees of the probe, as of a card (the duplicate pairs compare the same fields).
  const finding = findingOfCard({ ...probe, excerpt });
  const bodies = new Map<CardMeta, number>();
  const bodyOf = (card: CardMeta) => {
    let body = bodies.get(card);
    if (body === undefined) {
      const cardSig = sig && card.body ? card.body.sig : null;
      body = print && card.body && print.key === card.body.key ? 1 : sig && cardSig ? sigSimilarity(sig, cardSig) : 0;
      bodies.set(card, body);
    }
    return body;
  };
  // The comparison without its costliest part (conflictOf: which specifics each side mentions) first; that part is
  // added when the rest says nothing against (any one piece against halves the score once) or a reason is shown.
  const memo = new Map<CardMeta, { body: number; findings: Comparison; full: boolean }>();
  const of = (card: CardMeta, full: boolean) => {
    let e = memo.get(card);
    if (!e) memo.set(card, (e = { body: bodyOf(card), findings: compareFindings(finding, cardFinding(card), false), full: false }));
    if (full && !e.full) {
      e.findings = { ...e.findings, conflict: conflictOf(finding, cardFinding(card)) };
      e.full = true;
    }
    return e;
  };
  return {
    bound(score, card) {
      const body = bodyOf(card);
      if (body >= 0.8) return Math.max(score, 0.7 + 0.3 * body);
      return Math.min(1, score + (body >= 0.4 ? 0.4 * (body - 0.3) : 0) + numbersBonus(finding.numbers, cardNumbers(card)));
    },
    adjust(score, card) {
      let e = of(card, false);
      if (!isAgainst(e.findings)) e = of(card, true);
      const against = isAgainst(e.findings);
      if (e.body >= 0.8 && !against) return Math.max(score, 0.7 + 0.3 * e.body);
      if (e.body >= 0.4 && !against) score += 0.4 * (e.body - 0.3);
      return Math.max(0, Math.min(1, weighFindings(score, e.findings, { once: true })));
    },
    reasons(card) {
      const e = of(card, true);
      const out: string[] = [];
      if (e.body === 1) out.push('same body');
      else if (e.body >= 0.4) out.push(`similar body ${e.body.toFixed(2)}`);
      out.push(...findingReasons(e.findings));
      return out;
    },
  };
}
