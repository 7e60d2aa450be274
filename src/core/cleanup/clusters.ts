// Clusters of likely duplicate cards in the global store: union-find over the pairs a duplicate signal links
// (src/core/cleanup/pairs.ts). Only cards that can be acted on take part: with an id, not ignored, and paired only
// with cards of the same kind directory (a paper and a lesson with one title are not duplicates of each other).
import { MEMORY_KINDS, type MemoryKind } from '../model.js';
import type { CardMeta } from '../store/cardMeta.js';
import { sha256Hex } from '../review/ids.js';

/** How sure a link is (linkage.ts): `same lesson` at the threshold, `likely` for nearest neighbors under it. */
export type Grade = 'same lesson' | 'likely';

/** One link between two cards (indexes into the clustered card list) and why it was made. */
export interface Pair {
  a: number;
  b: number;
  /** 0..1: how sure the signal is that the two say the same thing. */
  score: number;
  reasons: string[];
  /** Set on the pairs that link (linkage.ts): how sure the link is. */
  grade?: Grade;
}

export interface ClusterLink {
  a: string;
  b: string;
  score: number;
  /** For and against, as the signals report them (neighbors/finding.ts isAgainstReason tells the ones against). */
  reasons: string[];
  /** How sure the link is; null for two members that are not linked to each other (in the cluster through others). */
  grade: Grade | null;
}

export interface Cluster {
  /** `cluster-<8hex>` of the member ids: stable while the membership is. */
  id: string;
  kind: MemoryKind;
  /** Oldest first (by `created_at`, then `updated_at`, then path): the first one survives a merge. */
  cards: CardMeta[];
  /** Every pair of members (linked ones first, strongest first): up to MAX_PAIRS_SHOWN members, else the scored ones. */
  links: ClusterLink[];
  /** The strongest link's score. */
  score: number;
  /** `same lesson` when its `same lesson` links alone join every member, else `likely`. */
  confidence: Grade;
}

/** Up to this many members, a cluster lists every pair of them, scored or not; above, the pairs that were scored. */
const MAX_PAIRS_SHOWN = 6;

/** Reasons of two members that were never scored against each other. */
export const NOT_SCORED = 'not compared: too little in common to score';

/** Cards that may join a cluster: usable ids, not `ignored: true`. */
export function clusterable(cards: readonly CardMeta[]): CardMeta[] {
  return cards.filter((card) => card.id !== null && !card.ignored);
}

/**
 * Whether two cards may be linked: a state card (a checkpoint, state-cards.ts) only with another state card, and only
 * when state cards are asked for (--include-state): a resume packet is never merged into a lesson.
 */
