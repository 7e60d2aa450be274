// Character trigram similarity: catches wording that differs in inflection, hyphenation or typos, which word tokens miss.

/** Sorted unique codes of the character trigrams of a normalized text (padded with spaces). */
export function trigramHashes(normalized: string): Int32Array {
  const text = ` ${normalized} `;
  const n = Math.max(0, text.length - 2);
  const codes = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const a = text.charCodeAt(i);
    const b = text.charCodeAt(i + 1);
    const c = text.charCodeAt(i + 2);
    if (a < 128 && b < 128 && c < 128) codes[i] = (a << 14) | (b << 7) | c;
    else codes[i] = (Math.imul(Math.imul(Math.imul(0x811c9dc5, 31) ^ a, 0x01000193) ^ b, 0x01000193) ^ c) | 0x400000;
  }
  codes.sort();
  let unique = 0;
  for (let i = 0; i < n; i++) if (i === 0 || codes[i] !== codes[i - 1]) codes[unique++] = codes[i];
  return codes.subarray(0, unique);
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
