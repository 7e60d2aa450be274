// The review screen's state and actions: one vanilla zustand store per app instance. Actions read with get() and
// write with set(); components never hold handlers over their own closures.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Decision, NeighborItem, PlanSummary, QuestData, ReviewFacade, StagedDecision, StagingSnapshot } from './facade.js';
import { stageDecision, WRITES_CARD, targetRun } from './decisions.js';
import type { ModalKind, PaneId } from './keys/table.js';
import { draftRows, draftText, indexDrafts, matchIndices, neighborText, nextMatch, PANES, runText, type DraftIndex, type DraftRow } from './lists.js';
import { textInputReducer } from './widgets/text-input.js';
import { clampCursor } from './widgets/window.js';

export const NEIGHBOR_LIMIT = 5;

export type ExitRequest = { kind: 'quit' } | { kind: 'edit'; path: string; draftId: string };
type Staged = Record<string, StagedDecision>;

export interface ReviewState {
  data: QuestData;
  index: DraftIndex;
  focus: PaneId;
  cursor: Record<PaneId, number>;
  /** Neighbors by draft id, filled as drafts get focus. */
  neighbors: Record<string, NeighborItem[]>;
  staged: Staged;
  past: Staged[];
  future: Staged[];
  /** Marked draft ids (Space) with the run each was marked under. */
  marks: Record<string, string | undefined>;
  showDiff: boolean;
  modal: ModalKind | null;
  input: string;
  filter: { pane: PaneId; query: string } | null;
  /** Drafts waiting for the reject reason. */
  rejecting: string[];
  plan: PlanSummary | null;
  planScroll: number;
  quitAfterWrite: boolean;
  restore: StagingSnapshot | null;
  message: string | null;
  exit: ExitRequest | null;
}

export interface ReviewActions {
  move(delta: number): boolean;
  jump(to: 'top' | 'bottom'): boolean;
  focusPane(dir: 1 | -1): boolean;
  toggleMark(): boolean;
  decide(decision: Decision, reason?: string): boolean;
  askReject(): boolean;
  toggleDiff(): boolean;
  undo(): boolean;
  redo(): boolean;
  requestWrite(): boolean;
  confirmWrite(): boolean;
  /** Resolves when the write started by confirmWrite finished (tests, the exit path). */
  writing: Promise<void> | null;
  closeModal(): boolean;
  scrollPlan(delta: number): boolean;
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
  /** The diff a patch of the focused draft into the focused neighbor would write (cached), or null. */
  patchDiff(): { title: string; lines: string[] } | null;
  /** After the editor returned: re-read the quest, keep the cursors. */
  reload(message?: string): void;
}

export type ReviewStore = StoreApi<ReviewState & ReviewActions>;

export interface ReviewDeps {
  facade: ReviewFacade;
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

function listTexts(s: ReviewState, pane: PaneId): string[] {
  const f = focused(s);
  if (pane === 'runs') return s.data.runs.map(runText);
  if (pane === 'drafts') return f.rows.map(draftText);
  return f.neighbors.map(neighborText);
}

function isEmpty(data: QuestData): boolean {
  return data.drafts.length === 0 && data.runs.every((r) => r.covered);
}

export function createReviewStore(deps: ReviewDeps): ReviewStore {
  const { facade } = deps;
  const data = facade.load();
  const snapshot = facade.loadStaging();
  const diffCache = new Map<string, string[]>();
  const firstUncovered = Math.max(0, data.runs.findIndex((r) => !r.covered));

  return createStore<ReviewState & ReviewActions>()((set, get) => {
    /** Fills the neighbor cache for the focused draft. */
    const withNeighbors = (s: ReviewState): ReviewState => {
      const draft = focused(s).draft;
      if (!draft || s.neighbors[draft.id]) return s;
      let found: NeighborItem[] = [];
      let message = s.message;
      try {
        found = facade.neighbors(draft).slice(0, NEIGHBOR_LIMIT);
      } catch (error) {
        message = `neighbors unavailable: ${(error as Error).message}`;
      }
      return { ...s, message, neighbors: { ...s.neighbors, [draft.id]: found } };
    };

    // The neighbor query runs after the frame that moved the cursor, so a keystroke never waits for it; actions that
    // need the neighbors (decide) fill them synchronously.
    let scheduled = false;
    const scheduleNeighbors = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        const s = get();
        const next = withNeighbors(s);
        if (next !== s) set({ neighbors: next.neighbors, message: next.message });
      });
    };
    const ensureNeighbors = () => {
      const s = get();
      const next = withNeighbors(s);
      if (next !== s) set({ neighbors: next.neighbors, message: next.message });
    };

