// The lessons screen for a whole store, over a copy of fixtures/dup-home at 80x24 and 140x40: the all-cards list with
// `/` search and `s` sort, Enter for the whole card and actions from it, the merge popup with the merged result's diff
// (the cards stay visible), `W` with diffs that scrolls and stops at its end, columns aligned field by field and
// stacked when narrow, the `›` marker, the frame never taller than the terminal, and the too-small message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore, type LessonsStore } from '../../src/ui/lessons/store.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

const NOW = '2026-06-01T10:00:00+00:00';
const SIZES = [
  [80, 24],
  [140, 40],
] as const;
const PAGE_DOWN = '\x1b[6~';
const LS = 'label-smoothing-0-1-hurts-span-f1-on-conll';
let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

async function open(columns: number, rows: number, fixture = 'dup-home'): Promise<{ home: string; store: LessonsStore; app: Rendered }> {
  const home = copyFixture(fixture);
  const env = { HOME: os.tmpdir(), DISTILL_NOW: NOW, DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) };
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
  await store.getState().load();
  app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns, rows });
  return { home, store, app };
}

const lines = (frame: string) => frame.split('\n');
/** The frame fits the terminal (one line short: Ink clears the screen at full height) and no line is wider. */
function fits(frame: string, columns: number, rows: number) {
  expect(lines(frame).length).toBeLessThanOrEqual(rows - 1);
  for (const line of lines(frame)) expect(Array.from(line).length).toBeLessThanOrEqual(columns);
}
/** Rows of the all-cards list (the `›` / space column then the badges), in screen order. */
const listRows = (frame: string) => lines(frame).slice(2, -2).map((l) => l.slice(0, 30));

