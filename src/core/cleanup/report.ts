// The clusters as plain data for `distill lessons --json` (and anything else that prints them).
import { NOT_SCORED, type Cluster, type Grade } from './clusters.js';
import { isAgainstReason } from '../neighbors/finding.js';
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

/** One pair of a cluster's cards: how sure the link is (null: not linked to each other) and the reasons both ways. */
export interface PairJson {
  a: string;
  b: string;
  score: number;
  grade: Grade | null;
  /** Every reason, for and against, as the engine gives them. */
  reasons: string[];
  /** The reasons for (what the two share) and against (what tells them apart: neighbors/finding.ts). */
  for: string[];
  against: string[];
}

export interface ClusterJson {
  cluster_id: string;
  kind: string;
  size: number;
  /** `same lesson`: its `same lesson` links alone join every card; `likely`: some card is in it by a `likely` link. */
  confidence: Grade;
  score: number;
  /** The id a merge of the whole cluster keeps (the oldest card). */
  survivor: string;
  cards: ClusterCardJson[];
  /** Every pair of its cards (up to 6 cards; above, the pairs that were scored), linked ones first, strongest first. */
  links: PairJson[];
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function clusterJson(cluster: Cluster, createdAt: (card: CardMeta) => string | null = () => null): ClusterJson {
  return {
    cluster_id: cluster.id,
    kind: cluster.kind,
    size: cluster.cards.length,
    confidence: cluster.confidence,
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
    links: cluster.links.map((link) => ({
      a: link.a,
      b: link.b,
      score: round(link.score),
      grade: link.grade,
      reasons: link.reasons,
      for: link.reasons.filter((r) => r !== NOT_SCORED && !isAgainstReason(r)),
      against: link.reasons.filter(isAgainstReason),
    })),
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