    const setCursor = (pane: PaneId, value: number) => {
      const s = get();
      const total = listTexts(s, pane).length;
      const next = clampCursor(value, total);
      if (next === s.cursor[pane] && total > 0) return true;
      const cursor = { ...s.cursor, [pane]: next };
      if (pane === 'runs') Object.assign(cursor, { drafts: 0, neighbors: 0 });
      if (pane === 'drafts') cursor.neighbors = 0;
      set({ cursor, message: null });
      scheduleNeighbors();
      return true;
    };

    const commit = (staged: Staged, extra: Partial<ReviewState> = {}) => {
      const s = get();
      set({ staged, past: [...s.past, s.staged].slice(-200), future: [], ...extra });
    };

    const initial: ReviewState = {
      data,
      index: indexDrafts(data),
      focus: 'runs',
      cursor: { runs: firstUncovered, drafts: 0, neighbors: 0 },
      neighbors: {},
      staged: {},
      past: [],
      future: [],
      marks: {},
      showDiff: false,
      modal: snapshot && snapshot.staged.length ? 'restore' : isEmpty(data) ? 'empty' : null,
      input: '',
      filter: null,
      rejecting: [],
      plan: null,
      planScroll: 0,
      quitAfterWrite: false,
      restore: snapshot && snapshot.staged.length ? snapshot : null,
      message: data.warnings.length ? `${data.warnings.length} warning(s): ${data.warnings[0]}` : null,
      exit: null,
    };