for (const [columns, rows] of SIZES) {
  describe(`lessons screen at ${columns}x${rows}`, () => {
    it('v shows every card; / narrows the list with a count, Enter keeps the search, Esc clears it', async () => {
      const { app } = await open(columns, rows);
      expect(app.frame()).toContain('Clusters (4)');
      await app.press('v');
      expect(app.frame()).toContain('All cards (21)');
      expect(app.frame()).toMatch(/›\s+\(ignored\) 2026-05-16 Seed/);
      fits(app.frame(), columns, rows);
      await app.press('/');
      await app.type('warm');
      const frame = app.frame();
      expect(frame).toContain('All cards (4/21 /warm)');
      expect(frame).toContain('/warm█  4/21 (Enter keeps, Esc clears)');
      expect(frame).not.toContain('Label smoothing');
      expect(frame).not.toContain('CUDA');
      await app.press('backspace');
      expect(app.frame()).toContain('/war█');
      await app.press('m');
      await app.press('return');
      expect(app.frame()).toContain('4 of 21 cards match /warm (Esc clears)');
      await app.press('escape');
      expect(app.frame()).toContain('All cards (21)');
      expect(app.frame()).toContain('Label smoothing');
      fits(app.frame(), columns, rows);
      await app.press('l');
      expect(app.frame()).toContain('l: no panes in the list of all cards');
      // Esc again: back to the clusters; from a cluster's cards, back to the cluster list.
      await app.press('escape');
      expect(app.frame()).toContain('Clusters (4)');
      await app.press('return');
      expect(app.frame()).toContain('▸ Cluster of 3 knowledge cards');
      await app.press('escape');
      expect(app.frame()).toContain('▸ Clusters (4)');
    });

    it('s sorts by occurrences, then by title', async () => {
      const { app } = await open(columns, rows);
      await app.press('v');
      await app.press('s');
      expect(app.frame()).toContain('All cards (21) · by occurrences');
      expect(app.frame()).toContain('sorted by occurrences, most first');
      expect(listRows(app.frame())[0]).toMatch(/^›\s+×2 Warmup ratio/);
      expect(app.frame()).toContain('×1 ');
      await app.press('s');
      expect(app.frame()).toContain('sorted by title, A-Z');
      expect(listRows(app.frame())[0]).toMatch(/^›\s+Adapter bottleneck 64/);
      expect(listRows(app.frame())[1]).toMatch(/^\s+\*?Adapters need a warmup/);
    });

    it('Enter shows the whole card and scrolls; x archives it after a popup that leaves the list visible; W shows the move; y writes', async () => {
      const { app, home, store } = await open(columns, rows);
      await app.press('v');
      await app.press('/');
      await app.type('label smoothing');
      await app.press('return');
      await app.press('return');
      let frame = app.frame();
      expect(lines(frame)[1]).toMatch(/^─ knowledge-6c1d8e25 · memory\/knowledge\/label-smoothing/);
      expect(lines(frame)[2]).toBe('---');
      expect(frame).toContain('id: knowledge-6c1d8e25');
      fits(frame, columns, rows);
      if (rows < 30) {
        expect(frame).toMatch(/… \d+ more lines \(j\/k, Ctrl\+d\/u, g\/G scroll · \/ search\)/);
        await app.press('j');
        expect(lines(app.frame())[2]).not.toBe('---');
      }
      await app.press('x');
      frame = app.frame();
      expect(frame).toContain('Archive 1 card (knowledge-6c1d8e25)? distill restore brings it back.');
      expect(frame).toContain('All cards (1/21 /label');
      fits(frame, columns, rows);
      await app.press('y');
      expect(app.frame()).toContain('staged: archive');
      await app.press('W');
      frame = app.frame();
      expect(frame).toContain('Write 1 action(s) touching 1 card(s)?');
      expect(frame).toContain('archive 1 card: knowledge-6c1d8e25');
      expect(frame).toContain('archive memory/knowledge/label-smoothing-0-1-hurts-span-f1');
      await app.press('y');
      await store.getState().writing;
      expect(fs.existsSync(path.join(home, 'memory', 'knowledge', `${LS}.md`))).toBe(false);
      expect(fs.readdirSync(path.join(home, '.distill', 'archive'))).toHaveLength(1);
    });

    it('i and e act on the card shown whole, not on marked cards', async () => {
      const { app, store } = await open(columns, rows);
      await app.press('v');
      await app.press('space');
      await app.press('j');
      await app.press('return');
      await app.press('i');
      expect(store.getState().staged.map((a) => [a.kind, a.ids])).toEqual([['ignore', ['episode-2b8e6f90']]]);
      expect(app.frame()).toContain('staged: ignore');
      await app.press('return');
      await app.press('e');
      await app.exited;
      expect(store.getState().exit).toMatchObject({ kind: 'edit', cardId: 'episode-2b8e6f90' });
    });

    it('the merge popup shows the merged result as a diff under the visible cards, scrolls, and W shows the diffs to its end', async () => {
      const { app } = await open(columns, rows);
      await app.press('m');
      let frame = app.frame();
      expect(frame).toContain('Merge 3 cards into knowledge-05abb9e0? 2 cards will be archived.');
      expect(frame).toContain('Cluster of 3 knowledge cards');
      expect(frame).toContain('Clusters (4)');
      expect(frame).toMatch(/╭─+╮/);
      fits(frame, columns, rows);
      const merged = /\+updated_at: '2026-06-01T10:00:00\+00:00'|\+Merged \(knowledge-3f2a9c11\)|\+occurrences: 4/;
      // Each j scrolls the popup (press fails if it does not) until the merged lines are in view (wrapped, not cut).
      for (let i = 0; i < 40 && !merged.test(app.frame()); i++) await app.press('j');
      frame = app.frame();
      expect(frame).toMatch(merged);
      await app.press('y');
      await app.press('W');
      frame = app.frame();
      expect(frame).toContain('Write 1 action(s) touching 3 card(s)?');
      expect(frame).toContain('--- a/memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
      fits(frame, columns, rows);
      for (let i = 0; i < 30 && /more lines?/.test(app.frame()); i++) await app.press(PAGE_DOWN);
      frame = app.frame();
      expect(frame).toContain('+superseded_by: knowledge-05abb9e0');
      expect(frame).not.toMatch(/more lines?/);
      // At its end, one more page changes nothing.
      await app.press(PAGE_DOWN, { expectSame: true });
    });

    it('a card staged to be merged away cannot be archived from the list', async () => {
      const { app, store } = await open(columns, rows);
      await app.press('m');
      await app.press('y');
      await app.press('v');
      await app.press('/');
      await app.type('knowledge-3f2a9c11');
      await app.press('return');
      await app.press('x');
      expect(store.getState().status).toBe('archive: knowledge-3f2a9c11 is staged to be merged into knowledge-05abb9e0; undo that first (u)');
      expect(store.getState().modal).toBeNull();
    });

    it('q with actions staged: a Write / Discard / Cancel list under the cards; j and Enter choose Discard', async () => {
      const { app, store, home } = await open(columns, rows);
      const before = fs.readdirSync(path.join(home, 'memory', 'knowledge'));
      await app.press('i');
      await app.press('q');
      let frame = app.frame();
      expect(frame).toContain('Actions are staged and not written.');
      expect(frame).toContain('› Write the staged actions, then quit (w)');
      expect(frame).toContain('Clusters (4)');
      fits(frame, columns, rows);
      await app.press('j');
      frame = app.frame();
      expect(frame).toContain('› Discard them and quit (d)');
      expect(frame).toMatch(/ {2}Write the staged actions/);
      await app.press('return');
      await app.exited;
      expect(store.getState().exit).toEqual({ kind: 'quit' });
      expect(store.getState().staged).toEqual([]);
      expect(fs.readdirSync(path.join(home, 'memory', 'knowledge'))).toEqual(before);
      expect(fs.existsSync(path.join(home, '.distill', 'audit.jsonl'))).toBe(false);
    });

    it('q then Esc (or c) cancels the quit prompt', async () => {
      const { app, store } = await open(columns, rows);
      await app.press('i');
      await app.press('q');
      await app.press('escape');
      expect(app.frame()).not.toContain('Actions are staged and not written.');
      expect(store.getState().staged).toHaveLength(1);
      expect(store.getState().exit).toBeNull();
    });

    it('? help scrolls; the key bar ends with help and quit', async () => {
      const { app } = await open(columns, rows);
      expect(lines(app.frame()).at(-1)).toMatch(/\? help {2}q quit$/);
      await app.press('?');
      const first = lines(app.frame())[2];
      expect(first).toBe('Move');
      if (rows < 30) {
        await app.press('j');
        expect(lines(app.frame())[2]).not.toBe('Move');
      }
      fits(app.frame(), columns, rows);
    });
  });
}

describe('cluster columns', () => {
  it('at 140x40 the cards stand side by side, aligned field by field, the focused one marked ›', async () => {
    const { app } = await open(140, 40);
    await app.press('l');
    const rowsOf = lines(app.frame());
    const head = rowsOf.find((l) => l.includes('knowledge-05abb9e0 (oldest)'))!;
    expect(head).toMatch(/› \[ \] knowledge-05abb9e0 \(oldest\)\s+\[ \] knowledge-3f2a9c11\s+\[ \] knowledge-8d41e0b7/);
    // Every card's `runs` field starts on the same row, though the tags and keywords above take different rows.
    const runs = rowsOf.find((l) => l.includes('≠ runs: -'))!;
    expect(runs).toContain('≠ runs: run-1522ac47');
    expect(runs).toContain('≠ runs: run-01d92f85');
    const claim = rowsOf.find((l) => l.includes('≠ claim: -'))!;
    expect(claim).toContain('≠ claim: Adapter runs diverge');
    // A 2-column gutter: a wrapped row and a field that does not differ start where the text after `≠ ` does, under
    // the card's `[ ]`; an `only here` list stays indented under its field.
    const col = head.indexOf('[ ] knowledge-3f2a9c11');
    const titleRow = rowsOf.findIndex((l) => l.includes('≠ Warmup ratio matters more than'));
    expect(rowsOf[titleRow + 1].slice(col, col + 22)).toBe('peak LR for adapters  ');
    expect(rowsOf[titleRow + 2].slice(col, col + 16)).toBe('created 2026-05-');
    expect(rowsOf[titleRow + 3].slice(col - 2, col + 7)).toBe('≠ updated');
    expect(rowsOf.some((l) => l.includes('≠   only here: topic:peft'))).toBe(true);
    // Every pair of the cluster with its grade and reasons (what matched; ids without their common `knowledge-`).
    expect(app.frame()).toContain('same lesson · 2 of 3 pairs linked:');
    expect(app.frame()).toMatch(/· 05abb9e0 ~ 8d41e0b7 0\.48 not linked: shared tags/);
    expect(app.frame()).toMatch(/= 05abb9e0 ~ 3f2a9c11 1\.00 same lesson: same title/);
  });

  it('at 80x24 the cards stack, from the focused one on', async () => {
    const { app } = await open(80, 24);
    await app.press('l');
    expect(app.frame()).toContain('Cluster of 3 knowledge cards (stacked: 1 of 3)');
    expect(app.frame()).toContain('same lesson · 2 of 3 pairs linked:');
    // Every pair, wrapped in the column, above the stacked cards.
    expect(app.frame()).toMatch(/= 05abb9e0 ~ 3f2a9c11 1\.00 same lesson: same/);
    expect(app.frame()).toMatch(/= 3f2a9c11 ~ 8d41e0b7 1\.00 same lesson: same/);
    expect(app.frame()).toMatch(/· 05abb9e0 ~ 8d41e0b7 0\.48 not linked: shared/);
    expect(app.frame()).toContain('› [ ] knowledge-05abb9e0 (oldest)');
    await app.press('j');
    expect(app.frame()).toContain('(stacked: 2 of 3)');
    expect(app.frame()).toContain('› [ ] knowledge-3f2a9c11');
    expect(app.frame()).not.toContain('knowledge-05abb9e0 (oldest)');
    fits(app.frame(), 80, 24);
  });

  it('a store without duplicates points to the list of all cards', async () => {
    const { app } = await open(80, 24, 'demo-home');
    expect(app.frame()).toContain('no likely duplicates · v lists all 13 cards');
    await app.press('v');
    expect(app.frame()).toContain('All cards (13)');
  });

  it('a terminal too small says so, and the screen comes back on resize', async () => {
    const { app } = await open(30, 8);
    expect(app.frame().replace(/\s+/g, ' ').trim()).toBe('terminal too small (30x8; need 40x10) · q quits');
    fits(app.frame(), 30, 8);
    await app.resize(80, 24);
    expect(app.frame()).toContain('Clusters (4)');
    fits(app.frame(), 80, 24);
  });
});
