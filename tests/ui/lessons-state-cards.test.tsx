// The lessons screen and state cards (issue 33): without --include-state the checkpoint cards of fixtures/state-home
// are in neither the clusters nor the list of all cards; with it they are listed, marked `(state)`, and cluster only
// with each other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, expect, test } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore } from '../../src/ui/lessons/store.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(includeState: boolean): Promise<Rendered> {
  const home = copyFixture('state-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  temps.push(path.dirname(home), cache);
  const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: cache };
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui', includeState }) });
  await store.getState().load();
  app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns: 140, rows: 40 });
  return app;
}

// The two dual-frontmatter cards of the fixture (another topic) form a `likely` cluster of their own in a store this
// small: one cluster more than the lessons' in each count below.
test('without --include-state: the lessons cluster, six cards listed, no checkpoint', async () => {
  const a = await open(false);
  expect(a.frame()).toContain('Clusters (2)');
  expect(a.frame()).toContain('2 state cards (checkpoints) left out: --include-state shows them; 2 clusters of likely duplicates among 6 cards');
  expect(a.frame()).not.toContain('Checkpoint:');
  await a.press('v');
  expect(a.frame()).toContain('All cards (6)');
  expect(a.frame()).not.toContain('Checkpoint:');
  expect(a.frame()).not.toContain('(state)');
});

test('with --include-state: the checkpoints cluster apart and are listed as (state)', async () => {
  const a = await open(true);
  expect(a.frame()).toContain('Clusters (3)');
  expect(a.frame()).not.toContain('left out');
  await a.press('v');
  expect(a.frame()).toContain('All cards (8)');
  expect(a.frame()).toMatch(/\(state\) 2026-05-03 Checkpoint: LoRA rank 8/);
  expect(a.frame()).toContain('knowledge-5a7e0004 · knowledge · state card (checkpoint)');
  expect(a.frame().match(/\(state\)/g)).toHaveLength(2);
});
