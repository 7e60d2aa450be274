// The whole-card evidence of a neighbor query: the probe's body against each candidate's fingerprint (same normalized
// body, similar body) and the two findings compared (finding.ts: the same measurement, abbreviations expanded; opposite
// findings, different specifics, different measurements). The same signals as the duplicate pairs of
// `distill lessons` (cleanup/pair-signals.ts).
import type { CardMeta } from '../store/cardMeta.js';
import { vocabularyHash } from './expand.js';
import { compareFindings, findingOfCard, findingReasons, isAgainst, MOST_FOR, weighFindings, type Comparison, type Finding } from './finding.js';
import { bodyPrint, decodeSig, sigSimilarity } from './fingerprint.js';

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

export function bodyEvidence(probe: { title: string; claim?: string | null; body?: string | null; keywords?: readonly string[]; tags?: readonly string[] }): BodyEvidence {
  const print = probe.body ? bodyPrint(probe.body) : null;
  const sig = print ? decodeSig(print.sig) : null;
  const excerpt = probe.body?.trim().split('\n', 1)[0] ?? '';
  // What a reader sees of the probe, as of a card (the duplicate pairs compare the same fields).
  const finding = findingOfCard({ ...probe, excerpt });
  const bodies = new Map<CardMeta, number>();
  const bodyOf = (card: CardMeta) => {
    let body = bodies.get(card);
    if (body === undefined) {
      const cardSig = sig && card.body ? decodeSig(card.body.sig) : null;
      body = print && card.body && print.key === card.body.key ? 1 : sig && cardSig ? sigSimilarity(sig, cardSig) : 0;
      bodies.set(card, body);
    }
    return body;
  };
  const memo = new Map<CardMeta, { body: number; findings: Comparison }>();
  const of = (card: CardMeta) => {
    let e = memo.get(card);
    if (!e) memo.set(card, (e = { body: bodyOf(card), findings: compareFindings(finding, cardFinding(card)) }));
    return e;
  };
  return {
    bound(score, card) {
      const body = bodyOf(card);
      if (body >= 0.8) return Math.max(score, 0.7 + 0.3 * body);
      return Math.min(1, score + (body >= 0.4 ? 0.4 * (body - 0.3) : 0) + MOST_FOR);
    },
    adjust(score, card) {
      const e = of(card);
      const against = isAgainst(e.findings);
      if (e.body >= 0.8 && !against) return Math.max(score, 0.7 + 0.3 * e.body);
      if (e.body >= 0.4 && !against) score += 0.4 * (e.body - 0.3);
      return Math.max(0, Math.min(1, weighFindings(score, e.findings, { once: true })));
    },
    reasons(card) {
      const e = of(card);
      const out: string[] = [];
      if (e.body === 1) out.push('same body');
      else if (e.body >= 0.4) out.push(`similar body ${e.body.toFixed(2)}`);
      out.push(...findingReasons(e.findings));
      return out;
    },
  };
}
