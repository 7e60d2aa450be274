// Character trigram similarity: catches wording that differs in inflection, hyphenation or typos, which word tokens miss.

let scratch = new Int32Array(256);

/**
 * Sorted unique codes of the character trigrams of a normalized text (padded with spaces), in a buffer shared by every
 * call: valid until the next call (for a caller that copies them at once, as the duplicate pass's feature pool does;
 * a typed array of its own per text is an allocation outside the heap, ~40% of this function's time at 100k cards).
 */
export function trigramsShared(normalized: string): Int32Array {
  const n = normalized.length; // trigrams of ` ${normalized} `: one per character
  if (scratch.length < n) scratch = new Int32Array(2 * n);
  const codes = scratch;
  // The padded text's character at i: a space before and after `normalized`.
  const at = (i: number) => (i === 0 || i === n + 1 ? 32 : normalized.charCodeAt(i - 1));
  let a = 32;
  let b = n > 0 ? normalized.charCodeAt(0) : 32;
  for (let i = 0; i < n; i++) {
    const c = at(i + 2);
    if (a < 128 && b < 128 && c < 128) codes[i] = (a << 14) | (b << 7) | c;
    else codes[i] = (Math.imul(Math.imul(Math.imul(0x811c9dc5, 31) ^ a, 0x01000193) ^ b, 0x01000193) ^ c) | 0x400000;
    a = b;
    b = c;
  }
  const view = codes.subarray(0, n).sort();
  let unique = 0;
  for (let i = 0; i < n; i++) if (i === 0 || view[i] !== view[i - 1]) view[unique++] = view[i];
  return view.subarray(0, unique);
}

/** Sorted unique codes of the character trigrams of a normalized text (padded with spaces), in an array of its own. */
export function trigramHashes(normalized: string): Int32Array {
  return trigramsShared(normalized).slice();
}

/** Jaccard similarity of two sorted code sets. */
export function jaccard(a: Int32Array, b: Int32Array): number {
  return jaccardIn(a, 0, a.length, b, 0, b.length);
}

/** How many values the sorted, unique lists a[i..m) and b[j..n) share. */
export function sharedIn(a: Int32Array, i: number, m: number, b: Int32Array, j: number, n: number): number {
  let shared = 0;
  while (i < m && j < n) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return shared;
}

/** jaccard of the sets a[i..m) and b[j..n) (lists kept in one array, cleanup/card-features.ts). */
export function jaccardIn(a: Int32Array, i: number, m: number, b: Int32Array, j: number, n: number): number {
  if (i === m || j === n) return 0;
  const shared = sharedIn(a, i, m, b, j, n);
  return shared / (m - i + (n - j) - shared);
}
