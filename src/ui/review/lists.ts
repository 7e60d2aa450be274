// What each pane shows, derived from the store state. Pure functions: the views and the actions share them.
import type { DraftItem, NeighborItem, QuestData, RunItem } from './facade.js';
import type { PaneId } from '../shared/keys/table.js';

export interface DraftRow {
  draft: DraftItem;
  /** Shown under this run because it is not tied to a candidate run. */
  questLevel: boolean;
}

export interface DraftIndex {
  byRun: Map<string, DraftItem[]>;
  questLevel: DraftItem[];
  /** Quest notes by candidate run, and those naming no candidate run (listed under every uncovered run). */
  notesByRun: Map<string, DraftItem[]>;
  questNotes: DraftItem[];
}

/** Drafts by candidate run; drafts tied to no candidate run are quest-level. */
export function indexDrafts(data: QuestData): DraftIndex {
  const candidates = new Set(data.runs.map((r) => r.artifactId));
  const byRun = new Map<string, DraftItem[]>();
  const questLevel: DraftItem[] = [];
  const notesByRun = new Map<string, DraftItem[]>();
  const questNotes: DraftItem[] = [];
  const place = (items: readonly DraftItem[], by: Map<string, DraftItem[]>, rest: DraftItem[]) => {
    for (const item of items) {
      const runs = item.runIds.filter((id) => candidates.has(id));
      if (runs.length === 0) rest.push(item);
      for (const id of runs) by.set(id, [...(by.get(id) ?? []), item]);
    }
  };
  place(data.drafts, byRun, questLevel);
  place(data.notes ?? [], notesByRun, questNotes);
  return { byRun, questLevel, notesByRun, questNotes };
}

/**
 * The drafts pane for a run: its own drafts, then the quest-level ones when the run is still uncovered, then its
 * quest notes (lesson material, never decided; the quest-level notes under uncovered runs only).
 */
export function draftRows(index: DraftIndex, run: RunItem | undefined): DraftRow[] {
  if (!run) return [...index.questLevel, ...index.questNotes].map((draft) => ({ draft, questLevel: true }));
  const own = (index.byRun.get(run.artifactId) ?? []).map((draft) => ({ draft, questLevel: false }));
  const notes = (index.notesByRun.get(run.artifactId) ?? []).map((draft) => ({ draft, questLevel: false }));
  if (run.covered) return [...own, ...notes];
  const questLevel = (items: DraftItem[]) => items.map((draft) => ({ draft, questLevel: true }));
  return [...own, ...questLevel(index.questLevel), ...notes, ...questLevel(index.questNotes)];
}

/**
 * The quest-level row follows the runs while drafts or quest notes tied to no candidate run exist, so they stay
 * reachable when every run is covered (its drafts, and a lesson written from its notes, need a target run: t).
 */
export function hasQuestRow(index: DraftIndex): boolean {
  return index.questLevel.length > 0 || index.questNotes.length > 0;
}

/** The runs pane: the candidate runs, then the quest-level row (hasQuestRow). */
export function runRowCount(data: QuestData, index: DraftIndex): number {
  return data.runs.length + (hasQuestRow(index) ? 1 : 0);
}

export const QUEST_GROUP_TEXT = 'quest-level';

/** The run a quest-level draft is recorded under: the one picked with t, else the newest candidate run. */
export function questTarget(data: QuestData, picked: string | null): string | undefined {
  if (picked && data.runs.some((r) => r.artifactId === picked)) return picked;
  return data.runs[data.runs.length - 1]?.artifactId;
}

/**
 * A run's own drafts and how many of them have a staged decision (a deferred draft stays undecided: its run cannot
 * count as covered).
 */
export function runProgress(index: DraftIndex, run: RunItem, staged: Readonly<Record<string, { decision: string }>>) {
  const own = index.byRun.get(run.artifactId) ?? [];
  const undecided = own.filter((d) => !staged[d.id] || staged[d.id].decision === 'defer');
  return { total: own.length, decided: own.length - undecided.length, undecided };
}

export function runText(run: RunItem): string {
  return [run.artifactId, run.runId, run.runKind, run.summary].filter(Boolean).join(' ');
}

export function draftText(row: DraftRow): string {
  return [row.draft.title, row.draft.claim, row.draft.id].filter(Boolean).join(' ');
}

export function neighborText(n: NeighborItem): string {
  return [n.title, n.cardId, ...n.reasons].join(' ');
}

/** Indices of the items of a list that match a filter query (case-insensitive substring). */
export function matchIndices(texts: string[], query: string): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const out: number[] = [];
  texts.forEach((t, i) => {
    if (t.toLowerCase().includes(q)) out.push(i);
  });
  return out;
}

/** The next match strictly after (dir 1) or before (dir -1) the cursor, wrapping; `inclusive` accepts the cursor. */
export function nextMatch(matches: number[], cursor: number, dir: 1 | -1, inclusive = false): number | null {
  if (matches.length === 0) return null;
  if (dir === 1) {
    const found = matches.find((i) => (inclusive ? i >= cursor : i > cursor));
    return found ?? matches[0];
  }
  const before = matches.filter((i) => (inclusive ? i <= cursor : i < cursor));
  return before.length ? before[before.length - 1] : matches[matches.length - 1];
}

export const PANES: readonly PaneId[] = ['runs', 'drafts', 'neighbors'];
