// The review screen's state and the action names, plus what is derived from a state (the focused items).
import type { StoreApi } from 'zustand/vanilla';
import type { Decision, NeighborItem, NewDraft, PlanSummary, QuestData, ReviewFacade, StagedDecision, StagingSnapshot } from './facade.js';
import type { Edits } from './draft-edit.js';
import type { WrittenReview } from './quit-summary.js';
import type { ModalKind, PaneId } from '../shared/keys/table.js';
import type { PagerAction, PagerSearch } from '../shared/pager/pager.js';
import { draftRows, draftText, hasQuestRow, neighborText, QUEST_GROUP_TEXT, runRowCount, runText, type DraftIndex, type DraftRow } from './lists.js';

export const NEIGHBOR_LIMIT = 5;

/** Edit: the draft's file, the text to start from, and the copy to reopen after a refused edit. */
export type ExitRequest =
  | { kind: 'quit' }
  | { kind: 'edit'; path: string; draftId: string; text: string; copy?: string; error?: string; author?: NewDraft };
export type RunsView = 'all' | 'uncovered first' | 'hide covered';
export type Staged = Record<string, StagedDecision>;
/** One undo step: the staged decisions with the staged draft edits. */
export interface Snapshot {
  staged: Staged;
  edits: Edits;
}

export interface ReviewState {
  data: QuestData;
  index: DraftIndex;
  focus: PaneId;
  cursor: Record<PaneId, number>;
  /** Neighbors by draft id, filled as drafts get focus. */
  neighbors: Record<string, NeighborItem[]>;
  staged: Staged;
  /** Edited draft texts by draft id, staged like decisions (the draft files stay as they are). */
  edits: Edits;
  past: Snapshot[];
  future: Snapshot[];
  /** An edit the check refused, kept in its copy until reopened or dropped. */
  editing: { draftId: string; path: string; copy: string; error: string; author?: NewDraft } | null;
  /** The target run picked (t) for the drafts of the quest-level group; null = the newest candidate run. */
  questRun: string | null;
  /** Marked draft ids (Space) with the run each was marked under. */
  marks: Record<string, string | undefined>;
  showDiff: boolean;
  modal: ModalKind | null;
  input: string;
  filter: { pane: PaneId; query: string } | null;
  /** Drafts waiting for the reject reason. */
  rejecting: string[];
  /** c / p / s waiting for its optional reason (the `reason` modal; Enter with nothing typed skips it). */
  reasonFor: Decision | null;
  /** Reviews written in this session, for the summary printed to the shell on quit. */
  written: WrittenReview[];
  plan: PlanSummary | null;
  planScroll: number;
  // Issue 17 (i17r): reading and moving.
  /** First shown line of the preview and of the help / warnings view. */
  previewScroll: number;
  helpScroll: number;
  /**
   * The scrolled view on screen: its largest offset, page size and lines as laid out (reported by ScrollView), for
   * the scroll keys and the pager's search.
   */
  view: { max: number; page: number; lines: readonly string[] };
  /** The pager's `/` search, in the long view it was made in (store-pager.ts). */
  pagerSearch: PagerSearch | null;
  /** The preview takes the whole body (z, or Enter on a neighbor). */
  zoom: boolean;
  /** How the runs pane lists the runs (o cycles). */
  runsView: RunsView;
  /** The whole message of a refused write, shown until reloaded (r) or dismissed. */
  writeError: string | null;
  /** The highlighted choice of the Write / Discard / Cancel dialog. */
  quitChoice: number;
  quitAfterWrite: boolean;
  /** Esc at the runs pane leaves (the review was opened from the home screen). */
  backLeaves: boolean;
  restore: StagingSnapshot | null;
  message: string | null;
  exit: ExitRequest | null;
}

