// End to end (issue 17): the mouse in a real terminal (tmux, 80x24). While the review runs, the terminal is asked for
// SGR mouse reports (tmux's mouse flags are on); a click on a draft row focuses it; the reports never show as text;
// on quit, and when the process is killed with SIGTERM, the terminal is given its mouse back (flags off).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { waitFor as poll } from '../helpers/wait.js';
import { MAIN, skipReason, tmuxSession } from './tmux.js';
if (skipReason) console.warn(`mouse e2e skipped: ${skipReason}`);

const session = `distill-e2e-mouse-${process.pid}`;
const { tmux, screen, waitFor, kill } = tmuxSession(session);
let home = '';

function start(): void {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-mouse-'));
  fs.cpSync(path.join(process.cwd(), 'fixtures', 'demo-home'), path.join(home, 'home'), { recursive: true });
  fs.chmodSync(path.join(home, 'home'), 0o755);
  const script = path.join(home, 'run.sh');
  fs.writeFileSync(
    script,
    `cd '${home}/home'\nexport CI=false TERM=xterm-256color DISTILL_CACHE_DIR='${home}/cache'\n` +
      `node '${MAIN}' --home '${home}/home' review 001\necho "__EXIT $?"\nsleep 30\n`,
  );
  tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', `sh '${script}'`);
}

/** tmux's view of the pane's mouse modes: SGR reports and button presses, "1 1" when on. */
const mouseFlags = () => tmux('display', '-p', '-t', session, '#{mouse_sgr_flag} #{mouse_standard_flag}').trim();

afterEach(() => {
  kill();
  if (home) fs.rmSync(home, { recursive: true, force: true });
  home = '';
});

describe.skipIf(Boolean(skipReason))('the mouse in a real terminal', () => {
  test('on while the review runs; a click focuses the row clicked; off again after q', async () => {
    start();
    await waitFor('Runs 0/1 covered');
    expect(mouseFlags()).toBe('1 1');
    const lines = screen().split('\n');
    const y = lines.findIndex((l) => l.includes('Single-seed gain'));
    expect(y).toBeGreaterThan(0);
    tmux('send-keys', '-t', session, '-l', `\x1b[<0;10;${y + 1}M\x1b[<0;10;${y + 1}m`);
    const after = await waitFor('▸ Drafts');
    expect(after.split('\n')[y]).toMatch(/^›\s+!needs edit Single-seed gain/);
    expect(after).toContain('Draft draft:001/main-001__seed-noise');
    expect(after).not.toMatch(/\[<0;|nothing to act on/);
    tmux('send-keys', '-t', session, '-l', 'q');
    await waitFor('__EXIT 0');
    expect(mouseFlags()).toBe('0 0');
  });

  test('off again when the process is killed with SIGTERM (and it dies of the signal)', async () => {
    start();
    await waitFor('Runs 0/1 covered');
    expect(mouseFlags()).toBe('1 1');
    // The pane runs sh; distill is its one child.
    const shell = tmux('display', '-p', '-t', session, '#{pane_pid}').trim();
    const child = execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim().split('\n')[0];
    process.kill(Number(child), 'SIGTERM');
    await waitFor('__EXIT 143');
    await poll(() => mouseFlags() === '0 0', { message: () => `mouse flags off, saw ${mouseFlags()}` });
  });
});
