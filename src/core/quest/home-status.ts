// Every quest of the home at a glance (issue 14's inbox): coverage of its candidate runs, drafts still to review,
// quest notes never promoted, last activity; plus the quirks files' unreviewed entries. Read-only.
import fs from 'node:fs';
import path from 'node:path';
import { questStateDir } from '../files/paths.js';
import { listWorkspaces } from './artifacts.js';
import { stringOrNull } from '../cards.js';
import { coverage, type CoverageOptions } from './coverage.js';
import { listDrafts } from './drafts.js';
import { UserError } from '../errors.js';
import { listQuestIds, resolveQuest } from './home.js';
import { readJsonl } from '../format/jsonl.js';
import { uniqueWarnings, type Card, type Candidate, type FileWarning, type Quest } from '../model.js';
import { listQuestNotes } from './quest-notes.js';
import { listQuirkEntries, type QuirkFileSummary } from './quirks.js';
import type { CardMeta, GlobalCards } from '../store/cardMeta.js';

export interface QuestStatus {
  id: string;
  title: string | null;
  root: string;
  covered: number;
  total: number;
  /** Candidate runs no distill_review covers, oldest first. */
  pending: Candidate[];
  /** Drafts not yet reviewed (PR #60 drafts, unpromoted quest knowledge, auto cards); null when not counted. */
  drafts: number | null;
  /** Quest notes (listQuestNotes: episodes, ideas with an outcome) not promoted nor reviewed; null when not counted. */
  notes: number | null;
  /** Newest of quest.yaml `updated_at` and the artifacts' index `updated_at`, as written. */
  lastActivity: string | null;
  /** The quest could not be read (bad quest.yaml): the one-line problem. */
  error: string | null;
  /** Decisions staged in a review left without writing (<quest>/.ds/distill/staging.json), offered back on opening. */
  staged?: number;
}

export interface HomeStatus {
  home: string;
  /** Quests with pending work first, then by last activity (newest first), then id. */
  quests: QuestStatus[];
  quirks: { files: QuirkFileSummary[]; unreviewed: number };
  /** Patterns `distill mine` proposes (set by the home screen's loader; absent when not mined; null while counted). */
  mined?: number | null;
  warnings: FileWarning[];
}

export interface HomeStatusOptions extends CoverageOptions {
  /** The global cards' metadata (an open Store): needed to count drafts and notes. Without it only coverage is read. */
  global?: GlobalCards;
}

function time(value: string | null): number {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
}

function newest(values: (string | null)[]): string | null {
  let best: string | null = null;
  for (const v of values) if (v && time(v) > time(best)) best = v;
  return best;
}

/** Newest `updated_at` among quest.yaml and the index lines of every workspace (index lines only: cheap). */
function lastActivity(quest: Quest): string | null {
  const stamps: (string | null)[] = [stringOrNull(quest.yaml.updated_at)];
  for (const ws of listWorkspaces(quest)) {
    for (const row of readJsonl(path.join(ws.root, 'artifacts', '_index.jsonl')).rows) stamps.push(stringOrNull(row.updated_at));
  }
  return newest(stamps);
}

/**
 * The global cards for listDrafts without reading any whole card: a global auto card naming the quest is counted from
 * its metadata (listDrafts reads such cards whole; here only their number matters).
 */
function metadataOnly(global: GlobalCards): GlobalCards {
  return {
    get cards() {
      return global.cards;
    },
    links: global.links && (() => global.links!()),
    byId: (id) => global.byId(id),
    readCard: (meta: CardMeta) => {
      const card: Card = {
        path: meta.path, scope: 'global', kindDir: meta.kindDir, id: meta.id, title: meta.title,
        meta: { id: meta.id, title: meta.title, claim: meta.claim, tags: meta.tags }, body: meta.excerpt,
        hasFrontmatter: true, tags: meta.tags, updatedAt: meta.updatedAt, questId: meta.questId,
        stat: { size: meta.size, mtimeMs: meta.mtimeMs }, raw: '',
      };
      return { card, warnings: [] };
    },
  };
}

export function questStatus(home: string, id: string, options: HomeStatusOptions, warnings: FileWarning[]): QuestStatus {
  let quest: Quest;
  try {
    quest = resolveQuest(home, id);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const root = path.join(home, 'quests', id);
    return { id, title: null, root, covered: 0, total: 0, pending: [], drafts: null, notes: null, lastActivity: null, error: error.message };
  }
  const report = coverage(quest, options);
  warnings.push(...report.warnings);
  const pending = report.candidates.filter((c) => !c.covered);
  let drafts: number | null = null;
  let notes: number | null = null;
  if (options.global) {
    const global = metadataOnly(options.global);
    const list = listDrafts(quest, { runs: report.runs, global });
    warnings.push(...list.warnings);
    drafts = list.drafts.length;
    const listed = listQuestNotes(quest, { global, runs: report.runs });
    warnings.push(...listed.warnings);
    notes = listed.notes.length;
  }
  return {
    id: quest.id,
    title: stringOrNull(quest.yaml.title),
    root: quest.root,
    covered: report.candidates.length - pending.length,
    total: report.candidates.length,
    pending,
    drafts,
    notes,
    lastActivity: lastActivity(quest),
    error: unreadableLine(quest.id, report.unreadable),
    staged: stagedCount(quest.root, warnings),
  };
}

/** How many decisions wait in the quest's staging file (0 when none; a file that cannot be read is a warning). */
function stagedCount(root: string, warnings: FileWarning[]): number {
  const file = path.join(questStateDir(root), 'staging.json');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return 0;
  }
  try {
    const staged = (JSON.parse(text) as { staged?: unknown }).staged;
    return Array.isArray(staged) ? staged.length : 0;
  } catch (error) {
    warnings.push({ file, message: `staged decisions not readable: ${(error as Error).message}` });
    return 0;
  }
}

/** One line for files that keep a quest's gate from closing (coverage.ts `unreadable`), or null. */
function unreadableLine(id: string, unreadable: readonly FileWarning[]): string | null {
  if (!unreadable.length) return null;
  const [first] = unreadable;
  const more = unreadable.length > 1 ? ` (and ${unreadable.length - 1} more: distill gate ${id})` : '';
  return `quest ${id}: the gate cannot read ${first.file}: ${first.message}${more}`;
}

export function hasPendingWork(q: QuestStatus): boolean {
  return q.error !== null || q.pending.length > 0 || (q.drafts ?? 0) > 0 || (q.notes ?? 0) > 0 || (q.staged ?? 0) > 0;
}

export function homeStatus(home: string, options: HomeStatusOptions = {}): HomeStatus {
  const warnings: FileWarning[] = [];
  const quests = listQuestIds(home).map((id) => questStatus(home, id, options, warnings));
  quests.sort(
    (a, b) =>
      Number(hasPendingWork(b)) - Number(hasPendingWork(a)) ||
      time(b.lastActivity) - time(a.lastActivity) ||
      a.id.localeCompare(b.id),
  );
  const quirks = listQuirkEntries(home);
  warnings.push(...quirks.warnings);
  const unreviewed = quirks.files.reduce((n, f) => n + f.unreviewed, 0);
  return { home, quests, quirks: { files: quirks.files, unreviewed }, warnings: uniqueWarnings(warnings) };
}
