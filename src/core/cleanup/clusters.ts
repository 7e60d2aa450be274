// Clusters of likely duplicate cards in the global store: union-find over the pairs a duplicate signal links
// (src/core/cleanup/pairs.ts). Only cards that can be acted on take part: with an id, not ignored, and paired only
// with cards of the same kind directory (a paper and a lesson with one title are not duplicates of each other).
import { MEMORY_KINDS, type MemoryKind } from '../model.js';
import type { CardMeta } from '../store/cardMeta.js';
import { sha256Hex } from '../review/ids.js';

/** One link between two cards (indexes into the clustered card list) and why it was made. */
export interface Pair {
  a: number;
  b: number;
  /** 0..1: how sure the signal is that the two say the same thing. */
  score: number;
  reasons: string[];
}

export interface ClusterLink {
  a: string;
  b: string;
  score: number;
  reasons: string[];
}

export interface Cluster {
  /** `cluster-<8hex>` of the member ids: stable while the membership is. */
  id: string;
  kind: MemoryKind;
  /** Oldest first (by `created_at`, then `updated_at`, then path): the first one survives a merge. */
  cards: CardMeta[];
  links: ClusterLink[];
  /** The strongest link's score. */
  score: number;
}

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

/**
 * Groups `cards` by the given pairs. Pairs across kind directories, with an ignored or id-less card, or with a card
 * paired to itself are dropped. Clusters of two or more, largest first, knowledge before other kinds, then strongest,
 * then by first path.
 */
export function buildClusters(cards: readonly CardMeta[], pairs: Iterable<Pair>, order: ClusterOrder = {}): Cluster[] {
  const uf = new UnionFind(cards.length);
  const kept: Pair[] = [];
  for (const pair of pairs) {
    const { a, b } = pair;
    if (a === b || a < 0 || b < 0 || a >= cards.length || b >= cards.length) continue;
    const x = cards[a];
    const y = cards[b];
    if (x.kindDir !== y.kindDir || x.id === null || y.id === null || x.ignored || y.ignored) continue;
    uf.union(a, b);
    kept.push(pair);
  }
  const groups = new Map<number, number[]>();
  for (const pair of kept) {
    for (const i of [pair.a, pair.b]) {
      const root = uf.find(i);
      let members = groups.get(root);
      if (!members) groups.set(root, (members = []));
      if (!members.includes(i)) members.push(i);
    }
  }
  const linksOf = new Map<number, Map<string, ClusterLink>>();
  for (const pair of kept) {
    const root = uf.find(pair.a);
    let links = linksOf.get(root);
    if (!links) linksOf.set(root, (links = new Map()));
    const [p, q] = [cards[pair.a].id!, cards[pair.b].id!].sort();
    const key = `${p}\u0000${q}`;
    const old = links.get(key);
    if (!old) links.set(key, { a: p, b: q, score: pair.score, reasons: [...pair.reasons] });
    else {
      old.score = Math.max(old.score, pair.score);
      for (const reason of pair.reasons) if (!old.reasons.includes(reason)) old.reasons.push(reason);
    }
  }
  const clusters: Cluster[] = [];
  for (const [root, members] of groups) {
    if (members.length < 2) continue;
    const memberCards = oldestFirst(members.map((i) => cards[i]), order);
    const links = [...(linksOf.get(root)?.values() ?? [])].sort((x, y) => y.score - x.score || compareStamps(x.a, y.a) || compareStamps(x.b, y.b));
    clusters.push({
      id: clusterId(memberCards),
      kind: memberCards[0].kindDir,
      cards: memberCards,
      links,
      score: links.reduce((max, link) => Math.max(max, link.score), 0),
    });
  }
  const firstPath = (c: Cluster) => c.cards.reduce((min, card) => (card.path < min ? card.path : min), c.cards[0].path);
  // Largest first; at one size, lessons (knowledge cards) before the other kinds, so the list reads by kind; then the
  // strongest.
  const kindRank = (c: Cluster) => (c.kind === 'knowledge' ? -1 : MEMORY_KINDS.indexOf(c.kind));
  return clusters.sort(
    (x, y) => y.cards.length - x.cards.length || kindRank(x) - kindRank(y) || y.score - x.score || compareStamps(firstPath(x), firstPath(y)),
  );
}
