// Neighbors of a draft among the global knowledge cards, through the core neighbor engine.
import type { Card, Draft } from '../core/model.js';
import { buildNeighborIndex } from '../core/neighbors/index.js';
import { toCardMeta } from '../core/store/cardMeta.js';
import type { NeighborItem } from './facade.js';

export interface NeighborFinder {
  find(draft: Draft, limit?: number): NeighborItem[];
}

export function createNeighborFinder(cards: readonly Card[]): NeighborFinder {
  const pool = cards.filter((c) => c.id && c.kindDir === 'knowledge');
  const byPath = new Map(pool.map((c) => [c.path, c]));
  const index = buildNeighborIndex(pool.map((c) => toCardMeta(c.path, c.kindDir, c.scope, c.meta, c.body, c.stat, c.questId)));
  return {
    find(draft, limit = 5) {
      const lineageRuns = Array.isArray(draft.meta.lineage)
        ? draft.meta.lineage.map((e) => (e && typeof e === 'object' ? String((e as Record<string, unknown>).run ?? '') : '')).filter(Boolean)
        : [];
      const keywords = Array.isArray(draft.meta.keywords) ? draft.meta.keywords.map(String) : [];
      const found = index.query(
        { title: draft.title, claim: draft.claim, body: draft.body, tags: draft.tags, keywords, lineageRuns, excludeIds: [draft.id] },
        { limit },
      );
      return found.map((n) => ({
        cardId: n.card.id ?? n.card.path,
        title: n.card.title,
        score: n.score,
        reasons: n.reasons,
        path: n.card.path,
        text: byPath.get(n.card.path)?.raw ?? n.card.excerpt,
      }));
    },
  };
}
