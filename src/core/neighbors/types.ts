// The neighbor engine's shapes: what a query asks with, what it answers, and what it keeps per card.
import type { CardMeta } from '../store/cardMeta.js';
import type { CardFeatures } from './features.js';

export interface NeighborProbe {
  title: string;
  claim?: string | null;
  body?: string | null;
  tags: readonly string[];
  keywords?: readonly string[];
  lineageRuns?: readonly string[];
  /** Card ids never returned (e.g. the card being asked about). */
  excludeIds?: readonly string[];
  /** Card paths never returned. */
  excludePaths?: readonly string[];
}

export interface Neighbor {
  card: CardMeta;
  /** 0..1; 1 for an exact (normalized) title or claim. */
  score: number;
  /** Why it matched: 'exact title', 'shared tags: a, b', 'title similarity 0.82', 'same lineage run run-x', ... */
  reasons: string[];
}

export type KeyPart = 'title' | 'claim' | 'body';

export interface Doc extends CardFeatures {
  /** The card; for a doc added by its features alone, decoded on first access. */
  readonly card: CardMeta;
  path: string;
  /** How many tags, where the doc knows it without making them (feature-file.ts). */
  readonly tagTotal?: number;
  /** Whether its title, claim or body key is `key`, where the doc tells without making its own (feature-file.ts). */
  keyIs?(which: KeyPart, key: string): boolean;
  /** Trigram codes, computed the first time the card is a candidate. */
  titleGrams?: Int32Array;
  claimGrams?: Int32Array;
}

/** A card that passed the prefilter, with its word mass matched and tags shared. */
export interface Cand {
  slot: number;
  doc: Doc;
  matched: number;
  hits: number;
  pre: number;
}
