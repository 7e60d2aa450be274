// Which scored pairs link cards into clusters, and how sure each link is (issue 34). Two grades:
//   - `same lesson`: the duplicate score reaches the threshold (exact pairs: the same title, claim or body, always);
//   - `likely`: under it, but the two cards are each other's nearest neighbors: each is among the other's LIKELY_RANK
//     strongest pairs, within MARGIN of the other's best, and nothing is held against the pair (the findings compared:
//     opposite directions, other specifics, another quantity... findingReasons).
// Links join groups strongest first (exact, then `same lesson`, then `likely`), and only when the cards of the two
// groups are linked to each other densely enough, so a cluster never chains through one shared-topic card: at least half
// the cross pairs linked, and the links plus half the weaker pairs (scored, not linked) at least DENSITY of them; a
// cross pair with evidence against counts against. A `likely` link never makes a group larger than LIKELY_SIZE: one
// lesson is written down a few times, a topic many.
import { isAgainstReason } from '../neighbors/finding.js';
import type { Grade, Pair } from './clusters.js';

/** Share of the cross pairs of two groups that must be linked (weaker pairs count half) for them to merge... */
const DENSITY = 0.6;
/** ...by a `likely` link: one lesson told in a terse note and in a story shares little with itself (tuned on the
 *  held-out set's tuning part, fixtures/dups-eval/heldout/tune.json). */
const LIKELY_DENSITY = 0.5;
/** Below the threshold, a pair this strong may still be a `likely` link (and weaker pairs never are). */
export const LIKELY_FLOOR = 0.25;
/** A `likely` pair is among the LIKELY_RANK strongest pairs of both cards... */
const LIKELY_RANK = 2;
/** ...and scores at least MARGIN of each card's strongest pair... */
const MARGIN = 0.75;
/**
 * ...and stands out: in each card's pairs, strongest first, the score drops by GAP somewhere between this pair and the
 * LIKELY_RANK-th (a card whose pairs all score alike is on a topic many cards share, not a lesson written twice). Past
 * the last pair kept, the scores are taken to be under the floor by GAP.
 */
const GAP = 0.1;
/** The most cards a group joined by a `likely` link may hold. */
export const LIKELY_SIZE = 4;

export type { Grade };

const EXACT = new Set(['same title', 'same claim', 'same body']);

function isExact(pair: Pair): boolean {
  return pair.score >= 1 && pair.reasons.some((r) => EXACT.has(r));
}

export function hasAgainst(pair: Pair): boolean {
  return pair.reasons.some(isAgainstReason);
}

/** Per card, its pairs' scores, strongest first. */
function scoresByCard(n: number, pairs: readonly Pair[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const add = (i: number, score: number) => {
    const list = out.get(i);
    if (list) list.push(score);
    else out.set(i, [score]);
  };
  for (const pair of pairs) {
    if (pair.a === pair.b || pair.a < 0 || pair.b < 0 || pair.a >= n || pair.b >= n) continue;
    add(pair.a, pair.score);
    add(pair.b, pair.score);
  }
  for (const list of out.values()) list.sort((x, y) => y - x);
  return out;
}

/** Whether the card's scores drop by GAP between rank `rank` and LIKELY_RANK (stands out). */
function standsOut(scores: readonly number[], rank: number, floor: number): boolean {
  for (let k = rank; k <= LIKELY_RANK; k++) {
    const next = k < scores.length ? scores[k] : floor - GAP;
    if (scores[k - 1] - next >= GAP) return true;
  }
  return false;
}

/** 1 + how many of the card's pairs score above `score`. */
function rankOf(scores: readonly number[], score: number): number {
  let k = 0;
  while (k < scores.length && scores[k] > score) k++;
  return k + 1;
}

/**
 * The pairs (among `pairs`, which may hold weaker ones as support) that link clusters, each with its grade and, for a
 * `likely` one, the reason it links (`nearest neighbors: 1st / 2nd`).
 */
export function linkedPairs(n: number, pairs: readonly Pair[], threshold: number): Pair[] {
  const key = (a: number, b: number) => (a < b ? a * n + b : b * n + a);
  const scores = scoresByCard(n, pairs);
  const candidates: Pair[] = [];
  // 1 for a link, 0.5 for a weaker pair, -1 for a pair with evidence against.
  const known = new Map<number, number>();
  for (const pair of pairs) {
    const k = key(pair.a, pair.b);
    const exact = isExact(pair);
    const against = !exact && hasAgainst(pair);
    if (!known.has(k)) known.set(k, against ? -1 : 0.5);
    if (exact || pair.score >= threshold) {
      candidates.push({ ...pair, grade: 'same lesson' });
      continue;
    }
    if (pair.score < LIKELY_FLOOR || against) continue;
    const sa = scores.get(pair.a)!;
    const sb = scores.get(pair.b)!;
    const ra = rankOf(sa, pair.score);
    const rb = rankOf(sb, pair.score);
    if (ra > LIKELY_RANK || rb > LIKELY_RANK || pair.score < MARGIN * sa[0] || pair.score < MARGIN * sb[0]) continue;
    if (!standsOut(sa, ra, LIKELY_FLOOR) || !standsOut(sb, rb, LIKELY_FLOOR)) continue;
    const ordinal = (r: number) => `${r}${r === 1 ? 'st' : r === 2 ? 'nd' : r === 3 ? 'rd' : 'th'}`;
    candidates.push({ ...pair, grade: 'likely', reasons: [...pair.reasons, `nearest neighbors: ${ordinal(ra)} / ${ordinal(rb)}`] });
  }
  for (const pair of candidates) known.set(key(pair.a, pair.b), 1);
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const members = new Map<number, number[]>();
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const groupOf = (root: number) => members.get(root) ?? [root];
  const union = (ra: number, rb: number) => {
    const [keep, drop] = ra < rb ? [ra, rb] : [rb, ra];
    members.set(keep, [...groupOf(keep), ...groupOf(drop)]);
    members.delete(drop);
    parent[drop] = keep;
  };
  const kept: Pair[] = [];
  const order = (p: Pair) => (isExact(p) ? 0 : p.grade === 'same lesson' ? 1 : 2);
  candidates.sort((x, y) => order(x) - order(y) || y.score - x.score || x.a - y.a || x.b - y.b);
  for (const pair of candidates) {
    const ra = find(pair.a);
    const rb = find(pair.b);
    if (ra !== rb && !isExact(pair)) {
      const ga = groupOf(ra);
      const gb = groupOf(rb);
      if (pair.grade === 'likely' && ga.length + gb.length > LIKELY_SIZE) continue;
      let linked = 0;
      let weight = 0;
      for (const x of ga) {
        for (const y of gb) {
          const w = known.get(key(x, y)) ?? 0;
          weight += w;
          if (w === 1) linked++;
        }
      }
      const cross = ga.length * gb.length;
      if (linked < cross / 2 || weight < (pair.grade === 'likely' ? LIKELY_DENSITY : DENSITY) * cross) continue;
    }
    if (ra !== rb) union(ra, rb);
    kept.push(pair);
  }
  return kept;
}