export interface ReviewActions {
  move(delta: number): boolean;
  jump(to: 'top' | 'bottom'): boolean;
  focusPane(dir: 1 | -1): boolean;
  /** A click: focus the pane and, given an item, put its cursor there. */
  pick(pane: PaneId, item: number | null): boolean;
  toggleMark(): boolean;
  decide(decision: Decision, reason?: string): boolean;
  askReject(): boolean;
  /** c / p / s: asks for an optional reason first when the store was made with `askReasons`, else decides. */
  askDecide(decision: Exclude<Decision, 'reject' | 'defer'>): boolean;
  toggleDiff(): boolean;
  undo(): boolean;
  redo(): boolean;
  requestWrite(): boolean;
  confirmWrite(): boolean;
  /** Resolves when the write started by confirmWrite finished (tests, the exit path). */
  writing: Promise<void> | null;
  closeModal(): boolean;
  /** Scrolls the view on screen (plan, help, warnings, else the preview): lines, or half / whole pages. */
  scroll(by: number | 'half' | 'page' | '-half' | '-page'): boolean;
  toggleZoom(): boolean;
  /** A pager key in the long view on screen (store-pager.ts); false when it is not for the pager (n before a search). */
  page(action: PagerAction): boolean;
  closeZoom(): boolean;
  cycleRunsView(): boolean;
  /** Enter: into the next pane, or open the preview (zoom) from the neighbors. */
  drill(): boolean;
  /** Esc: clear the pane's filter, else leave the zoom, else back to the previous pane. */
  back(): boolean;
  openWarnings(): boolean;
  /** R: re-read the quest, keeping the staged decisions and the cursors. */
  reloadKey(): boolean;
  /** After a refused write: re-read the quest and plan again. */
  retryWrite(): boolean;
  moveChoice(delta: number): boolean;
  chooseQuit(): boolean;
  requestQuit(): boolean;
  quitWrite(): boolean;
  quitDiscard(): boolean;
  openHelp(): boolean;
  openFilter(): boolean;
  typeText(text: string): boolean;
  backspace(): boolean;
  submitInput(): boolean;
  findNext(dir: 1 | -1): boolean;
  acceptRestore(): boolean;
  discardRestore(): boolean;
  edit(): boolean;
  /** In the quest-level group: the next candidate run as the target of its drafts' decisions. */
  cycleQuestRun(): boolean;
  /** The editor closed on the copy of a draft: check the text, stage it or offer to reopen it with the error. */
  finishEdit(draftId: string, text: string, copy: string): void;
  /** The editor failed (missing, non-zero exit): nothing changed; a kept copy stays kept and its question comes back. */
  editorFailed(problem: string): void;
  reopenEdit(): boolean;
  /** k / Esc in the refused-edit question: back to the review, the copy kept in the home (its path said). */
  keepEdit(): boolean;
  dropEdit(): boolean;
  /** The diff a patch of the focused draft into the focused neighbor would write (cached), or null. */
  patchDiff(): { title: string; lines: string[] } | null;
  /** `a`: a new lesson draft for the focused run, opened in $EDITOR (store-author.ts). */
  author(): boolean;
  /** After the editor closed on a new draft: check it, save it, focus it; or keep the copy to reopen. */
  finishAuthor(draft: NewDraft, text: string, copy: string): void;
  /** What the focused draft's staged decision writes (`d`), or null when none is staged. */
  stagedWrite(): { title: string; lines: string[] } | null;
  /** After the editor returned: re-read the quest, keep the cursors. */
  reload(message?: string): void;
}

export type ReviewStore = StoreApi<ReviewState & ReviewActions>;

export interface ReviewDeps {
  facade: ReviewFacade;
  /** c / p / s open a one-line "reason (Enter to skip)" prompt (the terminal session); without it they decide at once. */
  askReasons?: boolean;
  /** Opened from the home screen: Esc at the runs pane leaves the review (as q does) instead of saying q quits. */
  backLeaves?: boolean;
}

/** The focused run, draft row and neighbor, derived from a state. */
export function focused(s: Pick<ReviewState, 'data' | 'index' | 'cursor' | 'neighbors'>) {
  const run = s.data.runs[s.cursor.runs];
  const rows = draftRows(s.index, run);
  const row: DraftRow | undefined = rows[s.cursor.drafts];
  const neighbors = row ? (s.neighbors[row.draft.id] ?? []) : [];
  const neighbor: NeighborItem | undefined = neighbors[s.cursor.neighbors];
  return { run, rows, row, draft: row?.draft, neighbors, neighbor };
}

/** How many items a pane lists, without building their texts (the runs pane has a row per run: 1k at a lab). */
export function listCount(s: ReviewState, pane: PaneId): number {
  if (pane === 'runs') return runRowCount(s.data, s.index);
  const f = focused(s);
  return pane === 'drafts' ? f.rows.length : f.neighbors.length;
}

export function listTexts(s: ReviewState, pane: PaneId): string[] {
  const f = focused(s);
  if (pane === 'runs') return [...s.data.runs.map(runText), ...(hasQuestRow(s.index) ? [QUEST_GROUP_TEXT] : [])];
  if (pane === 'drafts') return f.rows.map(draftText);
  return f.neighbors.map(neighborText);
}

/** Nothing to review: no draft, no quest note to write a lesson from (`a`), every candidate run covered. */
export function isEmpty(data: QuestData): boolean {
  return data.drafts.length === 0 && !data.notes?.length && data.runs.every((r) => r.covered);
}
