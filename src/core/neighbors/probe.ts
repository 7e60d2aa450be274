// What a neighbor query asks with: built from a card already in the store, or from a draft's frontmatter and body.
import { stringOrNull, tagList } from '../cards.js';
import type { Meta } from '../model.js';
import type { CardMeta } from '../store/cardMeta.js';
import type { NeighborProbe } from './engine.js';
import { withBodyFields } from '../format/body-fields.js';

/** A probe for a card of the store; the card itself is excluded from its neighbors. */
export function probeFromCard(card: CardMeta): NeighborProbe {
  return {
    title: card.title,
    claim: card.claim,
    tags: card.tags,
    keywords: card.keywords,
    lineageRuns: card.lineageRuns,
    excludeIds: card.id ? [card.id] : [],
    excludePaths: [card.path],
  };
}

/** A probe from parsed frontmatter (a draft file, a quest card); `fallbackTitle` when there is no title. */
export function probeFromMeta(top: Meta, body: string, fallbackTitle: string, file?: string): NeighborProbe {
  const meta = withBodyFields(top, body); // dual frontmatter: a claim or keywords in a block at the body's start
  const runs: string[] = [];
  if (Array.isArray(meta.lineage)) {
    for (const entry of meta.lineage) {
      const run = entry && typeof entry === 'object' ? stringOrNull((entry as Meta).run)?.trim() : null;
      if (run && !runs.includes(run)) runs.push(run);
    }
  }
  const id = stringOrNull(meta.id);
  const keywords = typeof meta.keywords === 'string' ? tagList(meta.keywords.split(',')) : tagList(meta.keywords);
  return {
    title: stringOrNull(meta.title) ?? fallbackTitle,
    claim: stringOrNull(meta.claim)?.trim() || null,
    body,
    tags: tagList(meta.tags),
    keywords,
    lineageRuns: runs,
    // A promoted quest card keeps its id in global memory: that copy is the same card, not a neighbor.
    excludeIds: id ? [id] : [],
    excludePaths: file ? [file] : [],
  };
}
