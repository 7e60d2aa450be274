// Issue 35 in the lessons screen: the archive paths the W view shows are the ones written (the write plans at the
// time the view planned at, not a second later), at 80x24 and 140x40 on a copy of fixtures/dup-home.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore, type LessonsStore } from '../../src/ui/lessons/store.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(size: { columns: number; rows: number }, env: NodeJS.ProcessEnv = {}): Promise<{ home: string; store: LessonsStore }> {
  const home = copyFixture('dup-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  temps.push(path.dirname(home), cache);
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env: { HOME: os.tmpdir(), DISTILL_CACHE_DIR: cache, ...env }, reviewer: 'tui' }) });
  await store.getState().load();
  app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
  return { home, store };
}

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('lessons screen at $columns x $rows', (size) => {
  test('the archive path the W view shows is the one written, with the clock running between the two', async () => {
    const { home, store } = await open(size);
    await app!.press('l');
    await app!.press('x');
    await app!.press('y');
    await app!.press('W');
    const shown = store.getState().writeLines.join('\n').match(/-> (\.distill\/archive\/cleanup-[0-9a-f]{8}\/\S+)/)?.[1];
    expect(shown).toBeDefined();
    // The action id is drawn from the time: a second passes before y.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await app!.press('y');
    await store.getState().writing;
    expect(fs.existsSync(path.join(home, shown!))).toBe(true);
    const dirs = fs.readdirSync(path.join(home, '.distill', 'archive'));
    expect(dirs).toEqual([shown!.split('/')[2]]);
  });
});
