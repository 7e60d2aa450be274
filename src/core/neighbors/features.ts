// What the neighbor engine indexes of each card: the IDF words of its title, claim and keywords, the normalized title
// and claim (exact-match keys, trigram input), its tags, lineage runs and body key. With these an index is built
// without the card itself (decoded only when a query ranks it), and they are what feature-cache.ts keeps on disk.
import type { CardMeta } from '../store/cardMeta.js';
import { normalizeText, wordTokens } from './tokens.js';

export interface CardFeatures {
  /** Unique stemmed words of title, claim and keywords, in first-seen order. */
  tokens: string[];
  titleKey: string;
  claimKey: string;
  tags: readonly string[];
  runs: readonly string[];
  /** The body fingerprint's key (fingerprint.ts), null for an empty body. */
  bodyKey: string | null;
}

export function cardFeatures(card: Pick<CardMeta, 'title' | 'claim' | 'keywords' | 'tags' | 'lineageRuns' | 'body'>): CardFeatures {
  const tokens = wordTokens(card.title);
  if (card.claim) wordTokens(card.claim, tokens);
  for (const keyword of card.keywords) wordTokens(keyword, tokens);
  return {
    tokens,
    titleKey: normalizeText(card.title),
    claimKey: card.claim ? normalizeText(card.claim) : '',
    tags: card.tags,
    runs: card.lineageRuns,
    bodyKey: card.body?.key ?? null,
  };
}

/** Features of a card, computed or taken from a cache. */
export type FeaturesOf = (card: CardMeta) => CardFeatures;
