// The body fingerprint is kept in the metadata cache, the neighbor features and the pair set: the same body must give
// the same key and signature for as long as FINGERPRINT_VERSION stays (a faster computation must not change a value),
// or every cache would hold fingerprints the new code never makes. A change of value must bump the version, which all
// three caches carry. The expected values are version 2's (one-permutation MinHash, a 64-bit FNV key).
import { expect, test } from 'vitest';
import { bodyPrint, FINGERPRINT_VERSION, PRINT_BYTES, readPrint, sigSimilarity, writePrint } from '../src/core/neighbors/fingerprint.js';

const BODY = 'Runs with warmup_ratio 0.01 diverged at every peak LR tried (1e-4 to 1e-3); 0.03 and above converged.\nSame result on two seeds, with the warm-up stated as a ratio.\n';

test('a body keeps its fingerprint: key and MinHash signature as first computed', () => {
  expect(FINGERPRINT_VERSION).toBe(2);
  const print = bodyPrint(BODY)!;
  expect(print.key).toBe('05bf8145c9d59ced');
  // The signature's bins as the cache holds them (little-endian), in base64 to keep the line short.
  expect(Buffer.from(print.sig.buffer, print.sig.byteOffset, print.sig.byteLength).toString('base64')).toBe(
    'eyzUAMyk8oovb+ESaGvaHdfM7iFUsmTQ/KdOMrR2DTvkBD5Dt0YYS/1XBuJOlNZaVLJk0BZFz8EWRc/B5AQ+Q3ss1ADMpPKKt0YYS/1XBuIIUN61VLJk0AhQ3rXgFjK/FkXPwdfM7iFUsmTQxK/82/1XBuJUsmTQVLJk0NfM7iE=',
  );
});

test('a repeated bigram changes nothing; a reworded body stays similar, another body does not', () => {
  const twice = bodyPrint(BODY + BODY)!;
  expect(sigSimilarity(twice.sig, bodyPrint(BODY)!.sig)).toBeGreaterThan(0.9);
  const other = bodyPrint('Seed variance on small NER sets exceeds most reported gains; report the spread over five seeds.\n')!;
  expect(sigSimilarity(other.sig, bodyPrint(BODY)!.sig)).toBeLessThan(0.2);
  expect(bodyPrint('TODO')).toBeNull();
});

test('the signature estimates the Jaccard similarity of two bodies word bigrams', () => {
  // A long body and the same body with every 10th, every 3rd, or every 2nd sentence replaced: the estimate follows
  // the true share of shared bigrams (made here without stop words and stems, so near it, not equal).
  const sentence = (i: number) => `Run ${i} of the sweep used warmup ratio 0.0${i % 10} with seed ${i * 7} and converged on fold ${i % 5}.`;
  const bigrams = (text: string) => {
    const words = text.toLowerCase().match(/[a-z0-9]+(?:\.[0-9]+)?/g)!;
    return new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`));
  };
  const a = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');
  const estimates: number[] = [];
  for (const every of [10, 3, 2]) {
    const b = Array.from({ length: 40 }, (_, i) => (i % every === 1 ? `Replaced line ${i} about tokenizer drift in epoch ${i}.` : sentence(i))).join(' ');
    const [x, y] = [bigrams(a), bigrams(b)];
    const jaccard = [...x].filter((s) => y.has(s)).length / new Set([...x, ...y]).size;
    const estimate = sigSimilarity(bodyPrint(a)!.sig, bodyPrint(b)!.sig);
    expect(Math.abs(estimate - jaccard)).toBeLessThan(0.15);
    estimates.push(estimate);
  }
  expect(estimates[0]).toBeGreaterThan(estimates[2]);
  // A short body (fewer bigrams than bins) still fills every bin: the densified signature has no empty bin.
  const short = bodyPrint('adapters warmup ratio peak learning rate matters')!.sig;
  expect([...short].every((v) => v !== 0xffffffff)).toBe(true);
});

test('a fingerprint written into the cache reads back the same, its bins aligned (a view) or not (a copy)', () => {
  const print = bodyPrint(BODY)!;
  for (const at of [3, 4]) {
    const buf = Buffer.alloc(at + PRINT_BYTES);
    writePrint(buf, at, print);
    const back = readPrint(buf, at);
    expect(back).toEqual(print);
    expect(back.sig.buffer === buf.buffer).toBe(at === 4); // aligned: read in place
  }
});
