// Neighbors of a draft among the global cards, for the review facade. A stand-in until src/core/neighbors lands:
// tag and title-word inverted indexes pick the candidates, then shared tags and title overlap rank them.
import type { Card, Draft } from '../core/model.js';
import type { NeighborItem } from './facade.js';

export interface NeighborFinder {
  find(draft: Draft, limit?: number): NeighborItem[];
}

const STOP = new Set(['the', 'a', 'an', 'of', 'on', 'in', 'for', 'to', 'and', 'or', 'is', 'are', 'with', 'by', 'at', 'than', 'more', 'most']);

function words(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !STOP.has(w)))];
}

export function createNeighborFinder(_home: string, cards: readonly Card[]): NeighborFinder {
  const pool = cards.filter((c) => c.id && c.kindDir === 'knowledge' && c.meta.ignored !== true);
  const byTag = new Map<string, number[]>();
  const byWord = new Map<string, number[]>();
  const titleWords = pool.map((c) => words(c.title));
  pool.forEach((card, i) => {
    for (const t of card.tags) byTag.set(t, [...(byTag.get(t) ?? []), i]);
    for (const w of titleWords[i]) byWord.set(w, [...(byWord.get(w) ?? []), i]);
  });
  return {
    find(draft, limit = 5) {
      const tags = new Set(draft.tags);
      const dw = words(`${draft.title} ${draft.claim ?? ''}`);
      const seen = new Set<number>();
      for (const t of tags) for (const i of byTag.get(t) ?? []) seen.add(i);
      for (const w of dw) for (const i of byWord.get(w) ?? []) seen.add(i);
      const scored: NeighborItem[] = [];
      for (const i of seen) {
        const card = pool[i];
        if (card.id === draft.id) continue;
        const shared = card.tags.filter((t) => tags.has(t));
        const common = titleWords[i].filter((w) => dw.includes(w));
        const tagScore = shared.length / Math.max(1, new Set([...card.tags, ...tags]).size);
        const wordScore = common.length / Math.max(1, titleWords[i].length);
        const score = 0.5 * tagScore + 0.5 * wordScore;
        const reasons: string[] = [];
        if (shared.length) reasons.push(`shared tags: ${shared.join(', ')}`);
        if (common.length) reasons.push(`title words: ${common.join(', ')}`);
        scored.push({ cardId: card.id!, title: card.title, score, reasons, path: card.path, text: card.raw });
      }
      scored.sort((a, b) => b.score - a.score || a.cardId.localeCompare(b.cardId));
      return scored.slice(0, limit);
    },
  };
}
