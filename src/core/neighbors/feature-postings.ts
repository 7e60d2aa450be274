// The word and tag postings of the features file (feature-file.ts), kept in it so a warm open does not count them again
// from every card's numbers: per string number, the rows holding it (once per occurrence, in row order). An index made
// from the file asks for one string's list when a query first looks it up (FilePostings): the string is found by
// binary search in the file's table, which is written sorted, and its rows are mapped to the index's slots.

/** Per string number n, rows[at[n]] up to rows[at[n + 1]]. */
export interface StoredPostings {
  at: Uint32Array;
  rows: Uint32Array;
}

/** The postings of part `part` (0 tags, 1 runs, 2 words) of rows laid out as in the file (`idAt`: 3 per row + 1). */
export function postingsOfRows(size: number, ids: ArrayLike<number>, idAt: Uint32Array, part: number): StoredPostings {
  const count = (idAt.length - 1) / 3;
  const at = new Uint32Array(size + 1);
  for (let r = 0; r < count; r++) for (let k = idAt[3 * r + part]; k < idAt[3 * r + part + 1]; k++) at[ids[k] + 1]++;
  for (let n = 0; n < size; n++) at[n + 1] += at[n];
  const fill = at.slice(0, size);
  const rows = new Uint32Array(at[size]);
  for (let r = 0; r < count; r++) for (let k = idAt[3 * r + part]; k < idAt[3 * r + part + 1]; k++) rows[fill[ids[k]]++] = r;
  return { at, rows };
}

/** Whether the stored postings add up: `at` rising to the end of `rows`, every row below `count`. */
export function postingsHold({ at, rows }: StoredPostings, size: number, count: number): boolean {
  if (at.length !== size + 1 || at[0] !== 0 || at[size] !== rows.length) return false;
  for (let n = 0; n < size; n++) if (at[n] > at[n + 1]) return false;
  for (let k = 0; k < rows.length; k++) if (rows[k] >= count) return false;
  return true;
}

/** Whether the table is sorted (strictly, in code unit order), so a string can be found by binary search. */
export function isSorted(strings: readonly string[]): boolean {
  for (let i = 1; i < strings.length; i++) if (!(strings[i - 1] < strings[i])) return false;
  return true;
}

/** The number of `s` in a sorted table, -1 when it is not there. */
export function numberOf(strings: readonly string[], s: string): number {
  let lo = 0;
  let hi = strings.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = strings[mid];
    if (at === s) return mid;
    if (at < s) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * One string's slots (n: its number, -1 for none): its stored rows mapped through `slotOfRow` (-1: a row the index left out; null: row = slot);
 * undefined when no slot holds it, as counting them from the index's own docs would leave it out.
 */
export function slotsOf(stored: StoredPostings, n: number, slotOfRow: Int32Array | null): number[] | undefined {
  if (n < 0) return undefined;
  const from = stored.at[n];
  const to = stored.at[n + 1];
  if (from === to) return undefined;
  if (!slotOfRow) return Array.from(stored.rows.subarray(from, to));
  const out: number[] = [];
  for (let k = from; k < to; k++) {
    const slot = slotOfRow[stored.rows[k]];
    if (slot >= 0) out.push(slot);
  }
  return out.length ? out : undefined;
}

/** How many slots slotsOf would give, making no list. */
export function countOf(stored: StoredPostings, n: number, slotOfRow: Int32Array | null): number {
  if (n < 0) return 0;
  const from = stored.at[n];
  const to = stored.at[n + 1];
  if (!slotOfRow) return to - from;
  let count = 0;
  for (let k = from; k < to; k++) if (slotOfRow[stored.rows[k]] >= 0) count++;
  return count;
}

/**
 * Postings by string whose lists come from the file when first asked for (and are the index's own from then on: a
 * card added later pushes onto them). clear() forgets the file.
 */
export class FilePostings extends Map<string, number[]> {
  private find: ((key: string) => number[] | undefined) | null = null;
  private count: ((key: string) => number) | null = null;

  static of(find: (key: string) => number[] | undefined, count: (key: string) => number): FilePostings {
    const map = new FilePostings();
    map.find = find;
    map.count = count;
    return map;
  }

  /** The length of get(key), without making the list from the file (a word's document frequency: a query asks it
   *  for every word of ~200 candidate cards, and a common word's list holds a quarter of the store). */
  sizeOf(key: string): number {
    const own = super.get(key);
    if (own !== undefined || !this.count) return own?.length ?? 0;
    return this.count(key);
  }

  override get(key: string): number[] | undefined {
    const own = super.get(key);
    if (own !== undefined || !this.find) return own;
    const made = this.find(key);
    if (made) super.set(key, made);
    return made;
  }

  override has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  override clear(): void {
    this.find = null;
    this.count = null;
    super.clear();
  }
}
