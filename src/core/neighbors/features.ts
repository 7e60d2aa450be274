// What the neighbor engine keeps of each card besides its metadata: the IDF words of its title, claim and keywords,
// and the normalized title and claim (exact-match keys, trigram input). Tokenizing is most of an index build, so
// these are what feature-cache.ts keeps on disk between processes.
import type { CardMeta } from '../store/cardMeta.js';
import { normalizeText, wordTokens } from './tokens.js';

export interface CardFeatures {
  /** Unique stemmed words of title, claim and keywords, in first-seen order. */
  tokens: string[];
  titleKey: string;
  claimKey: string;
}

export function cardFeatures(card: Pick<CardMeta, 'title' | 'claim' | 'keywords'>): CardFeatures {
  const tokens = wordTokens(card.title);
  if (card.claim) wordTokens(card.claim, tokens);
  for (const keyword of card.keywords) wordTokens(keyword, tokens);
  return { tokens, titleKey: normalizeText(card.title), claimKey: card.claim ? normalizeText(card.claim) : '' };
}

/** Features of a card, computed or taken from a cache. */
export type FeaturesOf = (card: CardMeta) => CardFeatures;
