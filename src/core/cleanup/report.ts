// The clusters as plain data for `distill lessons --json` (and anything else that prints them).
import type { Cluster } from './clusters.js';
import type { CardMeta } from '../store/cardMeta.js';
import type { FindResult } from './find.js';

export interface ClusterCardJson {
  card_id: string;
  title: string;
  kind: string;
  path: string;
  tags: string[];
  keywords: string[];
  claim: string | null;
  updated_at: string | null;
  created_at: string | null;
  lineage_runs: string[];
}

export interface ClusterJson {
  cluster_id: string;
  kind: string;
  size: number;
  score: number;
  /** The id a merge of the whole cluster keeps (the oldest card). */
  survivor: string;
  cards: ClusterCardJson[];
  links: { a: string; b: string; score: number; reasons: string[] }[];
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function clusterJson(cluster: Cluster, createdAt: (card: CardMeta) => string | null = () => null): ClusterJson {
  return {
    cluster_id: cluster.id,
    kind: cluster.kind,
    size: cluster.cards.length,
    score: round(cluster.score),
    survivor: cluster.cards[0].id!,
    cards: cluster.cards.map((card) => ({
      card_id: card.id!,
      title: card.title,
      kind: card.kindDir,
      path: card.path,
      tags: card.tags,
      keywords: card.keywords,
      claim: card.claim,
      updated_at: card.updatedAt,
      created_at: createdAt(card),
      lineage_runs: card.lineageRuns,
    })),
    links: cluster.links.map((link) => ({ ...link, score: round(link.score) })),
  };
}

export function lessonsJson(home: string, result: FindResult) {
  return {
    home,
    considered: result.considered,
    state_cards_left_out: result.stateLeftOut,
    clusters: result.clusters.map((cluster) => clusterJson(cluster, result.createdAt)),
  };
}
