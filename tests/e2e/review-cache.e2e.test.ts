// End to end (issue 16): the review's first frame comes from the metadata cache, and the store is checked right after
// it, so a card edited on disk since the last session is shown as it is now. The built CLI in tmux, run twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { MAIN, skipReason, tmuxSession } from './tmux.js';
if (skipReason) console.warn(`review cache e2e skipped: ${skipReason}`);

const session = `distill-e2e-cache-${process.pid}`;
const { tmux, waitFor, keys, kill } = tmuxSession(session, { waitMs: 15000 });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-cache-'));
const home = path.join(dir, 'home');
const cache = path.join(dir, 'cache');

function start(): void {
  const script = path.join(dir, 'run.sh');
  fs.writeFileSync(
    script,
    `export CI=false TERM=xterm-256color DISTILL_CACHE_DIR='${cache}'\nnode '${MAIN}' --home '${home}' review 001\necho "__EXIT $?"\nsleep 30\n`,
  );
  tmux('new-session', '-d', '-s', session, '-x', '140', '-y', '40', `sh '${script}'`);
}

describe.skipIf(Boolean(skipReason))('review: first frame from the cache', () => {
  afterAll(() => {
    kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a neighbor edited on disk since the last session is shown as it is now', async () => {
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'demo-home'), home, { recursive: true });
    start(); // the first session writes the cache
    await waitFor('Adapter bottleneck 64 is the sweet');
    await keys('q');
    await waitFor('__EXIT 0');
    tmux('kill-session', '-t', session);
    expect(fs.readdirSync(cache).length).toBeGreaterThan(0);

    const card = path.join(home, 'memory', 'knowledge', 'adapter-bottleneck-64-is-the-sweet-spot-on-conll-1k.md');
    fs.writeFileSync(card, fs.readFileSync(card, 'utf8').replace('title: Adapter bottleneck 64 is the sweet spot on CoNLL-1k', 'title: Bottleneck-64 adapters edited on disk'));
    start();
    const s = await waitFor('Bottleneck-64 adapters edited');
    expect(s).not.toContain('Adapter bottleneck 64 is the sweet');
    await keys('q');
    await waitFor('__EXIT 0');
  });
});
