// Issue 35: the review's pager. The long views (the help, the write plan, the warnings, a refused write and the zoomed
// preview) move and search with the shared pager reducer; each keeps its own offset field, the search is one.
import { pagerReduce, searchOf, type PagerAction, type PagerMove, type PagerSearch } from '../shared/pager/pager.js';
import { PAGER_MODALS } from '../shared/keys/table.js';
import type { ReviewActions, ReviewState } from './state.js';

type OffsetKey = 'planScroll' | 'helpScroll' | 'previewScroll';

const STOPS: Record<PagerMove, 'end' | 'top'> = {
  down: 'end', halfDown: 'end', pageDown: 'end', bottom: 'end', up: 'top', halfUp: 'top', pageUp: 'top', top: 'top',
};

/** The long view on screen (the name its search is kept under) and its offset field; null when none is. */
export function pagerView(s: Pick<ReviewState, 'modal' | 'zoom'>): { view: string; key: OffsetKey } | null {
  if (s.modal && PAGER_MODALS.includes(s.modal)) return { view: s.modal, key: s.modal === 'write' ? 'planScroll' : 'helpScroll' };
  if (!s.modal && s.zoom) return { view: 'zoom', key: 'previewScroll' };
  return null;
}

/** The search of the view on screen (none when no long view is). */
export function currentSearch(s: Pick<ReviewState, 'modal' | 'zoom' | 'pagerSearch'>): PagerSearch | null {
  const at = pagerView(s);
  return at ? searchOf(s.pagerSearch, at.view) : null;
}

export function pagerActions(set: (partial: Partial<ReviewState>) => void, get: () => ReviewState & ReviewActions): Pick<ReviewActions, 'page' | 'closeZoom'> {
  return {
    page: (action: PagerAction) => {
      const s = get();
      const at = pagerView(s);
      if (!at) return false;
      const search = searchOf(s.pagerSearch, at.view);
      // n / N before any search: the key is the dialog's (n cancels the write plan) or the list's.
      if ((action.kind === 'next' || action.kind === 'prev') && !search.query) return false;
      const before = s[at.key];
      const next = pagerReduce({ offset: before, search }, action, { lines: s.view.lines, page: s.view.page });
      // A move that cannot go further says so (as the preview's J / K do).
      if (action.kind in STOPS && next.offset === before) {
        const what = at.key === 'planScroll' ? 'the plan' : at.key === 'helpScroll' ? 'this view' : 'the preview';
        set({ message: `${STOPS[action.kind as PagerMove]} of ${what}` });
        return true;
      }
      set({ [at.key]: next.offset, pagerSearch: next.search });
      return true;
    },
    closeZoom: () => {
      set({ zoom: false });
      return true;
    },
  };
}
