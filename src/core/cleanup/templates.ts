// What many cards of one kind share is a template, not evidence that two of them are one lesson: a body many cards
// have, a first body line many cards without a claim open with (batch-pairs.ts scores pairs without them).
import type { CardMeta } from '../store/cardMeta.js';
import { bandHashes } from './kind-index.js';

/** A body this many cards of a kind share is a template: no body evidence for any of them. */
const MAX_SAME_BODY = 3;
/** How templateBodies marks a first body line that is boilerplate, apart from the body keys. */
const OPENING = 'opening:';

/**
 * What many cards of a kind share is a template, not evidence: body keys shared by more than MAX_SAME_BODY cards (no
 * body evidence for any of them), and first body lines that many cards without a claim open with (such a line is not
 * what the card states: see neighbors/finding.ts statementOf), marked OPENING.
 */
export function templateBodies(cards: readonly CardMeta[]): Set<string> {
  const count = new Map<string, number>();
  const bump = (key: string) => count.set(key, (count.get(key) ?? 0) + 1);
  for (const card of cards) {
    if (card.body?.key) bump(card.body.key);
    if (card.claim === null && card.excerpt) bump(OPENING + card.excerpt);
  }
  return new Set([...count].filter(([, n]) => n > MAX_SAME_BODY).map(([key]) => key));
}

/** The card has no claim and opens its body with a template line. */
export function openingIsTemplate(card: CardMeta, templates: ReadonlySet<string>): boolean {
  return card.claim === null && templates.has(OPENING + card.excerpt);
}

/** Band hashes of a card's body signature; null without a body or for a template body. */
export function cardBands(card: CardMeta, templates: ReadonlySet<string>): Uint32Array | null {
  if (!card.body || templates.has(card.body.key)) return null;
  return bandHashes(card.body.sig);
}
