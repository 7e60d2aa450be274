// The lessons screen's view actions: the clusters / all-cards switch, the `/` search and the `s` sort of the
// all-cards list, the whole card (Enter) and the scrolling of the open card, confirm and write views.
import type { CardMeta } from '../../core/index.js';
import { clampCursor } from '../shared/window.js';
import { nextSort, SORT_LABEL, visibleCards } from './all-cards.js';
import type { LessonsFacade } from './facade.js';
import { LESSONS_PAGER_MODALS, type LessonsPane } from './keys.js';
import { pagerReduce, searchOf, type PagerAction } from '../shared/pager/pager.js';
import type { LessonsState } from './state.js';

export interface ViewActions {
  toggleView(): boolean;
  openFilter(): boolean;
  typeFilter(text: string): boolean;
  backspaceFilter(): boolean;
  submitFilter(): boolean;
  clearFilter(): boolean;
  cycleSort(): boolean;
  openCardView(): boolean;
  closeCardView(): boolean;
  scrollBy(delta: number | 'page' | '-page'): boolean;
  setScrollLimits(max: number, page: number, lines: readonly string[]): void;
  /** A pager key in the open long view; false when it is not the pager's (n before a search: the modal's "no"). */
  page(action: PagerAction): boolean;
}

/** The long view open (the name its search is kept under), or null. */
export function lessonsPagerView(s: Pick<LessonsState, 'modal'>): string | null {
  return s.modal && (LESSONS_PAGER_MODALS as readonly string[]).includes(s.modal) ? s.modal : null;
}

type State = LessonsState & { setPane(pane: LessonsPane): boolean };
type Set = (partial: Partial<LessonsState>) => void;

/** The all-cards list of the state's cards, search and sort; the occurrences read first when sorted by them and not read. */
function listOf(s: LessonsState, facade: LessonsFacade): Partial<LessonsState> {
  const occurrences = s.sort === 'occurrences' ? s.occurrences ?? facade.occurrences(s.all.map((c) => c.path)) : s.occurrences;
  const visible = visibleCards(s.all, s.query, s.sort, occurrences);
  return { occurrences, visible, allCursor: clampCursor(s.allCursor, visible.length), listed: true };
}

/** The list as it must be when shown: made now unless it is made already. */
function listed(s: LessonsState, facade: LessonsFacade): Partial<LessonsState> {
  return s.listed ? {} : listOf(s, facade);
}

/**
 * The all-cards list after a load: the search and sort kept, the occurrences read again if the list is sorted by
 * them. Made now when the list is on screen, else when it is next shown.
 */
export function reloadedCards(s: LessonsState, cards: CardMeta[], facade: LessonsFacade): Partial<LessonsState> {
  const reloaded = { ...s, all: cards, occurrences: null, listed: false };
  return { all: cards, occurrences: null, listed: false, ...(s.view === 'all' ? listOf(reloaded, facade) : {}) };
}

export function viewActions(set: Set, get: () => State, facade: LessonsFacade): ViewActions {
  const narrow = (query: string) => {
    const s = get();
    if (!s.listed) set({ query, allCursor: 0 }); // the list is made with this search when it is shown
    else set({ query, visible: visibleCards(s.all, query, s.sort, s.occurrences), allCursor: 0 });
  };
  return {
    toggleView() {
      const s = get();
      const view = s.view === 'clusters' ? 'all' : 'clusters';
      set({
        ...(view === 'all' ? listed(s, facade) : {}),
        view,
        status: view === 'all' ? `all ${s.all.length} cards, by ${SORT_LABEL[s.sort]} (/ search, s sort, Enter the whole card)` : 'clusters of likely duplicates',
      });
      return true;
    },
    openFilter() {
      set({ ...listed(get(), facade), view: 'all', modal: 'filter' });
      return true;
    },
    typeFilter(text) {
      narrow(get().query + text);
      return true;
    },
    backspaceFilter() {
      narrow(Array.from(get().query).slice(0, -1).join(''));
      return true;
    },
    submitFilter() {
      const s = get();
      set({ modal: null, status: s.query ? `${s.visible.length} of ${s.all.length} cards match /${s.query} (Esc clears)` : '' });
      return true;
    },
    clearFilter() {
      const s = get();
      // Esc goes back one step: the search, then the list of all cards, then the cards of a cluster.
      if (s.query || s.modal === 'filter') {
        narrow('');
        set({ modal: null, status: 'search cleared' });
      } else if (s.view === 'all') set({ view: 'clusters', status: 'clusters of likely duplicates' });
      else if (s.pane === 'cards') set({ pane: 'clusters' });
      else return false;
      return true;
    },
    cycleSort() {
      const s = get();
      const sort = nextSort(s.sort);
      const occurrences = sort === 'occurrences' && !s.occurrences ? facade.occurrences(s.all.map((c) => c.path)) : s.occurrences;
      const visible = visibleCards(s.all, s.query, sort, occurrences);
      set({ view: 'all', sort, occurrences, visible, allCursor: 0, listed: true, status: `sorted by ${SORT_LABEL[sort]}` });
      return true;
    },
    openCardView() {
      const s = get();
      if (s.view === 'clusters' && s.pane === 'clusters') return s.setPane('cards');
      const card = s.view === 'all' ? s.visible[s.allCursor] : s.clusters[s.clusterCursor]?.cards[s.cardCursor];
      if (!card) {
        set({ status: 'no card to open' });
        return true;
      }
      try {
        set({ modal: 'card', openCard: { path: card.path, id: card.id ?? '', text: facade.readText(card.path) }, scroll: 0 });
      } catch (error) {
        set({ status: `cannot read ${card.path}: ${error instanceof Error ? error.message : String(error)}` });
      }
      return true;
    },
    closeCardView() {
      set({ modal: null, openCard: null, scroll: 0 });
      return true;
    },
    scrollBy(delta) {
      const s = get();
      const { max, page } = s.scrollLimits;
      const step = delta === 'page' ? page : delta === '-page' ? -page : delta;
      // Scrolling stops where the last line is at the bottom of the view.
      set({ scroll: Math.max(0, Math.min(max, s.scroll + step)) });
      return true;
    },
    setScrollLimits(max, page, lines) {
      // A measurement no component draws: updated in place, so reporting it never wakes the store's subscribers.
      const limits = get().scrollLimits;
      limits.max = max;
      limits.page = page;
      limits.lines = lines;
    },
    page(action) {
      const s = get();
      const view = lessonsPagerView(s);
      if (!view) return false;
      const search = searchOf(s.pagerSearch, view);
      if ((action.kind === 'next' || action.kind === 'prev') && !search.query) return false;
      const next = pagerReduce({ offset: s.scroll, search }, action, { lines: s.scrollLimits.lines, page: s.scrollLimits.page });
      set({ scroll: next.offset, pagerSearch: next.search });
      return true;
    },
  };
}