    return {
      ...withNeighbors(initial),
      move: (delta) => setCursor(get().focus, get().cursor[get().focus] + delta),
      jump: (to) => setCursor(get().focus, to === 'top' ? 0 : Number.MAX_SAFE_INTEGER),
      focusPane: (dir) => {
        const s = get();
        const focus = PANES[(PANES.indexOf(s.focus) + dir + PANES.length) % PANES.length];
        set({ focus, filter: null, message: null });
        return true;
      },
      toggleMark: () => {
        const s = get();
        const f = focused(s);
        if (!f.draft) return true;
        const marks = { ...s.marks };
        if (f.draft.id in marks) delete marks[f.draft.id];
        else marks[f.draft.id] = targetRun(f.draft, f.run);
        set({ marks });
        return true;
      },
      decide: (decision, reason) => {
        ensureNeighbors();
        const s = get();
        const f = focused(s);
        const marked = Object.keys(s.marks);
        const batch = decision !== 'patch' && marked.length > 0;
        const ids = batch ? marked : f.draft ? [f.draft.id] : [];
        if (ids.length === 0) {
          set({ message: 'no draft here to decide' });
          return true;
        }
        const needsNeighbor = decision === 'patch' || decision === 'neighbor_but_separate';
        if (needsNeighbor && !batch && !f.neighbor) {
          set({ message: `no neighbor to ${decision === 'patch' ? 'patch into' : 'keep it separate from'}; use c for a new card` });
          return true;
        }
        const staged = { ...s.staged };
        const skipped: string[] = [];
        for (const id of ids) {
          const draft = s.data.drafts.find((d) => d.id === id);
          if (!draft) continue;
          if (WRITES_CARD.has(decision) && draft.needsEdit) {
            skipped.push(draft.title);
            continue;
          }
          const listed = s.neighbors[id] ?? [];
          const target = batch ? (decision === 'neighbor_but_separate' ? listed[0] : undefined) : f.neighbor;
          const runId = batch ? s.marks[id] : targetRun(draft, f.run);
          staged[id] = stageDecision(draft, decision, runId, listed, target, reason);
        }
        const message = skipped.length
          ? `needs an edit first (empty or TODO claim; press e): ${skipped.join(', ')}`
          : null;
        const cursor = { ...s.cursor };
        if (!batch && !skipped.length && s.focus === 'drafts' && cursor.drafts < f.rows.length - 1) {
          cursor.drafts += 1;
          cursor.neighbors = 0;
        }
        commit(staged, { marks: batch ? {} : s.marks, message, cursor, modal: null, rejecting: [] });
        scheduleNeighbors();
        return true;
      },
      askReject: () => {
        const s = get();
        const f = focused(s);
        const ids = Object.keys(s.marks).length ? Object.keys(s.marks) : f.draft ? [f.draft.id] : [];
        if (!ids.length) {
          set({ message: 'no draft here to reject' });
          return true;
        }
        set({ modal: 'reason', input: '', rejecting: ids });
        return true;
      },
      toggleDiff: () => {
        set({ showDiff: !get().showDiff });
        return true;
      },
      undo: () => {
        const s = get();
        if (!s.past.length) {
          set({ message: 'nothing to undo' });
          return true;
        }
        set({ staged: s.past[s.past.length - 1], past: s.past.slice(0, -1), future: [s.staged, ...s.future], message: 'undone' });
        return true;
      },
      redo: () => {
        const s = get();
        if (!s.future.length) {
          set({ message: 'nothing to redo' });
          return true;
        }
        set({ staged: s.future[0], future: s.future.slice(1), past: [...s.past, s.staged], message: 'redone' });
        return true;
      },
      requestWrite: () => {
        const list = Object.values(get().staged);
        if (!list.length) {
          set({ message: 'nothing staged to write', quitAfterWrite: false, modal: null });
          return true;
        }
        try {
          set({ plan: facade.describe(list), planScroll: 0, modal: 'write' });
        } catch (error) {
          set({ message: `cannot plan the write: ${(error as Error).message}`, modal: null, quitAfterWrite: false });
        }
        return true;
      },
      writing: null,
      confirmWrite: () => {
        const s = get();
        if (s.writing) return true;
        const run = async () => {
          try {
            const result = await facade.write(Object.values(s.staged));
            const done = `wrote ${result.files.length} file(s)${result.reviewId ? `, review ${result.reviewId}` : ''}`;
            set({ staged: {}, past: [], future: [], marks: {}, plan: null, modal: null });
            get().reload(done);
            if (s.quitAfterWrite) set({ exit: { kind: 'quit' } });
          } catch (error) {
            set({ message: `write failed: ${(error as Error).message}`, modal: null, plan: null, quitAfterWrite: false });
          } finally {
            set({ writing: null });
          }
        };
        set({ message: 'writing…', writing: run() });
        return true;
      },
      closeModal: () => {
        set({ modal: isEmpty(get().data) ? 'empty' : null, plan: null, input: '', rejecting: [], quitAfterWrite: false });
        return true;
      },
      scrollPlan: (delta) => {
        const s = get();
        const max = Math.max(0, (s.plan?.lines.length ?? 0) - 1);
        set({ planScroll: Math.max(0, Math.min(max, s.planScroll + delta)) });
        return true;
      },
      requestQuit: () => {
        if (Object.keys(get().staged).length) set({ modal: 'quit' });
        else set({ exit: { kind: 'quit' } });
        return true;
      },
      quitWrite: () => {
        set({ quitAfterWrite: true });
        get().requestWrite();
        return true;
      },
      quitDiscard: () => {
        set({ staged: {}, past: [], future: [], modal: null, exit: { kind: 'quit' } });
        return true;
      },
      openHelp: () => {
        set({ modal: 'help' });
        return true;
      },
      openFilter: () => {
        set({ modal: 'filter', input: '' });
        return true;
      },
      typeText: (text) => {
        set({ input: textInputReducer({ value: get().input }, { type: 'insert', text }).value });
        return true;
      },
      backspace: () => {
        set({ input: textInputReducer({ value: get().input }, { type: 'backspace' }).value });
        return true;
      },
      submitInput: () => {
        const s = get();
        if (s.modal === 'reason') return get().decide('reject', s.input);
        const query = s.input.trim();
        if (!query) {
          set({ modal: null, filter: null, input: '' });
          return true;
        }
        set({ modal: null, input: '', filter: { pane: s.focus, query } });
        const found = nextMatch(matchIndices(listTexts(s, s.focus), query), s.cursor[s.focus], 1, true);
        if (found === null) set({ message: `no match for /${query}` });
        else setCursor(s.focus, found);
        return true;
      },
      findNext: (dir) => {
        const s = get();
        if (!s.filter || s.filter.pane !== s.focus) {
          set({ message: 'no filter in this pane; press / first' });
          return true;
        }
        const found = nextMatch(matchIndices(listTexts(s, s.focus), s.filter.query), s.cursor[s.focus], dir);
        if (found === null) set({ message: `no match for /${s.filter.query}` });
        else setCursor(s.focus, found);
        return true;
      },
      acceptRestore: () => {
        const s = get();
        const known = new Set(s.data.drafts.map((d) => d.id));
        const staged: Staged = {};
        for (const d of s.restore?.staged ?? []) if (known.has(d.draftId)) staged[d.draftId] = d;
        const dropped = (s.restore?.staged.length ?? 0) - Object.keys(staged).length;
        commit(staged, {
          modal: null,
          restore: null,
          message: `restored ${Object.keys(staged).length} staged decision(s)${dropped ? `; ${dropped} no longer apply` : ''}`,
        });
        return true;
      },
      discardRestore: () => {
        facade.clearStaging();
        set({ restore: null, modal: isEmpty(get().data) ? 'empty' : null, message: 'discarded the staged decisions of the last session' });
        return true;
      },
      edit: () => {
        const draft = focused(get()).draft;
        if (!draft) {
          set({ message: 'no draft here to edit' });
          return true;
        }
        set({ exit: { kind: 'edit', path: draft.path, draftId: draft.id } });
        return true;
      },
      patchDiff: () => {
        const s = get();
        const f = focused(s);
        if (!f.draft || !f.neighbor) return null;
        const stagedPatch = s.staged[f.draft.id];
        const decision =
          stagedPatch?.decision === 'patch'
            ? stagedPatch
            : stageDecision(f.draft, 'patch', targetRun(f.draft, f.run), f.neighbors, f.neighbor);
        const key = JSON.stringify([decision.draftId, decision.neighborId, decision.runId, decision.reason]);
        let lines = diffCache.get(key);
        if (!lines) {
          try {
            lines = facade.patchDiff(decision);
          } catch (error) {
            lines = [`(no diff: ${(error as Error).message})`];
          }
          diffCache.set(key, lines);
        }
        const staged = stagedPatch?.decision === 'patch' ? ' (staged)' : '';
        return { title: `patch ${f.draft.title} into ${decision.neighborId}${staged}`, lines };
      },
      reload: (message) => {
        diffCache.clear();
        const s = get();
        const fresh = facade.load();
        const cursor = {
          runs: clampCursor(s.cursor.runs, fresh.runs.length),
          drafts: s.cursor.drafts,
          neighbors: s.cursor.neighbors,
        };
        const next: ReviewState = {
          ...s,
          data: fresh,
          index: indexDrafts(fresh),
          neighbors: {},
          cursor,
          exit: null,
          modal: s.modal === 'restore' ? 'restore' : isEmpty(fresh) ? 'empty' : s.modal,
          message: message ?? null,
        };
        next.cursor.drafts = clampCursor(cursor.drafts, focused(next).rows.length);
        set(withNeighbors(next));
      },
    };
  });
}
