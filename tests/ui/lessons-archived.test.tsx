// Issue 35 in the lessons screen, at 80x24 and 140x40 on a copy of fixtures/dup-home: the archive paths the W view
// shows are the ones written (the write plans at the time the view planned at, not a second later); `A` lists the
// archived cards and `r` then `y` restores one at once, through the same restore as `distill restore <card-id>`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore, type LessonsStore } from '../../src/ui/lessons/store.js';
import { copyFixture } from '../helpers/home.js';
import { waitFor } from '../helpers/wait.js';
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

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('archived cards at $columns x $rows', (size) => {
  test('A lists the archived cards; r asks, n keeps it, y restores it at once; the file is back byte for byte', async () => {
    const { home, store } = await open(size, { DISTILL_NOW: '2026-06-01T10:00:00+00:00' });
    await app!.press('A');
    expect(app!.frame()).toContain('Archived cards (0)');
    expect(app!.frame()).toContain('the archive is empty');
    await app!.press('A');
    await app!.press('l');
    const card = store.getState().clusters[store.getState().clusterCursor].cards[store.getState().cardCursor];
    const bytes = fs.readFileSync(card.path);
    await app!.press('x');
    await app!.press('y');
    await app!.press('W');
    await app!.press('y');
    await store.getState().writing;
    expect(fs.existsSync(card.path)).toBe(false);
    await app!.press('A');
    const listed = app!.frame();
    expect(listed).toContain('Archived cards (1)');
    expect(listed).toMatch(new RegExp(`› .*archive ${card.id}`));
    expect(app!.frame().split('\n').at(-1)).toContain('r restore');
    await app!.press('r');
    expect(app!.frame()).toContain(`Restore ${card.id} (archive cleanup-`);
    expect(app!.frame()).toContain("y: now · n: keep");
    await app!.press('n');
    expect(app!.frame()).toContain('kept in the archive');
    expect(fs.existsSync(card.path)).toBe(false);
    await app!.press('r');
    await app!.press('y');
    await store.getState().writing;
    expect(fs.readFileSync(card.path).equals(bytes)).toBe(true);
    await waitFor(() => app!.frame().includes('Archived cards (0)'), { message: () => app!.frame() });
    expect(app!.frame()).toMatch(/restored: cleanup-[0-9a-f]{8}: restore/);
    // The same restore as the CLI: its record names what it undid, and distill log lists it.
    const records = fs.readdirSync(path.join(home, '.distill', 'cleanup'));
    expect(records).toHaveLength(2);
    const restore = records.map((f) => JSON.parse(fs.readFileSync(path.join(home, '.distill', 'cleanup', f), 'utf8'))).find((r) => r.action === 'restore');
    expect(restore.unarchived.map((a: { card_id: string }) => a.card_id)).toEqual([card.id]);
    await app!.press('A');
    expect(app!.frame()).not.toContain('Archived cards');
  });

  test('the help lists A', async () => {
    await open(size);
    await app!.press('?');
    expect(app!.frame()).toMatch(/A +the archived cards; r on one restores it/);
  });
});
