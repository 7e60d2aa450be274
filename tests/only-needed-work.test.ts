// Issue 16: each command does only the work it needs. gate and candidates never touch the global card store (no file
// system call under <home>/memory); recall answers from a tag index of the metadata, never the neighbor engine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { copyFixture, run } from './helpers/home.js';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';

const engine = vi.hoisted(() => ({ builds: 0 }));
vi.mock('../src/core/neighbors/engine.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/core/neighbors/engine.js')>();
  return {
    ...real,
    buildNeighborIndex: (...args: Parameters<typeof real.buildNeighborIndex>) => {
      engine.builds++;
      return real.buildNeighborIndex(...args);
    },
  };
});

const FS_CALLS = ['readdirSync', 'statSync', 'lstatSync', 'openSync', 'readFileSync', 'existsSync', 'realpathSync', 'opendirSync'] as const;

/** Every path the code under test hands to node:fs's sync calls (how the core reads), while `body` runs. */
async function fsPaths(body: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  for (const name of FS_CALLS) {
    const original = fs[name] as (...args: unknown[]) => unknown;
    vi.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
      if (typeof args[0] === 'string') seen.push(args[0]);
      return original.apply(fs, args);
    }) as never);
  }
  try {
    await body();
  } finally {
    vi.restoreAllMocks();
  }
  return seen;
}

afterEach(() => {
  engine.builds = 0;
});

