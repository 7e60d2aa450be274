// End to end: `distill review --quirks` in a real terminal (tmux) on a copy of the DeepScientist-written sample with
// a quirks entry appended: decide it new with a reason, write, quit; the shell gets the undo line, the card is on
// disk, `distill quirks` no longer lists the entry and `distill revert` brings it back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAIN, skipReason, tmuxSession } from './tmux.js';
if (skipReason) console.warn(`review --quirks e2e skipped: ${skipReason}`);

const session = `distill-e2e-quirks-${process.pid}`;
let home = '';
const { tmux, waitFor, keys, kill } = tmuxSession(session);
const cli = (...args: string[]) => spawnSync(process.execPath, [MAIN, '--home', home, ...args], { encoding: 'utf8', env: { ...process.env, DISTILL_REVIEWER: 'e2e' } });

describe.skipIf(Boolean(skipReason))('review --quirks in a real terminal', () => {
  beforeAll(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-quirks-'));
    home = path.join(dir, 'home');
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'ds-sample'), home, { recursive: true });
    fs.appendFileSync(path.join(home, 'framework_quirks.md'), '\n## Gate ignores symlinked worktrees\nSurface: gate. Workaround: use real directories.\n');
    const script = path.join(dir, 'run.sh');
    fs.writeFileSync(script, `cd '${home}'\nexport CI=false TERM=xterm-256color DISTILL_REVIEWER=e2e\nnode '${MAIN}' --home '${home}' review --quirks\necho "__EXIT $?"\nsleep 30\n`);
    tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '40', `sh '${script}'`);
  });
  afterAll(() => {
    kill();
    if (home) fs.rmSync(path.dirname(home), { recursive: true, force: true });
  });

  test('c with a reason, W, y, q: the card, the undo line in the shell, the entry gone, revert brings it back', async () => {
    const quirks = fs.readFileSync(path.join(home, 'framework_quirks.md'));
    await waitFor('distill review · the quirks files');
    await waitFor('Gate ignores symlinked worktrees');
    await keys('l', 'c');
    await waitFor('reason (Enter to skip):');
    await keys(...Array.from('every worktree'), 'Enter');
    await waitFor('staged: 1 (1 new)');
    await keys('W');
    await waitFor('Write the review?');
    await keys('y');
    // The quirks review speaks of entries, not of a review decision (issue 35).
    await waitFor(/wrote \d+ file\(s\), quirks entries recorded \(undo: distill revert decision-[0-9a-f]{8}\)/);
    await keys('q');
    const s = await waitFor('__EXIT 0');
    const id = /wrote 1 card from the quirks files \(record (decision-[0-9a-f]{8})\); undo with: distill revert (decision-[0-9a-f]{8})/.exec(s);
    expect(id).not.toBeNull();
    expect(id![2]).toBe(id![1]);

    const listed = JSON.parse(cli('quirks', '--json').stdout);
    expect(listed.entries).toEqual([]);
    const log = cli('log').stdout;
    expect(log).toContain('review of the quirks files: 1 new, 0 revised card(s)');
    expect(log).toMatch(/new quirk-[0-9a-f]{8} → knowledge-[0-9a-f]{8}: every worktree/);
    expect(cli('validate').status).toBe(0);
    expect(fs.readFileSync(path.join(home, 'framework_quirks.md'))).toEqual(quirks);

    expect(cli('revert', id![1]).status).toBe(0);
    expect(JSON.parse(cli('quirks', '--json').stdout).entries.map((e: { title: string }) => e.title)).toEqual(['Gate ignores symlinked worktrees']);
  }, 60000);
});
