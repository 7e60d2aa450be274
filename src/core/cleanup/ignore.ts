// Ignore: `ignored: true` in the card's frontmatter (a minimal-change edit, `updated_at` set), so recall, neighbors and
// the duplicate clusters leave it out while DeepScientist still lists it.
import { UserError } from '../errors.js';
import { editCard } from '../review/fm-edit.js';
import { readCards } from './archive.js';
import { plural } from '../words.js';
import { actionIdFor, appliedRecord, parsedMeta, type CleanupOptions, type CleanupPlan } from './plan.js';

export function planIgnore(home: string, files: readonly string[], options: CleanupOptions): CleanupPlan {
  if (files.length === 0) throw new UserError('ignore: no cards given');
  const cards = readCards(home, files);
  for (const card of cards) if (card.meta.ignored === true) throw new UserError(`${card.path}: card ${card.id} is already ignored`);
  const actionId = actionIdFor(home, 'ignore', cards.flatMap((c) => [c.path, c.raw]));
  const revised = cards.map((card) => {
    const { meta, body } = parsedMeta(card.raw, card.path);
    const after = editCard(card.raw, meta, { ...meta, updated_at: options.now, ignored: true }, body);
    return { card_id: card.id!, path: card.path, before: card.raw, after };
  });
  const ids = cards.map((c) => c.id!);
  return {
    home,
    recordUpdates: [],
    summary: `ignore ${plural(cards.length, 'card')}: ${ids.join(', ')}`,
    record: appliedRecord('ignore', actionId, options, { cards: ids, revised, archived: [] }),
  };
}
