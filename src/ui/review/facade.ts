// What the review UI needs from the core, as one small interface. The UI (store, components) depends only on this
// file; `core-facade.ts` implements it over src/core, tests pass fakes.

import { type ChartLine, type DraftDecision, type StagedDecision } from '../../core/index.js';

/** One staged decision for a draft: the write plan's own shape (src/core/review/staged.ts), one definition. */
export type { StagedDecision };
export type Decision = DraftDecision;

export interface RunItem {
  artifactId: string;
  runId: string | null;
  runKind: string | null;
  summary: string | null;
  covered: boolean;
  coveredBy: string[];
  /** Workspace copies that disagree ("root: succeeded, wt-0: running") or why a naming review does not count. */
  notes?: string[];
  /** A quirks file with no entry at all (the quirks review): nothing to review, rather than "covered". */
  empty?: boolean;
}

export interface DraftItem {
  id: string;
  title: string;
  claim: string | null;
  needsEdit: boolean;
  tags: string[];
  /** Run artifact ids; empty = quest-level. */
  runIds: string[];
  path: string;
  /** What the preview names instead of `path` when the draft is no file (a mined pattern: its id, "mined, not a file"). */
  where?: string;
  source: string;
  /** The file's text, for the preview. */
  text: string;
  /** A quest note (an episode, or an idea with an outcome), listed as lesson material: never decided; `a` writes a
   *  lesson draft from it. */
  note?: { kind: 'episodes' | 'ideas' };
  /** A mined pattern's evidence chart at a width (mined-source.ts), drawn above its text in the preview. */
  chart?: (width: number) => ChartLine[];
}

export interface NeighborItem {
  cardId: string;
  title: string;
  score: number;
  reasons: string[];
  path: string;
  /** The card's text, for the preview. */
  text: string;
}

export interface QuestData {
  quest: { id: string; root: string; title: string };
  runs: RunItem[];
  drafts: DraftItem[];
  /** Quest notes not yet promoted nor drafted, listed under their runs (or under every uncovered run when they name
   *  none); never part of a decision. */
  notes?: DraftItem[];
  warnings: string[];
  /** Files the closure gate cannot read (`distill gate` exits 2 on them, never "closed"): `<file>: <problem>`. */
  gateUnreadable?: string[];
}

/** What `W` shows before anything is written. */
export interface PlanSummary {
  /** One line per file to create or revise, the decision artifact and the index lines. */
  lines: string[];
  /** The files listed under "Files:" (created, revised, appended to). */
  fileCount: number;
  /** Runs the write closes, with how many undecided drafts each close records as rejected. */
  closing?: { runId: string; drafts: number }[];
  /** y found the plan changed since W showed it (plan-write.ts): what changed and why, shown above the new plan. */
  changed?: string[];
}

export interface WriteResult {
  reviewId: string | null;
  files: string[];
  /** Cards created or revised (the quit summary). */
  cards?: number;
  /** Whether a distill_review decision was written (false: a record of rejections or quirks only). */
  decision?: boolean;
  /** The write was of the quirks review (no runs, no decision to speak of). */
  quirks?: boolean;
  /** Nothing written: the plan made again under the lock differs from the one shown; this is the new one to confirm. */
  changed?: PlanSummary;
}

export interface StagingSnapshot {
  savedAt: string;
  staged: StagedDecision[];
  /** Edited draft texts by draft id (drafts edited but not yet decided too). */
  edits?: Record<string, string>;
}

export interface KeptEdits {
  /** Writes the text as the kept copy of `key`; returns its path. */
  keep(key: string, text: string): string;
  find(key: string): string | null;
  drop(key: string): void;
  keys(): string[];
  /** Where they are kept (the start message names it). */
  dir: string;
}

/** A new lesson draft for a run, pre-filled from its evidence, not yet saved (the author key, `a`). */
export interface NewDraft {
  runId: string;
  direction: string;
  stem: string;
  /** The file name it will get (`<direction>__<id>.md`; `-2`, … when taken). */
  name: string;
  text: string;
}

export interface ReviewFacade {
  /** Reads the quest: candidate runs and drafts. Called at start, after a write and after an edit. */
  load(): QuestData;
  /** Ranked neighbors of a draft among the global cards. */
  neighbors(draft: DraftItem): NeighborItem[];
  /** The unified diff a single staged patch would write, as lines. */
  patchDiff(decision: StagedDecision): string[];
  /**
   * What a staged new / separate card decision writes: the new card's path and text (i17r, `d`); for an agent's draft
   * that already is a global card, accepted in place, the diff of that card (`accepted`).
   */
  cardPreview(decision: StagedDecision): { path: string; lines: string[]; accepted?: boolean };
  /** Folders whose changes should reload the review (the quest, its drafts), watched while the screen runs. */
  watchPaths?(): string[];
  /** The plan for all staged decisions, described. Throws a UserError when the plan cannot be built. */
  describe(decisions: StagedDecision[]): PlanSummary;
  /** Builds and executes the plan (journaled, atomic). */
  write(decisions: StagedDecision[]): Promise<WriteResult>;
  /** Pre-fills a new draft for a run, from its evidence or from one of its notes (throws an Error with the reason when
   *  it cannot). Absent: no authoring here. */
  newDraft?(runId: string, noteId?: string): NewDraft;
  /** Why a new draft's text cannot be saved (YAML error, placeholder claim, no lineage), or null. */
  draftProblem?(text: string): string | null;
  /** Saves a new draft as a PR #60 draft file (atomic, never overwriting); returns its path. */
  saveDraft?(draft: NewDraft, text: string): string;
  /** Copies of refused edits kept in the home until saved or dropped (by draft id, or `new-lesson:<run>`); absent: a
   *  refused edit's copy lives only as long as the session. */
  keptEdits?: KeptEdits;
  loadStaging(): StagingSnapshot | null;
  saveStaging(staged: StagedDecision[], edits?: Record<string, string>): void;
  clearStaging(): void;
}
