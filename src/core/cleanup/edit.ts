// Edit: the text a person wrote in $EDITOR becomes the card, with `updated_at` set. It must still be a card
// DeepScientist reads (frontmatter, same id); anything else is refused with the file named and nothing written.
import { UserError } from '../errors.js';
import { stringOrNull } from '../cards.js';
import { deepScientistReadsFrontmatter } from '../format/serialize.js';
import { editCard } from '../review/fm-edit.js';
import { canonicalJson } from '../review/ids.js';
import { actionIdFor, appliedRecord, parsedMeta, readGlobalCard, type CleanupOptions, type CleanupPlan } from './plan.js';

/** The same card text but for `updated_at` (a staged merge's result, planned again at write time, differs only there). */
export function sameButUpdatedAt(a: string, b: string, file: string): boolean {
  if (a === b) return true;
  const x = parsedMeta(a, file);
  const y = parsedMeta(b, file);
  const { updated_at: _x, ...mx } = x.meta;
  const { updated_at: _y, ...my } = y.meta;
  return x.body === y.body && canonicalJson(mx) === canonicalJson(my);
}

/**
 * `base` is the text the edit was made from (the card as the staged actions before it leave it). When the card on
 * disk is no longer that text, the edit would overwrite what it never saw (a merge's lineage, another edit): refused.
 */
export function planEdit(home: string, file: string, text: string, options: CleanupOptions, base?: string): CleanupPlan | null {
  const card = readGlobalCard(home, file);
  if (base !== undefined && !sameButUpdatedAt(card.raw, base, file)) {
    throw new UserError(`${file}: card ${card.id} is not the text the edit was made from (it changed since); edit not written, edit it again`);
  }
  if (text === card.raw) return null;
  if (!text.startsWith('---\n') || text.includes('\r')) throw new UserError(`${file}: edited text must start with "---" and use \\n line ends`);
  const { meta, body } = parsedMeta(text, file);
  if (stringOrNull(meta.id) !== card.id) throw new UserError(`${file}: the edit changed the id (${card.id}); ids are kept`);
  const after = editCard(text, meta, { ...meta, updated_at: options.now }, body);
  if (!deepScientistReadsFrontmatter(after)) throw new UserError(`${file}: a "---" inside a value would cut DeepScientist's frontmatter`);
  const actionId = actionIdFor(home, 'edit', [card.path, card.raw, after]);
  return {
    home,
    recordUpdates: [],
    summary: `edit ${card.id}`,
    record: appliedRecord('edit', actionId, options, {
      cards: [card.id!], revised: [{ card_id: card.id!, path: card.path, before: card.raw, after }], archived: [],
    }),
  };
}
