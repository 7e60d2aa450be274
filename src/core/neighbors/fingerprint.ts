// A compact fingerprint of a card's body, computed when the card is parsed and kept in the metadata cache: a key of
// the normalized body (equal for bodies that differ only in case, punctuation, spelling variants and abbreviations)
// and a MinHash signature of its word-bigram shingles (estimates the Jaccard similarity of two bodies; its bands
// give the candidate pairs of a whole store, lsh.ts).
import { createHash } from 'node:crypto';
import { tokenStream } from './tokens.js';

/** Hash functions in a signature; BANDS x ROWS of them make the LSH bands. */
export const SIG_SIZE = 32;
export const BANDS = 8;
export const ROWS = SIG_SIZE / BANDS;

export interface BodyPrint {
  /** 16 hex of the normalized body's hash. */
  key: string;
  /** MinHash signature, base64 of SIG_SIZE uint32 (little-endian). */
  sig: string;
}

const FNV_START = 0x811c9dc5;

/** FNV-1a of `text`, continued from `h` (so fnvFrom(fnvFrom(FNV_START, a), b) is the hash of a + b). */
function fnvFrom(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

function fnv(text: string): number {
  return fnvFrom(FNV_START, text) >>> 0;
}

const SIG_BYTES = SIG_SIZE * 4;
const SIG_CHARS = 4 * Math.ceil(SIG_BYTES / 3);
const SEEDS = Array.from({ length: SIG_SIZE }, (_, i) => fnv(`minhash-${i}`));

function mix(x: number, seed: number): number {
  let h = Math.imul(x ^ seed, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** Bodies shorter than this (in words kept) have no fingerprint: `TODO` in two cards says nothing. */
const MIN_TOKENS = 6;

/** The body's fingerprint, or null for a body of fewer than MIN_TOKENS words. */
export function bodyPrint(body: string): BodyPrint | null {
  const tokens = tokenStream(body);
  if (tokens.length < MIN_TOKENS) return null;
  const key = createHash('sha1').update(tokens.join(' ')).digest('hex').slice(0, 16);
  // Each shingle is the hash of `previous next` (word bigrams), made without building the string: the hash of
  // `previous ` continued over `next`. A shingle seen twice changes no minimum, so none is set aside.
  const sig = new Uint32Array(SIG_SIZE).fill(0xffffffff);
  let before = fnvFrom(fnvFrom(FNV_START, tokens[0]), ' ');
  for (let i = 1; i < tokens.length; i++) {
    const shingle = fnvFrom(before, tokens[i]) >>> 0;
    before = fnvFrom(fnvFrom(FNV_START, tokens[i]), ' ');
    for (let k = 0; k < SIG_SIZE; k++) {
      const h = mix(shingle, SEEDS[k]);
      if (h < sig[k]) sig[k] = h;
    }
  }
  const bytes = Buffer.alloc(SIG_BYTES);
  for (let k = 0; k < SIG_SIZE; k++) bytes.writeUInt32LE(sig[k], 4 * k);
  return { key, sig: bytes.toString('base64') };
}

/** The signature's values, or null when the text is not a signature (a damaged cache row). */
export function decodeSig(sig: string): Uint32Array | null {
  const bytes = Buffer.from(sig, 'base64');
  if (bytes.length !== SIG_BYTES) return null;
  const out = new Uint32Array(SIG_SIZE);
  for (let k = 0; k < SIG_SIZE; k++) out[k] = bytes.readUInt32LE(4 * k);
  return out;
}

/** Estimated Jaccard similarity of two bodies' shingles. */
export function sigSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let k = 0; k < SIG_SIZE; k++) if (a[k] === b[k]) same++;
  return same / SIG_SIZE;
}

/** A well-formed fingerprint from a cache row. */
export function isBodyPrint(value: unknown): value is BodyPrint {
  if (!value || typeof value !== 'object') return false;
  const { key, sig } = value as Record<string, unknown>;
  return typeof key === 'string' && /^[0-9a-f]{16}$/.test(key) && typeof sig === 'string' && sig.length === SIG_CHARS;
}
