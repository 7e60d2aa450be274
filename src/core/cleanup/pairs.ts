// The duplicate signals that link two cards of a cluster. Exact normalized title / claim matches come from hash maps
// (linear in the store); everything fuzzier comes from the batch pass (batch-pairs.ts). An exact match links only
// when the findings do not say they are two (neighbors/finding.ts): one title over different measurements, or one
// claim under titles pinned to different datasets, is two results.
import { compareFindings, findingOfCard, isAgainst, type Finding } from '../neighbors/finding.js';
import type { CardMeta } from '../store/cardMeta.js';
import type { Pair } from './clusters.js';
import { TextKeys } from './card-features.js';
import { drain, NEVER, type Pace } from '../steps.js';

/** How many earlier members of a group a card is checked against before it is left out. */
const MAX_HEADS = 8;

function* exactGroups(
  cards: readonly CardMeta[], key: (i: number) => string | null, reason: string, finding: (i: number) => Finding, pace: Pace, pairs: Pair[],
): Generator<number> {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i];
    const text = key(i);
    if ((i & 63) === 63 && pace()) yield 0;
    if (!text) continue;
    const k = `${card.kindDir}\u0000${text}`;
    const list = groups.get(k);
    if (list) list.push(i);
    else groups.set(k, [i]);
  }
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    if (pace()) yield 0;
    // Each member links to the first head (a member that linked to no earlier one) it agrees with: a star per head,
    // enough for union-find, and a 1,000-card group of one finding stays at 999 links.
    const heads: number[] = [members[0]];
    for (let m = 1; m < members.length; m++) {
      const i = members[m];
      const head = heads.slice(0, MAX_HEADS).find((h) => !isAgainst(compareFindings(finding(h), finding(i))));
      if (head !== undefined) pairs.push({ a: head, b: i, score: 1, reasons: [reason] });
      else heads.push(i);
    }
  }
}

/**
 * Pairs of cards (same kind) whose normalized titles, or normalized claims, are equal, and whose findings agree, in
 * steps (yielding 0 whenever `pace` says a step has run long enough). (The same body is a scored signal,
 * batch-pairs.ts: a body many cards share is a template.) `keys`: the cards' normalized texts, to share with the
 * scored pass.
 */
export function* exactPairSteps(cards: readonly CardMeta[], pace: Pace = NEVER, keys = new TextKeys(cards)): Generator<number, Pair[]> {
  const memo = new Map<number, Finding>();
  const finding = (i: number) => {
    let f = memo.get(i);
    if (!f) memo.set(i, (f = findingOfCard(cards[i])));
    return f;
  };
  const pairs: Pair[] = [];
  yield* exactGroups(cards, (i) => keys.title(i) || null, 'same title', finding, pace, pairs);
  yield* exactGroups(cards, (i) => keys.claim(i) || null, 'same claim', finding, pace, pairs);
  return pairs;
}

/** exactPairSteps at once. */
export function exactPairs(cards: readonly CardMeta[]): Pair[] {
  return drain(exactPairSteps(cards));
}
