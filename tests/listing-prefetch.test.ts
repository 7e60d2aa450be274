// Issue 16: the bundled CLI lists and stats the card store in a worker thread while it loads its modules, and the
// store's first open takes that listing. It must be the listing the open would make itself, used only for the home it
// was made for, and never after the process wrote anything (a card it wrote would be missing from it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startListing } from '../src/cli/prefetch.js';
import { withWriteLock } from '../src/core/journal/lock.js';
import { listAndStat, offerListing, packListing, takeListing, unpackListing } from '../src/core/store/listing.js';
import { MEMORY_KINDS } from '../src/core/model.js';
import { openStoreSync } from '../src/core/store/load.js';
import { run } from './helpers/home.js';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve(__dirname, '..');
const WORKER = pathToFileURL(path.join(ROOT, 'dist', 'stat-worker.mjs'));
const BIN = path.join(ROOT, 'bin', 'distill.js');
/** The worker whatever the machine's load (it is left out on a busy machine). */
const FORCE = { DISTILL_PREFETCH: '1' };

let tmp: string;
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  // `npm test` builds first; a bare `npx vitest` may not have.
  if (!fs.existsSync(path.join(ROOT, 'dist', 'stat-worker.mjs'))) spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle.js')], { stdio: 'ignore' });
}, 120_000);

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-prefetch-'));
  home = fs.realpathSync((generateHome(path.join(tmp, 'gen'), { cards: 120, seed: 5 }) as { home: string }).home);
  env = { DISTILL_CACHE_DIR: path.join(tmp, 'cache') };
});
afterEach(() => {
  offerListing(null);
  fs.rmSync(tmp, { recursive: true, force: true });
});

const memory = () => path.join(home, 'memory');
const firstCard = () => {
  const dir = path.join(memory(), 'knowledge');
  return path.join(dir, fs.readdirSync(dir).filter((f) => f.endsWith('.md')).sort()[0]);
};

describe('the worker thread', () => {
  it('posts the listing the store would make itself, for the home named by --home or the environment', () => {
    const take = startListing(WORKER, ['--home', path.relative(tmp, home), 'recall', '--tags', 'x'], FORCE, tmp);
    expect(take).not.toBeNull();
    const listing = unpackListing(take!());
    expect(listing).toEqual(listAndStat(memory()));
    expect(listing!.total).toBeGreaterThan(100);
    const byEnv = startListing(WORKER, ['neighbors', 'x'], { ...FORCE, DEEPSCIENTIST_HOME: home }, tmp);
    expect(unpackListing(byEnv!())).toEqual(listAndStat(memory()));
  });

  it('runs only for the commands that open the store first, and only in the bundle', () => {
    expect(startListing(WORKER, ['--home', home, 'gate', '001'], FORCE, tmp)).toBeNull();
    expect(startListing(WORKER, ['--home', home, 'lessons', 'apply', 'x.jsonl'], FORCE, tmp)).toBeNull();
    expect(startListing(WORKER, ['recall'], FORCE, tmp)).toBeNull(); // no home named: nothing guessed
    expect(startListing(new URL('./nowhere.mjs', WORKER), ['--home', home, 'recall'], FORCE, tmp)).toBeNull();
    expect(startListing(WORKER, ['--home', home, 'recall'], { ...FORCE, DISTILL_NO_PREFETCH: '1' }, tmp)).toBeNull();
  });

  it('runs only when the machine has a core to spare (by the load average of the last minute), unless DISTILL_PREFETCH is set', () => {
    const load = vi.spyOn(os, 'loadavg');
    try {
      load.mockReturnValue([os.availableParallelism(), 0, 0]);
      expect(startListing(WORKER, ['--home', home, 'recall'], {}, tmp)).toBeNull();
      expect(startListing(WORKER, ['--home', home, 'recall'], FORCE, tmp)).not.toBeNull();
      load.mockReturnValue([os.availableParallelism() - 1, 0, 0]);
      const take = startListing(WORKER, ['--home', home, 'recall'], {}, tmp);
      expect(unpackListing(take!())).toEqual(listAndStat(memory()));
    } finally {
      load.mockRestore();
    }
  });

  it('posts nothing for a home that does not exist (the command reports it)', () => {
    const take = startListing(WORKER, ['--home', path.join(tmp, 'none'), 'recall'], FORCE, tmp);
    expect(take!()).toBeNull();
  });
});

