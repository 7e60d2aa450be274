// Issue 16: the review's first frame comes from the metadata cache before the store is checked; right after, every
// file is checked and a card changed, added or removed on disk since the cache is seen (the screen reloads, staged
// decisions kept).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkAfterFirstFrame } from '../../src/cli/review-session.js';
import { openStoreFromCache } from '../../src/core/store/from-cache.js';
import { openStoreSync } from '../../src/core/store/load.js';
import { resolveQuest } from '../../src/core/quest/home.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore, focused } from '../../src/ui/review/store.js';
import { copyFixture } from '../helpers/home.js';
import { waitFor } from '../helpers/wait.js';

const OLD = 'Adapter bottleneck 64 is the sweet spot on CoNLL-1k';
const NEW = 'Adapter bottleneck 64 wins on CoNLL-1k (edited on disk)';

function setup() {
  const home = copyFixture('demo-home');
  const env = { DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-ff-cache-')) };
  const knowledge = path.join(home, 'memory', 'knowledge');
  const card = path.join(knowledge, 'adapter-bottleneck-64-is-the-sweet-spot-on-conll-1k.md');
  return { home, env, knowledge, card, quest: resolveQuest(home, '001') };
}

const titles = (screen: ReturnType<typeof createReviewStore>) => focused(screen.getState()).neighbors.map((n) => n.title);

describe('first frame from the cache, then the store is checked', () => {
  test('no cache yet, or one written for some kinds only: opened and checked first, as before', () => {
    const { home, env } = setup();
    expect(openStoreFromCache(home, { env })).toBeNull();
    openStoreSync(home, { env, kinds: ['papers'] }); // what `distill recall --kind papers` leaves
    expect(openStoreFromCache(home, { env })).toBeNull();
    openStoreSync(home, { env });
    expect(openStoreFromCache(home, { env })?.cards.length).toBe(openStoreSync(home, { env, cache: false }).cards.length);
  });

  test('a card edited, one deleted and one added since the cache: seen right after the first frame', async () => {
    const { home, env, knowledge, card, quest } = setup();
    openStoreSync(home, { env }); // a earlier session wrote the cache
    fs.writeFileSync(card, fs.readFileSync(card, 'utf8').replace(`title: ${OLD}`, `title: ${NEW}`));
    fs.rmSync(path.join(knowledge, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md'));
    fs.writeFileSync(path.join(knowledge, 'lora-rank-8.md'), '---\nid: knowledge-0a0a0a0a\ntitle: LoRA rank 8 matches adapter bottleneck 64\ntags:\n- topic:peft\n---\nLoRA rank 8 matches adapter bottleneck 64 on CoNLL-1k.\n');

    const store = openStoreFromCache(home, { env })!;
    expect(store.stats.files).toBe(0); // no file listed or stat-ed yet
    const facade = createCoreFacade({ quest, env, store });
    const screen = createReviewStore({ facade });
    // The first frame: the cache's view (the old title, the deleted card).
    expect(titles(screen)).toContain(OLD);
    expect(titles(screen)).toContain('Warmup ratio matters more than peak LR for adapters');
    const staged = screen.getState().staged;

    checkAfterFirstFrame(screen, facade);
    expect(titles(screen)).toContain(OLD); // the check waits for the frame to be drawn
    await waitFor(() => titles(screen).includes(NEW), { message: () => `the new title among ${titles(screen).join(', ')}` });
    expect(titles(screen)).toContain(NEW);
    expect(titles(screen)).not.toContain(OLD);
    expect(titles(screen)).not.toContain('Warmup ratio matters more than peak LR for adapters');
    expect(titles(screen)).toContain('LoRA rank 8 matches adapter bottleneck 64');
    expect(screen.getState().message).toBe('global cards changed since the last session: re-read');
    expect(screen.getState().staged).toBe(staged);
    // The checked store wrote the cache again: the next start draws the new title at once.
    const next = openStoreFromCache(home, { env })!;
    expect(next.cards.map((c) => c.title)).toContain(NEW);
  });

  test('nothing changed: the check leaves the screen as it is', async () => {
    const { home, env, quest } = setup();
    openStoreSync(home, { env });
    const store = openStoreFromCache(home, { env })!;
    const facade = createCoreFacade({ quest, env, store });
    const screen = createReviewStore({ facade });
    const before = screen.getState();
    checkAfterFirstFrame(screen, facade);
    // The check stats every file, then (in the same turn) reloads only if something changed.
    await waitFor(() => store.stats.files > 0, { message: () => 'the check to stat the files' });
    expect(screen.getState()).toBe(before);
  });
});
