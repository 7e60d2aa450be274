// The mined review's rows are kinds of factor, not runs: their preview and the list beside them speak of patterns, as
// the quirks review's file rows speak of entries (issue 35). They said "Run change_layer", "not covered by any
// distill_review yet" (mining writes no distill_review) and "1 draft(s) to review under this run", and with every
// pattern of a row decided, "a writes a lesson for it from its evidence" (a does nothing there).
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { minedQuest } from '../../src/core/index.js';
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

for (const size of [{ columns: 60, rows: 24 }, { columns: 120, rows: 30 }]) {
  test(`a factor row's preview and list title speak of patterns (${size.columns}x${size.rows})`, async () => {
    const h = copyFixture('mine-home');
    dirs.push(path.dirname(h));
    const quest = minedQuest(h);
    const store = createReviewStore({ facade: createCoreFacade({ quest, env: { ...ENV, DISTILL_CACHE_DIR: path.join(path.dirname(h), 'cache') } }), askReasons: false });
    app = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
    const frame = app.frame();
    expect(frame).toContain('Factor change_layer');
    expect(frame).toContain('1 pattern(s) to review under this kind of factor');
    expect(frame).toContain('Patterns of change_layer (1)');
    for (const word of ['Run change_layer', 'distill_review', 'draft(s)', 'Drafts of']) expect(frame).not.toContain(word);
    // Its one pattern decided: nothing left, and no `a` offered.
    await app.press('l');
    await app.press('x');
    await app.press('return');
    await app.press('h');
    expect(app.frame()).toContain('no pattern left to review under this kind of factor');
    expect(app.frame()).not.toContain('a writes a lesson');
  });
}
