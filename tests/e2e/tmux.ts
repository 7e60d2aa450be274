// The harness both end-to-end tests drive the built CLI with: a tmux session, its screen, waiting for text, and keys
// typed one at a time as a person would. Needs tmux and a build (npm test builds dist/ first).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitFor as poll } from '../helpers/wait.js';

// bin/distill.js runs the bundle, dist/distill.mjs; DISTILL_E2E_MAIN points at another build's entry script.
export const MAIN = process.env.DISTILL_E2E_MAIN ?? path.join(process.cwd(), 'bin', 'distill.js');
const BUILT = process.env.DISTILL_E2E_MAIN ?? path.join(process.cwd(), 'dist', 'distill.mjs');

export const skipReason =
  spawnSync('tmux', ['-V']).status !== 0 ? 'tmux is not installed' : !fs.existsSync(BUILT) ? `no build at ${BUILT} (run npm run build)` : null;

/**
 * Each session runs on its own tmux server (`-L <session>`): test files run side by side, and one server shutting
 * down as its last session ends must never race another file's `new-session` ("server exited unexpectedly").
 */
export function tmuxSession(session: string, { waitMs = 8000 } = {}) {
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', session, ...args], { encoding: 'utf8' });
  /** Ends the session's server, whatever state it is in, and removes its socket (for afterAll). */
  const kill = () => {
    spawnSync('tmux', ['-L', session, 'kill-server']);
    fs.rmSync(path.join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, session), { force: true });
  };
  const screen = () => tmux('capture-pane', '-p', '-t', session);

  async function waitFor(text: string | RegExp, timeoutMs = waitMs): Promise<string> {
    let last = '';
    await poll(
      () => {
        last = screen();
        return typeof text === 'string' ? last.includes(text) : text.test(last);
      },
      { timeout: timeoutMs, interval: 50, message: () => `${text}; screen:\n${last}` },
    );
    return last;
  }

  /**
   * One key per send-keys, each after the screen showed the previous one (as a person types: look, then press), so
   * keys never arrive coalesced. Every key here changes the screen; a key that does not is a failure.
   */
  async function keys(...names: string[]): Promise<void> {
    for (const name of names) {
      const before = screen();
      if (['Enter', 'Space', 'Escape', 'Tab'].includes(name)) tmux('send-keys', '-t', session, name);
      else tmux('send-keys', '-t', session, '-l', name);
      let last = before;
      await poll(
        () => {
          last = screen();
          return last !== before;
        },
        { timeout: waitMs, interval: 20, message: () => `the screen to change after key ${JSON.stringify(name)}; screen:\n${last}` },
      );
    }
  }

  return { tmux, screen, waitFor, keys, kill };
}
