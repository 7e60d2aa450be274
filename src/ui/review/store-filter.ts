// The review store's filter actions: `/` narrows the focused list to its matches (the reason prompt shares the text
// input), n/N step through them.
import { matchIndices, nextMatch } from './lists.js';
import { listTexts, type ReviewActions } from './state.js';
import type { ViewKit } from './store-view.js';

export function filterActions({ set, get, setCursor }: ViewKit): Pick<ReviewActions, 'submitInput' | 'findNext'> {
  return {
    submitInput: () => {
      const s = get();
      if (s.modal === 'reason') return get().decide(s.reasonFor ?? 'reject', s.input);
      const query = s.input.trim();
      if (!query) {
        set({ modal: null, filter: null, input: '' });
        return true;
      }
      // The list narrows to the matches; with none, it stays whole and says so.
      const found = nextMatch(matchIndices(listTexts(s, s.focus), query), s.cursor[s.focus], 1, true);
      if (found === null) {
        set({ modal: null, input: '', message: `no match for /${query}` });
        return true;
      }
      set({ modal: null, input: '', filter: { pane: s.focus, query } });
      setCursor(s.focus, found);
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
  };
}
