// The duplicate signals that link two cards of a cluster. Exact normalized title / claim matches come from hash maps
// (linear in the store); everything fuzzier (n-gram similarity, tag overlap, shared lineage runs) comes from the
// neighbor engine, queried once per card, keeping only links above a threshold.
import { normalizeText } from '../neighbors/tokens.js';
import type { CardMeta } from '../store/cardMeta.js';
import type { Pair } from './clusters.js';

function exactGroups(cards: readonly CardMeta[], key: (card: CardMeta) => string | null, reason: string): Pair[] {
  const groups = new Map<string, number[]>();
  cards.forEach((card, i) => {
    const text = key(card);
    if (!text) return;
    const k = `${card.kindDir}\u0000${text}`;
    const list = groups.get(k);
    if (list) list.push(i);
    else groups.set(k, [i]);
  });
  const pairs: Pair[] = [];
  for (const members of groups.values()) {
    // A star from the first member is enough for union-find, and keeps a 1,000-card group at 999 links.
    for (let m = 1; m < members.length; m++) pairs.push({ a: members[0], b: members[m], score: 1, reasons: [reason] });
  }
  return pairs;
}

/** Pairs of cards (same kind) whose normalized titles, or normalized claims, are equal. (The same body is a scored signal, batch-pairs.ts: a body many cards share is a template.) */
export function exactPairs(cards: readonly CardMeta[]): Pair[] {
  return [
    ...exactGroups(cards, (card) => normalizeText(card.title) || null, 'same title'),
    ...exactGroups(cards, (card) => (card.claim ? normalizeText(card.claim) || null : null), 'same claim'),
  ];
}
