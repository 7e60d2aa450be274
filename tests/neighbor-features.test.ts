// Issue 16: the neighbor engine's per-card features kept beside the metadata cache. A warm open tokenizes nothing, a
// changed, added or deleted card is seen by the next open, a damaged or foreign file is ignored, and the answers are
// those of an index built from scratch without any cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNeighborIndex } from '../src/core/neighbors/engine.js';
import { featureCacheFile, openNeighborIndex } from '../src/core/neighbors/feature-cache.js';
import { CachedDoc } from '../src/core/neighbors/docs.js';
import { readFeatureFile, writeFeatureFile } from '../src/core/neighbors/feature-file.js';
import { probeFromCard } from '../src/core/neighbors/probe.js';
import { openStoreSync, type Store } from '../src/core/store/load.js';
import { run } from './helpers/home.js';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';

let tmp: string;
let home: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-features-'));
  home = (generateHome(path.join(tmp, 'gen'), { cards: 300, seed: 3 }) as { home: string }).home;
  env = { DISTILL_CACHE_DIR: path.join(tmp, 'cache') };
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const open = () => openStoreSync(home, { env });
const knowledge = (store: Store) => store.cards.filter((c) => c.kindDir === 'knowledge' && c.id !== null);

/** Every knowledge card's top neighbors (path, score, reasons) through this index. */
function answers(store: Store, index: ReturnType<typeof buildNeighborIndex>) {
  return knowledge(store)
    .slice(0, 40)
    .map((card) => index.query(probeFromCard(card), { limit: 5 }).map((n) => [path.relative(home, n.card.path), n.score, n.reasons]));
}

/** The same, from an index built without any cache (a fresh store read, every card tokenized). */
function fromScratch() {
  const store = openStoreSync(home, { cache: false });
  return answers(store, buildNeighborIndex(store.cards));
}

