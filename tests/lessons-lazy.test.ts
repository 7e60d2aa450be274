// Issue 20: `distill lessons --json` over a warm cache and a stored pair set decodes the rows of its clusters' members
// alone (the other cards are read by their light fields: store/lazy-card.ts), and answers as before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cacheDir, findClusters, lessonsJson, openStoreSync, type CardMeta } from '../src/core/index.js';
import { LazyCard } from '../src/core/store/lazy-card.js';
import { run } from './helpers/home.js';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';

const FIELDS = ['id', 'title', 'path', 'kindDir', 'tags', 'keywords', 'claim', 'updatedAt', 'scope', 'questId', 'lineageRuns', 'lineageQuests', 'ignored', 'state', 'auto', 'promotedFrom', 'excerpt', 'body', 'size', 'mtimeMs'] as const;
const plain = (card: CardMeta) => Object.fromEntries(FIELDS.map((f) => [f, card[f]]));

let dir: string;
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-lessons-lazy-'));
  home = (generateHome(path.join(dir, 'gen'), { cards: 300, seed: 6 }) as { home: string }).home;
  env = { DISTILL_CACHE_DIR: path.join(dir, 'cache') };
  openStoreSync(home, { env }); // the metadata cache
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lazy cards', () => {
  test('are the cards, field by field, in the same order; no row is decoded until a row field is read', () => {
    const store = openStoreSync(home, { env });
    const lazy = store.view().lazyCards();
    expect(store.stats.decoded).toBe(0);
    expect(lazy.map((c) => [c.id, c.path, c.kindDir, c.tags, c.ignored, c.updatedAt, c.size, c.mtimeMs])).toHaveLength(store.count);
    expect(store.stats.decoded).toBe(0);
    void lazy[7].title;
    void lazy[7].claim;
    expect(store.stats.decoded).toBe(1);
    expect(lazy.map(plain)).toEqual(openStoreSync(home, { cache: false }).cards.map(plain));
  });

  test('a row that decodes to nothing (damaged, its file gone since) reads as a card without frontmatter', () => {
    // The light fields as the cache holds them: id, updated_at, ignored, auto, promoted_from, quest, lineage quests, state, tag 0.
    const raw = ['knowledge-1', null, 0, 0, null, null, [], 0, 0];
    const card = new LazyCard(raw, ['a'], '/h/memory/knowledge/k-1.md', 'knowledge', 'global', 10, 20, () => null);
    expect([card.title, card.claim, card.keywords, card.excerpt, card.lineageRuns, card.body]).toEqual(['k-1', null, [], '', [], null]);
    expect([card.id, card.tags, card.size]).toEqual(['knowledge-1', ['a'], 10]);
  });

  test('a card already decoded is itself', () => {
    const store = openStoreSync(home, { env });
    const first = store.view().card(0)!;
    expect(store.view().lazyCards()[0]).toBe(first);
  });
});

describe('lessons --json over a stored pair set', () => {
  test('decodes only the clusters\' members and finds what a pass over decoded cards finds', async () => {
    const pairCache = (root: string) => ({ dir: cacheDir(home, env), root });
    const first = openStoreSync(home, { env });
    const full = lessonsJson(home, findClusters(first.cards, { pairCache: pairCache(first.root) })); // writes the pair set
    expect(full.clusters.length).toBeGreaterThan(0);
    const store = openStoreSync(home, { env });
    const result = findClusters(store.view().lazyCards(), { pairCache: pairCache(store.root) });
    expect(result.kinds).toEqual(Object.fromEntries(Object.keys(result.kinds).map((k) => [k, 'stored'])));
    const members = new Set(result.clusters.flatMap((c) => c.cards.map((card) => card.path)));
    expect(store.stats.decoded).toBe(0); // clustered by ids, kinds, paths, dates and the stored pairs alone
    expect(lessonsJson(home, result)).toEqual(full);
    expect(store.stats.decoded).toBe(members.size); // the members' titles, claims and keywords, printed
    // The command itself: the same bytes with the caches and with none.
    const argv = ['--home', home, 'lessons', '--json'];
    expect(await run(argv, { env: { ...env, HOME: os.tmpdir() } })).toEqual(await run(argv, { env: { DISTILL_NO_CACHE: '1', HOME: os.tmpdir() } }));
  });

  test('a card changed on disk: its kind is paired again from decoded rows, and the answer is an uncached pass\'s', async () => {
    const store = openStoreSync(home, { env });
    const card = store.cards.find((c) => c.kindDir === 'knowledge')!;
    const text = fs.readFileSync(card.path, 'utf8');
    fs.writeFileSync(card.path, text.replace(/^title: .*$/m, 'title: A changed title for this card'));
    const argv = ['--home', home, 'lessons', '--json'];
    expect(await run(argv, { env: { ...env, HOME: os.tmpdir() } })).toEqual(await run(argv, { env: { DISTILL_NO_CACHE: '1', HOME: os.tmpdir() } }));
  });
});
