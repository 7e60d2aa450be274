// The review's key bar offers what its kind of review does, as its `?` help does (help-kinds.ts): the mined patterns
// and the quirks files' entries are the lessons, so `a lesson` (write a lesson for the run) is not offered there; it
// answered "no lessons are written here" while the help left it out. A quest's review keeps it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { minedQuest, quirksQuest, resolveQuest } from '../../src/core/index.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture, tempDirs } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});
const dirs = tempDirs();
const ENV = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };

async function lastLine(quest: ReturnType<typeof minedQuest>): Promise<string> {
  const store = createReviewStore({ facade: createCoreFacade({ quest, env: { ...ENV, DISTILL_CACHE_DIR: path.join(path.dirname(quest.home), 'cache') } }) });
  app = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 200, rows: 30 });
  return app.frame().trimEnd().split('\n').at(-1)!;
}

function home(name: string): string {
  const h = copyFixture(name);
  dirs.push(path.dirname(h));
  return h;
}

test('the mined review: no `a lesson` on the key bar, the decisions are', async () => {
  const bar = await lastLine(minedQuest(home('mine-home')));
  expect(bar).toContain('c new');
  expect(bar).toContain('x reject');
  expect(bar).not.toContain('a lesson');
});

test('the quirks review: no `a lesson` on the key bar', async () => {
  const h = home('ds-sample');
  fs.writeFileSync(path.join(h, 'system_quirks.md'), 'Daemon leaks a GPU context after a crash; restart it.\n');
  const bar = await lastLine(quirksQuest(h));
  expect(bar).toContain('c new');
  expect(bar).not.toContain('a lesson');
});

test("a quest's review keeps `a lesson`", async () => {
  const bar = await lastLine(resolveQuest(home('demo-home'), '001'));
  expect(bar).toContain('a lesson');
});
