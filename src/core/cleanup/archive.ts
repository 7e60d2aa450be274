// Archive: a soft delete. The card file moves, byte for byte, out of `memory/` to
// `<home>/.distill/archive/<action-id>/<kind>/<file>.md`; `distill restore` puts it back.
import path from 'node:path';
import { UserError } from '../errors.js';
import type { Card } from '../model.js';
import { plural } from '../words.js';
import { actionIdFor, appliedRecord, readGlobalCard, type CleanupOptions, type CleanupPlan } from './plan.js';
import { archiveDir, type ArchivedCard } from './record.js';

export function archivePathFor(home: string, actionId: string, card: Card): string {
  return path.join(archiveDir(home), actionId, card.kindDir, path.basename(card.path));
}

/** Distinct card files, read in full; a one-line error for a repeated or unreadable one. */
export function readCards(home: string, files: readonly string[]): Card[] {
  const seen = new Set<string>();
  const cards: Card[] = [];
  for (const file of files) {
    const full = path.resolve(file);
    if (seen.has(full)) throw new UserError(`${full}: given twice`);
    seen.add(full);
    cards.push(readGlobalCard(home, full));
  }
  return cards;
}

export function archivedEntry(home: string, actionId: string, card: Card, supersededBy: string | null, archivedContent = card.raw): ArchivedCard {
  return {
    card_id: card.id!, path: card.path, content: card.raw, archive_path: archivePathFor(home, actionId, card),
    archived_content: archivedContent, superseded_by: supersededBy,
  };
}

export function planArchive(home: string, files: readonly string[], options: CleanupOptions): CleanupPlan {
  if (files.length === 0) throw new UserError('archive: no cards given');
  const cards = readCards(home, files);
  const actionId = actionIdFor(home, 'archive', cards.flatMap((c) => [c.path, c.raw]));
  const ids = cards.map((c) => c.id!);
  return {
    home,
    recordUpdates: [],
    summary: `archive ${plural(cards.length, 'card')}: ${ids.join(', ')}`,
    record: appliedRecord('archive', actionId, options, {
      cards: ids, revised: [], archived: cards.map((card) => archivedEntry(home, actionId, card, null)),
    }),
  };
}
