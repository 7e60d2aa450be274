// distill's record of each cleanup action, `<home>/.distill/cleanup/<action-id>.json`: the cards it rewrote (pre- and
// post-images) and the cards it moved out of `memory/` into `<home>/.distill/archive/<action-id>/<kind>/<file>.md`
// (outside `memory/`, which DeepScientist's id lookup globs recursively). Restore works from this record.
import fs from 'node:fs';
import path from 'node:path';
import { readStateFile } from '../files/state-file.js';
import { cleanupRecordSchema } from '../files/state-schemas.js';
import { stateDir } from '../files/paths.js';

export type CleanupAction = 'merge' | 'archive' | 'ignore' | 'edit' | 'restore';

export interface RevisedCard {
  card_id: string;
  path: string;
  before: string;
  after: string;
}

export interface ArchivedCard {
  card_id: string;
  /** Where the card lived in `memory/`, and its bytes there. */
  path: string;
  content: string;
  archive_path: string;
  /** The bytes in the archive (a merged-away card carries `superseded_by`). */
  archived_content: string;
  superseded_by: string | null;
  /** The restore action that put it back, once restored. */
  restored_by?: string;
}

export interface CleanupRecord {
  version: 1;
  action_id: string;
  action: CleanupAction;
  status: 'applied' | 'restored';
  at: string;
  reviewer: string;
  why: string;
  /** Every card id the action touched. */
  cards: string[];
  /** For a merge: the id that survived. */
  survivor?: string;
  revised: RevisedCard[];
  archived: ArchivedCard[];
  /** For a restore: the archived cards it put back into `memory/`. */
  unarchived?: ArchivedCard[];
  /** For a restore: the action it undid (wholly or for `cards`). */
  restores?: string;
  restored_at?: string;
  restored_by?: string;
}

export const ACTION_ID_RE = /^cleanup-[0-9a-f]{8}$/;

export function cleanupDir(home: string): string {
  return path.join(stateDir(home), 'cleanup');
}

export function archiveDir(home: string): string {
  return path.join(stateDir(home), 'archive');
}

export function cleanupRecordPath(home: string, actionId: string): string {
  return path.join(cleanupDir(home), `${actionId}.json`);
}

export function recordText(record: CleanupRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

export function readCleanupRecord(home: string, actionId: string): CleanupRecord | null {
  return readStateFile<CleanupRecord>(cleanupRecordPath(home, actionId), 'cleanup record', cleanupRecordSchema, {
    check: (r) => (r.action_id !== actionId ? `action_id: ${JSON.stringify(r.action_id)}, not ${actionId} as its name says` : null),
  });
}

/** Every cleanup record, oldest first (by time, then id). */
export function readCleanupRecords(home: string): CleanupRecord[] {
  let names: string[];
  try {
    names = fs.readdirSync(cleanupDir(home));
  } catch {
    return [];
  }
  const out: CleanupRecord[] = [];
  for (const name of names.sort()) {
    const id = name.replace(/\.json$/, '');
    if (!ACTION_ID_RE.test(id) || !name.endsWith('.json')) continue;
    const record = readCleanupRecord(home, id);
    if (record) out.push(record);
  }
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.action_id < b.action_id ? -1 : 1));
}
