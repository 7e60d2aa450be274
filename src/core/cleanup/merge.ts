// Merge: marked duplicates become one card. The oldest id survives (by `created_at`, then `updated_at`, then path) and
// keeps its claim (one without a claim takes the oldest other card's: a card whose lineage names several quests has its
// claim locked, so a merged card left without one could never be patched), title, confidence and file; it gains the others' lineage entries, tags and keywords (unions, its
// own first and kept as written: PR #60's append-only rule holds), `occurrences` becomes the sum (a card without one
// counts 1; one that is not a count is refused, card-fields.ts), and each other card's evidence is added to the body
// as a `Merged (<id>): ...` paragraph. The others are archived with `superseded_by: <survivor id>`.
import { withBodyFields } from '../format/body-fields.js';
import { stringOrNull } from '../cards.js';
import { UserError } from '../errors.js';
import type { Card, Meta } from '../model.js';
import { pyRstrip, pyStrip } from '../format/serialize.js';
import { normalizeTags } from '../review/card-new.js';
import { appendEntries, occurrencesOrRefuse, refuseNonList } from '../review/card-fields.js';
import { editCard } from '../review/fm-edit.js';
import { canonicalJson } from '../review/ids.js';
import { archivedEntry, readCards } from './archive.js';
import { compareStamps } from './clusters.js';
import { plural } from '../words.js';
import { actionIdFor, appliedRecord, parsedMeta, type CleanupOptions, type CleanupPlan } from './plan.js';

/** The survivor first, then the others oldest first. */
export function mergeOrder(cards: readonly Card[]): Card[] {
  return [...cards].sort(
    (x, y) =>
      compareStamps(stringOrNull(x.meta.created_at), stringOrNull(y.meta.created_at)) ||
      compareStamps(x.updatedAt, y.updatedAt) ||
      compareStamps(x.path, y.path),
  );
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value == null ? [] : [value];
}

/**
 * The survivor's metadata after the merge. `files` names each card (survivor first) in refusals: a card whose tags or
 * keywords are not a list, or whose occurrences is not a count (card-fields.ts), is refused, never rewritten.
 */
export function mergedMeta(survivor: Meta, others: readonly Meta[], now: string, files?: readonly string[]): Meta {
  const all = [survivor, ...others];
  const counts = all.map((meta, i) => {
    const file = files?.[i] ?? `card ${i + 1} of the merge`;
    refuseNonList(meta, ['tags', 'keywords', 'lineage'], file, 'merge');
    return occurrencesOrRefuse(meta, file, 'merge');
  });
  const after: Meta = { ...survivor };
  const lineage = [...listOf(survivor.lineage)];
  const seen = new Set(lineage.map(canonicalJson));
  for (const other of others) {
    for (const entry of listOf(other.lineage)) {
      const key = canonicalJson(entry);
      if (!seen.has(key)) {
        seen.add(key);
        lineage.push(entry);
      }
    }
  }
  if (lineage.length) after.lineage = lineage;
  // The survivor's own tags and keywords stay as written; the others' are appended when new (compared normalized).
  let tags: unknown = survivor.tags;
  let keywords: unknown = survivor.keywords;
  for (const other of others) {
    tags = appendEntries(tags, normalizeTags(other.tags));
    keywords = appendEntries(keywords, normalizeTags(other.keywords));
  }
  after.tags = tags ?? [];
  if (keywords !== undefined) after.keywords = keywords;
  after.occurrences = counts.reduce((sum, n) => sum + n, 0);
  if (!hasText(survivor.claim)) {
    const claim = others.find((o) => hasText(o.claim))?.claim;
    if (claim !== undefined) after.claim = claim;
  }
  after.updated_at = now;
  return after;
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export function mergedBody(survivorBody: string, others: readonly { id: string; body: string }[]): string {
  let body = pyRstrip(survivorBody);
  for (const other of others) {
    const evidence = pyStrip(other.body);
    if (!evidence || body.includes(evidence)) continue;
    body += `${body ? '\n\n' : ''}Merged (${other.id}): ${evidence}`;
  }
  return body + '\n';
}

export function planMerge(home: string, files: readonly string[], options: CleanupOptions): CleanupPlan {
  if (files.length < 2) throw new UserError('merge: mark at least two cards');
  const cards = mergeOrder(readCards(home, files));
  const kinds = new Set(cards.map((c) => c.kindDir));
  if (kinds.size > 1) throw new UserError(`merge: cards of different kinds (${[...kinds].join(', ')}) cannot be merged`);
  const ids = cards.map((c) => c.id!);
  const dupId = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dupId) throw new UserError(`merge: two files hold card ${dupId}; archive one of them instead`);
  const [survivor, ...others] = cards;
  const parsed = cards.map((c) => parsedMeta(c.raw, c.path));
  if (parsed[0].meta.ignored === true) {
    // Its evidence would join a card recall and neighbors leave out: a live lesson hidden with no word.
    throw new UserError(`merge refused: ${survivor.path}: card ${survivor.id}, the one kept, is ignored (the oldest card is kept); leave it out of the merge, or unignore it first (an edit that sets "ignored": null)`);
  }
  // Dual frontmatter: each card's claim and keywords as PR #60 reads them (a block at the body's start fills what the
  // top level lacks); the survivor's are written at its top level, its body (block included) kept as it is.
  const read = parsed.map((p) => withBodyFields(p.meta, p.body, ['claim', 'keywords']));
  const meta = mergedMeta(read[0], read.slice(1), options.now, cards.map((c) => c.path));
  const body = mergedBody(parsed[0].body, others.map((c, i) => ({ id: c.id!, body: parsed[i + 1].body })));
  const after = editCard(survivor.raw, parsed[0].meta, meta, body);
  const actionId = actionIdFor(home, 'merge', cards.flatMap((c) => [c.path, c.raw]));
  const archived = others.map((card, i) => {
    const p = parsed[i + 1];
    const content = editCard(card.raw, p.meta, { ...p.meta, superseded_by: survivor.id }, p.body);
    return archivedEntry(home, actionId, card, survivor.id, content);
  });
  return {
    home,
    recordUpdates: [],
    summary: `merge ${plural(cards.length, 'card')} into ${survivor.id}; archive ${others.map((c) => c.id).join(', ')}`,
    record: appliedRecord('merge', actionId, options, {
      cards: ids, survivor: survivor.id!, revised: [{ card_id: survivor.id!, path: survivor.path, before: survivor.raw, after }], archived,
    }),
  };
}
