// Issue 17: with no --home and no $DEEPSCIENTIST_HOME / $DS_HOME, the home is found from the current directory as git
// finds `.git`; explicit flags and the environment still win.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { copyFixture, run } from './helpers/home.js';

// HOME points at an empty dir, so the last fallback (~/DeepScientist) finds nothing.
const noHome = () => ({ HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-nohome-')) });

describe('the home around the current directory', () => {
  test('inside a quest (deep in its artifacts) the home and the quest are both found', async () => {
    const home = copyFixture('ds-sample');
    const r = await run(['gate'], { cwd: path.join(home, 'quests', '001', 'artifacts'), env: noHome() });
    expect(r.err).toBe('');
    expect(r.code).toBe(1);
    expect(r.out).toContain('gate 001: open');
  });

  test('in a worktree of a quest (a stale quest.yaml copy there) the real home is found', async () => {
    const home = copyFixture('edge-home');
    const wt = path.join(home, 'quests', 'wt', '.ds', 'worktrees');
    const cwd = path.join(wt, fs.readdirSync(wt)[0]);
    const r = await run(['candidates', '--json'], { cwd, env: noHome() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).quest.root).toBe(path.join(home, 'quests', 'wt'));
  });

  test('at the home itself (and in its memory folder) commands that take a home work', async () => {
    const home = copyFixture('ds-sample');
    const status = await run(['status', '--json'], { cwd: home, env: noHome() });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.out).home).toBe(home);
    const recall = await run(['recall', '--json'], { cwd: path.join(home, 'memory', 'knowledge'), env: noHome() });
    expect(recall.code).toBe(0);
    expect(JSON.parse(recall.out).cards.length).toBeGreaterThan(0);
    // The home is not inside a quest: a command that needs one says so, naming the home found.
    const gate = await run(['gate'], { cwd: home, env: noHome() });
    expect(gate.code).toBe(2);
    expect(gate.err).toContain(`is not inside a quest of ${home}`);
  });

  test('through a symlink into the quest', async () => {
    const home = copyFixture('ds-sample');
    const link = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'distill-link-')), 'q');
    fs.symlinkSync(path.join(home, 'quests', '001'), link);
    const r = await run(['gate', '--json'], { cwd: link, env: noHome() });
    expect(JSON.parse(r.out).quest.root).toBe(path.join(home, 'quests', '001'));
  });

  test('a home without memory/ yet is still found from inside one of its quests', async () => {
    const home = copyFixture('ds-sample');
    fs.rmSync(path.join(home, 'memory'), { recursive: true });
    const r = await run(['gate', '--json'], { cwd: path.join(home, 'quests', '001'), env: noHome() });
    expect(JSON.parse(r.out).quest.id).toBe('001');
    // …but a folder with only quests/ is no home when one stands outside its quests.
    const outside = await run(['status'], { cwd: home, env: noHome() });
    expect(outside.code).toBe(2);
    expect(outside.err).toContain('no DeepScientist home here');
  });

  test('--home, then $DEEPSCIENTIST_HOME and $DS_HOME win over the current directory', async () => {
    const here = copyFixture('ds-sample');
    const other = copyFixture('edge-home');
    const cwd = path.join(here, 'quests', '001');
    const byFlag = await run(['--home', other, 'status', '--json'], { cwd, env: noHome() });
    expect(JSON.parse(byFlag.out).home).toBe(other);
    for (const name of ['DEEPSCIENTIST_HOME', 'DS_HOME']) {
      const byEnv = await run(['status', '--json'], { cwd, env: { ...noHome(), [name]: other } });
      expect(JSON.parse(byEnv.out).home).toBe(other);
    }
  });

  test('outside any home it falls back to ~/DeepScientist, and says so when that is missing', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-nowhere-'));
    const r = await run(['status'], { cwd, env: noHome() });
    expect(r.code).toBe(2);
    // os.homedir() is the process's: the test asserts the shape of the line, not which ~ it names.
    expect(r.err).toMatch(/^distill: \/.*\/DeepScientist: no DeepScientist home here \(set --home, \$DEEPSCIENTIST_HOME or \$DS_HOME\)\n$/);
  });
});
