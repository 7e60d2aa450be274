// Locality-sensitive hashing of body signatures: two bodies land in one bucket of some band with a probability that
// rises steeply with their Jaccard similarity (8 bands of 4 rows: ~40 % at 0.5, ~90 % at 0.7, ~100 % at 0.85).
import { BANDS, ROWS } from '../neighbors/fingerprint.js';

/** One bucket key per band of the signature. */
export function bandKeys(sig: Uint32Array): string[] {
  const keys: string[] = [];
  for (let band = 0; band < BANDS; band++) {
    let key = `${band}`;
    for (let r = 0; r < ROWS; r++) key += `:${sig[band * ROWS + r].toString(36)}`;
    keys.push(key);
  }
  return keys;
}
