// The neighbor query's retrieval mechanics (issue 36, 100k per-query work): the threshold by selection is the value a
// sort gives, and a word's document frequency read from the features file's postings equals its list's length
// without making the list.
import { describe, expect, test } from 'vitest';
import { countOf, FilePostings, slotsOf, type StoredPostings } from '../src/core/neighbors/feature-postings.js';
import { kthSmallest } from '../src/core/neighbors/scratch.js';

describe('kthSmallest', () => {
  test('is what sorting gives, with ties, zeros and a work array longer than the values', () => {
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 300; round++) {
      const m = 1 + Math.floor(next() * 60);
      const values = new Float64Array(m + 5).fill(99);
      // Few distinct values: many ties, as tag-only cards give.
      for (let i = 0; i < m; i++) values[i] = next() < 0.3 ? 0 : Math.floor(next() * 6) / 4;
      const sorted = values.slice(0, m).sort();
      const work = new Float64Array(m + 10);
      for (let k = 0; k < m; k++) expect(kthSmallest(work, values, m, k)).toBe(sorted[k]);
    }
  });
});

describe('FilePostings.sizeOf', () => {
  // Strings 0..2; rows 0..3; string 1 on rows 0, 2, 3; string 2 on none.
  const stored: StoredPostings = { at: Uint32Array.from([0, 1, 4, 4]), rows: Uint32Array.from([1, 0, 2, 3]) };
  const strings = ['a', 'b', 'c'];
  const postings = (slotOfRow: Int32Array | null) =>
    FilePostings.of(
      (key) => slotsOf(stored, strings.indexOf(key), slotOfRow),
      (key) => countOf(stored, strings.indexOf(key), slotOfRow),
    );

  test('equals the length of the list get() makes, rows left out by the pool not counted', () => {
    for (const slotOfRow of [null, Int32Array.from([0, -1, 1, -1])]) {
      const made = postings(slotOfRow);
      const sizes = ['a', 'b', 'c', 'zz'].map((key) => postings(slotOfRow).sizeOf(key));
      expect(sizes).toEqual(['a', 'b', 'c', 'zz'].map((key) => made.get(key)?.length ?? 0));
    }
    expect(postings(Int32Array.from([0, -1, 1, -1])).sizeOf('b')).toBe(2);
  });

  test('counts a list the index made its own (a card added pushes onto it), and nothing after clear()', () => {
    const map = postings(null);
    map.get('b')!.push(9);
    expect(map.sizeOf('b')).toBe(4);
    map.clear();
    expect(map.sizeOf('b')).toBe(0);
  });
});