/** Rewrites a card's title (and so its words) and moves its mtime, as an editor would. */
function retitle(file: string, title: string) {
  const text = fs.readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${title}`);
  fs.writeFileSync(file, text);
  const later = new Date(fs.statSync(file).mtimeMs + 5000);
  fs.utimesSync(file, later, later);
}

/** Where the stored postings start in a features file, and the string table's size (feature-file.ts layout). */
function sections(bytes: Buffer) {
  const first = bytes.indexOf(10);
  const second = bytes.indexOf(10, first + 1);
  const header = JSON.parse(bytes.toString('utf8', first + 1, second)) as { tableBytes: number; wordPosts: number; tagPosts: number };
  const size = (JSON.parse(bytes.toString('utf8', second + 1, second + 1 + header.tableBytes)) as string[]).length;
  return { size, postsStart: bytes.length - 4 * (2 * (size + 1) + header.wordPosts + header.tagPosts) };
}

/** Every knowledge card's top neighbors through an index of the pool's cards alone, built from scratch. */
function poolFromScratch(keep: (card: { id: string | null; kindDir: string }) => boolean) {
  const store = openStoreSync(home, { cache: false });
  return answers(store, buildNeighborIndex(store.cards.filter(keep)));
}

describe('the neighbor features file', () => {
  it('is written by a cold open, read by a warm one (nothing tokenized), outside the home, with the same answers', () => {
    const cold = openNeighborIndex(open());
    const n = open().cards.length;
    expect([cold.reused, cold.computed, cold.written]).toEqual([0, n, true]);
    expect(fs.existsSync(featureCacheFile(open().cacheDir!))).toBe(true);
    expect(fs.readdirSync(home, { recursive: true, encoding: 'utf8' }).some((f) => f.includes('neighbor-features'))).toBe(false);

    const store = open();
    const warm = openNeighborIndex(store);
    expect([warm.reused, warm.computed, warm.written, warm.postings]).toEqual([n, 0, false, 'stored']);
    // Nothing decoded to build it; a query decodes the cards it looks at, not the store.
    expect(store.stats.decoded).toBe(0);
    warm.index.query(probeFromCard(knowledge(openStoreSync(home, { cache: false }))[0]), { limit: 5 });
    expect(store.stats.decoded).toBeGreaterThan(0);
    expect(store.stats.decoded).toBeLessThan(n);
    expect(answers(store, warm.index)).toEqual(fromScratch());
  });

  it('sees a changed, an added and a deleted card at the next open, and tokenizes only those', () => {
    openNeighborIndex(open());
    const cards = knowledge(open());
    const [changed, deleted, source] = [cards[3], cards[7], cards[11]];
    retitle(changed.path, 'Cosine warmup schedule destabilizes tiny adapters');
    fs.rmSync(deleted.path);
    const added = path.join(path.dirname(source.path), 'zz-added-card.md');
    fs.writeFileSync(added, fs.readFileSync(source.path, 'utf8').replace(/^id: .*$/m, 'id: zz-added-card').replace(/^title: .*$/m, 'title: Cosine warmup schedule destabilizes tiny adapters (copy)'));

    const store = open();
    const next = openNeighborIndex(store);
    expect([next.computed, next.written]).toEqual([2, true]);
    expect(next.reused).toBe(store.cards.length - 2);
    const hits = next.index.query({ title: 'Cosine warmup schedule destabilizes tiny adapters', tags: [] }, { limit: 3 }).map((h) => h.card.path);
    expect(hits.slice(0, 2).sort()).toEqual([changed.path, added].sort());
    expect(store.cards.some((c) => c.path === deleted.path)).toBe(false);
    expect(answers(store, next.index)).toEqual(fromScratch());
    // And the file written then serves the open after it whole.
    expect(openNeighborIndex(open()).computed).toBe(0);
  });

  it('ignores a damaged, truncated, foreign or other-engine file and writes a good one', () => {
    openNeighborIndex(open());
    const file = featureCacheFile(open().cacheDir!);
    const good = fs.readFileSync(file);
    const n = open().cards.length;
    const text = good.toString('latin1');
    const lastId = Buffer.from(good);
    lastId.writeUInt32LE(0xffffffff, sections(good).postsStart - 4); // the last row's last word: a number outside the table
    const damages = [
      good.subarray(0, Math.floor(good.length / 2)),
      Buffer.from('garbage'),
      Buffer.alloc(0),
      Buffer.concat([good, Buffer.from([0])]), // one byte too many: the layout does not add up
      Buffer.from(text.replace(/"root":"[^"]*"/, '"root":"/elsewhere/memory"'), 'latin1'),
      Buffer.from(text.replace(/"engine":"[^"]*"/, '"engine":"0000000000000000"'), 'latin1'),
      Buffer.from(text.replace(/"count":\d+/, '"count":1'), 'latin1'),
      lastId, // that row alone is tokenized again
    ];
    for (const [i, bytes] of damages.entries()) {
      fs.writeFileSync(file, bytes);
      const store = open();
      const opened = openNeighborIndex(store);
      expect({ i, computed: opened.computed > 0, written: opened.written }).toEqual({ i, computed: true, written: true });
      if (i < damages.length - 1) expect(opened.computed).toBe(n);
      else expect(opened.computed).toBe(1);
      expect(answers(store, opened.index)).toEqual(fromScratch());
    }
  });

  it('holds the word and tag postings: a warm open counts none, with or without a pool, and answers as counting does', () => {
    openNeighborIndex(open());
    const store = open();
    const warm = openNeighborIndex(store);
    expect(warm.postings).toBe('stored');
    expect(answers(store, warm.index)).toEqual(fromScratch());
    // A pool (the review's: some cards left out) maps the stored rows to its own slots.
    const keep = (card: { id: string | null; kindDir: string }) => card.kindDir === 'knowledge' || (card.id ?? '').endsWith('7');
    const pooled = openNeighborIndex(open(), (id, kindDir) => keep({ id, kindDir }));
    expect(pooled.postings).toBe('stored');
    expect(pooled.index.size).toBeLessThan(store.cards.length);
    expect(answers(open(), pooled.index)).toEqual(poolFromScratch(keep));
    // Cards changed in the session push onto the stored lists: the answers are a fresh build's.
    const cards = knowledge(store);
    retitle(cards[5].path, 'Cosine warmup schedule destabilizes tiny adapters');
    const moved = open();
    warm.index.update(moved.byPath(cards[5].path)!);
    warm.index.remove(cards[9].path);
    fs.rmSync(cards[9].path);
    expect(answers(open(), warm.index)).toEqual(fromScratch());
    // The next open tokenizes the changed card and counts; the one after reads them again.
    expect(openNeighborIndex(open()).postings).toBe('counted');
    expect(openNeighborIndex(open()).postings).toBe('stored');
  });

  it('counts the postings again when the stored ones do not add up, with the same answers', () => {
    openNeighborIndex(open());
    const file = featureCacheFile(open().cacheDir!);
    const good = fs.readFileSync(file);
    const { size, postsStart } = sections(good);
    const rowOutside = Buffer.from(good);
    rowOutside.writeUInt32LE(0xfffffff0, good.length - 4); // the last tag posting: a row past the last
    const unsorted = Buffer.from(good);
    unsorted.writeUInt32LE(1 << 30, postsStart + 4 * Math.floor(size / 2)); // a word's start past the rows
    for (const bytes of [rowOutside, unsorted]) {
      fs.writeFileSync(file, bytes);
      const store = open();
      const opened = openNeighborIndex(store);
      expect([opened.computed, opened.postings]).toEqual([0, 'counted']);
      expect(answers(store, opened.index)).toEqual(fromScratch());
    }
  });

  it('keeps every string exactly: non-ASCII, a lone surrogate, a NUL, an empty claim, no body key', () => {
    const dir = path.join(tmp, 'roundtrip');
    const file = path.join(dir, 'features.bin');
    const rows = [
      { rel: 'knowledge/ünïcode-😀.md', size: 10, mtimeMs: 1.5, features: { tokens: ['wörd', 'a\u0000b', '\ud800'], titleKey: 'tïtle 😀 \ud800', claimKey: '', tags: ['t:ä'], runs: [], bodyKey: null } },
      { rel: 'papers/b.md', size: 0, mtimeMs: 1795532367995.225, features: { tokens: [], titleKey: '', claimKey: 'claim', tags: [], runs: ['run-1', 'run-2'], bodyKey: '0123456789abcdef' } },
    ];
    expect(writeFeatureFile(file, 'magic 3\n', '/r', 'e', rows)).toBe(true);
    expect(readFeatureFile(file, 'magic 3\n', '/r', 'other-engine')).toBeNull();
    const read = readFeatureFile(file, 'magic 3\n', '/r', 'e')!;
    const source = { card: () => null, path: (at: number) => `/r/${rows[at].rel}` };
    rows.forEach((row, r) => {
      const [kind, name] = row.rel.split('/');
      expect(read.rowOf(kind, name)).toBe(r);
      expect(read.holds(r, row.size, row.mtimeMs + 1)).toBe(false); // another mtime: a miss
      expect(read.holds(r, row.size, row.mtimeMs)).toBe(true);
      const doc = new CachedDoc(read, r, source, r);
      expect(doc.features()).toEqual(row.features);
      expect(doc.path).toBe(`/r/${row.rel}`);
      expect(doc.tagTotal).toBe(row.features.tags.length);
      expect(doc.keyIs('title', row.features.titleKey)).toBe(true);
      expect(doc.keyIs('title', row.features.titleKey + 'x')).toBe(false);
      expect(doc.keyIs('claim', row.features.claimKey)).toBe(true);
      expect(doc.keyIs('body', row.features.bodyKey ?? '')).toBe(true); // '' stands for none
      expect(doc.keyIs('body', 'fedcba9876543210')).toBe(false);
    });
    expect(read.rowOf('knowledge', 'none.md')).toBe(-1);
    expect(read.rowOf('papers', 'b.md')).toBe(1);
    expect(read.rowOf('knowledge', 'ünïcode-😀.md')).toBe(0); // found again out of order
  });

  it('is neither read nor written without a cache', () => {
    const store = open();
    const opened = openNeighborIndex({ view: () => store.view(), root: store.root, cacheDir: null });
    expect([opened.reused, opened.written]).toEqual([0, false]);
    expect(fs.existsSync(path.join(tmp, 'cache')) && fs.readdirSync(path.join(tmp, 'cache'), { recursive: true }).some((f) => String(f).includes('neighbor'))).toBe(false);
  });
});

describe('distill neighbors through the features file', () => {
  it('answers as an uncached run does, before and after cards change', async () => {
    const cache = { HOME: os.tmpdir(), DISTILL_CACHE_DIR: path.join(tmp, 'cli-cache') };
    const uncached = { HOME: os.tmpdir(), DISTILL_NO_CACHE: '1', DISTILL_CACHE_DIR: path.join(tmp, 'never') };
    const ids = knowledge(openStoreSync(home, { cache: false })).slice(0, 5).map((c) => c.id!);
    const ask = (id: string, e: NodeJS.ProcessEnv) => run(['--home', home, 'neighbors', id, '--json'], { env: e });
    for (const id of ids) await ask(id, cache); // the features file is written
    for (const id of ids) expect(await ask(id, cache)).toEqual(await ask(id, uncached));
    expect(fs.existsSync(path.join(tmp, 'never'))).toBe(false);
    retitle(knowledge(openStoreSync(home, { cache: false }))[1].path, 'A title nobody wrote before about rotary embeddings');
    for (const id of ids) expect(await ask(id, cache)).toEqual(await ask(id, uncached));
  });
});