describe("the store's first open", () => {
  it('takes an offered listing of its own root: what it holds is what the open sees', () => {
    openStoreSync(home, { env }); // the cache
    const listing = listAndStat(memory());
    const file = firstCard();
    const before = fs.statSync(file).size;
    fs.appendFileSync(file, '\nOne more line.\n'); // after the listing was made: the open does not see it
    offerListing(() => packListing(listing));
    const store = openStoreSync(home, { env });
    expect(store.stats.parsed).toBe(0); // stat-ing itself, it would have read the changed file again
    expect(store.byPath(file)!.size).toBe(before);
    // Taken once: the next open stats the files itself and sees the change.
    const next = openStoreSync(home, { env });
    expect(next.stats.parsed).toBe(1);
    expect(next.byPath(file)!.size).toBe(fs.statSync(file).size);
  });

  it('ignores a listing of another root, of some kinds only, or one that does not add up', () => {
    const other = listAndStat(path.join(tmp, 'elsewhere', 'memory'));
    offerListing(() => packListing(other));
    expect(takeListing(memory(), MEMORY_KINDS)).toBeNull();
    offerListing(() => packListing(listAndStat(memory())));
    expect(takeListing(memory(), ['knowledge'])).toBeNull();
    const packed = packListing(listAndStat(memory()));
    offerListing(() => ({ ...packed, stats: new Float64Array(3) }));
    expect(takeListing(memory(), MEMORY_KINDS)).toBeNull();
    offerListing(() => ({ ...packed, kinds: ['nope', ...packed.kinds.slice(1)] }));
    expect(takeListing(memory(), MEMORY_KINDS)).toBeNull();
    offerListing(() => packListing(listAndStat(memory())));
    expect(takeListing(memory(), MEMORY_KINDS)).toEqual(listAndStat(memory()));
  });

  it('never takes a listing once the process took the write lock', async () => {
    offerListing(() => packListing(listAndStat(memory())));
    await withWriteLock(home, () => undefined);
    expect(takeListing(memory(), MEMORY_KINDS)).toBeNull();
  });
});

describe('the bundled CLI with and without the worker', () => {
  it('answers alike, and sees a card edited in place by the next command', async () => {
    const cache = { HOME: os.tmpdir(), DISTILL_CACHE_DIR: path.join(tmp, 'cli-cache') };
    const bundled = (args: string[], e: NodeJS.ProcessEnv) => {
      const r = spawnSync(process.execPath, [BIN, '--home', home, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, ...e } });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const file = firstCard();
    const id = /^id: (.*)$/m.exec(fs.readFileSync(file, 'utf8'))![1].trim();
    const tags = ['domain:nlp'];
    const asks = [['neighbors', id, '--json'], ['recall', '--tags', tags.join(','), '--json'], ['recall', '--limit', '3', '--json']];
    for (const args of asks) bundled(args, cache); // warm
    for (const args of asks) expect(bundled(args, { ...cache, ...FORCE })).toEqual(bundled(args, { ...cache, DISTILL_NO_PREFETCH: '1' }));
    // In place, as DeepScientist writes: the title changes, the folder's mtime does not.
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Rotary embeddings settle the matter'));
    const later = new Date(fs.statSync(file).mtimeMs + 5000);
    fs.utimesSync(file, later, later);
    const after = bundled(['neighbors', id, '--json'], { ...cache, ...FORCE });
    expect(after.code).toBe(0);
    expect(JSON.parse(after.out).query.title).toBe('Rotary embeddings settle the matter');
    expect(after).toEqual(await run(['--home', home, 'neighbors', id, '--json'], { env: { ...cache, DISTILL_NO_CACHE: '1' } }));
  });
});
