// The lessons screen's state: one vanilla zustand store per session (createLessonsStore), actions through get()/set().
// Actions are staged (with markers on the cards), undone with u, redone with Ctrl+R, and written only with W.
import { createStore } from 'zustand/vanilla';
import { MERGE_UNMARKED_MAX, plural } from '../../core/index.js';
import { framePainted } from '../shared/screen-loop.js';
import { clampCursor } from '../shared/window.js';
import type { LessonsFacade, StagedAction, StagedKind } from './facade.js';
import type { LessonsModal, LessonsPane } from './keys.js';
import { prepareSearch } from './all-cards.js';
import { reloadedCards, viewActions, type ViewActions } from './store-view.js';
import { archivedSlice, type ArchivedActions } from './store-archived.js';
import { currentCard, currentCluster, focusedCard, type LessonsState } from './state.js';
import { mergeConfirm, stagedAway, targetsOf } from './targets.js';
import { editActions, type EditActions } from './store-edit.js';

export { currentCard, currentCluster, markersOf } from './state.js';
export type { LessonsState, LessonsView, PendingConfirm } from './state.js';

export interface LessonsActions extends ViewActions, ArchivedActions, EditActions {
  load(): Promise<void>;
  move(delta: number): boolean;
  jump(to: 'top' | 'bottom'): boolean;
  setPane(pane: LessonsPane): boolean;
  toggleMark(): boolean;
  markAll(): boolean;
  request(kind: StagedKind): boolean;
  confirmYes(): boolean;
  confirmNo(): boolean;
  undo(): boolean;
  redoAction(): boolean;
  openWrite(): boolean;
  write(thenQuit: boolean): boolean;
  openModal(modal: LessonsModal | null): boolean;
  quit(): boolean;
  interrupt(): boolean;
  discardAndQuit(): boolean;
}

export type LessonsStore = ReturnType<typeof createLessonsStore>;