describe('gate and candidates never touch the card store', () => {
  test('no file system call under <home>/memory, and the same answers', async () => {
    const home = copyFixture('demo-home');
    const store = path.join(home, 'memory');
    const answers: Record<string, unknown> = {};
    const touched = await fsPaths(async () => {
      answers.gate = await run(['--home', home, 'gate', '001']);
      answers.candidates = await run(['--home', home, 'candidates', '001', '--all']);
      answers.gateAll = await run(['--home', home, 'gate', '--all', '--json']);
    });
    expect(touched.filter((p) => p === store || p.startsWith(store + path.sep))).toEqual([]);
    // The spy sees the core's reads: the quest's own files were read through it.
    expect(touched.some((p) => p.startsWith(path.join(home, 'quests', '001')))).toBe(true);
    expect(answers.gate).toMatchObject({ code: 1, err: '' });
    expect((answers.gate as { out: string }).out).toContain('gate 001: open, 1 completed run lacks a distill_review');
    expect((answers.candidates as { out: string }).out).toContain('quest 001: 0/1 candidate runs covered');
    expect(JSON.parse((answers.gateAll as { out: string }).out).ok).toBe(false);
  });

  test('they answer with the store replaced by something unreadable (a file where memory/ should be)', async () => {
    const home = copyFixture('demo-home');
    fs.rmSync(path.join(home, 'memory'), { recursive: true });
    fs.writeFileSync(path.join(home, 'memory'), 'not a directory');
    const gate = await run(['--home', home, 'gate', '001', '--json']);
    expect([gate.code, gate.err, JSON.parse(gate.out).total]).toEqual([1, '', 1]);
    const candidates = await run(['--home', home, 'candidates', '001', '--json']);
    expect([candidates.code, candidates.err, JSON.parse(candidates.out).pending.length]).toEqual([0, '', 1]);
  });

  test('the spy does see a command that reads the store (status with no cache yet)', async () => {
    const home = copyFixture('demo-home');
    const env = { DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-status-cache-')), HOME: os.tmpdir() };
    const touched = await fsPaths(() => run(['--home', home, 'status'], { env }));
    expect(touched.some((p) => p.startsWith(path.join(home, 'memory') + path.sep))).toBe(true);
  });
});

describe('status answers from the metadata cache while the card folders are unchanged', () => {
  const memoryOf = (home: string) => path.join(home, 'memory');
  /** Card folders last changed a minute ago: a folder changed just now is not trusted by its mtime. */
  const settle = (home: string) => {
    const then = new Date(Date.now() - 60_000);
    for (const kind of fs.readdirSync(memoryOf(home))) fs.utimesSync(path.join(memoryOf(home), kind), then, then);
  };

  test('no card file is read or stat-ed (the kind folders alone), and the answer is an uncached run\'s', async () => {
    const home = copyFixture('demo-home');
    settle(home);
    const env = { DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-status-cache-')), HOME: os.tmpdir() };
    const first = await run(['--home', home, 'status', '--json'], { env }); // writes the cache
    let warm: Awaited<ReturnType<typeof run>> | undefined;
    const touched = await fsPaths(async () => {
      warm = await run(['--home', home, 'status', '--json'], { env });
    });
    const folders = fs.readdirSync(memoryOf(home)).map((kind) => path.join(memoryOf(home), kind));
    const inStore = touched.filter((p) => p.startsWith(memoryOf(home) + path.sep));
    expect(inStore.length).toBeGreaterThan(0);
    expect(inStore.filter((p) => !folders.includes(p))).toEqual([]);
    const uncached = await run(['--home', home, 'status', '--json'], { env: { DISTILL_NO_CACHE: '1', HOME: os.tmpdir() } });
    expect(warm).toEqual(uncached);
    expect(first).toEqual(uncached);
    expect(JSON.parse(uncached.out).quests[0].drafts).toBe(4);
  });

  test('a card file added since the cache was written is seen: the store is opened', async () => {
    const home = copyFixture('demo-home');
    settle(home);
    const env = { DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-status-cache-')), HOME: os.tmpdir() };
    const before = JSON.parse((await run(['--home', home, 'status', '--json'], { env })).out);
    // An agent's draft card in global memory naming quest 001 is one more draft of that quest.
    const added = path.join(memoryOf(home), 'knowledge', 'zz-agent-draft.md');
    fs.writeFileSync(added, "---\nid: zz-agent-draft\ntitle: An agent's lesson\nstatus: draft\nquest_id: '001'\ntags: []\n---\nBody.\n");
    const touched = await fsPaths(async () => {
      const after = JSON.parse((await run(['--home', home, 'status', '--json'], { env })).out);
      expect(after.quests[0].drafts).toBe(before.quests[0].drafts + 1);
    });
    expect(touched).toContain(added);
  });
});

describe('recall answers from the tag index alone', () => {
  test('no neighbor index is built; the answer is the same as through the neighbor index', async () => {
    const home = copyFixture('edge-home');
    const r = await run(['--home', home, 'recall', '--tags', 'topic:calibration,domain:nlp', '--json']);
    expect(r.code).toBe(0);
    expect(engine.builds).toBe(0);
    const hits = JSON.parse(r.out).cards as { card_id: string; overlap: number }[];
    expect(hits.length).toBeGreaterThan(1);

    const { buildNeighborIndex, openStoreSync, recallCards } = await import('../src/core/index.js');
    const store = openStoreSync(home, { cache: false });
    const viaEngine = recallCards(buildNeighborIndex(store.cards), { tags: ['topic:calibration', 'domain:nlp'], limit: 10 });
    expect(hits.map((h) => [h.card_id, h.overlap])).toEqual(viaEngine.map((h) => [h.card.id, h.overlap]));
  });

  test('over a warm cache it decodes only the cards it returns, and answers as an uncached run does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-recall-lazy-'));
    try {
      const { home } = generateHome(path.join(dir, 'gen'), { cards: 300, seed: 4 }) as { home: string };
      const env = { DISTILL_CACHE_DIR: path.join(dir, 'cache') };
      const { buildTagIndex, buildTagIndexOfView, openStoreSync, recallCards } = await import('../src/core/index.js');
      expect(openStoreSync(home, { env }).cards.length).toBeGreaterThan(300); // cold: the cache is written
      const full = openStoreSync(home, { cache: false });
      // [] is `recall` without tags: the most recent cards, ranked from the light section too.
      const tagSets = [[full.cards[0].tags[0]], full.cards[5].tags.slice(0, 2), full.cards[9].tags, ['no-such-tag'], []];
      for (const tags of tagSets) {
        const store = openStoreSync(home, { env });
        const lazy = recallCards(buildTagIndexOfView(store.view()), { tags, limit: 5 });
        expect(store.stats.decoded).toBe(lazy.length);
        expect(lazy).toEqual(recallCards(buildTagIndex(full.cards), { tags, limit: 5 }));
        const argv = ['--home', home, 'recall', '--tags', tags.join(','), '--json'];
        const cached = await run(argv, { env: { ...env, HOME: os.tmpdir() } });
        expect(cached).toEqual(await run(argv, { env: { DISTILL_NO_CACHE: '1', HOME: os.tmpdir() } }));
      }
      expect(tagSets.some((tags) => recallCards(buildTagIndex(full.cards), { tags, limit: 5 }).length === 5)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('ranks as sorting every card by overlap, then date, would (cards of a lower overlap looked at only when needed)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-recall-rank-'));
    try {
      const { home } = generateHome(path.join(dir, 'gen'), { cards: 300, seed: 9 }) as { home: string };
      const { buildTagIndexOfView, openStoreSync, recallCards } = await import('../src/core/index.js');
      const { byRecency } = await import('../src/core/neighbors/recency.js');
      const env = { DISTILL_CACHE_DIR: path.join(dir, 'cache') };
      const full = openStoreSync(home, { cache: false });
      openStoreSync(home, { env }); // the cache
      const tagsOf = (i: number) => full.cards[i].tags;
      const sets = [[...tagsOf(0), ...tagsOf(1)], [...tagsOf(2).slice(0, 2), 'no-such-tag'], tagsOf(3), [tagsOf(4)[0], tagsOf(5)[0], tagsOf(6)[0]]];
      let lower = 0;
      for (const tags of sets) {
        for (const limit of [1, 5, 40]) {
          const want = [...new Set(tags)];
          const expected = full.cards
            .filter((c) => !c.ignored)
            .map((card) => ({ card, overlap: want.reduce((n, t) => n + card.tags.filter((x) => x === t).length, 0) }))
            .filter((x) => x.overlap > 0)
            .sort((a, b) => b.overlap - a.overlap || byRecency(a.card, b.card))
            .slice(0, limit);
          const got = recallCards(buildTagIndexOfView(openStoreSync(home, { env }).view()), { tags, limit });
          expect(got.map((h) => [h.card.path, h.overlap])).toEqual(expected.map((x) => [x.card.path, x.overlap]));
          if (new Set(expected.map((x) => x.overlap)).size > 1) lower++;
        }
      }
      expect(lower).toBeGreaterThan(0); // some answers reach into a lower overlap
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a damaged light entry: that card is ranked from its row, and the answer is the uncached one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-recall-damaged-'));
    try {
      const { home } = generateHome(path.join(dir, 'gen'), { cards: 200, seed: 6 }) as { home: string };
      const env = { DISTILL_CACHE_DIR: path.join(dir, 'cache') };
      const { buildTagIndex, buildTagIndexOfView, cacheDir, openStoreSync, recallCards } = await import('../src/core/index.js');
      const full = openStoreSync(home, { cache: false });
      const tag = full.cards[0].tags[0];
      const expected = recallCards(buildTagIndex(full.cards), { tags: [tag], limit: 1000 });
      expect(expected.length).toBeGreaterThan(3);
      openStoreSync(home, { env }); // cold: the cache is written
      // Every light entry's `auto` flag made 7 (the same length, so the layout still adds up): each entry is damaged.
      const file = path.join(cacheDir(home, env), fs.readdirSync(cacheDir(home, env)).find((f) => /^cards-v\d+\.bin$/.test(f))!);
      const text = fs.readFileSync(file, 'latin1');
      const damaged = text.replace(/(\["[a-z]+-[0-9a-f]+","[^"]*",[01],)[01],/g, '$17,');
      expect(damaged).not.toBe(text);
      fs.writeFileSync(file, Buffer.from(damaged, 'latin1'));
      const store = openStoreSync(home, { env });
      expect(store.stats.parsed).toBe(0);
      expect(recallCards(buildTagIndexOfView(store.view()), { tags: [tag], limit: 1000 })).toEqual(expected);
      expect(store.stats.decoded).toBe(full.cards.length); // every row decoded, as the light section said nothing
      // The links (drafts, notes) come from the rows too, never from the damaged entries.
      const links = (l: { id: string | null; auto: boolean; promotedFrom: string | null; questId: string | null; lineageQuests: string[] }) => [l.id, l.auto, l.promotedFrom, l.questId, l.lineageQuests];
      expect(openStoreSync(home, { env }).links().map(links)).toEqual(full.cards.map(links));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an id lookup reads the light ids in one pass, and a damaged id from its row', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-byid-damaged-'));
    try {
      const { home } = generateHome(path.join(dir, 'gen'), { cards: 120, seed: 7 }) as { home: string };
      const env = { DISTILL_CACHE_DIR: path.join(dir, 'cache') };
      const { cacheDir, openStoreSync } = await import('../src/core/index.js');
      const full = openStoreSync(home, { cache: false });
      const [first, damaged, last] = [full.cards[0], full.cards[40], full.cards.at(-1)!];
      openStoreSync(home, { env }); // cold: the cache is written
      const warm = openStoreSync(home, { env });
      expect(warm.byId(last.id!)?.path).toBe(last.path);
      expect(warm.stats.decoded).toBe(1); // only the card found
      expect(openStoreSync(home, { env }).byId('no-such-id')).toBeUndefined();
      // The light entry of one card gets a number for its id (same length, so the layout still adds up).
      const file = path.join(cacheDir(home, env), fs.readdirSync(cacheDir(home, env)).find((f) => /^cards-v\d+\.bin$/.test(f))!);
      const text = fs.readFileSync(file, 'latin1');
      const quoted = JSON.stringify(damaged.id);
      const at = text.indexOf(`[${quoted},`);
      expect(at).toBeGreaterThan(0);
      fs.writeFileSync(file, Buffer.from(text.slice(0, at + 1) + '9'.repeat(quoted.length) + text.slice(at + 1 + quoted.length), 'latin1'));
      const store = openStoreSync(home, { env });
      expect(store.stats.parsed).toBe(0);
      expect(store.byId(damaged.id!)?.path).toBe(damaged.path);
      expect(openStoreSync(home, { env }).byId(first.id!)?.path).toBe(first.path);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the counter sees a command that does build it (neighbors)', async () => {
    const home = copyFixture('demo-home');
    const r = await run(['--home', home, 'neighbors', 'draft:001/main-001__bottleneck-vs-rank', '--quest', '001', '--json']);
    expect(r.code).toBe(0);
    expect(engine.builds).toBe(1);
  });
});
