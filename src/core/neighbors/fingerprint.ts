// A compact fingerprint of a card's body, computed when the card is parsed and kept in the metadata cache: a key of
// the normalized body (equal for bodies that differ only in case, punctuation, spelling variants and abbreviations)
// and a MinHash signature of its word-bigram shingles (estimates the Jaccard similarity of two bodies; its bands
// give the candidate pairs of a whole store, cleanup/kind-index.ts).
//
// Made in one pass over the body's tokens, for the cold open (issue 15): each distinct token is hashed once, by the
// tokenizer (two independent 32-bit FNV-1a lanes, tokens.ts); the key is both lanes continued over the token sequence
// (64 bits); a shingle is the pair of its two tokens' hashes, mixed; the signature is a one-permutation MinHash (each shingle hashed once, its top bits
// choose one of SIG_SIZE bins, each bin keeps its least value) with the empty bins of a short body filled by optimal
// densification (each empty bin copies the bin a fixed probe sequence reaches first), so two bodies' bins are equal
// with probability about their Jaccard similarity, as with SIG_SIZE separate hash functions, at 1/SIG_SIZE the work.

import { FNV_A, FNV_B, tokenStream } from './tokens.js';

/**
 * Bump when the key or the signature of a body changes: every cache that holds fingerprints (the metadata cache, the
 * neighbor features, the pair set) carries it, so none is read with fingerprints this code would not make.
 */
export const FINGERPRINT_VERSION = 2;

/** Bins of a signature; BANDS x ROWS of them make the LSH bands. */
export const SIG_SIZE = 32;
export const BANDS = 8;
export const ROWS = SIG_SIZE / BANDS;
const BIN_SHIFT = 32 - Math.log2(SIG_SIZE);

export interface BodyPrint {
  /** 16 hex of the normalized body's 64-bit hash. */
  key: string;
  /** MinHash signature: SIG_SIZE bins. */
  sig: Uint32Array;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const EMPTY = 0xffffffff;

/** Bodies shorter than this (in words kept) have no fingerprint: `TODO` in two cards says nothing. */
const MIN_TOKENS = 6;

/** For each bin, the order in which an empty bin looks at the others for a value to copy (the same for every body). */
const PROBES: Uint8Array[] = Array.from({ length: SIG_SIZE }, (_, bin) => {
  const order = Array.from({ length: SIG_SIZE }, (_, k) => k).filter((k) => k !== bin);
  order.sort((a, b) => fmix(Math.imul(bin + 1, 0x9e3779b1) ^ a) - fmix(Math.imul(bin + 1, 0x9e3779b1) ^ b));
  return Uint8Array.from(order);
});

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex8 = (h: number) => HEX[h >>> 24] + HEX[(h >>> 16) & 255] + HEX[(h >>> 8) & 255] + HEX[h & 255];

// Signatures are cut from shared slabs: a typed array of its own per card would cost an allocation outside the heap
// each (V8 keeps only arrays of up to 64 bytes inside it), which a cold open of 10k cards pays for in time and garbage.
const SLAB = 256;
let slab = new Uint32Array(SIG_SIZE * SLAB);
let slabUsed = 0;

function newSig(): Uint32Array {
  if (slabUsed === SLAB) {
    slab = new Uint32Array(SIG_SIZE * SLAB);
    slabUsed = 0;
  }
  return slab.subarray(SIG_SIZE * slabUsed, SIG_SIZE * ++slabUsed);
}

/** The body's fingerprint, or null for a body of fewer than MIN_TOKENS words. */
export function bodyPrint(body: string): BodyPrint | null {
  const tokens = tokenStream(body);
  if (tokens.length < MIN_TOKENS) return null;
  const sig = newSig().fill(EMPTY);
  let keyA = FNV_A;
  let keyB = FNV_B;
  let previous = 0;
  for (let i = 0; i < tokens.length; i++) {
    const { a, b } = tokens[i];
    keyA = Math.imul(keyA ^ a, 0x01000193) ^ i;
    keyB = Math.imul(keyB ^ b, 0x01000f3b);
    if (i > 0) {
      const h = fmix(Math.imul(previous, 0x9e3779b1) ^ a);
      const bin = h >>> BIN_SHIFT;
      if (h < sig[bin]) sig[bin] = h;
    }
    previous = a;
  }
  for (let bin = 0; bin < SIG_SIZE; bin++) {
    if (sig[bin] !== EMPTY) continue;
    for (const from of PROBES[bin]) {
      // Only bins filled by a shingle give (a copy of a copy would depend on the order bins are filled in).
      if (sig[from] !== EMPTY && sig[from] >>> BIN_SHIFT === from) {
        sig[bin] = sig[from];
        break;
      }
    }
  }
  return { key: hex8(fmix(keyA ^ tokens.length)) + hex8(fmix(keyB)), sig };
}

/** Bytes of a fingerprint in the metadata cache (store/cache.ts): the key's 8 bytes, then the signature's bins. */
export const PRINT_BYTES = 8 + 4 * SIG_SIZE;

/** Writes the fingerprint's bytes at `at` (little-endian). */
export function writePrint(buf: Buffer, at: number, print: BodyPrint): void {
  buf.writeUInt32LE(Number.parseInt(print.key.slice(0, 8), 16), at);
  buf.writeUInt32LE(Number.parseInt(print.key.slice(8), 16), at + 4);
  const { sig } = print;
  if (LITTLE_ENDIAN) buf.set(new Uint8Array(sig.buffer, sig.byteOffset, 4 * SIG_SIZE), at + 8);
  else for (let k = 0; k < SIG_SIZE; k++) buf.writeUInt32LE(sig[k], at + 8 + 4 * k);
}

/** The fingerprint written at `at` by writePrint. */
export function readPrint(buf: Buffer, at: number): BodyPrint {
  const key = hex8(buf.readUInt32LE(at)) + hex8(buf.readUInt32LE(at + 4));
  const from = buf.byteOffset + at + 8;
  // Where the bins are 4-byte aligned (the metadata cache lays them out so), a view of them: no copy.
  if (LITTLE_ENDIAN && from % 4 === 0) return { key, sig: new Uint32Array(buf.buffer, from, SIG_SIZE) };
  const sig = newSig();
  for (let k = 0; k < SIG_SIZE; k++) sig[k] = buf.readUInt32LE(at + 8 + 4 * k);
  return { key, sig };
}

/** Estimated Jaccard similarity of two bodies' shingles. */
export function sigSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let k = 0; k < SIG_SIZE; k++) if (a[k] === b[k]) same++;
  return same / SIG_SIZE;
}
