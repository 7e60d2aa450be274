// boundary.ts matches as the same pattern opening with a lookbehind would (`(?<![\p{L}])`, `(?<![\p{L}\p{N}])`): every
// match, in order, over texts with the edges that matter (a letter, digit, hyphen or slash right before; letters
// outside ASCII and outside the BMP; a lone surrogate half; matches at the start and the end).
import { describe, expect, it } from 'vitest';
import { hasWhole, replaceWhole, wholeMatches } from '../src/core/neighbors/boundary.js';
import { namesPattern } from '../src/core/neighbors/named.js';
import { SETTINGS } from '../src/core/neighbors/settings.js';

const TEXTS = [
  'warmup helps; lr warmup, not prewarmup nor warmup2 or 2warmup; -warmup /warmup',
  'label smoothing and mixup vs. mixupx, xmixup, éwarmup, ßmixup, 𝐀mixup (a letter outside the BMP), \ud835mixup',
  'dropout',
  'does not help; doesn\'t hurt; unhelpful; helps; nothelp; 3help; help3 and improves',
  'gradient clipping, grad clipping, gradient clipping-free; weight decay/ dropout',
  '',
  'ä improvement, Ωimproves, 中improves, ٣improves (an Arabic-Indic digit)',
  'early stopping patience beats early stopping; stochastic weight averaging or swa',
];

function reference(pattern: RegExp, digits: boolean): RegExp {
  return new RegExp(`${digits ? '(?<![\\p{L}\\p{N}])' : '(?<![\\p{L}])'}(?:${pattern.source})`, pattern.flags);
}

const PATTERNS: [string, RegExp][] = [
  ['a table of names', namesPattern(SETTINGS)],
  ['verbs with a suffix', /(?:improv|help|hurt)\p{L}*(?![\p{L}])/gu],
  ['words with digits and spaces', /(?:not|does ?n't|warmup|2warmup|mixup)(?![\p{L}])/gu],
];

describe('whole-word matching without a lookbehind', () => {
  for (const [what, pattern] of PATTERNS) {
    for (const digits of [false, true]) {
      it(`${what}, ${digits ? 'no letter or digit' : 'no letter'} before: the same matches as the lookbehind`, () => {
        const ref = reference(pattern, digits);
        let seen = 0;
        for (const text of TEXTS) {
          const expected = [...text.matchAll(ref)].map((m) => [m.index, m[0]]);
          expect(wholeMatches(text, pattern, digits).map((m) => [m.index, m[0]]), text).toEqual(expected);
          expect(hasWhole(text, pattern, digits), text).toBe(expected.length > 0);
          expect(replaceWhole(text, pattern, digits, (m) => `<${m}>`), text).toBe(text.replace(ref, (m) => `<${m}>`));
          seen += expected.length;
        }
        expect(seen).toBeGreaterThan(3); // the texts do exercise the pattern
      });
    }
  }

  it('a match right after a letter is skipped and the next place is tried, as the lookbehind does', () => {
    const pattern = /(?:ab|b)(?![\p{L}])/gu;
    expect(wholeMatches('xab ab', pattern, false).map((m) => [m.index, m[0]])).toEqual([[4, 'ab']]);
    expect(wholeMatches('x-ab', pattern, false).map((m) => m[0])).toEqual(['ab']);
  });
});