export function createLessonsStore(deps: { facade: LessonsFacade }) {
  const { facade } = deps;
  // The running load, stopped when the screen quits (a large store's refresh would otherwise keep the process alive).
  let loadAbort: AbortController | null = null;
  return createStore<LessonsState & LessonsActions>()((set, get) => {
    const stage = (action: StagedAction, status: string) =>
      set((s) => ({ staged: [...s.staged, action], redo: [], marks: s.marks.filter((p) => !action.paths.includes(p)), status }));
    return {
      loading: { phase: 'starting', done: 0, total: 0 },
      early: false,
      stale: null,
      view: 'clusters',
      all: [],
      visible: [],
      listed: false,
      allCursor: 0,
      query: '',
      sort: 'updated',
      occurrences: null,
      openCard: null,
      scroll: 0,
      scrollLimits: { max: 0, page: 10, lines: [] },
      pagerSearch: null,
      writeLines: [],
      ...viewActions(set, get, facade),
      ...archivedSlice(set, get, facade),
      ...editActions(set, get, facade, stage),
      editing: null,
      clusters: [],
      considered: 0,
      createdAt: () => null,
      clusterCursor: 0,
      cardCursor: 0,
      pane: 'clusters',
      marks: [],
      staged: [],
      redo: [],
      modal: null,
      confirm: null,
      status: '',
      writing: null,
      exit: null,

      async load() {
        set({ loading: { phase: 'starting', done: 0, total: 0 } });
        // A load (after a write) replaces the one before: its search-text preparation stops here, not at its end.
        loadAbort?.abort();
        const abort = (loadAbort = new AbortController());
        try {
          // Progress at most ~10 times a second: every step redrawn would cost more than the steps themselves.
          let shown = 0;
          const result = await facade.load((p) => {
            const now = Date.now();
            if (now - shown < 100 && p.done !== p.total) return;
            shown = now;
            set({ loading: p });
          }, {
            onEarly: (early) => {
              set((s) => ({
                early: true,
                ...reloadedCards(s, early.cards, facade),
                clusters: early.clusters,
                considered: early.considered,
                createdAt: early.createdAt,
                clusterCursor: clampCursor(s.clusterCursor, early.clusters.length),
              }));
              // The store check that follows blocks: the clusters as last found are drawn first.
              return framePainted();
            },
            onChanged: (paths) => set({ stale: paths }),
            signal: abort.signal,
          });
          set((s) => ({
            loading: null,
            early: false,
            stale: null,
            ...reloadedCards(s, result.cards, facade),
            clusters: result.clusters,
            considered: result.considered,
            createdAt: result.createdAt,
            clusterCursor: clampCursor(s.clusterCursor, result.clusters.length),
            cardCursor: 0,
            status: [...result.notes, `${plural(result.clusters.length, 'cluster')} of likely duplicates among ${result.considered} cards (${Math.round(result.ms)} ms)`].join('; '),
          }));
          void prepareSearch(result.cards, abort.signal);
        } catch (error) {
          if (abort.signal.aborted) return;
          set({ loading: null, early: false, stale: null, status: `error: ${error instanceof Error ? error.message : String(error)}` });
        }
      },
      move(delta) {
        const s = get();
        if (s.view === 'all') set({ allCursor: clampCursor(s.allCursor + delta, s.visible.length) });
        else if (s.pane === 'clusters') set({ clusterCursor: clampCursor(s.clusterCursor + delta, s.clusters.length), cardCursor: 0 });
        else set({ cardCursor: clampCursor(s.cardCursor + delta, currentCluster(s)?.cards.length ?? 0) });
        return true;
      },
      jump(to) {
        const s = get();
        const total = s.view === 'all' ? s.visible.length : s.pane === 'clusters' ? s.clusters.length : currentCluster(s)?.cards.length ?? 0;
        const at = to === 'top' ? 0 : Math.max(0, total - 1);
        set(s.view === 'all' ? { allCursor: at } : s.pane === 'clusters' ? { clusterCursor: at, cardCursor: 0 } : { cardCursor: at });
        return true;
      },
      setPane(pane) {
        if (get().view === 'all') {
          set({ status: `${pane === 'cards' ? 'l' : 'h'}: no panes in the list of all cards (Enter shows a card, v or Esc goes back to the clusters)` });
          return true;
        }
        if (!currentCluster(get())) return true;
        set({ pane });
        return true;
      },
      toggleMark() {
        const card = currentCard(get());
        if (!card) return true;
        set((s) => ({ marks: s.marks.includes(card.path) ? s.marks.filter((p) => p !== card.path) : [...s.marks, card.path] }));
        return true;
      },
      markAll() {
        if (get().view === 'all') {
          set({ status: 'a marks the cards of a cluster; in the list of all cards mark them one by one (Space)' });
          return true;
        }
        const cluster = currentCluster(get());
        if (!cluster) return true;
        const paths = cluster.cards.map((c) => c.path);
        set((s) => ({ marks: paths.every((p) => s.marks.includes(p)) ? s.marks.filter((p) => !paths.includes(p)) : [...new Set([...s.marks, ...paths])] }));
        return true;
      },
      request(kind) {
        const cards = targetsOf(get(), kind);
        if (cards.length === 0) return true;
        const away = kind === 'edit' ? null : stagedAway(get().staged, cards);
        if (away) {
          set({ status: `${kind}: ${away}; undo that first (u)` });
          return true;
        }
        if (kind === 'edit') {
          const card = focusedCard(get())!;
          // The edit starts from the staged result (a staged merge's lineage and occurrences, an earlier edit).
          const base = facade.stagedText(card.path, get().staged);
          if ('error' in base) set({ status: `cannot edit ${card.id}: ${base.error}` });
          else get().startEdit(card, base.text);
          return true;
        }
        if (kind === 'merge' && cards.length < 2) {
          const all = get().view === 'all' || get().modal === 'card';
          set({ status: all ? 'merge: mark at least two cards (Space)' : 'merge: mark at least two cards of the cluster (Space), or none for the whole cluster' });
          return true;
        }
        const cluster = currentCluster(get());
        if (kind === 'merge' && cluster && get().view === 'clusters' && cards.length === cluster.cards.length && !cluster.cards.some((c) => get().marks.includes(c.path)) && cards.length > MERGE_UNMARKED_MAX) {
          set({ status: `merge: this cluster holds ${cards.length} cards; mark the ones that say the same thing (Space) — only up to ${MERGE_UNMARKED_MAX} merge unmarked` });
          return true;
        }
        const action: StagedAction = { kind, paths: cards.map((c) => c.path), ids: cards.map((c) => c.id!) };
        if (kind === 'ignore') {
          stage(action, `staged: ignore ${plural(cards.length, 'card')}`);
          return true;
        }
        if (kind === 'merge') {
          const confirm = mergeConfirm(cards, facade);
          if ('error' in confirm) set({ status: `merge refused: ${confirm.error}` });
          else set({ modal: 'confirm', confirm, scroll: 0 });
          return true;
        }
        const message = `Archive ${plural(cards.length, 'card')} (${action.ids.join(', ')})? distill restore brings ${cards.length === 1 ? 'it' : 'them'} back.`;
        // Each card by id and title under the question: with the cluster list focused, no `›` points at the card `x` takes.
        const lines = cards.map((c) => `${c.id}  ${c.title}`);
        set({ modal: 'confirm', confirm: { action, message, lines }, scroll: 0 });
        return true;
      },
      confirmYes() {
        const pending = get().confirm;
        set({ modal: null, confirm: null });
        if (pending) stage(pending.action, `staged: ${pending.action.kind} ${plural(pending.action.paths.length, 'card')}`);
        return true;
      },
      confirmNo() {
        set({ modal: null, confirm: null, status: 'nothing staged' });
        return true;
      },
      undo() {
        const s = get();
        const last = s.staged[s.staged.length - 1];
        if (!last) set({ status: 'nothing to undo' });
        else set({ staged: s.staged.slice(0, -1), redo: [...s.redo, last], status: `undone: ${last.kind} ${last.ids.join(', ')}` });
        return true;
      },
      redoAction() {
        const s = get();
        const next = s.redo[s.redo.length - 1];
        if (!next) set({ status: 'nothing to redo' });
        else set({ staged: [...s.staged, next], redo: s.redo.slice(0, -1), status: `redone: ${next.kind} ${next.ids.join(', ')}` });
        return true;
      },
      openWrite() {
        if (get().staged.length === 0) set({ status: 'nothing staged to write' });
        else set({ modal: 'write', writeLines: facade.planLines(get().staged), scroll: 0 });
        return true;
      },
      write(thenQuit) {
        const actions = get().staged;
        set({ modal: null, status: `writing ${plural(actions.length, 'action')}…` });
        const writing = (async () => {
          const outcome = await facade.write(actions);
          const done = outcome.written.length;
          const message = outcome.error
            ? `written ${done} of ${actions.length}; stopped: ${outcome.error}`
            : `written: ${outcome.written.join('; ')}`;
          set({ staged: actions.slice(done), redo: [], marks: [], status: message });
          if (thenQuit && !outcome.error) {
            set({ exit: { kind: 'quit' } });
            return;
          }
          await get().load();
          set((s) => ({ status: `${message} · ${s.status}` }));
        })();
        set({ writing });
        return true;
      },
      openModal(modal) {
        set({ modal, scroll: 0 });
        return true;
      },
      quit() {
        if (get().staged.length) set({ modal: 'quit' });
        else {
          loadAbort?.abort();
          set({ exit: { kind: 'quit' } });
        }
        return true;
      },
      interrupt() {
        // Ctrl+C: with actions staged it asks as q does; Ctrl+C while that question is open (or with nothing
        // staged) quits at once, writing nothing (run.tsx names what was dropped and exits 130).
        const s = get();
        if (s.modal !== 'quit' && s.staged.length) return s.quit();
        loadAbort?.abort();
        set({ modal: null, exit: { kind: 'quit', interrupted: s.staged.length > 0 } });
        return true;
      },
      discardAndQuit() {
        loadAbort?.abort();
        set({ staged: [], redo: [], modal: null, exit: { kind: 'quit' } });
        return true;
      },
    };
  });
}
