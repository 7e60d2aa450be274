// Words of a card for the neighbor index: lower-cased, NFKC, split on anything but letters and digits (decimals stay
// whole: `0.12`), stop words dropped, a light suffix stemmer so `calibrated` meets `calibration`; spelling variants and
// abbreviations (abbreviations.ts) in their long form first, so `LR` meets `learning rate`.
import { expandLower } from './expand.js';
import { withLeadingZeros } from './notation.js';

const STOP = new Set(
  (
    'a an and are as at be been but by can do does for from has have if in into is it its no not of on or so such ' +
    'than that the their then there these this to was we were when which while will with without over under via ' +
    'after before more most less very also only per vs each every all any both same other one two'
  ).split(' '),
);

const ASCII = /^[\x00-\x7f]*$/;

function lower(text: string): string {
  return expandLower(withLeadingZeros((ASCII.test(text) ? text : text.normalize('NFKC')).toLowerCase()));
}

/** Lower case, NFKC, punctuation to single spaces, trimmed: equal for texts that differ only in case and punctuation. */
export function normalizeText(text: string): string {
  const low = lower(text);
  return (ASCII.test(low) ? low.replace(/[^a-z0-9]+/g, ' ') : low.replace(/[^\p{L}\p{N}]+/gu, ' ')).trim();
}

export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ies', 'ied', 'ers', 'er', 'ed', 'es', 'ly', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      if (suffix === 's' && word.endsWith('ss')) return word;
      // calibration / calibrated -> calibrat
      if (suffix.startsWith('ation')) return word.slice(0, -suffix.length) + 'at';
      return word.slice(0, -suffix.length);
    }
  }
  return word;
}

/**
 * A token, with two independent 32-bit FNV-1a hashes of its text (the body fingerprint's, fingerprint.ts), made once
 * per distinct token rather than once per word read.
 */
export interface Token {
  readonly text: string;
  readonly a: number;
  readonly b: number;
}

/** The two lanes' offset bases (the second lane: another basis and another prime); the fingerprint's key starts there. */
export const FNV_A = 0x811c9dc5;
export const FNV_B = 0x050c5d1f;

function makeToken(text: string): Token {
  let a = FNV_A;
  let b = FNV_B;
  for (let c = 0; c < text.length; c++) {
    const code = text.charCodeAt(c);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000f3b);
  }
  return { text, a: a >>> 0, b: b >>> 0 };
}

// word -> token (null for a stop word). Vocabularies are small next to the number of words read.
const memo = new Map<string, Token | null>();
// token text -> its Token, so every word that stems to it shares one.
const made = new Map<string, Token>();
// token -> the first word seen for it, to show people words rather than stems.
const shown = new Map<string, string>();

/** A readable word for a token (the first word that stemmed to it), else the token. */
export function displayWord(token: string): string {
  return shown.get(token) ?? token;
}

function tokenOf(word: string): Token | null {
  let token = memo.get(word);
  if (token === undefined) {
    const text = STOP.has(word) || (word.length < 2 && !/\d/.test(word)) ? null : stem(word);
    if (memo.size > 200_000) memo.clear();
    if (made.size > 200_000) made.clear();
    if (text === null) token = null;
    else {
      token = made.get(text);
      if (!token) made.set(text, (token = makeToken(text)));
    }
    memo.set(word, token);
    if (text !== null && !shown.has(text) && shown.size < 200_000) shown.set(text, word);
  }
  return token;
}

const WORD_ASCII = /[a-z0-9]+(?:\.[0-9]+)?/g;
const WORD = /[\p{L}\p{N}]+(?:\.\p{N}+)?/gu;

/** Every stemmed token of a text in order, repeats kept (for shingles), with its hashes. */
export function tokenStream(text: string): Token[] {
  const low = lower(text);
  const words = low.match(ASCII.test(low) ? WORD_ASCII : WORD);
  const out: Token[] = [];
  if (!words) return out;
  for (const word of words) {
    const token = tokenOf(word);
    if (token !== null) out.push(token);
  }
  return out;
}

/** Unique stemmed tokens of a text, in first-seen order, appended to `into`. */
export function wordTokens(text: string, into: string[] = []): string[] {
  const low = lower(text);
  const words = low.match(ASCII.test(low) ? WORD_ASCII : WORD);
  if (!words) return into;
  for (const word of words) {
    const token = tokenOf(word)?.text;
    if (token !== undefined && !into.includes(token)) into.push(token);
  }
  return into;
}

/** The first word (lower-cased, expanded) of `text` for each of its tokens, added to `into` when not there yet. */
export function wordsByToken(text: string, into: Map<string, string>): Map<string, string> {
  const low = lower(text);
  for (const word of low.match(ASCII.test(low) ? WORD_ASCII : WORD) ?? []) {
    const token = tokenOf(word)?.text;
    if (token !== undefined && !into.has(token)) into.set(token, word);
  }
  return into;
}
