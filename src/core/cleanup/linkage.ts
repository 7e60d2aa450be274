// Which pairs may join clusters, so a cluster never chains through one shared-topic card: exact pairs (same title,
// claim or body) join at once; every other pair, strongest first, joins two groups only when the cards of the two are
// linked to each other densely enough: at least half the cross pairs strong (at the threshold), and the strong ones
// plus half the weaker support pairs (scored just under it) at least DENSITY of them.
import type { Pair } from './clusters.js';

/** Share of the cross pairs of two groups that must be linked for them to merge. */
const DENSITY = 0.6;

const EXACT = new Set(['same title', 'same claim', 'same body']);

function isExact(pair: Pair): boolean {
  return pair.score >= 1 && pair.reasons.some((r) => EXACT.has(r));
}

/** The pairs (at or above `threshold`) that link clusters; `pairs` may hold weaker ones as support. */
export function linkedPairs(n: number, pairs: readonly Pair[], threshold: number): Pair[] {
  const key = (a: number, b: number) => (a < b ? a * n + b : b * n + a);
  // 1 for a strong pair, 0.5 for a support pair.
  const known = new Map<number, number>();
  for (const pair of pairs) known.set(key(pair.a, pair.b), Math.max(known.get(key(pair.a, pair.b)) ?? 0, pair.score >= threshold ? 1 : 0.5));
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
  const exact = pairs.filter(isExact);
  for (const pair of exact) {
    const ra = find(pair.a);
    const rb = find(pair.b);
    if (ra !== rb) union(ra, rb);
    kept.push(pair);
  }
  const rest = pairs.filter((p) => !isExact(p) && p.score >= threshold).sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
  for (const pair of rest) {
    const ra = find(pair.a);
    const rb = find(pair.b);
    if (ra !== rb) {
      const ga = groupOf(ra);
      const gb = groupOf(rb);
      let strong = 0;
      let weight = 0;
      for (const x of ga) {
        for (const y of gb) {
          const w = known.get(key(x, y)) ?? 0;
          weight += w;
          if (w === 1) strong++;
        }
      }
      const cross = ga.length * gb.length;
      if (strong < cross / 2 || weight < DENSITY * cross) continue;
      union(ra, rb);
    }
    kept.push(pair);
  }
  return kept;
}
