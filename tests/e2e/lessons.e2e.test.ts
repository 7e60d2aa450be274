// End to end: the built CLI's lessons screen in a real terminal (tmux) over a copy of fixtures/dup-home: merge the
// first cluster, archive one card of the next, write, quit; then `distill restore` brings the archived card back.
// Needs tmux and a build (npm test builds dist/ first; DISTILL_E2E_MAIN points at another build's entry script).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAIN, skipReason, tmuxSession } from './tmux.js';
if (skipReason) console.warn(`lessons e2e skipped: ${skipReason}`);

const session = `distill-lessons-e2e-${process.pid}`;
let home = '';
let cache = '';
const { tmux, screen, waitFor, keys, kill } = tmuxSession(session, { waitMs: 10000 });

describe.skipIf(Boolean(skipReason))('lessons in a real terminal', () => {
  beforeAll(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-lessons-e2e-'));
    home = path.join(dir, 'home');
    cache = path.join(dir, 'cache');
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'dup-home'), home, { recursive: true });
    const script = path.join(dir, 'run.sh');
    fs.writeFileSync(
      script,
      `cd '${home}'\nexport CI=false TERM=xterm-256color DISTILL_REVIEWER=e2e DISTILL_CACHE_DIR='${cache}'\n` +
        `node '${MAIN}' --home '${home}' lessons\necho "__EXIT $?"\nsleep 30\n`,
    );
    tmux('new-session', '-d', '-s', session, '-x', '160', '-y', '40', `sh '${script}'`);
  });
  afterAll(() => {
    kill();
    if (home) fs.rmSync(path.dirname(home), { recursive: true, force: true });
  });

  test('merge one cluster, archive one card, write, quit; distill restore brings the card back', async () => {
    await waitFor('Clusters (4)');
    expect(screen()).toContain('[ ] knowledge-05abb9e0 (oldest)');
    const k = path.join(home, 'memory', 'knowledge');
    const archivedFile = path.join(k, 'retrieval-entropy-temperature-does-not-transfer-across-corpora.md');
    const archivedBytes = fs.readFileSync(archivedFile, 'utf8');

    await keys('m');
    await waitFor('Merge 3 cards into knowledge-05abb9e0? 2 cards will be archived.');
    await keys('y');
    await waitFor('staged: merge');
    // The third cluster: the lineage pair (0.83) lists after the paraphrase pair (0.85).
    await keys('j', 'j', 'l', 'x');
    await waitFor('Archive 1 card (knowledge-37199b1a)? distill restore brings it back.');
    await keys('y');
    await waitFor('staged: merge, archive');
    await keys('W');
    await waitFor('Write 2 action(s) touching 4 card(s)?');
    await keys('y');
    await waitFor(/written: cleanup-[0-9a-f]{8}: merge 3 cards/);
    // The clusters are found again after the write: the list shows once that is done (a progress line until then).
    // One capture holding both: tmux may catch a frame while Ink is still drawing its lower rows.
    await waitFor(/Clusters \(2\)[\s\S]*written: cleanup-[0-9a-f]{8}: merge 3 cards/);
    await keys('q');
    await waitFor('__EXIT 0');

    expect(fs.existsSync(path.join(k, 'warmup-ratio-matters-more-than-peak-lr-for-adapters-2.md'))).toBe(false);
    expect(fs.readFileSync(path.join(k, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md'), 'utf8')).toContain('occurrences: 4\n');
    expect(fs.existsSync(archivedFile)).toBe(false);

    const restored = spawnSync('node', [MAIN, '--home', home, 'restore', 'knowledge-37199b1a', '--why', 'e2e'], {
      encoding: 'utf8', env: { ...process.env, DISTILL_REVIEWER: 'e2e', DISTILL_CACHE_DIR: cache },
    });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(fs.readFileSync(archivedFile, 'utf8')).toBe(archivedBytes);

    const log = spawnSync('node', [MAIN, '--home', home, 'log'], { encoding: 'utf8' });
    expect(log.stdout.match(/^\S+ {2}e2e {2}(merge|archive|restore) cleanup-/gm)?.map((l) => l.split(/\s+/)[2])).toEqual(['merge', 'archive', 'restore']);
  });
});
