// End to end: `npm start`'s script (scripts/demo.js) in a real terminal opens the review of the demo home's quest 001
// on a temporary copy, and touches nothing of the user's: no cache folder under their ~/.cache (its cache is a temp
// folder of its own, removed when the review ends), the bundled fixture unchanged; the copy stays and is named.
// Needs tmux and a build (npm test builds dist/ first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { skipReason, tmuxSession } from './tmux.js';
import { snapshot } from '../helpers/home.js';

const session = `distill-e2e-demo-${process.pid}`;
let work = '';
const { tmux, waitFor, keys, kill } = tmuxSession(session, { waitMs: 15000 });
const FIXTURE = path.join(process.cwd(), 'fixtures', 'demo-home');

describe.skipIf(Boolean(skipReason))('npm start: the demo review on a temporary copy', () => {
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-demo-'));
    fs.mkdirSync(path.join(work, 'user'));
    fs.mkdirSync(path.join(work, 'tmp'));
    const script = path.join(work, 'run.sh');
    // The user's home and temp folder are the test's: what the demo leaves in either is seen.
    fs.writeFileSync(
      script,
      `cd '${process.cwd()}'\nunset XDG_CACHE_HOME DISTILL_CACHE_DIR\nexport CI=false TERM=xterm-256color HOME='${path.join(work, 'user')}' TMPDIR='${path.join(work, 'tmp')}'\n` +
        `node scripts/demo.js\necho "__EXIT $?"\nsleep 30\n`,
    );
    tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', `sh '${script}'`);
  });
  afterAll(() => {
    kill();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('the review of quest 001 on a copy; q leaves; nothing in the user cache, the cache removed, the fixture unchanged', async () => {
    const fixtureBefore = snapshot(FIXTURE);
    await waitFor('distill review · quest 001');
    await waitFor('Runs 0/1 covered');
    await keys('q');
    const shell = await waitFor('__EXIT 0');
    expect(shell).toContain('the copy stays at');
    // Of the temp folder only the copy is left (its cache removed), a whole demo home; nothing in the user's home
    // (no ~/.cache/distill).
    const left = fs.readdirSync(path.join(work, 'tmp'));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^distill-demo-(?!cache)/);
    expect(fs.existsSync(path.join(work, 'tmp', left[0], 'quests', '001'))).toBe(true);
    expect(fs.readdirSync(path.join(work, 'user'))).toEqual([]);
    expect(snapshot(FIXTURE)).toEqual(fixtureBefore);
  });
});
