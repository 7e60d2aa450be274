// A cold open of a large store reads on two cores (src/core/store/read-ahead.ts): a worker reads files and fingerprints
// bodies ahead of the main thread. Whatever the worker does (all of its share, nothing, or stops answering), the
// cards, their warnings, the cache written and what the commands print are the same as a read on one thread. Run
// against the bundle, where the worker is a file of its own (dist/chunks/read-worker.js).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'distill.js');
let tmp: string;
let home: string;

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'chunks', 'read-worker.js'))) spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle.js')], { stdio: 'ignore' });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-read-ahead-'));
  ({ home } = generateHome(path.join(tmp, 'gen'), { cards: 2600, seed: 3 }) as { home: string });
  const knowledge = path.join(home, 'memory', 'knowledge');
  const some = fs.readdirSync(knowledge).filter((n) => n.endsWith('.md')).sort();
  // Files the read must treat as the one-thread read does, spread over the worker's chunks and the main thread's.
  const text = fs.readFileSync(path.join(knowledge, some[0]), 'utf8');
  fs.writeFileSync(path.join(knowledge, 'zz-crlf-card.md'), text.replace(/\n/g, '\r\n')); // parsed by the slow path
  fs.writeFileSync(path.join(knowledge, some[40]), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a])); // not UTF-8
  fs.writeFileSync(path.join(knowledge, some[41]), text.replace(/\n---\n[\s\S]*$/, '\n---\nshort body\n')); // no fingerprint
  fs.mkdirSync(path.join(knowledge, 'a-folder.md')); // skipped without a word
  spawnSync('mkfifo', [path.join(knowledge, some.at(-3)!.replace('.md', '-fifo.md'))]);
  fs.writeFileSync(path.join(knowledge, some.at(-2)!), text.replace('\n---\n', '\n---\n---\nA body with a rule.\n')); // "---" in it
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Opened {
  cards: unknown[];
  warnings: unknown[];
  stats: { files: number; parsed: number; readAhead?: number };
}

/** A cold open in this process through the compiled tree (dist/core), where the worker script sits beside its module. */
async function openCold(mode: string): Promise<Opened> {
  const load = (await import(path.join(ROOT, 'dist', 'core', 'store', 'load.js'))) as { openStoreSync(home: string, o: object): Opened };
  return load.openStoreSync(home, { cache: false, env: { DISTILL_READ_AHEAD: mode } });
}

test('a read-ahead open gives the cards and warnings of a one-thread read, whoever reads which file', async () => {
  const one = await openCold('0');
  expect(one.stats.readAhead).toBe(0);
  expect(one.stats.parsed).toBeGreaterThan(2600);
  expect(JSON.stringify(one.warnings)).toContain('not valid UTF-8; skipped');
  expect(JSON.stringify(one.warnings)).toMatch(/cannot read: not a regular file \(a FIFO\)/);
  // The worker reads every file (the main thread waits for each chunk), or claims one and never answers (the main
  // thread gives up on it after a while and reads that chunk itself).
  const all = await openCold('all');
  expect(all.stats.readAhead).toBe(all.stats.files);
  const stalled = await openCold('stall');
  expect(stalled.stats.readAhead).toBe(0);
  // As it runs for a user: the worker a few chunks ahead, the main thread taking what it reaches first.
  const shared = await openCold('1');
  for (const two of [all, stalled, shared]) {
    expect(two.cards).toEqual(one.cards);
    expect(two.warnings).toEqual(one.warnings);
  }
}, 120_000);

function cold(mode: string, args: string[]) {
  const cache = path.join(tmp, `cache-${mode}-${args[0]}`);
  fs.rmSync(cache, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [BIN, '--home', home, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tmp, DISTILL_CACHE_DIR: cache, DISTILL_READ_AHEAD: mode },
  });
  const [file] = fs.readdirSync(cache, { recursive: true }).map(String).filter((f) => f.endsWith('cards-v8.bin'));
  return { code: r.status, out: r.stdout, err: r.stderr, cache: withoutFolderTimes(fs.readFileSync(path.join(cache, file))) };
}

/** The cache file with its header's folder mtimes left out (-2 within 2 s of a change: they depend on the clock). */
function withoutFolderTimes(bytes: Buffer): Buffer {
  const start = bytes.indexOf(10) + 1;
  const end = bytes.indexOf(10, start);
  const header = JSON.parse(bytes.toString('utf8', start, end)) as Record<string, unknown>;
  delete header.dirs;
  return Buffer.concat([Buffer.from(JSON.stringify(header)), bytes.subarray(end)]);
}

test('the bundled CLI: the cache and clusters of a read-ahead open equal a one-thread read', () => {
  const one = cold('0', ['lessons', '--json']);
  expect(one.code).toBe(0);
  expect(JSON.parse(one.out).clusters.length).toBeGreaterThan(0);
  for (const mode of ['all', 'stall']) {
    const two = cold(mode, ['lessons', '--json']);
    expect({ mode, code: two.code, out: two.out, err: two.err }).toEqual({ mode, code: 0, out: one.out, err: one.err });
    expect(two.cache.equals(one.cache)).toBe(true);
  }
  // The odd files were seen: the FIFO and the non-UTF-8 file are named in the cache's warnings.
  expect(one.cache.toString('latin1')).toContain('not valid UTF-8; skipped');
  expect(one.cache.toString('latin1')).toMatch(/cannot read: not a regular file \(a FIFO\)/);
}, 120_000);

test('recall and status print the same after a read-ahead open', () => {
  for (const args of [['recall', '--json', '--limit', '5000'], ['status', '--json']]) {
    const one = cold('0', args);
    const two = cold('all', args);
    expect(two.out).toBe(one.out);
    expect(two.cache.equals(one.cache)).toBe(true);
  }
}, 120_000);
