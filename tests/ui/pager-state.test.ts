// The pager's reducer (src/ui/shared/pager/pager.ts) without rendering: moves stop at the ends, a search starts at the
// top line shown and wraps, n / N step through the matches, smart case, Esc while typing keeps the last search.
import { describe, expect, test } from 'vitest';
import { matchesIn, noSearch, pagerReduce, searchOf, type PagerAction, type PagerState } from '../../src/ui/shared/pager/pager.js';
import { pagerTyping } from '../../src/ui/shared/pager/pager-keys.js';

const lines = Array.from({ length: 100 }, (_, i) => (i === 70 ? 'Alpha again' : `line ${i} ${i % 25 === 0 ? 'alpha' : ''}`));
const m = { lines, page: 10 };
const run = (actions: PagerAction[], from: PagerState = { offset: 0, search: noSearch('v') }) => actions.reduce((s, a) => pagerReduce(s, a, m), from);
const typed = (text: string): PagerAction[] => [{ kind: 'search' }, ...Array.from(text).map((ch) => ({ kind: 'type' as const, text: ch }))];

describe('pager reducer', () => {
  test('moves stop at the ends', () => {
    expect(run([{ kind: 'bottom' }]).offset).toBe(90);
    expect(run([{ kind: 'bottom' }, { kind: 'pageDown' }]).offset).toBe(90);
    expect(run([{ kind: 'up' }]).offset).toBe(0);
    expect(run([{ kind: 'halfDown' }, { kind: 'down' }]).offset).toBe(6);
    expect(run([{ kind: 'bottom' }, { kind: 'top' }]).offset).toBe(0);
  });

  test('a search jumps to the first match from the top line shown, n / N step and wrap', () => {
    const found = run([{ kind: 'down' }, ...typed('alpha'), { kind: 'submit' }]);
    // Lines 25, 50, 70 (Alpha: any case, the query being lower case), 75; line 0 is above the top line shown.
    expect(found.search).toMatchObject({ query: 'alpha', at: 25, typing: null, note: 'match 2 of 5' });
    expect(found.offset).toBe(23);
    const next = run([{ kind: 'next' }, { kind: 'next' }, { kind: 'next' }], found);
    expect(next.search.at).toBe(75);
    const wrapped = run([{ kind: 'next' }], next);
    expect(wrapped.search).toMatchObject({ at: 0, note: 'match 1 of 5, wrapped to the top' });
    expect(run([{ kind: 'prev' }], wrapped).search).toMatchObject({ at: 75, note: 'match 5 of 5, wrapped to the end' });
  });

  test('a capital letter matches case; no match says so and moves nothing', () => {
    expect(run([...typed('Alpha'), { kind: 'submit' }]).search.at).toBe(70);
    const none = run([{ kind: 'down' }, ...typed('omega'), { kind: 'submit' }]);
    expect(none).toMatchObject({ offset: 1, search: { at: null, note: 'no match' } });
  });

  test('Esc while typing keeps the last search; Enter on an empty prompt repeats it; backspace edits', () => {
    const first = run([...typed('alpha'), { kind: 'submit' }]);
    const cancelled = run([...typed('zzz'), { kind: 'backspace' }, { kind: 'cancel' }], first);
    expect(cancelled.search).toMatchObject({ typing: null, query: 'alpha', at: 0 });
    expect(run([{ kind: 'search' }, { kind: 'submit' }], first).search.query).toBe('alpha');
    expect(run([...typed('ab'), { kind: 'backspace' }], first).search.typing).toBe('a');
  });

  test('a search belongs to its view; matches in a line; the keys while typing', () => {
    expect(searchOf({ ...noSearch('help'), query: 'x' }, 'write')).toEqual(noSearch('write'));
    expect(matchesIn('Word word WORD', 'word')).toEqual([[0, 4], [5, 9], [10, 14]]);
    expect(matchesIn('Word word', 'Word')).toEqual([[0, 4]]);
    expect(pagerTyping('return')).toEqual({ kind: 'submit' });
    expect(pagerTyping('escape')).toEqual({ kind: 'cancel' });
    expect(pagerTyping('space')).toEqual({ kind: 'type', text: ' ' });
    expect(pagerTyping('up')).toBe('ignore');
    expect(pagerTyping('ctrl+c')).toBeNull();
  });
});
