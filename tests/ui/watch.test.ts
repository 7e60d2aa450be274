// Issue 17: the review reloads when the quest's files change on disk (debounced), keeping the staged decisions, and
// ignores distill's own state folder (the staging is saved there on every change). No fixed sleeps: the watch reports
// what it did with each change, and the test waits for those reports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createReviewStore } from '../../src/ui/review/store.js';
import { watchQuest, type WatchEvent } from '../../src/ui/review/watch.js';
import { waitFor } from '../helpers/wait.js';
import { fakeFacade } from './fake-facade.js';

let stop: (() => void) | null = null;
let dir = '';
afterEach(() => {
  stop?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a change in the quest reloads once (debounced), keeping the staged decisions; .ds/distill is ignored', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-watch-'));
  fs.mkdirSync(path.join(dir, '.ds', 'distill'), { recursive: true });
  const facade = fakeFacade();
  const store = createReviewStore({ facade });
  store.getState().focusPane(1);
  store.getState().decide('new');
  const events: WatchEvent[] = [];
  const count = (e: WatchEvent) => events.filter((x) => x === e).length;
  stop = watchQuest(store, [dir], 40, (e) => events.push(e));
  const loads = facade.loads;

  // distill's own staging file: seen and ignored, nothing queued.
  fs.writeFileSync(path.join(dir, '.ds', 'distill', 'staging.json'), '{}');
  await waitFor(() => count('ignored') > 0, { message: () => `an ignored change; saw ${events.join(',')}` });
  expect(count('queued')).toBe(0);

  // Two files at once: both queued, one reload.
  fs.writeFileSync(path.join(dir, 'a.json'), '{}');
  fs.writeFileSync(path.join(dir, 'b.json'), '{}');
  await waitFor(() => facade.loads === loads + 1, { message: () => `one reload; saw ${events.join(',')}` });

  expect(events.slice(0, events.indexOf('reloaded')).filter((e) => e === 'queued').length).toBeGreaterThanOrEqual(2);
  expect(count('reloaded')).toBe(1);
  expect(Object.keys(store.getState().staged)).toEqual(['knowledge-d0000001']);
  expect(store.getState().message).toContain('files changed on disk: reloaded');

  // While a dialog is open the reload waits for it to close.
  store.setState({ modal: 'help' });
  fs.writeFileSync(path.join(dir, 'c.json'), '{}');
  await waitFor(() => count('held') > 0, { message: () => `a held reload; saw ${events.join(',')}` });
  expect(facade.loads).toBe(loads + 1);
  store.setState({ modal: null });
  await waitFor(() => facade.loads === loads + 2, { message: () => `the held reload; saw ${events.join(',')}` });
});
