// The review store: one vanilla zustand store per app instance, made by createReviewStore(deps). Actions read with
// get() and write with set(); components never hold handlers over their own closures.
import { createStore } from 'zustand/vanilla';
import type { NeighborItem } from './facade.js';
import { RUN_LEVEL, stageDecision, WRITES_CARD, targetRun } from './decisions.js';
import { editedDraft, withEditText } from './draft-edit.js';
import type { PaneId } from '../shared/keys/table.js';
import { hasQuestRow, indexDrafts, questTarget, runProgress } from './lists.js';
import { focused, isEmpty, listCount, NEIGHBOR_LIMIT, type ReviewActions, type ReviewDeps, type ReviewState, type ReviewStore, type Staged } from './state.js';
import { patchDiffAction, stagedWriteAction } from './store-patch-diff.js';
import { sessionActions } from './store-session.js';
import { viewActions } from './store-view.js';
import { pagerActions } from './store-pager.js';
import { filterActions } from './store-filter.js';
import { textInputReducer } from '../shared/text-input.js';
import { clampCursor } from '../shared/window.js';

export * from './state.js';

export function createReviewStore(deps: ReviewDeps): ReviewStore {
  const { facade } = deps;
  const data = facade.load();
  const loadedSnapshot = facade.loadStaging();
  const snapshot = loadedSnapshot && (loadedSnapshot.staged.length || Object.keys(loadedSnapshot.edits ?? {}).length) ? loadedSnapshot : null;
  const diffCache = new Map<string, string[]>();
  const index = indexDrafts(data);
  // The first uncovered run; else the quest-level group when there is one (it follows the runs).
  const uncovered = data.runs.findIndex((r) => !r.covered);
  const firstUncovered = uncovered >= 0 ? uncovered : hasQuestRow(index) ? data.runs.length : 0;

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
      const total = listCount(s, pane);
      const next = clampCursor(value, total);
      if (next === s.cursor[pane] && total > 0) return true;
      const cursor = { ...s.cursor, [pane]: next };
      if (pane === 'runs') Object.assign(cursor, { drafts: 0, neighbors: 0 });
      if (pane === 'drafts') cursor.neighbors = 0;
      set({ cursor, message: null, previewScroll: 0 });
      scheduleNeighbors();
      return true;
    };

    const commit = (staged: Staged, extra: Partial<ReviewState> = {}) => {
      const s = get();
      set({ staged, past: [...s.past, { staged: s.staged, edits: s.edits }].slice(-200), future: [], ...extra });
    };

    const initial: ReviewState = {
      data,
      index,
      questRun: null,
      focus: 'runs',
      cursor: { runs: firstUncovered, drafts: 0, neighbors: 0 },
      neighbors: {},
      staged: {},
      edits: {},
      editing: null,
      past: [],
      future: [],
      marks: {},
      showDiff: false,
      modal: snapshot ? 'restore' : isEmpty(data) ? 'empty' : null,
      input: '',
      filter: null,
      rejecting: [], reasonFor: null, written: [],
      plan: null,
      planScroll: 0,
      previewScroll: 0,
      helpScroll: 0,
      view: { max: 0, page: 1, lines: [] },
      pagerSearch: null,
      zoom: false,
      runsView: 'all',
      writeError: null,
      quitChoice: 0,
      quitAfterWrite: false,
      backLeaves: deps.backLeaves ?? false,
      restore: snapshot,
      message: data.warnings.length ? `${data.warnings.length} warning(s) (w lists them): ${data.warnings[0]}` : null,
      exit: null,
    };

    return {
      ...withNeighbors(initial),
      ...sessionActions({ set, get, facade, commit, withNeighbors, diffCache, askReasons: deps.askReasons }),
      ...viewActions({ set, get, setCursor }),
      ...pagerActions(set, get),
      toggleMark: () => {
        const s = get();
        const f = focused(s);
        if (!f.draft) {
          set({ message: 'no draft here to mark' });
          return true;
        }
        const marks = { ...s.marks };
        if (f.draft.id in marks) delete marks[f.draft.id];
        else marks[f.draft.id] = targetRun(f.draft, f.run, questTarget(s.data, s.questRun));
        set({ marks });
        return true;
      },
      decide: (decision, reason) => {
        ensureNeighbors();
        const s = get();
        const f = focused(s);
        const runLevel = s.rejecting.length === 1 && s.rejecting[0].startsWith(RUN_LEVEL) ? s.rejecting[0] : null;
        if (decision === 'reject' && runLevel) {
          const runId = runLevel.slice(RUN_LEVEL.length);
          const run = s.data.runs.find((r) => r.artifactId === runId);
          const open = run ? runProgress(s.index, run, s.staged).undecided.length : 0;
          const why = reason?.trim() || (open ? 'closed by the reviewer' : 'nothing to distill');
          const staged = { ...s.staged, [runLevel]: { draftId: runLevel, decision, reason: why, neighbors: [], runId } };
          const message = open
            ? `${runId}: closed; ${open} undecided draft(s) will be recorded as rejected (${why})`
            : `${runId}: reviewed, nothing to distill (${why})`;
          commit(staged, { message, modal: null, rejecting: [] });
          return true;
        }
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
          const found = s.data.drafts.find((d) => d.id === id);
          if (!found) continue;
          const draft = editedDraft(found, s.edits);
          if (WRITES_CARD.has(decision) && draft.needsEdit) {
            skipped.push(draft.title);
            continue;
          }
          const listed = s.neighbors[id] ?? [];
          const target = batch ? (decision === 'neighbor_but_separate' ? listed[0] : undefined) : f.neighbor;
          const runId = batch ? s.marks[id] : targetRun(draft, f.run, questTarget(s.data, s.questRun));
          staged[id] = withEditText(stageDecision(draft, decision, runId, listed, target, reason), s.edits[id]);
        }
        const message = skipped.length
          ? `needs an edit first (empty or TODO claim; press e): ${skipped.join(', ')}`
          : null;
        const cursor = { ...s.cursor };
        if (!batch && !skipped.length && s.focus === 'drafts' && cursor.drafts < f.rows.length - 1) {
          cursor.drafts += 1;
          cursor.neighbors = 0;
        }
        commit(staged, { marks: batch ? {} : s.marks, message, cursor, modal: null, rejecting: [], reasonFor: null });
        scheduleNeighbors();
        return true;
      },
      askReject: () => {
        const s = get();
        const f = focused(s);
        const marked = Object.keys(s.marks);
        // x on a run closes it: rejected as a whole with a reason, its undecided drafts recorded as rejected (the
        // reason line says how many, as the confirm). A run without drafts is reviewed this way too.
        if (!marked.length && s.focus === 'runs' && f.run) {
          const open = runProgress(s.index, f.run, s.staged).undecided.length;
          if (!f.run.covered || open) {
            set({ modal: 'reason', input: '', rejecting: [RUN_LEVEL + f.run.artifactId], reasonFor: null });
            return true;
          }
          // Never a draft picked unseen from the runs pane (it would override its decision).
          if (f.draft) {
            set({ message: `${f.run.artifactId} is covered and every draft of it decided; go to its drafts (l) to change one` });
            return true;
          }
        }
        if (!marked.length && s.focus === 'runs' && !f.run && f.draft) {
          set({ message: 'this is the quest-level row, not a run: go to its drafts (l) to reject one' });
          return true;
        }
        const ids = marked.length ? marked : f.draft ? [f.draft.id] : [];
        if (!ids.length) {
          set({ message: 'no draft here to reject' });
          return true;
        }
        set({ modal: 'reason', input: '', rejecting: ids, reasonFor: null });
        return true;
      },
      cycleQuestRun: () => {
        const s = get();
        if (focused(s).run || !s.data.runs.length) return false;
        const ids = s.data.runs.map((r) => r.artifactId);
        const at = ids.indexOf(questTarget(s.data, s.questRun) ?? '');
        const next = ids[(at + 1) % ids.length];
        set({ questRun: next, message: `quest-level drafts will be recorded under ${next}` });
        return true;
      },
      toggleDiff: () => {
        if (!get().showDiff && !focused(get()).draft) {
          set({ message: 'no draft here: d shows what a draft\'s decision writes' });
          return true;
        }
        set({ showDiff: !get().showDiff, previewScroll: 0 });
        return true;
      },
      undo: () => {
        const s = get();
        if (!s.past.length) {
          set({ message: 'nothing to undo' });
          return true;
        }
        const prev = s.past[s.past.length - 1];
        set({ ...prev, past: s.past.slice(0, -1), future: [{ staged: s.staged, edits: s.edits }, ...s.future], message: 'undone' });
        return true;
      },
      redo: () => {
        const s = get();
        if (!s.future.length) {
          set({ message: 'nothing to redo' });
          return true;
        }
        set({ ...s.future[0], future: s.future.slice(1), past: [...s.past, { staged: s.staged, edits: s.edits }], message: 'redone' });
        return true;
      },
      closeModal: () => {
        set({ modal: isEmpty(get().data) ? 'empty' : null, plan: null, input: '', rejecting: [], reasonFor: null, quitAfterWrite: false, editing: null, writeError: null });
        return true;
      },
      openHelp: () => {
        set({ modal: 'help', helpScroll: 0 });
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
      ...filterActions({ set, get, setCursor }),
      patchDiff: patchDiffAction(get, facade, diffCache),
      stagedWrite: stagedWriteAction(get, facade, diffCache),
    };
  });
}
