// The review store: one vanilla zustand store per app instance, made by createReviewStore(deps). Actions read with
// get() and write with set(); components never hold handlers over their own closures.
import { createStore } from 'zustand/vanilla';
import { plural } from '../../core/index.js';
import type { NeighborItem } from './facade.js';
import type { PaneId } from '../shared/keys/table.js';
import { hasQuestRow, indexDrafts, questTarget } from './lists.js';
import { focused, isEmpty, listCount, NEIGHBOR_LIMIT, type ReviewActions, type ReviewDeps, type ReviewState, type ReviewStore, type Staged } from './state.js';
import { patchDiffAction, stagedWriteAction } from './store-patch-diff.js';
import { sessionActions } from './store-session.js';
import { viewActions } from './store-view.js';
import { pagerActions } from './store-pager.js';
import { filterActions } from './store-filter.js';
import { decideActions } from './store-decide.js';
import { textInputReducer } from '../shared/text-input.js';
import { clampCursor } from '../shared/window.js';

export * from './state.js';

/** The first status line: the warnings, and the copies of refused edits kept from an earlier session (e reopens). */
function startMessage(warnings: readonly string[], kept: ReviewDeps['facade']['keptEdits']): string | null {
  const keys = kept?.keys() ?? [];
  const parts = [
    keys.length ? `${plural(keys.length, 'refused edit')} kept in ${kept!.dir} (e on the draft, a on the run reopens it)` : null,
    warnings.length ? `${warnings.length} warning(s) (w lists them): ${warnings[0]}` : null,
  ];
  return parts.filter(Boolean).join('; ') || null;
}

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
      message: startMessage(data.warnings, facade.keptEdits),
      exit: null,
    };

    return {
      ...withNeighbors(initial),
      ...sessionActions({ set, get, facade, commit, withNeighbors, diffCache, askReasons: deps.askReasons }),
      ...viewActions({ set, get, setCursor }),
      ...decideActions({ set, get, commit, ensureNeighbors, scheduleNeighbors }),
      ...pagerActions(set, get),
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