export function statePairable(x: Pick<CardMeta, 'state'>, y: Pick<CardMeta, 'state'>, includeState = false): boolean {
  return x.state === y.state && (includeState || !x.state);
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(x: number): number {
    let root = x;
    while (this.parent[root] !== root) root = this.parent[root];
    while (this.parent[x] !== root) {
      const next = this.parent[x];
      this.parent[x] = root;
      x = next;
    }
    return root;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

export interface ClusterOrder {
  /** `created_at` of a card, when known (read from the file by the caller; CardMeta does not carry it). */
  createdAt?: (card: CardMeta) => string | null;
}

/**
 * Two timestamps (or paths), missing last: as instants when both read as dates (`10:00+09:00` is before
 * `02:00+00:00`), else as text. The oldest card survives a merge (merge.ts mergeOrder), so this must read offsets.
 */
export function compareStamps(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  if (!Number.isNaN(ta) && !Number.isNaN(tb) && ta !== tb) return ta - tb;
  return a < b ? -1 : 1;
}

/** Oldest first; the order decides which id survives a merge. */
export function oldestFirst(cards: CardMeta[], order: ClusterOrder = {}): CardMeta[] {
  const created = new Map(cards.map((card) => [card, order.createdAt?.(card) ?? null]));
  return [...cards].sort(
    (x, y) =>
      compareStamps(created.get(x)!, created.get(y)!) ||
      compareStamps(x.updatedAt, y.updatedAt) ||
      compareStamps(x.path, y.path),
  );
}

export function clusterId(cards: readonly CardMeta[]): string {
  const ids = cards.map((card) => card.id ?? card.path).sort();
  return `cluster-${sha256Hex('cluster', ...ids).slice(0, 8)}`;
}

/** Whether the `same lesson` links alone join every member (indexes into the clustered cards). */
function sureOf(members: readonly number[], links: readonly Pair[]): boolean {
  const uf = new Map<number, number>(members.map((m) => [m, m]));
  const find = (x: number): number => {
    while (uf.get(x) !== x) x = uf.get(x)!;
    return x;
  };
  for (const link of links) if (link.grade !== 'likely') uf.set(find(link.a), find(link.b));
  const root = find(members[0]);
  return members.every((m) => find(m) === root);
}

/**
 * Groups `cards` by the given pairs (linkage.ts linkedPairs: each with its grade; a pair without one is a `same
 * lesson` link). Pairs across kind directories, with an ignored or id-less card, or with a card paired to itself are
 * dropped. `scored`: every pair that was scored, so a cluster lists what was found for and against its unlinked members
 * too. Clusters of two or more, largest first, knowledge before other kinds, then strongest, then by first path.
 */
export function buildClusters(cards: readonly CardMeta[], pairs: Iterable<Pair>, order: ClusterOrder = {}, scored: readonly Pair[] = []): Cluster[] {
  const uf = new UnionFind(cards.length);
  const kept: Pair[] = [];
  const usable = (a: number, b: number) => {
    if (a === b || a < 0 || b < 0 || a >= cards.length || b >= cards.length) return false;
    const x = cards[a];
    const y = cards[b];
    return x.kindDir === y.kindDir && x.id !== null && y.id !== null && !x.ignored && !y.ignored;
  };
  for (const pair of pairs) {
    if (!usable(pair.a, pair.b)) continue;
    uf.union(pair.a, pair.b);
    kept.push(pair);
  }
  const groups = new Map<number, number[]>();
  const linksOf = new Map<number, Pair[]>();
  for (const pair of kept) {
    const root = uf.find(pair.a);
    for (const i of [pair.a, pair.b]) {
      let members = groups.get(root);
      if (!members) groups.set(root, (members = []));
      if (!members.includes(i)) members.push(i);
    }
    let links = linksOf.get(root);
    if (!links) linksOf.set(root, (links = []));
    links.push(pair);
  }
  const weaker = new Map<number, Pair[]>();
  for (const pair of scored) {
    if (!usable(pair.a, pair.b)) continue;
    const root = uf.find(pair.a);
    if (root !== uf.find(pair.b) || !groups.has(root)) continue;
    let list = weaker.get(root);
    if (!list) weaker.set(root, (list = []));
    list.push(pair);
  }
  const clusters: Cluster[] = [];
  for (const [root, members] of groups) {
    if (members.length < 2) continue;
    const memberCards = oldestFirst(members.map((i) => cards[i]), order);
    const own = linksOf.get(root) ?? [];
    const byKey = new Map<string, ClusterLink>();
    const add = (pair: Pair, grade: Grade | null) => {
      const [p, q] = [cards[pair.a].id!, cards[pair.b].id!].sort();
      const k = `${p}\u0000${q}`;
      const old = byKey.get(k);
      if (!old) byKey.set(k, { a: p, b: q, score: pair.score, reasons: [...pair.reasons], grade });
      else {
        old.score = Math.max(old.score, pair.score);
        if (old.grade !== 'same lesson' && grade) old.grade = grade;
        for (const reason of pair.reasons) if (!old.reasons.includes(reason)) old.reasons.push(reason);
      }
    };
    for (const pair of own) add(pair, pair.grade ?? 'same lesson');
    for (const pair of weaker.get(root) ?? []) add(pair, null);
    if (members.length <= MAX_PAIRS_SHOWN) {
      const ids = memberCards.map((c) => c.id!).sort();
      for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
          const k = `${ids[i]}\u0000${ids[j]}`;
          if (!byKey.has(k)) byKey.set(k, { a: ids[i], b: ids[j], score: 0, reasons: [NOT_SCORED], grade: null });
        }
      }
    }
    const rank = (l: ClusterLink) => (l.grade === 'same lesson' ? 0 : l.grade === 'likely' ? 1 : 2);
    const links = [...byKey.values()].sort((x, y) => rank(x) - rank(y) || y.score - x.score || compareStamps(x.a, y.a) || compareStamps(x.b, y.b));
    clusters.push({
      id: clusterId(memberCards),
      kind: memberCards[0].kindDir,
      cards: memberCards,
      links,
      score: links.reduce((max, link) => (link.grade ? Math.max(max, link.score) : max), 0),
      confidence: sureOf(members, own) ? 'same lesson' : 'likely',
    });
  }
  const firstPath = (c: Cluster) => c.cards.reduce((min, card) => (card.path < min ? card.path : min), c.cards[0].path);
  // `same lesson` before `likely`; then largest first; at one size, lessons (knowledge cards) before the other kinds, so
  // the list reads by kind; then the strongest.
  const kindRank = (c: Cluster) => (c.kind === 'knowledge' ? -1 : MEMORY_KINDS.indexOf(c.kind));
  const sure = (c: Cluster) => (c.confidence === 'same lesson' ? 0 : 1);
  return clusters.sort(
    (x, y) =>
      sure(x) - sure(y) || y.cards.length - x.cards.length || kindRank(x) - kindRank(y) || y.score - x.score || compareStamps(firstPath(x), firstPath(y)),
  );
}
