// Duplicate clusters of the global store: the fixture home's known groups are found, nothing else is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClusters, NOT_SCORED, type Pair } from '../src/core/cleanup/clusters.js';
import { findClusters } from '../src/core/cleanup/find.js';
import { exactPairs } from '../src/core/cleanup/pairs.js';
import { openStoreSync } from '../src/core/store/index.js';
import type { CardMeta } from '../src/core/store/cardMeta.js';
import { cardRoundTrips } from '../src/core/format/serialize.js';
import { copyFixture, run, snapshot } from './helpers/home.js';

const env = () => ({ HOME: os.tmpdir(), DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) });

/** The groups fixtures/dup-home was built with (see its README.md). */
const EXPECTED = [
  ['knowledge-05abb9e0', 'knowledge-3f2a9c11', 'knowledge-8d41e0b7'], // exact title + exact claim
  ['knowledge-ac553f60', 'knowledge-5be7c2d4'], // paraphrase (score 0.85: no claims, the bodies' first lines state the finding)
  ['knowledge-37199b1a', 'knowledge-c4e9a2f0'], // same lineage run (score 0.83)
  ['episode-d030bfae', 'episode-2b8e6f90'], // paraphrase, another kind (0.80: the same numbers; knowledge lists first)
];

function meta(id: string, over: Partial<CardMeta> = {}): CardMeta {
  return {
    id, title: id, path: `/h/memory/knowledge/${id}.md`, kindDir: 'knowledge', tags: [], keywords: [], claim: null,
    updatedAt: null, scope: 'global', questId: null, lineageRuns: [], lineageQuests: [], ignored: false, state: false, auto: false, promotedFrom: null, excerpt: '',
    size: 0, mtimeMs: 0, ...over,
  };
}

describe('buildClusters', () => {
  it('joins pairs transitively, largest cluster first, oldest card first', () => {
    const cards = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => meta(id, { updatedAt: `2026-01-0${6 - i}T00:00:00+00:00` }));
    const pairs: Pair[] = [
      { a: 0, b: 1, score: 0.7, reasons: ['x'] },
      { a: 1, b: 2, score: 0.9, reasons: ['y'] },
      { a: 3, b: 4, score: 1, reasons: ['z'] },
    ];
    const clusters = buildClusters(cards, pairs);
    expect(clusters.map((c) => c.cards.map((card) => card.id))).toEqual([['c', 'b', 'a'], ['e', 'd']]);
    expect(clusters[0].score).toBe(0.9);
    // Every pair of members: the links strongest first, then the two that were never compared (graded, issue 34).
    expect(clusters[0].links.map((l) => [l.a, l.b, l.reasons, l.grade])).toEqual([
      ['b', 'c', ['y'], 'same lesson'],
      ['a', 'b', ['x'], 'same lesson'],
      ['a', 'c', [NOT_SCORED], null],
    ]);
    expect(clusters.map((c) => c.confidence)).toEqual(['same lesson', 'same lesson']);
    expect(clusters[0].id).toMatch(/^cluster-[0-9a-f]{8}$/);
  });

  it('never links across kinds, ignored cards or cards without an id', () => {
    const cards = [
      meta('a'), meta('b', { kindDir: 'papers' }), meta('c', { ignored: true }), meta('d', { id: null }), meta('e'),
    ];
    const pairs: Pair[] = [0, 1, 2, 3].map((b) => ({ a: b === 0 ? 4 : 0, b, score: 1, reasons: [] }));
    expect(buildClusters(cards, pairs).map((c) => c.cards.map((card) => card.id))).toEqual([['a', 'e']]);
  });

  it('created_at decides the survivor before updated_at', () => {
    const cards = [meta('new', { updatedAt: '2026-01-01T00:00:00+00:00' }), meta('old', { updatedAt: '2026-02-01T00:00:00+00:00' })];
    const created: Record<string, string> = { new: '2026-01-01T00:00:00+00:00', old: '2025-01-01T00:00:00+00:00' };
    const [cluster] = buildClusters(cards, [{ a: 0, b: 1, score: 1, reasons: [] }], { createdAt: (c) => created[c.id!] });
    expect(cluster.cards.map((c) => c.id)).toEqual(['old', 'new']);
  });
});

describe('exactPairs', () => {
  it('matches titles and claims that differ only in case, spacing and punctuation', () => {
    const cards = [
      meta('a', { title: 'Warmup ratio matters', claim: 'X is below 0.03, whatever.' }),
      meta('b', { title: 'warmup  ratio matters!' }),
      meta('c', { title: 'Other', claim: 'x is BELOW 0.03 whatever' }),
      meta('d', { title: 'Warmup ratio matters', kindDir: 'papers' }),
    ];
    const pairs = exactPairs(cards).map((p) => [p.a, p.b, p.reasons[0]]);
    expect(pairs).toEqual([[0, 1, 'same title'], [0, 2, 'same claim']]);
  });
});

describe('fixture dup-home', () => {
  it('every card in it is byte-for-byte what DeepScientist would write', () => {
    const home = copyFixture('dup-home');
    const store = openStoreSync(home, { cache: false });
    expect(store.cards.length).toBe(21);
    for (const card of store.cards) expect(cardRoundTrips(fs.readFileSync(card.path, 'utf8')), card.path).toBe(true);
  });

  it('finds exactly the known duplicate groups, survivor first, ignored cards and other kinds left out', () => {
    const home = copyFixture('dup-home');
    const store = openStoreSync(home, { cache: false });
    const result = findClusters(store.cards);
    const found = result.clusters.map((c) => c.cards.map((card) => card.id));
    expect(found).toEqual(EXPECTED);
    expect(result.considered).toBe(20); // 21 cards, one ignored
    const warmup = result.clusters[0];
    expect(warmup.links.flatMap((l) => l.reasons)).toEqual(expect.arrayContaining(['same title', 'same claim']));
    expect(result.clusters[1].links[0].reasons).toContain('shared tags: domain:nlp, task:open-qa, topic:calibration');
    expect(result.clusters[2].links[0].reasons).toContain('same lineage run run-9c55134c');
    expect(result.clusters[3].links[0].reasons).toContain('shared numbers: 64, 512');
  });

  it('distill lessons --json prints the clusters and writes nothing into the home', async () => {
    const home = copyFixture('dup-home');
    const before = snapshot(home);
    const result = await run(['--home', home, 'lessons', '--json'], { env: env() });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.out);
    expect(json.clusters.map((c: { cards: { card_id: string }[] }) => c.cards.map((card) => card.card_id))).toEqual(EXPECTED);
    const first = json.clusters[0];
    expect(first).toMatchObject({ kind: 'knowledge', size: 3, survivor: 'knowledge-05abb9e0' });
    expect(first.cards[0]).toMatchObject({
      card_id: 'knowledge-05abb9e0',
      created_at: '2026-05-04T18:00:35+00:00',
      path: path.join(home, 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters.md'),
    });
    expect(snapshot(home)).toEqual(before);
  });

  it('without --json and without a terminal: a one-line error naming the --json command', async () => {
    const home = copyFixture('dup-home');
    const result = await run(['--home', home, 'lessons'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.err).toBe('distill: lessons: not a terminal; use distill lessons --json to list the duplicate clusters\n');
  });

  it('rejects a bad --threshold', async () => {
    const home = copyFixture('dup-home');
    const result = await run(['--home', home, 'lessons', '--json', '--threshold', '2'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.err).toContain('--threshold 2: expected a number in (0, 1]');
  });
});
