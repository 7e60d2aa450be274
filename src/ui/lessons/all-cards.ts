// The "all cards" list of the lessons screen: every card of the store, narrowed by the `/` search and sorted by the
// `s` order. Pure functions, so the screen and its tests share them.
import { nextTurn, type CardMeta } from '../../core/index.js';

export type CardSort = 'updated' | 'occurrences' | 'title';
export const CARD_SORTS: readonly CardSort[] = ['updated', 'occurrences', 'title'];

export const SORT_LABEL: Record<CardSort, string> = {
  updated: 'updated, newest first',
  occurrences: 'occurrences, most first',
  title: 'title, A-Z',
};

// Built once per card object (a reload makes new ones): each keystroke of `/` filters the whole store again.
const haystacks = new WeakMap<CardMeta, string>();

/** The text `/` searches: id, title, claim, tags, keywords and the first body line, lower-cased. */
function haystack(card: CardMeta): string {
  let text = haystacks.get(card);
  if (text === undefined) {
    text = [card.id ?? '', card.title, card.claim ?? '', card.tags.join(' '), card.keywords.join(' '), card.excerpt].join('\n').toLowerCase();
    haystacks.set(card, text);
  }
  return text;
}

/**
 * Makes the search text of every card a slice at a time between frames, so the first `/` keystroke on a large store
 * does not wait for it (a card read lazily from the cache decodes its row for it); stops when `signal` aborts.
 */
export async function prepareSearch(cards: readonly CardMeta[], signal: AbortSignal): Promise<void> {
  for (let i = 0; i < cards.length && !signal.aborted; i++) {
    haystack(cards[i]);
    if (i % 500 === 499) await nextTurn();
  }
}

/** Cards matching every word of the query (any order, any field); all cards for an empty query. */
export function filterCards(cards: readonly CardMeta[], query: string): CardMeta[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...cards];
  return cards.filter((card) => {
    const text = haystack(card);
    return words.every((w) => text.includes(w));
  });
}

// Plain code-unit comparisons: localeCompare costs ~100x more, and a 10k store is sorted on every `s`.
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A new sorted list; `occurrences` may be unknown (not read yet) and then counts as 1, as a merge counts it. The keys
 * are read once into arrays and the positions sorted: comparing through the cards costs a property read (a cached
 * card decodes on first use) at each of the ~1.7M comparisons of a 100k store. Titles are read only where the order
 * needs them (all of them by title; only between cards that tie otherwise), so a lazy card is not decoded for this.
 */
export function sortCards(cards: readonly CardMeta[], sort: CardSort, occurrences: ReadonlyMap<string, number> | null): CardMeta[] {
  const n = cards.length;
  const titles = new Array<string | undefined>(n);
  const paths = new Array<string>(n);
  for (let i = 0; i < n; i++) paths[i] = cards[i].path;
  const title = (i: number) => (titles[i] ??= cards[i].title.toLowerCase());
  const byTitle = (a: number, b: number) => cmp(title(a), title(b)) || cmp(paths[a], paths[b]);
  const order = Array.from({ length: n }, (_, i) => i);
  if (sort === 'title') order.sort(byTitle);
  else if (sort === 'updated') {
    // Newest first (ISO timestamps compare as text); a card without updated_at goes last.
    const updated = cards.map((c) => c.updatedAt ?? '');
    order.sort((a, b) => cmp(updated[b], updated[a]) || byTitle(a, b));
  } else {
    const count = cards.map((c) => occurrences?.get(c.path) ?? 1);
    order.sort((a, b) => count[b] - count[a] || byTitle(a, b));
  }
  return order.map((i) => cards[i]);
}

// The last sort, kept: filtering keeps the order, so a keystroke of `/` only filters the sorted list.
let sorted: { all: readonly CardMeta[]; sort: CardSort; occurrences: ReadonlyMap<string, number> | null; list: CardMeta[] } | null = null;

export function visibleCards(all: readonly CardMeta[], query: string, sort: CardSort, occurrences: ReadonlyMap<string, number> | null): CardMeta[] {
  if (!sorted || sorted.all !== all || sorted.sort !== sort || sorted.occurrences !== occurrences) {
    sorted = { all, sort, occurrences, list: sortCards(all, sort, occurrences) };
  }
  return filterCards(sorted.list, query);
}

export function nextSort(sort: CardSort): CardSort {
  return CARD_SORTS[(CARD_SORTS.indexOf(sort) + 1) % CARD_SORTS.length];
}

/** Words of `text` in lines of at most `width` columns (a word longer than a line is cut); at most `max` lines. */
export function wrapText(text: string, width: number, max = Infinity): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > w) {
        if (line) out.push(line);
        out.push(rest.slice(0, w));
        line = '';
        rest = rest.slice(w);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= w) line += ' ' + rest;
      else {
        out.push(line);
        line = rest;
      }
    }
    out.push(line);
  }
  if (out.length > max) return [...out.slice(0, max - 1), (out[max - 1].slice(0, w - 1) + '…')];
  return out;
}
