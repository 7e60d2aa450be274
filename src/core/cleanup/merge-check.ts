// Checks before a merge. Clustering groups cards by shared words, so it also groups lessons that say opposite
// things with the same words ("Prefer GRPO over DPO" / "Prefer DPO over GRPO") or with other numbers ("warmup 0.03"
// / "warmup 0.06"). A merge would keep one claim and archive the other; such pairs are flagged in the confirm, and a
// merge with nothing marked is limited to small clusters.

/** A merge with no card marked takes the whole cluster only up to this many cards. */
export const MERGE_UNMARKED_MAX = 4;

export interface MergeCardText {
  id: string;
  title: string;
  claim: string | null;
}

export interface MergeFlag {
  a: string;
  b: string;
  why: string;
}

const NUMBER = /^[+-]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?%?$/;

function tokens(text: string): { words: string[]; numbers: string[] } {
  const all = text.toLowerCase().match(/[a-z0-9][a-z0-9.%+-]*/g) ?? [];
  const words: string[] = [];
  const numbers: string[] = [];
  for (const raw of all) {
    const t = raw.replace(/[.,]+$/, '');
    if (NUMBER.test(t)) numbers.push(t.replace(/,/g, ''));
    else if (t) words.push(t);
  }
  return { words, numbers };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Why two statements with (nearly) the same words may still disagree, or null. */
export function statementConflict(x: string, y: string): string | null {
  const a = tokens(x);
  const b = tokens(y);
  const setA = new Set(a.words);
  const setB = new Set(b.words);
  const shared = [...setA].filter((w) => setB.has(w));
  const union = new Set([...setA, ...setB]).size;
  if (union === 0 || shared.length / union < 0.75) return null;
  const numsA = [...a.numbers].sort();
  const numsB = [...b.numbers].sort();
  if ((numsA.length || numsB.length) && !sameList(numsA, numsB)) {
    return `same words, other numbers (${a.numbers.join(', ') || 'none'} / ${b.numbers.join(', ') || 'none'})`;
  }
  // The shared words in the order each statement uses them: another order can mean the opposite claim.
  const inOrder = (words: string[]) => [...new Set(words.filter((w) => setA.has(w) && setB.has(w)))];
  if (!sameList(inOrder(a.words), inOrder(b.words))) return 'same words in another order: they may claim the opposite';
  return null;
}

/** Pairs among the cards whose titles or claims match in words but differ in order or numbers. */
export function conflictingPairs(cards: readonly MergeCardText[]): MergeFlag[] {
  const flags: MergeFlag[] = [];
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      const [p, q] = [cards[i], cards[j]];
      const why =
        statementConflict(p.title, q.title) ?? (p.claim && q.claim ? statementConflict(p.claim, q.claim) : null);
      if (why) flags.push({ a: p.id, b: q.id, why });
    }
  }
  return flags;
}
