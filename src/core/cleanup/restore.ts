// Restore: undo a cleanup action (`cleanup-<8hex>`: every card it rewrote gets its pre-image back, every card it
// archived goes back to its place in `memory/`, byte for byte) or bring one archived card back by its card id (the
// latest action that archived it; the rest of that action stays). The restore is itself an action with a record and
// an audit line, and the restored action's record says by whom and when.
import { UserError } from '../errors.js';
import { actionIdFor, appliedRecord, type CleanupOptions, type CleanupPlan } from './plan.js';
import { ACTION_ID_RE, cleanupRecordPath, readCleanupRecordStored, readCleanupRecords, recordText, type ArchivedCard, type CleanupRecord } from './record.js';

function findByCard(home: string, cardId: string): { record: CleanupRecord; entry: ArchivedCard } {
  const records = readCleanupRecords(home).reverse();
  for (const record of records) {
    if (record.status !== 'applied') continue;
    const entry = record.archived.find((a) => a.card_id === cardId && !a.restored_by);
    if (entry) return { record, entry };
  }
  const touched = records.find((r) => r.status === 'applied' && r.action !== 'restore' && r.cards.includes(cardId));
  if (touched) throw new UserError(`${cardId}: not in the archive; to undo its ${touched.action}, run distill restore ${touched.action_id}`);
  throw new UserError(`${cardId}: no archived card with this id (see distill log)`);
}

/**
 * A later cleanup that built on what `original` wrote (revised a card from the text `original` left, or archived it as
 * `original` left it): undoing `original` first would meet that later text. Null when none did.
 */
function laterChange(home: string, original: CleanupRecord): { record: CleanupRecord; cardId: string } | null {
  for (const record of readCleanupRecords(home)) {
    if (record.action_id === original.action_id || record.status !== 'applied' || record.action === 'restore') continue;
    for (const r of original.revised) {
      const built = record.revised.some((x) => x.path === r.path && x.before === r.after) || record.archived.some((a) => a.path === r.path && a.content === r.after);
      if (built) return { record, cardId: r.card_id };
    }
  }
  return null;
}

export function planRestore(home: string, target: string, options: CleanupOptions): CleanupPlan {
  let original: CleanupRecord;
  let entries: ArchivedCard[];
  let whole: boolean;
  let stored: string;
  if (ACTION_ID_RE.test(target)) {
    const read = readCleanupRecordStored(home, target);
    if (!read) throw new UserError(`${target}: no such cleanup action (see distill log)`);
    const { record } = read;
    stored = read.text;
    if (record.action === 'restore') throw new UserError(`${target}: is itself a restore; nothing to undo`);
    if (record.status !== 'applied') throw new UserError(`${target}: already restored by ${record.restored_by ?? 'an earlier restore'}`);
    original = record;
    entries = record.archived.filter((a) => !a.restored_by);
    whole = true;
    // Named, with the way on, rather than "changed on disk" from the write (issue 35).
    const later = laterChange(home, record);
    if (later) {
      const { action_id: id, action } = later.record;
      throw new UserError(`${target}: card ${later.cardId} was changed since by ${id} (${action}); restore that first: distill restore ${id}`);
    }
  } else {
    const found = findByCard(home, target);
    const read = readCleanupRecordStored(home, found.record.action_id);
    if (!read) throw new UserError(`${found.record.action_id}: no such cleanup action (see distill log)`);
    stored = read.text;
    original = read.record;
    const entry = original.archived.find((a) => a.card_id === found.entry.card_id && !a.restored_by);
    if (!entry) throw new UserError(`${target}: ${found.record.action_id} changed while it was read; try again`);
    entries = [entry];
    whole = entries.length === original.archived.filter((a) => !a.restored_by).length && original.revised.length === 0;
  }
  const revised = whole ? original.revised.map((r) => ({ card_id: r.card_id, path: r.path, before: r.after, after: r.before })) : [];
  const ids = [...new Set([...revised.map((r) => r.card_id), ...entries.map((e) => e.card_id)])];
  const actionId = actionIdFor(home, 'restore', [original.action_id, ...ids]);
  const updated: CleanupRecord = {
    ...original,
    archived: original.archived.map((a) => (entries.includes(a) ? { ...a, restored_by: actionId } : a)),
    ...(whole ? { status: 'restored' as const, restored_at: options.now, restored_by: actionId } : {}),
  };
  const file = cleanupRecordPath(home, original.action_id);
  return {
    home,
    // Before: the record's bytes as read (an older record holds absolute paths); after: in today's form.
    recordUpdates: [{ path: file, before: stored, after: recordText(updated, home) }],
    summary: whole
      ? `restore ${original.action_id} (${original.action}): ${ids.join(', ')} as before`
      : `restore ${target} from ${original.action_id} (${original.action})`,
    record: appliedRecord('restore', actionId, options, { cards: ids, restores: original.action_id, revised, archived: [], unarchived: entries }),
  };
}

/** A card in the archive that a restore can bring back: the latest archiving of its id not yet undone. */
export interface ArchivedEntry {
  cardId: string;
  title: string | null;
  /** The cleanup that archived it, its kind and time. */
  actionId: string;
  action: string;
  at: string;
  path: string;
  archivePath: string;
  supersededBy: string | null;
}

/** Every card in the archive that `distill restore <card-id>` would bring back, newest archiving first. */
export function listArchived(home: string): ArchivedEntry[] {
  const seen = new Set<string>();
  const out: ArchivedEntry[] = [];
  for (const record of readCleanupRecords(home).reverse()) {
    if (record.status !== 'applied') continue;
    for (const a of record.archived) {
      if (a.restored_by || seen.has(a.card_id)) continue;
      seen.add(a.card_id);
      const title = /^title:\s*['"]?(.*?)['"]?\s*$/m.exec(a.content)?.[1] ?? null;
      out.push({ cardId: a.card_id, title, actionId: record.action_id, action: record.action, at: record.at, path: a.path, archivePath: a.archive_path, supersededBy: a.superseded_by });
    }
  }
  return out;
}

/**
 * The applied cleanup that changed `file` from `bytes` (rewrote or archived the card as it was), for a revert that
 * meets the card changed: named with the restore that undoes it. Null when none did.
 */
export function cleanupThatChanged(home: string, file: string, bytes: string): { id: string; undo: string } | null {
  for (const record of readCleanupRecords(home).reverse()) {
    if (record.status !== 'applied' || record.action === 'restore') continue;
    const changed = record.revised.some((r) => r.path === file && r.before === bytes) || record.archived.some((a) => a.path === file && a.content === bytes && !a.restored_by);
    if (changed) return { id: `${record.action_id} (${record.action})`, undo: `distill restore ${record.action_id}` };
  }
  return null;
}
