// The harness both end-to-end tests drive the built CLI with: a tmux session, its screen, waiting for text, and keys
// typed one at a time as a person would. Needs tmux and a build (npm test builds dist/ first).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// bin/distill.js runs the bundle, dist/distill.mjs; DISTILL_E2E_MAIN points at another build's entry script.
export const MAIN = process.env.DISTILL_E2E_MAIN ?? path.join(process.cwd(), 'bin', 'distill.js');
const BUILT = process.env.DISTILL_E2E_MAIN ?? path.join(process.cwd(), 'dist', 'distill.mjs');

export const skipReason =
  spawnSync('tmux', ['-V']).status !== 0 ? 'tmux is not installed' : !fs.existsSync(BUILT) ? `no build at ${BUILT} (run npm run build)` : null;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tmuxSession(session: string, { keyGapMs = 120, waitMs = 8000 } = {}) {
  const tmux = (...args: string[]): string => execFileSync('tmux', args, { encoding: 'utf8' });
  const screen = () => tmux('capture-pane', '-p', '-t', session);

  async function waitFor(text: string | RegExp, timeoutMs = waitMs): Promise<string> {
    const start = Date.now();
    let last = '';
    while (Date.now() - start < timeoutMs) {
      last = screen();
      if (typeof text === 'string' ? last.includes(text) : text.test(last)) return last;
      await sleep(50);
    }
    throw new Error(`timed out waiting for ${text}; screen:\n${last}`);
  }

  /** One key per send-keys with a small gap, as a person types. */
  async function keys(...names: string[]): Promise<void> {
    for (const name of names) {
      if (['Enter', 'Space', 'Escape', 'Tab'].includes(name)) tmux('send-keys', '-t', session, name);
      else tmux('send-keys', '-t', session, '-l', name);
      await sleep(keyGapMs);
    }
  }

  return { tmux, screen, waitFor, keys };
}
