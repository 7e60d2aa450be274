// Neighbors of a draft among the global knowledge cards, through the core neighbor engine. The index holds metadata
// only; the text shown beside a neighbor is read whole through `global` (the review facade's view reads each card once
// per load, so it is the same text a patch of it is planned from).
import { openNeighborIndex, type CardMeta, type Draft, type GlobalCards, type IndexedStore, type RefreshResult } from '../../core/index.js';
import type { NeighborItem } from './facade.js';

export interface NeighborFinder {
  find(draft: Draft, limit?: number): NeighborItem[];
  /** Keeps the index current after the store re-read changed files (Store.refresh()). */
  apply(change: RefreshResult): void;
}

const inPool = (card: Pick<CardMeta, 'id' | 'kindDir'>) => card.id !== null && card.kindDir === 'knowledge';

/** `store`: the global store `global` reads (its cards' features are cached between sessions beside its cache). */
export function createNeighborFinder(global: GlobalCards, store: IndexedStore): NeighborFinder {
  const { index } = openNeighborIndex(store, (id, kindDir) => inPool({ id, kindDir }));
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
        text: global.readCard(n.card).card?.raw ?? n.card.excerpt,
      }));
    },
    apply(change) {
      // A card that left the pool (its kind or id changed) is removed; one that joined it is added.
      index.apply({
        added: change.added.filter(inPool),
        updated: change.updated.filter(inPool),
        removed: [...change.removed, ...change.updated.filter((c) => !inPool(c))],
      });
    },
  };
}
