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
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}
