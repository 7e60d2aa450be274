// Issue 20: the pair features of a kind live in one pool per kind (cleanup/card-features.ts). Each card's lists must
// read back as the card's own, in whatever order the cards are made and however often the pool grows.
import { describe, expect, it } from 'vitest';
import { CardFeatures, KEYWORDS, MEASURES, NUMBERS, PRECISE, STATEMENT, TAGS, TextKeys, TITLE } from '../src/core/cleanup/card-features.js';
import { findingOfCard } from '../src/core/neighbors/finding.js';
import { trigramHashes, trigramsShared } from '../src/core/neighbors/ngrams.js';
import { normalizeText } from '../src/core/neighbors/tokens.js';
import type { CardMeta } from '../src/core/store/cardMeta.js';

function meta(i: number, over: Partial<CardMeta> = {}): CardMeta {
  return {
    id: `k-${i}`, title: `card ${i}`, path: `/h/memory/knowledge/k-${i}.md`, kindDir: 'knowledge', tags: [], keywords: [], claim: null,
    updatedAt: null, scope: 'global', questId: null, lineageRuns: [], lineageQuests: [], ignored: false, state: false, auto: false, promotedFrom: null, excerpt: '',
    size: 0, mtimeMs: 0, ...over,
  };
}

const list = (t: CardFeatures, i: number, k: number) => [...t.pool.subarray(t.start(i, k), t.end(i, k))];

describe('CardFeatures', () => {
  it('keeps every card’s lists apart while the pool grows, cards made in any order', () => {
    // A small pool to begin with: it grows many times over.
    const cards = Array.from({ length: 300 }, (_, i) =>
      meta(i, {
        title: `${'lr ft bs '.repeat(1 + (i % 7))}on set ${i}`,
        claim: i % 3 ? `Accuracy went from 0.${i % 10}1 to 0.${(i + 3) % 10}7 (seed ${i})` : null,
        excerpt: 'first line',
        tags: [`topic:${i % 4}`, 'domain:nlp'],
        keywords: i % 2 ? ['lr'] : [],
      }),
    );
    const t = new CardFeatures(cards, new Set(), () => false, 16);
    const start = t.pool.length;
    const order = cards.map((_, i) => (i * 7919) % cards.length);
    for (const i of order) t.ensure(i);
    expect(t.pool.length).toBeGreaterThan(start);
    const idsOf = (i: number, k: number) => list(t, i, k);
    for (let i = 0; i < cards.length; i++) {
      const card = cards[i];
      expect(list(t, i, TITLE)).toEqual([...trigramHashes(normalizeText(card.title))]);
      expect(list(t, i, STATEMENT)).toEqual([...trigramHashes(normalizeText(card.claim ?? 'first line'))]);
      const finding = findingOfCard(card);
      expect(idsOf(i, NUMBERS)).toHaveLength(finding.numbers.length);
      expect(idsOf(i, MEASURES)).toHaveLength(finding.measures.length);
      expect(idsOf(i, PRECISE).length).toBeLessThanOrEqual(finding.numbers.length);
      expect(idsOf(i, TAGS)).toHaveLength(2);
      expect(idsOf(i, KEYWORDS)).toHaveLength(card.keywords.length);
      // The numbers' lists are sorted (pair-signals.ts counts what two cards share by merging them).
      for (const k of [NUMBERS, PRECISE, MEASURES]) expect(idsOf(i, k)).toEqual([...idsOf(i, k)].sort((x, y) => x - y));
    }
    // Equal strings are equal ids, across cards and lists of one kind: the same tag, the same keyword.
    expect(idsOf(0, TAGS)[1]).toBe(idsOf(299, TAGS)[1]);
    expect(idsOf(0, TAGS)[0]).toBe(idsOf(4, TAGS)[0]);
    expect(idsOf(0, TAGS)[0]).not.toBe(idsOf(1, TAGS)[0]);
    expect(idsOf(1, KEYWORDS)).toEqual(idsOf(3, KEYWORDS));
    // Shared measures read as shared ids: cards 1 and 11 report 0.11 to 0.47, card 2 other values.
    const shared = (a: number, b: number, k: number) => idsOf(a, k).filter((x) => idsOf(b, k).includes(x)).length;
    expect(shared(1, 11, MEASURES)).toBe(2);
    expect(shared(1, 2, MEASURES)).toBe(0);
  });

  it('reads the same with the normalized texts of the exact pass as without them', () => {
    const cards = Array.from({ length: 60 }, (_, i) =>
      meta(i, {
        title: `Warm-up ${i % 5} helps LR schedules`,
        claim: i % 4 === 0 ? null : i % 4 === 1 ? '…!' : `ECE fell from 0.${i % 9}2 to 0.0${i % 7}`,
        excerpt: i % 3 ? 'first body line' : '',
        tags: [`topic:${i % 3}`],
        keywords: ['warm-up'],
      }),
    );
    const plain = new CardFeatures(cards, new Set(), () => false);
    const keys = new TextKeys(cards);
    for (let i = 0; i < cards.length; i += 2) keys.title(i); // some made before, the others on demand
    const shared = new CardFeatures(cards, new Set(), () => false, undefined, keys);
    for (let i = 0; i < cards.length; i++) {
      plain.ensure(i);
      shared.ensure(i);
      for (const k of [TITLE, STATEMENT, TAGS, KEYWORDS, NUMBERS, PRECISE, MEASURES]) expect(list(shared, i, k)).toEqual(list(plain, i, k));
    }
    expect(keys.claim(0)).toBeNull();
    expect(keys.claim(1)).toBe('');
  });
});

describe('trigram codes', () => {
  // The definition: sorted unique codes of the trigrams of ` ${text} `.
  function reference(normalized: string): number[] {
    const text = ` ${normalized} `;
    const codes = new Set<number>();
    for (let i = 0; i + 2 < text.length; i++) {
      const [a, b, c] = [text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2)];
      codes.add(a < 128 && b < 128 && c < 128 ? (a << 14) | (b << 7) | c : (Math.imul(Math.imul(Math.imul(0x811c9dc5, 31) ^ a, 0x01000193) ^ b, 0x01000193) ^ c) | 0x400000);
    }
    return [...codes].sort((x, y) => x - y);
  }

  it('are the trigrams of the padded text, for empty, short, non-ASCII and long texts', () => {
    const texts = ['', 'a', 'ab', 'aaaa', 'warm up ratio', 'größe 𝐀 naïve', 'x'.repeat(5000), `${'abc '.repeat(300)}end`];
    for (const text of texts) {
      expect([...trigramHashes(text)]).toEqual(reference(text));
      expect([...trigramsShared(text)]).toEqual(reference(text));
    }
  });

  it('trigramHashes gives an array of its own; trigramsShared a view the next call reuses', () => {
    const kept = trigramHashes('learning rate');
    const before = [...kept];
    const view = trigramsShared('learning rate');
    trigramsShared('zzzz yyyy');
    expect([...kept]).toEqual(before);
    expect([...view]).not.toEqual(before);
  });
});
