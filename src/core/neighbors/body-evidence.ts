// The whole-card evidence of a neighbor query: the probe's body against each candidate's fingerprint (same normalized
// body, similar body), the numbers both findings give, the direction of the findings, and the abbreviations expanded.
// The same signals, with the same weights, as the duplicate pairs of `distill lessons` (cleanup/pair-signals.ts).
import type { CardMeta } from '../store/cardMeta.js';
import { findingText, numbersOf, opposite, polarityOf } from './evidence.js';
import { expandedAbbreviations } from './expand.js';
import { bodyPrint, decodeSig, sigSimilarity } from './fingerprint.js';

export interface BodyEvidence {
  /** The score after the evidence. */
  adjust(score: number, card: CardMeta): number;
  reasons(card: CardMeta): string[];
}

export function bodyEvidence(probe: { title: string; claim?: string | null; body?: string | null }): BodyEvidence {
  const print = probe.body ? bodyPrint(probe.body) : null;
  const sig = print ? decodeSig(print.sig) : null;
  const finding = findingText(probe.title, probe.claim);
  const numbers = numbersOf(finding);
  const polarity = polarityOf(finding);
  const abbreviations = expandedAbbreviations(finding);
  const memo = new Map<CardMeta, { body: number; shared: string[]; other: boolean; opposite: boolean; abbreviations: string[] }>();
  const of = (card: CardMeta) => {
    let e = memo.get(card);
    if (!e) {
      const cardSig = sig && card.body ? decodeSig(card.body.sig) : null;
      const body = print && card.body && print.key === card.body.key ? 1 : sig && cardSig ? sigSimilarity(sig, cardSig) : 0;
      const cardFinding = findingText(card.title, card.claim);
      const cardNumbers = numbersOf(cardFinding);
      const shared = numbers.filter((n) => cardNumbers.includes(n));
      const cardAbbr = expandedAbbreviations(cardFinding);
      e = {
        body, shared,
        other: numbers.length > 0 && cardNumbers.length > 0 && shared.length === 0,
        opposite: opposite(polarity, polarityOf(cardFinding)),
        abbreviations: [...abbreviations.filter((a) => !cardAbbr.includes(a)), ...cardAbbr.filter((a) => !abbreviations.includes(a))],
      };
      memo.set(card, e);
    }
    return e;
  };
  return {
    adjust(score, card) {
      const e = of(card);
      if (e.body >= 0.8) return Math.max(score, 0.7 + 0.3 * e.body);
      if (e.body >= 0.4) score += 0.4 * (e.body - 0.3);
      if (e.shared.length) score += 0.05;
      if (e.other) score -= 0.1;
      if (e.opposite) score *= 0.6;
      return Math.max(0, Math.min(1, score));
    },
    reasons(card) {
      const e = of(card);
      const out: string[] = [];
      if (e.body === 1) out.push('same body');
      else if (e.body >= 0.4) out.push(`similar body ${e.body.toFixed(2)}`);
      if (e.shared.length) out.push(`shared numbers: ${e.shared.join(', ')}`);
      if (e.abbreviations.length) out.push(`abbreviation expanded: ${e.abbreviations.join(', ')}`);
      if (e.opposite && e.body < 0.8) out.push('opposite finding');
      return out;
    },
  };
}
