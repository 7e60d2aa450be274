// The body fingerprint is kept in the metadata cache, the neighbor features and the pair set: the same body must give
// the same key and signature from one version to the next (a faster computation must not change a value), or every
// cache would hold fingerprints the new code never makes. The expected values were made by the first implementation
// (word bigrams hashed as `previous next` strings).
import { expect, test } from 'vitest';
import { bodyPrint, decodeSig, sigSimilarity } from '../src/core/neighbors/fingerprint.js';

const BODY = 'Runs with warmup_ratio 0.01 diverged at every peak LR tried (1e-4 to 1e-3); 0.03 and above converged.\nSame result on two seeds, with the warm-up stated as a ratio.\n';

test('a body keeps its fingerprint: key and MinHash signature as first computed', () => {
  expect(bodyPrint(BODY)).toEqual({
    key: '2deccef7b597fb32',
    sig: '0jIFANiZGgoBNTkG56N4AICDqhUQVA8IC0DECIkzJwhj31UNygscAeARcgKRuWYAnP82Bf6ylwKPvEAMpzlJEBqmjBIGkMwCJdsBF3fKeQnZuQgADaVyCWTokAlx35AIkQo3EXBsJwHNl6YDWn7PHrzTRB21qzIaaC6CBKhMoAc=',
  });
});

test('a repeated bigram changes nothing; a reworded body stays similar, another body does not', () => {
  const twice = bodyPrint(BODY + BODY)!;
  expect(sigSimilarity(decodeSig(twice.sig)!, decodeSig(bodyPrint(BODY)!.sig)!)).toBeGreaterThan(0.9);
  const other = bodyPrint('Seed variance on small NER sets exceeds most reported gains; report the spread over five seeds.\n')!;
  expect(sigSimilarity(decodeSig(other.sig)!, decodeSig(bodyPrint(BODY)!.sig)!)).toBeLessThan(0.2);
  expect(bodyPrint('TODO')).toBeNull();
});
