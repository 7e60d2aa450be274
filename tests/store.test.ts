import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCardFile, readScope } from '../src/core/cards.js';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { cacheDir } from '../src/core/files/paths.js';
import { CACHE_VERSION, cacheFile } from '../src/core/store/cache.js';
import { fastFrontmatter, parseCardTextFast } from '../src/core/format/fast-frontmatter.js';
import { openStore, openStoreSync, type LoadProgress } from '../src/core/store/load.js';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';

const FIXTURE = path.resolve('fixtures/ds-sample');
let tmp: string;
let home: string;
let env: NodeJS.ProcessEnv;

function listAll(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-store-'));
  home = path.join(tmp, 'home');
  fs.cpSync(FIXTURE, home, { recursive: true });
  env = { DISTILL_CACHE_DIR: path.join(tmp, 'cache') };
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const card = (name: string) => path.join(home, 'memory', 'knowledge', name);

describe('openStoreSync', () => {
  it('lists the same cards as readScope, with their metadata', () => {
    const store = openStoreSync(home, { env });
    const full = readScope(path.join(home, 'memory'), 'global');
    expect(store.cards.map((c) => c.path)).toEqual(full.cards.map((c) => c.path));
    for (const [i, meta] of store.cards.entries()) {
      const c = full.cards[i];
      expect(meta).toMatchObject({ id: c.id, title: c.title, tags: c.tags, updatedAt: c.updatedAt, questId: c.questId, kindDir: c.kindDir });
      expect(meta.size).toBe(c.stat.size);
    }
    const lesson = store.byId('knowledge-37199b1a')!;
    expect(lesson.claim).toMatch(/^A retrieval-entropy-conditioned temperature fitted on one corpus over-corrects on another/);
    expect(lesson.keywords).toEqual(['temperature scaling', 'retrieval entropy', 'transfer']);
    expect(lesson.lineageRuns).toEqual(['run-9c55134c']);
    expect(store.stats).toMatchObject({ files: full.cards.length, parsed: full.cards.length, fromCache: 0, cacheWritten: true });
  });

  it('serves a second open from the cache and never writes into the home', () => {
    const before = listAll(home);
    const cold = openStoreSync(home, { env });
    const warm = openStoreSync(home, { env });
    expect(warm.stats).toMatchObject({ parsed: 0, fromCache: cold.cards.length, cacheWritten: false });
    expect(warm.cards).toEqual(cold.cards);
    expect(listAll(home)).toEqual(before);
    // Body fingerprints come back from the cache's binary section as they were made, and a card without one stays so.
    const empty = card('warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.writeFileSync(empty, fs.readFileSync(empty, 'utf8').replace(/\n---\n[\s\S]*$/, '\n---\nTODO\n'));
    const third = openStoreSync(home, { env });
    expect(openStoreSync(home, { env }).cards).toEqual(third.cards);
    expect(third.byPath(empty)!.body).toBeNull();
    expect(third.cards.filter((c) => c.body).length).toBe(cold.cards.filter((c) => c.body).length - 1);
    expect(fs.existsSync(cacheFile(cacheDir(home, env)))).toBe(true);
  });

  it('keeps what the drafts list needs through the cache: promoted_from and the agent-draft flag', () => {
    const file = card('warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('\ntags:', '\nstatus: Draft\ntags:'));
    const cold = openStoreSync(home, { env });
    const warm = openStoreSync(home, { env });
    expect(warm.stats.parsed).toBe(0);
    for (const store of [cold, warm]) {
      expect(store.byPath(file)!.auto).toBe(true);
      expect(store.byId('knowledge-edbc526f')).toMatchObject({
        auto: false,
        promotedFrom: '/home/alice/DeepScientist/quests/001/memory/knowledge/adapter-bottleneck-64-is-the-sweet-spot-on-conll-1k.md',
      });
    }
    expect(warm.cards).toEqual(cold.cards);
  });

  it('re-reads a card whose size or mtime changed on disk, and only that card', () => {
    openStoreSync(home, { env });
    const file = card('warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Warmup ratio', 'title: Warm-up ratio'));
    const second = openStoreSync(home, { env });
    expect(second.stats.parsed).toBe(1);
    expect(second.byPath(file)!.title).toBe('Warm-up ratio matters more than peak LR for adapters');

    // Same size, new mtime: still re-read.
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Warm-up ratio', 'Warm_up ratio'));
    const t = new Date(Date.now() + 5000);
    fs.utimesSync(file, t, t);
    const third = openStoreSync(home, { env });
    expect(third.stats.parsed).toBe(1);
    expect(third.byPath(file)!.title).toBe('Warm_up ratio matters more than peak LR for adapters');

    fs.rmSync(file);
    const fourth = openStoreSync(home, { env });
    expect(fourth.byPath(file)).toBeUndefined();
    expect(fourth.stats.parsed).toBe(0);
  });

  it('ignores a damaged cache, a cache of another version and a cache of another home', () => {
    const cold = openStoreSync(home, { env });
    const file = cacheFile(cacheDir(home, env));
    const good = fs.readFileSync(file);
    const text = good.toString('latin1');
    const headerEnd = text.indexOf('\n', text.indexOf('\n') + 1);
    const header = JSON.parse(text.slice(text.indexOf('\n') + 1, headerEnd));
    const withHeader = (h: object) => Buffer.concat([Buffer.from(`distill card cache ${CACHE_VERSION}\n${JSON.stringify(h)}\n`), good.subarray(headerEnd + 1)]);
    const names = good.subarray(headerEnd + 1, headerEnd + 1 + header.namesBytes).toString().split('\n');
    const swapped = Buffer.from(good);
    // Two names swapped: the names are no longer sorted, so the merge with the listing cannot be trusted.
    Buffer.from([names[1], names[0], ...names.slice(2)].join('\n')).copy(swapped, headerEnd + 1);
    for (const bad of [
      Buffer.from(`distill card cache ${CACHE_VERSION}\n{"root": "x", "kin`),
      Buffer.from('null'),
      good.subarray(0, good.length - 1),
      Buffer.concat([good, Buffer.from(' ')]),
      Buffer.from(text.replace(`distill card cache ${CACHE_VERSION}`, `distill card cache ${CACHE_VERSION - 1}`), 'latin1'),
      withHeader({ ...header, root: '/elsewhere/memory' }),
      withHeader({ ...header, kinds: [['knowledge', 1]] }),
      withHeader({ ...header, kinds: [...header.kinds, ['knowledge', 0]] }),
      withHeader({ ...header, unusable: 'x' }),
      swapped,
    ]) {
      fs.writeFileSync(file, bad);
      const store = openStoreSync(home, { env });
      expect(store.cards).toEqual(cold.cards);
      expect(store.stats.parsed).toBe(cold.cards.length);
      expect(fs.readFileSync(file)).toEqual(good);
    }
  });

  it('decodes cached rows only when the cards are asked for, and reads the file of a damaged row', () => {
    const cold = openStoreSync(home, { env });
    const warm = openStoreSync(home, { env });
    expect(warm.stats).toMatchObject({ parsed: 0, fromCache: cold.cards.length, decoded: 0 });
    expect(warm.count).toBe(cold.cards.length);
    expect(warm.stats.decoded).toBe(0);
    expect(warm.cards).toEqual(cold.cards);
    expect(warm.stats.decoded).toBe(cold.cards.length);
    // Lookups may be the first use, and decode the one row they return (ids come from the cache's light section).
    const byId = openStoreSync(home, { env });
    expect(byId.byId('knowledge-37199b1a')?.title).toBe(cold.byId('knowledge-37199b1a')!.title);
    expect(byId.byId('no-such-id')).toBeUndefined();
    expect(byId.stats.decoded).toBe(1);
    const some = cold.cards[3].path;
    const byPath = openStoreSync(home, { env });
    expect(byPath.byPath(some)?.id).toBe(cold.cards[3].id);
    expect(byPath.byPath(path.join(home, 'memory', 'knowledge', 'nope.md'))).toBeUndefined();
    expect(byPath.stats.decoded).toBe(1);
    const viewed = openStoreSync(home, { env });
    const view = viewed.view();
    expect(view.length).toBe(cold.cards.length);
    const brief = (c: { id: string | null; tags: string[]; updatedAt: string | null; ignored: boolean; path: string; kindDir: string; scope: string }) =>
      [c.id, c.tags, c.updatedAt, c.ignored, c.path, c.kindDir, c.scope];
    expect(Array.from({ length: view.length }, (_, i) => brief(view.brief(i)!))).toEqual(cold.cards.map(brief));
    const links = (c: { id: string | null; promotedFrom: string | null; auto: boolean; questId: string | null; lineageQuests: string[] }) =>
      [c.id, c.promotedFrom, c.auto, c.questId, c.lineageQuests];
    expect(viewed.links().map(links)).toEqual(cold.cards.map(links));
    expect(viewed.stats.decoded).toBe(0);
    expect(viewed.links()[2].meta()).toEqual(cold.cards[2]);
    expect(viewed.stats.decoded).toBe(1);

    // Valid layout, one row whose `ignored` is not a boolean: that one file is read again.
    const file = cacheFile(cacheDir(home, env));
    const good = fs.readFileSync(file, 'latin1');
    const rowAt = good.indexOf('["knowledge-');
    const falseAt = good.indexOf(',false,', rowAt);
    fs.writeFileSync(file, Buffer.from(good.slice(0, falseAt) + ',null ,' + good.slice(falseAt + 7), 'latin1'));
    const store = openStoreSync(home, { env });
    expect(store.stats.parsed).toBe(0);
    expect(store.cards).toEqual(cold.cards);
    expect(store.stats.decoded).toBe(cold.cards.length - 1);
    // The next flush writes its fresh row.
    expect(store.flushCache()).toBe(true);
    expect(openStoreSync(home, { env }).cards).toEqual(cold.cards);

    // Valid layout, a row that is not JSON: that file alone is read again, and the cache repaired.
    const fixed = fs.readFileSync(file, 'latin1');
    const lastRow = fixed.lastIndexOf('["knowledge-'); // rows come after the light section
    fs.writeFileSync(file, Buffer.from(fixed.slice(0, lastRow) + '{' + fixed.slice(lastRow + 1), 'latin1'));
    const unreadable = openStoreSync(home, { env });
    expect(unreadable.stats.parsed).toBe(0);
    expect(unreadable.cards).toEqual(cold.cards);
    expect(unreadable.stats.decoded).toBe(cold.cards.length - 1);
    expect(unreadable.flushCache()).toBe(true);
    const again = openStoreSync(home, { env });
    expect(again.cards).toEqual(cold.cards);
    expect(again.stats.decoded).toBe(cold.cards.length);

    // A light section that does not parse: ids and tags come from the rows instead.
    const repaired = fs.readFileSync(file, 'latin1');
    fs.writeFileSync(file, Buffer.from(repaired.replace('["knowledge-', '{"knowledge-'), 'latin1'));
    const noLight = openStoreSync(home, { env });
    expect(noLight.byId('knowledge-37199b1a')?.title).toBe(cold.byId('knowledge-37199b1a')!.title);
    expect(noLight.stats.parsed).toBe(0);
    expect(noLight.stats.decoded).toBeGreaterThan(1); // rows decoded up to the card with that id
  });

  it('makes the links list once per state of the store, and again after a change', () => {
    const store = openStoreSync(home, { env });
    const links = store.links();
    expect(store.links()).toBe(links); // the drafts and the notes of a review both ask: made once
    expect(store.stats.decoded).toBe(0);
    const file = card('warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^id: .*$/m, 'id: knowledge-renamed'));
    store.refresh([file]);
    const after = store.links();
    expect(after).not.toBe(links);
    expect(after.map((l) => l.id)).toContain('knowledge-renamed');
    expect(links.map((l) => l.id)).not.toContain('knowledge-renamed');
  });

  it('writes every row of a warm open that changed one file, the undecoded ones included', () => {
    const cold = openStoreSync(home, { env });
    const file = card('warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.appendFileSync(file, 'One more line.\n');
    const warm = openStoreSync(home, { env });
    expect(warm.stats).toMatchObject({ parsed: 1, cacheWritten: true });
    const third = openStoreSync(home, { env });
    expect(third.stats).toMatchObject({ parsed: 0, cacheWritten: false });
    expect(third.cards.map((c) => c.path)).toEqual(cold.cards.map((c) => c.path));
    expect(third.byPath(file)!.size).toBe(fs.statSync(file).size);
    expect(third.cards.filter((c) => c.path !== file)).toEqual(cold.cards.filter((c) => c.path !== file));
  });

  it('keeps working when the cache cannot be written', () => {
    fs.writeFileSync(path.join(tmp, 'cache'), 'a file where the cache dir should be');
    const store = openStoreSync(home, { env });
    expect(store.cards.length).toBeGreaterThan(5);
    expect(store.stats.cacheWritten).toBe(false);
  });

  it('reports unusable cards with the same warnings as readCardFile, from the cache too', () => {
    const file = card('broken.md');
    fs.writeFileSync(file, '---\ntitle: [unclosed\n---\nbody\n');
    const expected = readCardFile(file, 'global', 'knowledge').warnings;
    expect(expected.length).toBeGreaterThan(0);
    const cold = openStoreSync(home, { env });
    const warm = openStoreSync(home, { env });
    for (const store of [cold, warm]) {
      expect(store.byPath(file)).toBeUndefined();
      expect(store.warnings).toEqual(expected);
    }
  });

  it('loads only the kinds asked for, keeping the other kinds cached', () => {
    openStoreSync(home, { env });
    const knowledge = openStoreSync(home, { env, kinds: ['knowledge'] });
    expect(new Set(knowledge.cards.map((c) => c.kindDir))).toEqual(new Set(['knowledge']));
    expect(openStoreSync(home, { env }).stats.parsed).toBe(0);
  });

  it('refresh(paths) reports added, updated and removed cards and updates the cache', () => {
    const store = openStoreSync(home, { env });
    const added = card('new-card.md');
    fs.writeFileSync(added, '---\nid: knowledge-00000001\ntitle: New card\ntags:\n- a\n---\nBody.\n');
    const edited = card('seed-variance-on-small-ner-sets-exceeds-most-reported-gains.md');
    fs.appendFileSync(edited, 'More evidence.\n');
    const removed = card('official-validation-split-is-required-for-metric-comparability.md');
    fs.rmSync(removed);
    const change = store.refresh([added, edited, removed, path.join(home, 'quests', 'x.md')]);
    expect(change.added.map((c) => c.id)).toEqual(['knowledge-00000001']);
    expect(change.updated.map((c) => c.id)).toEqual(['knowledge-24922d1f']);
    expect(change.removed.map((c) => c.id)).toEqual(['knowledge-bc6691a3']);
    expect(store.byId('knowledge-00000001')!.tags).toEqual(['a']);
    expect(store.byId('knowledge-bc6691a3')).toBeUndefined();
    const paths = store.cards.map((c) => c.path);
    expect(paths).toEqual(readScope(path.join(home, 'memory'), 'global').cards.map((c) => c.path));
    // Not flushed: the next open re-reads just the changed files.
    expect(openStoreSync(home, { env }).stats.parsed).toBe(2);
    expect(store.flushCache()).toBe(true);
    expect(store.flushCache()).toBe(false);
    expect(openStoreSync(home, { env }).stats.parsed).toBe(0);
    expect(store.refresh([edited])).toEqual({ added: [], updated: [], removed: [] });
  });

  it('opens asynchronously with progress', async () => {
    const seen: LoadProgress[] = [];
    const store = await openStore(home, { env, onProgress: (p) => seen.push(p) });
    expect(seen[0].phase).toBe('list');
    expect(seen.at(-1)).toEqual({ phase: 'done', done: store.stats.files, total: store.stats.files });
  });
});

/**
 * openStore with each progress report noted with how many times the event loop had turned by then (a setImmediate
 * chain, stopped when the open is done): turns between two reports mean other work ran between those steps.
 */
async function openCounting(home: string, env: Record<string, string>) {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const seen: (LoadProgress & { turns: number })[] = [];
  const store = await openStore(home, { env, onProgress: (p) => seen.push({ ...p, turns }) });
  ticking = false;
  return { store, seen };
}

describe('openStore yields to the event loop', () => {
  it('between chunks of the stat pass, on a store it has a cache for (a screen reads keys while 100k files are checked)', async () => {
    const { home: many } = generateHome(path.join(tmp, 'many'), { cards: 1500, seed: 3 });
    const env = { DISTILL_CACHE_DIR: path.join(tmp, 'many-cache') };
    openStoreSync(many, { env }); // writes the cache: the next open stats every file and reads none
    const { store, seen } = await openCounting(many, env);
    expect(store.stats.parsed).toBe(0);
    const stats = seen.filter((p) => p.phase === 'stat' && p.done < p.total);
    expect(stats.length).toBeGreaterThanOrEqual(2);
    expect(stats.at(-1)!.turns).toBeGreaterThan(stats[0].turns);
    // Then the cached entries are merged with the listing in steps too (the stat pass done: reported at its total).
    const merging = seen.filter((p) => p.phase === 'stat' && p.done === p.total);
    expect(merging.length).toBeGreaterThanOrEqual(2);
    expect(merging.at(-1)!.turns).toBeGreaterThan(merging[0].turns);
  });

  it('while it writes the cache, with no cache yet (a first open of 100k cards spends most of a second there)', async () => {
    const { home: first } = generateHome(path.join(tmp, 'first'), { cards: 1500, seed: 4 });
    const env = { DISTILL_CACHE_DIR: path.join(tmp, 'first-cache') };
    const { store, seen } = await openCounting(first, env);
    expect(store.stats.cacheWritten).toBe(true);
    // After every file is read, the write's steps: reported as reading done, with event-loop turns between them.
    const writing = seen.filter((p) => p.phase === 'read' && p.done === p.total);
    expect(writing.length).toBeGreaterThanOrEqual(2);
    expect(writing.at(-1)!.turns).toBeGreaterThan(writing[0].turns);
    // And the cache it wrote is whole: the next open reads no file.
    expect(openStoreSync(first, { env }).stats.parsed).toBe(0);
  });
});

describe('parseCardTextFast', () => {
  const same = (text: string) => expect(parseCardTextFast(text)).toEqual(parseCardText(text));

  it('equals parseCardText on every card-like file of the sample home', () => {
    const files = fs.readdirSync(FIXTURE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) same(fs.readFileSync(path.join(FIXTURE, f), 'utf8'));
  });

  it('equals parseCardText on generated DeepScientist-style cards and drafts', () => {
    const dir = path.join(tmp, 'gen');
    generateHome(dir, { cards: 150, seed: 7 });
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      same(text);
      // The fast path really takes these (it does not just hand everything to js-yaml).
      expect(typeof fastFrontmatter(text.slice(4, text.indexOf('\n---\n')))).toBe('object');
    }
  });

  it('equals parseCardText on tricky frontmatter', () => {
    for (const fm of [
      'quest_id: 001', 'a: on', 'a: Off', 'a: ~', 'a: null', 'a: 0x1F', 'a: 1_000', 'a: 1:30', 'a: .inf', 'a: 1.0',
      'a: ---', 'a: -x', 'a: - x', 'a: x: y', 'a: x #c', 'a: "q"', "a: 'it''s'", "a: 'x' y", 'a: [x, y]', 'a: []', 'a: {}',
      'a:\n- x\n- 2', 'a:\n  - x', 'a:\n- k: v\n  j: 2\n- k: w', 'a:\n  b: c\n  d: 1', 'a:\n  b:\n    c: d', 'a: b\n  c\n  d',
      'a: b\n\n  c', "a: 'x\n  y'", 'a: 1\na: 2', 'on: x', 'a:', 'a:\nb: 1', 'a: x\n  - y', '# c\na: 1', 'a: x ', 'a: |\n  x',
      'a: >\n  x', 'a: &r x\nb: *r', 'a: !!str 1', 'a:\t1', 'a: \u0085x', 'a:\n- - x', 'a:\n-', '__proto__: 1', 'a: 2026-05-10',
      "a: '2026-05-10T22:01:19+00:00'", 'a: 2026-05-10T22:01:19+00:00', 'title: Pitfall ---', 'a: b:', 'a:\n - x',
      'a:\n- k: v\n   j: 2', 'a:\n- k: v\n    cont', 'a:\n- x\n  y', 'a: x\n b: y', 'a: yes\nb: No', 'a: 0o7', 'a: +1', 'a: -.5e+3',
      // quoting, repeated keys in nested mappings, keys named like Object.prototype members, Unicode spaces
      "a: ''", "a: ''''", "a: '''", "a: 'x''", "a: 'a'b'", "a: 'a''b''c'", "a: 'x'' '", 'a:\n- k: v\n  k: w', 'a:\n  b: 1\n  b: 2',
      'constructor: 1', 'toString: x\nvalueOf: y', 'hasOwnProperty: 1', 'a: \u00a0x', 'a: \u3000x', 'a: x\u00a0', 'a: -', 'a: -1',
      'a:\n- -', 'a: x:', 'a: Yes', 'a: yes!', 'a: NULLS', 'k_1-x: v', '_: v', '1a: v', '-a: v', 'a b: c',
    ]) {
      same(`---\n${fm}\n---\nbody\n`);
    }
    for (const text of ['', '---\n', '---\n---\n', '---\na: 1\n---', '\uFEFF---\na: 1\n---\n', '---\r\na: 1\r\n---\r\n', 'x', '---\na: 1\n----\n---\nb\n']) {
      same(text);
    }
  });

  it('equals parseCardText on random frontmatter built from YAML-significant pieces', () => {
    const piece = fc.constantFrom(
      'a', 'B', '1', '0', '-', ':', ': ', ' ', '#', ' #', "'", '"', '[', ']', '{', '}', ',', '---', '~', 'on', 'null', '.5',
      'x_y', '\n', '\n  ', '\n- ', '\n  - ', '\n  k: ', 'é', '\t', '|', '>', '&', '*', '!', '%', '@', '`', '?',
    );
    const value = fc.array(piece, { maxLength: 8 }).map((ps) => ps.join(''));
    const key = fc.constantFrom('title', 'id', 'tags', 'claim', 'k', 'on', 'x-y', '_z');
    const wild = fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 5 }).map((kvs) => kvs.map(([k, v]) => `${k}:${v ? ' ' + v : ''}`).join('\n'));
    // Mostly well-formed DeepScientist-like shapes, so the fast path itself gets exercised, not only its bail-outs.
    const word = fc.constantFrom('a', 'Temp', '001', '1', '0.5', 'x-y', 'on', 'null', 'No', '~', 'k:v', 'a#b', "it's", '-x', 'é', '1:30', '0x1F', '.inf');
    const plain = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
    const scalar = fc.oneof(plain, plain.map((p) => `'${p.replace(/'/g, "''")}'`), fc.constant('[]'), fc.constant('{}'));
    const item = fc.oneof(
      scalar,
      fc.tuple(key, scalar, key, scalar).map(([k1, v1, k2, v2]) => `${k1}: ${v1}\n  ${k2}: ${v2}`),
    );
    const entry = fc.oneof(
      fc.tuple(key, scalar).map(([k, v]) => `${k}: ${v}`),
      fc.tuple(key, fc.array(scalar, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([k, xs, indent]) => `${k}:\n${xs.map((x) => `${indent ? '  ' : ''}- ${x}`).join('\n')}`),
      fc.tuple(key, fc.array(item, { minLength: 1, maxLength: 2 })).map(([k, xs]) => `${k}:\n${xs.map((x) => `- ${x}`).join('\n')}`),
      fc.tuple(key, key, scalar).map(([k, j, v]) => `${k}:\n  ${j}: ${v}`),
      fc.tuple(key, plain, plain).map(([k, a, b]) => `${k}: ${a}\n  ${b}`),
    );
    const tame = fc.array(entry, { minLength: 1, maxLength: 5 }).map((es) => es.join('\n'));
    const fm = fc.oneof(wild, tame);
    let fast = 0;
    fc.assert(fc.property(fm, (f) => {
      const text = `---\n${f}\n---\nbody\n`;
      if (typeof fastFrontmatter(f) === 'object') fast++;
      expect(parseCardTextFast(text)).toEqual(parseCardText(text));
    }), { numRuns: 3000 });
    expect(fast).toBeGreaterThan(500);
  });
});
