// End to end at 80x24: the built CLI's lessons screen for a whole store in a real terminal (tmux) over a copy of
// fixtures/dup-home: the all-cards list, a search, the whole card, archive from it, the write plan with its move,
// write; then a staged ignore and quit through the Write / Discard / Cancel list (Discard), nothing more written.
// Needs tmux and a build (npm test builds dist/ first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAIN, skipReason, tmuxSession } from './tmux.js';
if (skipReason) console.warn(`lessons all-cards e2e skipped: ${skipReason}`);

const session = `distill-lessons-all-e2e-${process.pid}`;
let home = '';
const { tmux, screen, waitFor, keys, kill } = tmuxSession(session, { waitMs: 10000 });

describe.skipIf(Boolean(skipReason))('lessons for a whole store in a real terminal', () => {
  beforeAll(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-lessons-all-e2e-'));
    home = path.join(dir, 'home');
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'dup-home'), home, { recursive: true });
    const script = path.join(dir, 'run.sh');
    fs.writeFileSync(
      script,
      `cd '${home}'\nexport CI=false TERM=xterm-256color DISTILL_REVIEWER=e2e DISTILL_CACHE_DIR='${path.join(dir, 'cache')}'\n` +
        `node '${MAIN}' --home '${home}' lessons\necho "__EXIT $?"\nsleep 30\n`,
    );
    tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', `sh '${script}'`);
  });
  afterAll(() => {
    kill();
    if (home) fs.rmSync(path.dirname(home), { recursive: true, force: true });
  });

  test('search, open, archive and write; then Discard from the quit list', async () => {
    await waitFor('Clusters (4)');
    const file = path.join(home, 'memory', 'knowledge', 'label-smoothing-0-1-hurts-span-f1-on-conll.md');
    await keys('v');
    await waitFor('All cards (21)');
    await keys('/', ...'smoothing');
    await waitFor('All cards (1/21 /smoothing)');
    await keys('Enter', 'Enter');
    await waitFor('id: knowledge-6c1d8e25');
    await keys('x');
    await waitFor('Archive 1 card (knowledge-6c1d8e25)?');
    await keys('y');
    await waitFor('staged: archive');
    await keys('W');
    await waitFor('archive memory/knowledge/label-smoothing-0-1-hurts-span-f1');
    await keys('y');
    await waitFor(/written: cleanup-[0-9a-f]{8}: archive 1 card: knowledge-6c1d8e25/);
    expect(fs.existsSync(file)).toBe(false);
    for (const line of screen().split('\n')) expect(line.length).toBeLessThanOrEqual(80);

    await keys('Escape');
    await waitFor('All cards (20)');
    await keys('i');
    await waitFor('staged: ignore');
    await keys('q');
    await waitFor('› Write the staged actions, then quit (w)');
    await keys('j');
    await waitFor('› Discard them and quit (d)');
    await keys('Enter');
    await waitFor('__EXIT 0');
    const audit = fs.readFileSync(path.join(home, '.distill', 'audit.jsonl'), 'utf8').trim().split('\n');
    expect(audit.map((l) => JSON.parse(l).action)).toEqual(['archive']);
  });
});
