// distill's record of each cleanup action, `<home>/.distill/cleanup/<action-id>.json`: the cards it rewrote (pre- and
// post-images) and the cards it moved out of `memory/` into `<home>/.distill/archive/<action-id>/<kind>/<file>.md`
// (outside `memory/`, which DeepScientist's id lookup globs recursively). Restore works from this record.
// Paths are stored relative to the home, so a moved home can still be restored; records written before that hold
// absolute paths and are mapped into the current home when read (oldHome below).
import fs from 'node:fs';
import path from 'node:path';
import { isMemoryKind } from '../model.js';
import { isInside } from '../quest/home.js';
import { readProblem, readRegularText } from '../files/read-file.js';
import { parseStateText } from '../files/state-file.js';
import { cleanupRecordSchema } from '../files/state-schemas.js';
import { stateDir } from '../files/paths.js';
import { UserError } from '../errors.js';

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
  /** For an action of `distill lessons apply`: the line it came from (a re-run of the file skips it). */
  source?: ActionSource;
}

export interface ActionSource {
  file: string;
  line: number;
  /** sha256 of the line's text (trimmed): the same line in a re-run, wherever it now stands. */
  sha256: string;
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

/** Every path the record holds, rewritten by `map`. */
function mapPaths(record: CleanupRecord, map: (p: string) => string): CleanupRecord {
  const card = <T extends { path: string }>(c: T): T => ({ ...c, path: map(c.path) });
  const archived = (a: ArchivedCard): ArchivedCard => ({ ...a, path: map(a.path), archive_path: map(a.archive_path) });
  return {
    ...record,
    revised: record.revised.map(card),
    archived: record.archived.map(archived),
    ...(record.unarchived ? { unarchived: record.unarchived.map(archived) } : {}),
  };
}

/** The record's text, its paths relative to `home` (with `/`), so a moved home can still be restored. */
export function recordText(record: CleanupRecord, home: string): string {
  const rel = (p: string) => (path.isAbsolute(p) && isInside(home, p) ? path.relative(home, p).split(path.sep).join('/') : p);
  return JSON.stringify(mapPaths(record, rel), null, 2) + '\n';
}

/**
 * Where the home was when a record with absolute paths was written, told by the paths' own shape: a card is
 * `<home>/memory/<kind>/<file>.md`, an archived copy `<home>/.distill/archive/<action-id>/<kind>/<file>.md`. Only when
 * every absolute path of the record names the same home is it one (a path of another shape, or two homes, is no
 * evidence: the paths are left as they are, and a write to them is refused by the write roots' check, naming them).
 */
function oldHome(record: CleanupRecord): string | null {
  /** The home of `p` if its last segments are `tail` (null: any memory kind, '': any action id), else null. */
  const homeOf = (p: string, tail: (string | null)[]): string | null => {
    const parts = p.split(path.sep);
    const end = parts.slice(-tail.length - 1, -1);
    if (!p.endsWith('.md') || parts.length < tail.length + 2) return null;
    const fits = tail.every((t, i) => (t === null ? isMemoryKind(end[i]) : t === '' ? ACTION_ID_RE.test(end[i]) : end[i] === t));
    return fits ? parts.slice(0, -tail.length - 1).join(path.sep) || path.sep : null;
  };
  const homes = new Set<string | null>();
  const add = (p: string, tail: (string | null)[]) => {
    if (path.isAbsolute(p)) homes.add(homeOf(p, tail));
  };
  const CARD = ['memory', null];
  const ARCHIVED = ['.distill', 'archive', '', null];
  for (const r of record.revised) add(r.path, CARD);
  for (const a of [...record.archived, ...(record.unarchived ?? [])]) {
    add(a.path, CARD);
    add(a.archive_path, ARCHIVED);
  }
  const [only] = homes;
  return homes.size === 1 && only ? only : null;
}

/** The record with absolute paths in `home`; an old record's absolute paths from where the home was are mapped in. */
function inHome(record: CleanupRecord, home: string): CleanupRecord {
  const from = oldHome(record);
  return mapPaths(record, (p) => {
    if (!path.isAbsolute(p)) return path.join(home, p);
    if (from !== null && isInside(from, p)) return path.join(home, path.relative(from, p));
    return p;
  });
}

/** The record (its paths in `home`) and the file's text as it is on disk (what a rewrite of the record expects). */
export function readCleanupRecordStored(home: string, actionId: string): { record: CleanupRecord; text: string } | null {
  const file = cleanupRecordPath(home, actionId);
  let text: string;
  try {
    text = readRegularText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UserError(`${file}: cannot read cleanup record (${readProblem(error)})`);
  }
  const record = parseStateText<CleanupRecord>(file, text, 'cleanup record', cleanupRecordSchema, {
    check: (r) => (r.action_id !== actionId ? `action_id: ${JSON.stringify(r.action_id)}, not ${actionId} as its name says` : null),
  });
  return { record: inHome(record, home), text };
}

export function readCleanupRecord(home: string, actionId: string): CleanupRecord | null {
  return readCleanupRecordStored(home, actionId)?.record ?? null;
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
