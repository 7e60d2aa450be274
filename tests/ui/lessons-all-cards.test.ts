// The all-cards list's search, sort and wrapping (src/ui/lessons/all-cards.ts), on small hand-made card lists.
import { describe, expect, it } from 'vitest';
import type { CardMeta } from '../../src/core/index.js';
import { filterCards, prepareSearch, sortCards, visibleCards, wrapText } from '../../src/ui/lessons/all-cards.js';

function card(id: string, title: string, extra: Partial<CardMeta> = {}): CardMeta {
  return {
    id, title, path: `/h/memory/knowledge/${id}.md`, kindDir: 'knowledge', tags: [], keywords: [], claim: null, updatedAt: null,
    scope: 'global', questId: null, lineageRuns: [], lineageQuests: [], ignored: false, state: false, auto: false, promotedFrom: null,
    excerpt: '', size: 0, mtimeMs: 0, ...extra,
  };
}

const cards = [
  card('k-1', 'Warmup ratio matters', { updatedAt: '2026-05-01T00:00:00+00:00', tags: ['topic:peft'] }),
  card('k-2', 'label smoothing hurts span F1', { updatedAt: '2026-05-03T00:00:00+00:00', claim: 'Warm-up is not the cause' }),
  card('k-3', 'Adapters need warmup', { keywords: ['learning rate'] }),
];

describe('all cards', () => {
  it('search: every word must match some field, in any order and case', () => {
    expect(filterCards(cards, 'WARMUP').map((c) => c.id)).toEqual(['k-1', 'k-3']);
    expect(filterCards(cards, 'peft warmup').map((c) => c.id)).toEqual(['k-1']);
    expect(filterCards(cards, 'warm-up').map((c) => c.id)).toEqual(['k-2']);
    expect(filterCards(cards, 'learning rate').map((c) => c.id)).toEqual(['k-3']);
    expect(filterCards(cards, 'k-2').map((c) => c.id)).toEqual(['k-2']);
    expect(filterCards(cards, '  ').map((c) => c.id)).toEqual(['k-1', 'k-2', 'k-3']);
  });

  it('sort: updated newest first (none last), occurrences most first (unknown counts 1), title case-insensitive', () => {
    expect(sortCards(cards, 'updated', null).map((c) => c.id)).toEqual(['k-2', 'k-1', 'k-3']);
    const occ = new Map([[cards[2].path, 5], [cards[1].path, 2]]);
    expect(sortCards(cards, 'occurrences', occ).map((c) => c.id)).toEqual(['k-3', 'k-2', 'k-1']);
    expect(sortCards(cards, 'title', null).map((c) => c.id)).toEqual(['k-3', 'k-2', 'k-1']);
    // The search keeps the sort.
    expect(visibleCards(cards, 'warm', 'updated', null).map((c) => c.id)).toEqual(['k-2', 'k-1', 'k-3']);
    expect(visibleCards(cards, 'warmup', 'title', null).map((c) => c.id)).toEqual(['k-3', 'k-1']);
  });

  it('sorting by date or occurrences reads a title only between cards that tie (a lazy card is not decoded for it)', () => {
    const read: string[] = [];
    const watched = cards.map((c) => {
      const copy = { ...c };
      Object.defineProperty(copy, 'title', { get: () => (read.push(c.id!), c.title) });
      return copy;
    });
    expect(sortCards(watched, 'updated', null).map((c) => c.id)).toEqual(['k-2', 'k-1', 'k-3']);
    expect(read).toEqual([]);
    const tied = [...watched, { ...cards[0], id: 'k-4', path: '/h/memory/knowledge/k-4.md', title: 'Another' }];
    expect(sortCards(tied, 'updated', null).map((c) => c.id)).toEqual(['k-2', 'k-4', 'k-1', 'k-3']);
    expect(read).toEqual(['k-1']); // k-1 and k-4 share their date
  });

  it('prepareSearch makes every card\'s search text between frames, and stops when aborted', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => card(`m-${i}`, `Title ${i}`));
    const read = new Set<string>();
    const watched = many.map((c) => Object.defineProperty({ ...c }, 'claim', { get: () => (read.add(c.id!), null) }));
    const stop = new AbortController();
    const done = prepareSearch(watched, stop.signal);
    expect(read.size).toBe(500); // the first slice, then it yields
    await done;
    expect(read.size).toBe(1200);
    expect(filterCards(watched, 'title 1199').map((c) => c.id)).toEqual(['m-1199']);
    const other = many.map((c) => Object.defineProperty({ ...c }, 'claim', { get: () => (read.add(`x${c.id}`), null) }));
    const aborted = new AbortController();
    const partial = prepareSearch(other, aborted.signal);
    aborted.abort();
    await partial;
    expect([...read].filter((id) => id.startsWith('x'))).toHaveLength(500);
  });

  it('wrapText: words to the width, long words cut, at most max lines with an ellipsis', () => {
    expect(wrapText('a bb ccc dddd', 6)).toEqual(['a bb', 'ccc', 'dddd']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('one two three four five', 8, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('x\ny', 10)).toEqual(['x', 'y']);
  });
});
