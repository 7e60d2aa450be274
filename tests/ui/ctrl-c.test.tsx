// Ctrl+C, through each screen's real entry (the screen loop turns Ink's own exit on Ctrl+C off; every screen routes
// it through its key table). Lessons: with nothing staged it quits at once (exit 0); with actions staged it asks
// Write / Discard / Cancel as q does, and a second Ctrl+C quits without writing (exit 130, one line saying what was
// dropped). Review: quits at once, the staging stays saved to be offered back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import stripAnsi from 'strip-ansi';
import { describe, expect, test } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { runLessons } from '../../src/ui/lessons/run.js';
import { runReview } from '../../src/ui/review/run.js';
import { copyFixture, tempDirs } from '../helpers/home.js';
import { waitFor } from '../helpers/wait.js';
import { fakeFacade, sampleData } from './fake-facade.js';
import { TtyIn, TtyOut } from './tty.js';

const temps = tempDirs();

/** What the screen wrote since `from`, without colours and cursor moves. */
const shown = (out: TtyOut, from = 0) => stripAnsi(out.writes.slice(from).join(''));

async function lessons() {
  const home = copyFixture('dup-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  temps.push(path.dirname(home), cache);
  const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: cache, NO_COLOR: '1', DISTILL_MOUSE: '0' };
  const stdout = new TtyOut();
  stdout.columns = 150;
  stdout.rows = 34;
  const stdin = new TtyIn();
  const err: string[] = [];
  const done = runLessons({
    home, env, reviewer: 'tui', facade: createLessonsFacade({ home, env, reviewer: 'tui' }),
    stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream, err: (t) => err.push(t),
  });
  await waitFor(() => stdin.rawMode && shown(stdout).includes('clusters of likely duplicates among'), { timeout: 15000, message: () => shown(stdout) });
  /** Writes one chunk and waits until the screen shows `text`. */
  const key = async (chunk: string, text: string) => {
    const from = stdout.writes.length;
    stdin.write(chunk);
    await waitFor(() => shown(stdout, from).includes(text), { message: () => `${JSON.stringify(text)} after ${JSON.stringify(chunk)}:\n${shown(stdout, from)}` });
  };
  const card = path.join(home, 'memory/knowledge/adapters-need-a-warmup-ratio-of-at-least-0-03.md');
  return { home, stdin, stdout, err, done, key, card };
}

describe('Ctrl+C in distill lessons', () => {
  test('with an action staged it asks Write / Discard / Cancel; Ctrl+C again quits writing nothing, exit 130, one line', async () => {
    const s = await lessons();
    const bytes = fs.readFileSync(s.card, 'utf8');
    await s.key('l', '› [ ] knowledge-05abb9e0');
    await s.key('j', '› [ ] knowledge-3f2a9c11');
    await s.key('j', '› [ ] knowledge-8d41e0b7');
    await s.key('i', 'staged: ignore 1 card');
    await s.key('\x03', 'Actions are staged. Write, Discard or Cancel? (w/d/c; Ctrl+C again quits, dropping them)');
    s.stdin.write('\x03');
    expect(await s.done).toBe(130);
    expect(s.err).toEqual(['distill lessons: interrupted; 1 staged action dropped, nothing of it written\n']);
    expect(fs.readFileSync(s.card, 'utf8')).toBe(bytes);
    expect(fs.existsSync(path.join(s.home, '.distill', 'journal'))).toBe(false);
  });

  test('the question Ctrl+C opens is the one q opens: c goes back with the action still staged, w writes it', async () => {
    const s = await lessons();
    await s.key('l', '› [ ] knowledge-05abb9e0');
    await s.key('jj', '› [ ] knowledge-8d41e0b7');
    await s.key('i', 'staged: ignore 1 card');
    await s.key('\x03', 'Write, Discard or Cancel?');
    await s.key('c', 'staged: ignore');
    await s.key('\x03', 'Write, Discard or Cancel?');
    s.stdin.write('w');
    expect(await s.done).toBe(0);
    expect(s.err).toEqual([]);
    expect(fs.readFileSync(s.card, 'utf8')).toContain('ignored: true\n');
  });

  test('two Ctrl+C in one burst with an action staged: asked and answered, exit 130', async () => {
    const s = await lessons();
    await s.key('l', '› [ ] knowledge-05abb9e0');
    await s.key('jj', '› [ ] knowledge-8d41e0b7');
    await s.key('i', 'staged: ignore 1 card');
    s.stdin.write('\x03\x03');
    expect(await s.done).toBe(130);
    expect(s.err).toHaveLength(1);
  });

  test('with nothing staged it quits at once, exit 0, nothing printed', async () => {
    const s = await lessons();
    s.stdin.write('\x03');
    expect(await s.done).toBe(0);
    expect(s.err).toEqual([]);
  });
});

describe('Ctrl+C in distill review', () => {
  test('quits at once, from the reason prompt too, exit 0; the staged decisions stay saved to be offered back', async () => {
    const facade = fakeFacade(sampleData(), null);
    const stdout = new TtyOut();
    const stdin = new TtyIn();
    const done = runReview({ facade, env: { DISTILL_MOUSE: '0' }, askReasons: true, stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream });
    await waitFor(() => stdin.rawMode && shown(stdout).includes('Runs 1/2 covered'));
    let from = stdout.writes.length;
    stdin.write('l');
    await waitFor(() => shown(stdout, from).includes('▸ Drafts'));
    from = stdout.writes.length;
    stdin.write('x');
    await waitFor(() => shown(stdout, from).includes('reason: █'));
    from = stdout.writes.length;
    stdin.write('dup\r');
    await waitFor(() => shown(stdout, from).includes('staged: 1'));
    from = stdout.writes.length;
    stdin.write('c');
    await waitFor(() => shown(stdout, from).includes('reason (Enter to skip)'));
    stdin.write('\x03');
    expect(await done).toBe(0);
    expect(facade.staging?.staged.map((d) => [d.draftId, d.decision])).toEqual([['knowledge-d0000001', 'reject']]);
  });

  test('a Ctrl+C inside a burst of keys quits too', async () => {
    const facade = fakeFacade(sampleData(), null);
    const stdout = new TtyOut();
    const stdin = new TtyIn();
    const done = runReview({ facade, env: { DISTILL_MOUSE: '0' }, stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream });
    await waitFor(() => stdin.rawMode && shown(stdout).includes('Runs 1/2 covered'));
    stdin.write('j\x03\x03');
    expect(await done).toBe(0);
  });
});
