// The pager of every long view (the zoomed preview, the write plan, the help, the warnings, the lessons screen's
// card, popups and plan), as a pure reducer: where the view stands and the `/` search inside its text. The lines it
// moves over are the view's lines as laid out for its width (wrapped), which the view reports with its page size.

/** The `/` search of one view. `typing`: the text being typed after `/` (null when not typing). */
export interface PagerSearch {
  /** The view the search belongs to (a screen's name for it): a search never follows the reader into another view. */
  view: string;
  typing: string | null;
  query: string;
  /** The laid-out line of the current match. */
  at: number | null;
  /** What the last search key found ("no match", "match 2 of 5, wrapped to the top"). */
  note: string | null;
}

export interface PagerState {
  offset: number;
  search: PagerSearch;
}

/** What the view on screen reported: its laid-out lines and how many of them it shows at once. */
export interface PagerMeasure {
  lines: readonly string[];
  page: number;
}

export type PagerMove = 'down' | 'up' | 'halfDown' | 'halfUp' | 'pageDown' | 'pageUp' | 'top' | 'bottom';
export type PagerAction =
  | { kind: PagerMove }
  | { kind: 'search' }
  | { kind: 'type'; text: string }
  | { kind: 'backspace' }
  | { kind: 'submit' }
  | { kind: 'cancel' }
  | { kind: 'next' }
  | { kind: 'prev' };

export function noSearch(view: string): PagerSearch {
  return { view, typing: null, query: '', at: null, note: null };
}

/** The search of `view`: the stored one when it belongs to that view, else none. */
export function searchOf(stored: PagerSearch | null | undefined, view: string): PagerSearch {
  return stored && stored.view === view ? stored : noSearch(view);
}

/** Smart case, as less -i and vim's smartcase: a query with a capital letter matches case, else any case. */
function caseFold(query: string): (text: string) => string {
  return query === query.toLowerCase() ? (text) => text.toLowerCase() : (text) => text;
}

/** Where `query` occurs in a line: [start, end) in code units, left to right, not overlapping. */
export function matchesIn(line: string, query: string): [number, number][] {
  if (!query) return [];
  const fold = caseFold(query);
  const hay = fold(line);
  const needle = fold(query);
  const out: [number, number][] = [];
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) out.push([at, at + needle.length]);
  return out;
}

/** The laid-out lines that hold a match of `query`, in order. */
export function matchLines(lines: readonly string[], query: string): number[] {
  if (!query) return [];
  const fold = caseFold(query);
  const needle = fold(query);
  const out: number[] = [];
  lines.forEach((line, i) => {
    if (fold(line).includes(needle)) out.push(i);
  });
  return out;
}

const maxOffset = (m: PagerMeasure) => Math.max(0, m.lines.length - Math.max(1, m.page));
const clamp = (offset: number, m: PagerMeasure) => Math.max(0, Math.min(maxOffset(m), offset));

/** The offset that shows line `line`: unchanged when it is in view, else with two lines of context above it. */
function reveal(offset: number, line: number, m: PagerMeasure): number {
  const page = Math.max(1, m.page);
  if (line >= offset && line < offset + page) return offset;
  return clamp(line - 2, m);
}

/** From `from` (a line), the next (dir 1) or previous (dir -1) match, wrapping around the text. */
function step(hits: readonly number[], from: number, dir: 1 | -1, inclusive: boolean): { line: number; wrapped: boolean } {
  if (dir === 1) {
    const next = hits.find((h) => (inclusive ? h >= from : h > from));
    return next === undefined ? { line: hits[0], wrapped: true } : { line: next, wrapped: false };
  }
  const before = [...hits].reverse().find((h) => h < from);
  return before === undefined ? { line: hits[hits.length - 1], wrapped: true } : { line: before, wrapped: false };
}

function find(state: PagerState, query: string, m: PagerMeasure, dir: 1 | -1, fresh: boolean): PagerState {
  const search = { ...state.search, typing: null, query };
  const hits = matchLines(m.lines, query);
  if (!hits.length) return { ...state, search: { ...search, at: null, note: 'no match' } };
  // A new search starts at the top line shown; n / N from the current match (or the top line when there is none).
  const from = fresh || search.at === null ? state.offset : search.at;
  const { line, wrapped } = step(hits, from, dir, fresh || search.at === null);
  const note = `match ${hits.indexOf(line) + 1} of ${hits.length}${wrapped ? (dir === 1 ? ', wrapped to the top' : ', wrapped to the end') : ''}`;
  return { offset: reveal(state.offset, line, m), search: { ...search, at: line, note } };
}

/** One pager key. */
export function pagerReduce(state: PagerState, action: PagerAction, m: PagerMeasure): PagerState {
  const page = Math.max(1, m.page);
  const half = Math.ceil(page / 2);
  const moves: Record<PagerMove, number> = {
    down: 1, up: -1, halfDown: half, halfUp: -half, pageDown: page, pageUp: -page,
    top: -Number.MAX_SAFE_INTEGER, bottom: Number.MAX_SAFE_INTEGER,
  };
  const s = state.search;
  switch (action.kind) {
    case 'search':
      return { ...state, search: { ...s, typing: '', note: null } };
    case 'type':
      return s.typing === null ? state : { ...state, search: { ...s, typing: s.typing + action.text } };
    case 'backspace':
      return s.typing === null ? state : { ...state, search: { ...s, typing: Array.from(s.typing).slice(0, -1).join('') } };
    case 'cancel':
      return { ...state, search: { ...s, typing: null, note: null } };
    case 'submit': {
      // Enter on an empty prompt searches again for the last text, as in less.
      const query = s.typing || s.query;
      if (!query) return { ...state, search: { ...s, typing: null } };
      return find(state, query, m, 1, true);
    }
    case 'next':
    case 'prev':
      return s.query ? find(state, s.query, m, action.kind === 'next' ? 1 : -1, false) : state;
    default:
      return { ...state, offset: clamp(state.offset + moves[action.kind], m) };
  }
}
