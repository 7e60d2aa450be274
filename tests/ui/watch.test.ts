// Issue 17: the review reloads when the quest's files change on disk (debounced), keeping the staged decisions, and
// ignores distill's own state folder (the staging is saved there on every change).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { createReviewStore } from '../../src/ui/review/store.js';
import { watchQuest } from '../../src/ui/review/watch.js';
import { fakeFacade } from './fake-facade.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let stop: (() => void) | null = null;
afterEach(() => stop?.());

test('a change in the quest reloads once (debounced), keeping the staged decisions; .ds/distill is ignored', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-watch-'));
  fs.mkdirSync(path.join(dir, '.ds', 'distill'), { recursive: true });
  const facade = fakeFacade();
  const store = createReviewStore({ facade });
  store.getState().focusPane(1);
  store.getState().decide('new');
  stop = watchQuest(store, [dir], 40);
  const loads = facade.loads;
  fs.writeFileSync(path.join(dir, '.ds', 'distill', 'staging.json'), '{}');
  await sleep(200);
  expect(facade.loads).toBe(loads);
  fs.writeFileSync(path.join(dir, 'a.json'), '{}');
  fs.writeFileSync(path.join(dir, 'b.json'), '{}');
  await vi.waitFor(() => expect(facade.loads).toBe(loads + 1), { timeout: 2000 });
  await sleep(150);
  expect(facade.loads).toBe(loads + 1);
  expect(Object.keys(store.getState().staged)).toEqual(['knowledge-d0000001']);
  expect(store.getState().message).toContain('files changed on disk: reloaded');
  // While a dialog is open the reload waits for it to close.
  store.setState({ modal: 'help' });
  fs.writeFileSync(path.join(dir, 'c.json'), '{}');
  await sleep(200);
  expect(facade.loads).toBe(loads + 1);
  store.setState({ modal: null });
  await vi.waitFor(() => expect(facade.loads).toBe(loads + 2), { timeout: 2000 });
});
