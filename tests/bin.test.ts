// The installed entry point as a user runs it: a real process, real exit codes, no stdin.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { copyFixture } from './helpers/home.js';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'distill.js');

beforeAll(() => {
  // `npm test` builds first; a bare `npx vitest` may not have (tsc emits even when it reports type errors).
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) spawnSync('npx', ['tsc', '-p', ROOT], { stdio: 'ignore' });
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
