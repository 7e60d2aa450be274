// The installed entry point as a user runs it: a real process, real exit codes, no stdin.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { copyFixture, run } from './helpers/home.js';
// @ts-expect-error plain JS bench generator
import { generateHome } from '../scripts/bench/generate.js';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'distill.js');

beforeAll(() => {
  // `npm test` builds first; a bare `npx vitest` may not have. The bin runs the bundle (dist/distill.mjs).
  if (!fs.existsSync(path.join(ROOT, 'dist', 'distill.mjs'))) spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle.js')], { stdio: 'ignore' });
}, 120_000);

function distill(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('bin/distill.js', () => {
  test('gate exits 1 with the pending run on the sample, 0 once it is covered', () => {
    const home = copyFixture('ds-sample');
    const open = distill(['gate', '001'], { DEEPSCIENTIST_HOME: home });
    expect(open.code).toBe(1);
    expect(open.out).toContain('run-a400216f  main-001  main_experiment');
    const covered = distill(['gate', '001', '--run-kinds', 'analysis.slice'], { DEEPSCIENTIST_HOME: home });
    expect(covered.code).toBe(0);
  });

  test('usage errors exit 2 with one line and no stack trace', () => {
    const r = distill(['--home', '/nonexistent', 'candidates', '001']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('distill: /nonexistent: no DeepScientist home here (set --home, $DEEPSCIENTIST_HOME or $DS_HOME)\n');
    const bad = distill(['gate', '--frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("unknown option '--frobnicate'");
    expect(bad.err).not.toMatch(/at .*\.js:\d+/);
  });

  test('--help lists the commands and exits 0', () => {
    const r = distill(['--help']);
    expect(r.code).toBe(0);
    for (const name of ['candidates', 'gate', 'drafts', 'recall', 'validate']) expect(r.out).toContain(name);
  });
});

describe('pipes', () => {
  test('a reader that closes early (| head -1) ends the output quietly', () => {
    const home = copyFixture('edge-home');
    const r = spawnSync('bash', ['-c', `node ${BIN} --home ${home} recall --limit 50 2>/dev/null | head -1; echo "status=\${PIPESTATUS[0]}"`], {
      encoding: 'utf8',
    });
    expect(r.stdout.split('\n')[1]).toBe('status=0');
    expect(r.stderr).toBe('');
  });
});

describe('the bundle', () => {
  test('--version (and -V) prints the package version and exits 0, in the bundle and in-process', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = distill([flag]);
      expect([r.code, r.out, r.err]).toEqual([0, `${version}\n`, '']);
    }
    // After another option it goes through the CLI's own parser: same answer.
    expect(distill(['--home', '/nonexistent', '--version']).out).toBe(`${version}\n`);
    expect(await run(['--version'])).toEqual({ code: 0, out: `${version}\n`, err: '' });
  });

  test('prints exactly what the unbundled CLI prints (stdout, stderr, exit code)', async () => {
    const home = copyFixture('edge-home');
    const sample = copyFixture('demo-home');
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-bundle-cache-'));
    const commands = [
      ['--home', sample, 'candidates', '001', '--json'],
      ['--home', sample, 'gate', '001'],
      ['--home', sample, 'drafts', '001', '--json'],
      ['--home', sample, 'neighbors', 'draft:001/main-001__bottleneck-vs-rank', '--quest', '001', '--json'],
      ['--home', sample, 'status', '--json'],
      ['--home', home, 'recall', '--tags', 'topic:calibration,domain:nlp', '--json'],
      ['--home', home, 'recall', '--limit', '50'],
      ['--home', home, 'lessons', '--json'],
      ['--home', home, 'candidates', 'broken'],
      ['--home', home, 'validate'],
      ['--home', home, 'gate', 'nope'],
    ];
    for (const argv of commands) {
      const env = { DISTILL_CACHE_DIR: cache, HOME: os.tmpdir(), TZ: 'UTC' };
      const bundled = distill(argv, env);
      const unbundled = await run(argv, { env });
      expect({ argv, code: bundled.code, out: bundled.out, err: bundled.err }).toEqual({ argv, ...unbundled });
    }
  });
});

describe('the bundle with its caches', () => {
  test('neighbors --json, bundled with a warm cache, prints what an unbundled run without any cache prints', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-bundle-neighbors-'));
    try {
      const { home } = generateHome(path.join(dir, 'gen'), { cards: 400, seed: 5 }) as { home: string };
      const cached = { DISTILL_CACHE_DIR: path.join(dir, 'cache'), HOME: os.tmpdir(), TZ: 'UTC' };
      const dirOf = path.join(home, 'memory', 'knowledge');
      const ids = fs.readdirSync(dirOf).slice(0, 4).map((f) => /^id: (\S+)$/m.exec(fs.readFileSync(path.join(dirOf, f), 'utf8'))![1]);
      for (const id of ids) {
        const argv = ['--home', home, 'neighbors', id, '--json'];
        distill(argv, cached); // cold: writes the metadata cache and the neighbor features
        const warm = distill(argv, cached);
        const plain = await run(argv, { env: { DISTILL_NO_CACHE: '1', HOME: os.tmpdir(), TZ: 'UTC' } });
        expect({ id, code: warm.code, out: warm.out, err: warm.err }).toEqual({ id, ...plain });
        expect(JSON.parse(warm.out).neighbors.length).toBeGreaterThan(0);
      }
      expect(fs.readdirSync(path.join(dir, 'cache'), { recursive: true, encoding: 'utf8' }).some((f) => f.includes('neighbor-features'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what each path loads', () => {
  /** The files a module loads before it runs: itself and its static imports, transitively (dynamic ones excluded). */
  function staticClosure(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"(]*?["'](\.\.?\/[^"']+)["']/g)) {
      staticClosure(path.resolve(path.dirname(file), m[1]), seen);
    }
    return seen;
  }
  const entry = path.join(ROOT, 'dist', 'distill.mjs');

  test('--version loads the entry and a few helper bytes only', () => {
    const loaded = [...staticClosure(entry)];
    const bytes = loaded.reduce((n, f) => n + fs.statSync(f).size, 0);
    expect(bytes).toBeLessThan(8 * 1024);
    expect(fs.readFileSync(entry, 'utf8')).toMatch(/await import\("\.\/chunks\/main-[^"]+\.mjs"\)/);
  });

  const chunkOf = (from: string, pattern: RegExp) => {
    const name = fs.readFileSync(from, 'utf8').match(pattern)?.[1];
    expect(name, `${pattern} in ${from}`).toBeDefined();
    return path.join(path.dirname(from), name!);
  };
  const closureText = (file: string) => [...staticClosure(file)].map((f) => fs.readFileSync(f, 'utf8'));

  test('the CLI chunk does not load React or Ink, nor any command; the screens load them on demand', () => {
    const main = chunkOf(entry, /import\("\.\/(chunks\/main-[^"]+\.mjs)"\)/);
    const loaded = closureText(main);
    expect(loaded.some((text) => text.includes('node_modules/commander/'))).toBe(true);
    expect(loaded.some((text) => /node_modules\/(ink|react|react-reconciler)\//.test(text))).toBe(false);
    expect(loaded.some((text) => /src\/cli\/commands\/(?!index)/.test(text))).toBe(false);
    // A command loads its own code and the core it uses: the review its quest modules, recall not even the YAML
    // writer's schemas, the full frontmatter parser, fuse.js or the diff (each core module is reached by path, not
    // through one chunk of the whole core: scripts/bundle.js's core-surface plugin).
    const review = closureText(chunkOf(main, /import\("\.\/(review-[^"]+\.mjs)"\)/));
    expect(review.some((text) => text.includes('src/core/quest/coverage.ts'))).toBe(true);
    const recall = closureText(chunkOf(main, /import\("\.\/(recall-[^"]+\.mjs)"\)/));
    expect(recall.some((text) => text.includes('src/cli/commands/recall.ts'))).toBe(true);
    for (const unused of ['node_modules/zod/', 'node_modules/gray-matter/', 'node_modules/fuse.js/', 'node_modules/diff/', 'src/core/review/', 'src/core/cleanup/', 'src/cli/commands/apply.ts']) {
      expect(recall.some((text) => text.includes(unused)), unused).toBe(false);
    }
    // The MCP SDK loads only when `distill mcp` runs, not with any command's module (`distill --help` loads them all).
    for (const word of ['mcp', 'serve', 'recall', 'neighbors', 'status', 'gate', 'draft']) {
      const command = closureText(chunkOf(main, new RegExp(`import\\("\\.\\/(${word}-[^"]+\\.mjs)"\\)`)));
      expect(command.some((text) => text.includes('node_modules/@modelcontextprotocol/')), word).toBe(false);
    }
    // React's production build only.
    const chunks = fs.readdirSync(path.join(ROOT, 'dist', 'chunks')).filter((f) => f.endsWith('.mjs'));
    const all = chunks.map((f) => fs.readFileSync(path.join(ROOT, 'dist', 'chunks', f), 'utf8')).join('\n');
    expect(all).toContain('node_modules/react-reconciler/cjs/react-reconciler.production.js');
    expect(all).not.toContain('react-reconciler.development.js');
  });
});
