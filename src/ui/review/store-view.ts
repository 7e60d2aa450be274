// Issue 17 (i17r): the review store's moving and reading actions: the cursor among the shown rows, panes, Enter and
// Esc, scrolling the preview and the dialogs, zoom, the runs view, reload, the warnings view, a refused write, and
// the Write / Discard / Cancel choice.
import type { PaneId } from '../shared/keys/table.js';
import { PANES } from './lists.js';
import { focused, type ReviewActions, type ReviewState, type RunsView } from './state.js';
import { stepRow, visibleRows } from './view-rows.js';

export interface ViewKit {
  set: (partial: Partial<ReviewState & ReviewActions>) => void;
  get: () => ReviewState & ReviewActions;
  setCursor: (pane: PaneId, value: number) => boolean;
}

type ViewActions = Pick<
  ReviewActions,
  | 'move' | 'jump' | 'focusPane' | 'pick' | 'scroll' | 'toggleZoom' | 'cycleRunsView' | 'drill' | 'back' | 'openWarnings'
  | 'reloadKey' | 'retryWrite' | 'moveChoice' | 'chooseQuit'
>;

const RUNS_VIEWS: readonly RunsView[] = ['all', 'uncovered first', 'hide covered'];
export const QUIT_CHOICES = ['Write the staged decisions, then quit', 'Discard them and quit', 'Cancel: back to the review'];

export function viewActions({ set, get, setCursor }: ViewKit): ViewActions {
  const scrollKey = (s: ReviewState): 'planScroll' | 'helpScroll' | 'previewScroll' =>
    s.modal === 'write' ? 'planScroll' : s.modal === 'help' || s.modal === 'warnings' || s.modal === 'writeError' ? 'helpScroll' : 'previewScroll';
  const focusTo = (focus: PaneId) => set({ focus, previewScroll: 0 });

  return {
    move: (delta) => {
      const s = get();
      const rows = visibleRows(s, s.focus);
      if (!rows) return setCursor(s.focus, s.cursor[s.focus] + delta);
      const next = stepRow(rows, s.cursor[s.focus], delta);
      if (next === null) set({ message: s.filter?.pane === s.focus ? `no match for /${s.filter.query} (Esc clears it)` : 'nothing listed here' });
      else setCursor(s.focus, next);
      return true;
    },
    jump: (to) => {
      const s = get();
      const rows = visibleRows(s, s.focus);
      if (!rows) return setCursor(s.focus, to === 'top' ? 0 : Number.MAX_SAFE_INTEGER);
      if (rows.length) setCursor(s.focus, to === 'top' ? rows[0] : rows[rows.length - 1]);
      return true;
    },
    focusPane: (dir) => {
      const s = get();
      focusTo(PANES[(PANES.indexOf(s.focus) + dir + PANES.length) % PANES.length]);
      return true;
    },
    pick: (pane, item) => {
      if (get().focus !== pane) focusTo(pane);
      return item === null ? true : setCursor(pane, item);
    },
    scroll: (by) => {
      const s = get();
      const key = scrollKey(s);
      const page = Math.max(1, s.view.page);
      const delta = typeof by === 'number' ? by : { half: Math.ceil(page / 2), '-half': -Math.ceil(page / 2), page, '-page': -page }[by];
      const next = Math.max(0, Math.min(s.view.max, s[key] + delta));
      if (next === s[key]) {
        const what = key === 'planScroll' ? 'the plan' : key === 'helpScroll' ? 'this view' : 'the preview';
        set({ message: delta > 0 ? `end of ${what}` : `top of ${what}` });
      } else set({ [key]: next });
      return true;
    },
    toggleZoom: () => {
      set({ zoom: !get().zoom });
      return true;
    },
    cycleRunsView: () => {
      const s = get();
      const runsView = RUNS_VIEWS[(RUNS_VIEWS.indexOf(s.runsView) + 1) % RUNS_VIEWS.length];
      set({ runsView, message: `runs: ${runsView}` });
      const rows = visibleRows(get(), 'runs');
      if (rows && rows.length && !rows.includes(get().cursor.runs)) setCursor('runs', rows[0]);
      if (rows && !rows.length) set({ message: `runs: ${runsView} (every run is covered; o shows them)` });
      return true;
    },
    drill: () => {
      const s = get();
      const f = focused(s);
      if (s.focus === 'runs') {
        if (!f.rows.length) set({ message: 'no drafts under this run to open' });
        else focusTo('drafts');
      } else if (s.focus === 'drafts') {
        if (!f.draft) set({ message: 'no draft here to open' });
        else if (!f.neighbors.length) set({ message: 'this draft has no neighbor to compare with; c makes it a new card' });
        else focusTo('neighbors');
      } else if (!f.neighbor) set({ message: 'no neighbor here to open' });
      else set({ zoom: !s.zoom });
      return true;
    },
    back: () => {
      const s = get();
      if (s.filter && s.filter.pane === s.focus) set({ filter: null, message: 'filter cleared' });
      else if (s.zoom) set({ zoom: false });
      else if (s.focus !== 'runs') focusTo(PANES[PANES.indexOf(s.focus) - 1]);
      else if (s.backLeaves) return get().requestQuit();
      else set({ message: 'already at the runs; q quits' });
      return true;
    },
    openWarnings: () => {
      if (!get().data.warnings.length) set({ message: 'no warnings' });
      else set({ modal: 'warnings', helpScroll: 0 });
      return true;
    },
    reloadKey: () => {
      const kept = Object.keys(get().staged).length;
      get().reload(`reloaded from disk; ${kept} staged decision(s) kept`);
      return true;
    },
    retryWrite: () => {
      get().reload('reloaded after the refused write');
      set({ writeError: null, modal: null });
      get().requestWrite();
      return true;
    },
    moveChoice: (delta) => {
      const s = get();
      set({ quitChoice: Math.max(0, Math.min(QUIT_CHOICES.length - 1, s.quitChoice + delta)) });
      return true;
    },
    chooseQuit: () => {
      const choice = get().quitChoice;
      if (choice === 0) return get().quitWrite();
      if (choice === 1) return get().quitDiscard();
      return get().closeModal();
    },
  };
}
