// Issue 17, the mouse in the lessons screen at 80x24 and 140x40 (a copy of fixtures/dup-home): a click on a cluster
// picks it, a click on a card's column focuses the cards with that card, the wheel moves through the clusters and the
// list of all cards, and scrolls the whole card (Enter).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore, type LessonsStore } from '../../src/ui/lessons/store.js';
import { copyFixture } from '../helpers/home.js';
import { at, lineAt } from './screen-at.js';
import { renderApp, sgrClick, sgrWheel, type Rendered } from './render.js';

let app: Rendered | null = null;
const dirs: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(columns: number, rows: number): Promise<{ store: LessonsStore; app: Rendered }> {
  const home = copyFixture('dup-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  dirs.push(path.dirname(home), cache);
  const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: cache };
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
  await store.getState().load();
  app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns, rows });
  return { store, app };
}

for (const [columns, rows] of [
  [80, 24],
  [140, 40],
] as const) {
  describe(`lessons mouse at ${columns}x${rows}`, () => {
    it('a click picks a cluster; a click on a card focuses the cards with it; the wheel moves through the clusters', async () => {
      const { store, app } = await open(columns, rows);
      const second = store.getState().clusters[1];
      const row = at(app.frame(), second.cards[0].title.slice(0, 12));
      await app.press(sgrClick(row.x, row.y));
      expect(lineAt(app.frame(), row.y)).toMatch(/^›/);
      expect(app.frame()).toContain(`Cluster of ${second.cards.length}`);
      // The second card's column (side by side) or, stacked, the cards pane.
      const head = at(app.frame(), '▸ Clusters').y;
      const cards = at(app.frame(), `Cluster of ${second.cards.length}`);
      // The cards' box starts two columns before its title; its columns are at least 30 wide with one between.
      const box = { x: cards.x - 2, width: columns - 1 - (cards.x - 2) };
      const fit = Math.max(1, Math.min(second.cards.length, Math.floor((box.width + 1) / 31)));
      const colWidth = Math.floor((box.width - (fit - 1)) / fit);
      await app.press(sgrClick(box.x + (fit > 1 ? colWidth + 2 : 2), cards.y + 3));
      expect(app.frame()).toContain(`▸ Cluster of ${second.cards.length}`);
      expect(lineAt(app.frame(), head)).not.toContain('▸ Clusters');
      expect(store.getState().cardCursor).toBe(fit > 1 ? 1 : 0);
      const third = store.getState().clusters[2];
      await app.press(sgrWheel('down', row.x, row.y));
      expect(app.frame()).toContain('▸ Clusters');
      expect(app.frame()).toContain(`Cluster of ${third.cards.length}`);
      expect(lineAt(app.frame(), row.y + 1)).toMatch(/^›/);
      expect(app.frame()).not.toContain('[<');
    });

    it('the wheel moves through all cards, and scrolls the whole card', async () => {
      const { store, app } = await open(columns, rows);
      await app.press('v');
      const list = at(app.frame(), 'All cards');
      await app.press(sgrWheel('down', list.x + 2, list.y + 3));
      await app.press(sgrWheel('down', list.x + 2, list.y + 3));
      expect(store.getState().allCursor).toBe(2);
      expect(lineAt(app.frame(), list.y + 3)).toMatch(/^›/);
      const third = at(app.frame(), store.getState().visible[4].title.slice(0, 10));
      await app.press(sgrClick(third.x, third.y));
      expect(store.getState().allCursor).toBe(4);
      expect(lineAt(app.frame(), third.y)).toMatch(/^›/);
      await app.press('return');
      const top = app.frame();
      if (!/… \d+ more lines/.test(top)) {
        // The whole card fits: the wheel has nothing to scroll.
        await app.press(sgrWheel('down', 3, 5), { expectSame: true });
        return;
      }
      await app.press(sgrWheel('down', 3, 5));
      expect(app.frame()).not.toBe(top);
      expect(store.getState().scroll).toBe(3);
      await app.press(sgrWheel('up', 3, 5));
      expect(app.frame()).toBe(top);
    });
  });
}
