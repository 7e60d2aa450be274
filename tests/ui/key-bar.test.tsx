// Issue 35, the keys a newcomer needs are on the bar: at 80 columns the review's bar leads with what the focused row
// allows (`a` on a run with no drafts, `W` and `u` once something is staged, `e` on a draft), `? help` and `q quit`
// always; the lessons screen's bar holds `W` once an action is staged. The priority is the key table's (`first`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { draftsDir } from '../../src/core/index.js';
import { resolveQuest } from '../../src/core/quest/home.js';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore } from '../../src/ui/lessons/store.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { fitBar } from '../../src/ui/shared/keys/key-table.js';
import { KEY_TABLE } from '../../src/ui/shared/keys/table.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = '2026-06-01T10:00:00+00:00';
const bar = () => app!.frame().split('\n').at(-1)!;

async function review(columns: number, rows: number, noDrafts = false) {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  if (noDrafts) fs.rmSync(draftsDir(home, '001'), { recursive: true });
  const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' } });
  app = await renderApp(<ReviewApp store={createReviewStore({ facade, askReasons: false })} env={{ NO_COLOR: '1' }} />, { columns, rows });
}

test('the table carries the priority: a, e, u, W go first in their situations; ? and q always', () => {
  const first = Object.fromEntries(KEY_TABLE.filter((b) => b.first).map((b) => [b.id, b.first]));
  expect(first).toEqual({ 'draft.author': ['run-no-drafts'], 'draft.edit': ['draft'], 'history.undo': ['staged'], 'plan.write': ['staged'] });
  expect(KEY_TABLE.filter((b) => b.always).map((b) => b.id)).toEqual(['app.help', 'app.quit']);
  const items = [{ label: 'x one' }, { label: 'y two', first: ['s'] }, { label: '? help', always: true }];
  expect(fitBar(items, new Set(), 100)).toBe('x one  y two  ? help');
  expect(fitBar(items, new Set(['s']), 15)).toBe('y two  ? help');
  expect(fitBar(items, new Set(), 15)).toBe('x one  ? help');
});

describe('the review key bar at 80x24', () => {
  test('a run with no drafts: a first; x stages its rejection, then W and u', async () => {
    await review(80, 24, true);
    expect(bar()).toMatch(/^a lesson {2}/);
    expect(bar()).toMatch(/\? help {2}q quit$/);
    await app!.press('x');
    await app!.type('nothing to learn');
    await app!.press('return');
    expect(bar()).toMatch(/^a lesson {2}u undo {2}W write {2}/);
    expect(bar()).toContain('a lesson');
    expect(bar()).toMatch(/\? help {2}q quit$/);
    expect(bar().length).toBeLessThanOrEqual(80);
  });

  test('on a draft: e first', async () => {
    await review(80, 24);
    await app!.press('l');
    expect(bar()).toMatch(/^e edit {2}/);
    expect(bar()).not.toContain('W write');
    expect(bar()).toMatch(/\? help {2}q quit$/);
  });

  test('at 140 columns, nothing staged: table order as room allows', async () => {
    await review(140, 40);
    expect(bar()).toMatch(/^j\/k move {2}\/ filter {2}c new .* a lesson {2}e edit .*\? help {2}q quit$/);
  });
});

test('the lessons key bar at 80 columns holds W once an action is staged', async () => {
  const home = copyFixture('dup-home');
  temps.push(path.dirname(home));
  const env = { HOME: os.tmpdir(), DISTILL_NOW: NOW, DISTILL_CACHE_DIR: path.join(path.dirname(home), 'cache') };
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
  await store.getState().load();
  app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns: 80, rows: 24 });
  expect(bar()).not.toContain('W Write');
  expect(bar()).toMatch(/\? help {2}q quit$/);
  await app.press('l');
  await app.press('x');
  await app.press('y');
  expect(store.getState().staged.length).toBe(1);
  expect(bar()).toMatch(/^u undo {2}W Write {2}/);
  expect(bar()).toMatch(/\? help {2}q quit$/);
});
