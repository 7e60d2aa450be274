// Issue 35, "a pager in every long view", in the lessons screen over a copy of fixtures/dup-home: the merge popup and
// the write plan wrap like the review's (every line whole at 80 and 140 columns), G / End go to the last line, `/`
// searches with n / N, Esc while typing cancels the search; the help names the pager keys as the review's does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { lessonsHelpLines } from '../../src/ui/lessons/keys.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore, type LessonsStore } from '../../src/ui/lessons/store.js';
import { helpLines } from '../../src/ui/shared/keys/table.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(columns: number, rows: number): Promise<{ store: LessonsStore; app: Rendered }> {
  const home = copyFixture('dup-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  temps.push(path.dirname(home), cache);
  const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: cache };
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
  await store.getState().load();
  app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns, rows });
  return { store, app };
}

/** The text without its white space: wrapping moves line breaks (and splits words longer than a line), nothing else. */
const squash = (text: string) => text.replace(/\s+/g, '');

/**
 * Pages through the open view to its end and checks every laid-out line is on screen whole as it passes (nothing cut
 * at the edge), and that the laid-out lines hold the whole text (nothing lost in the wrapping).
 */
async function readsWhole(a: Rendered, store: LessonsStore, text: readonly string[], columns: number) {
  const laid = store.getState().scrollLimits.lines;
  expect(squash(laid.join(' '))).toBe(squash(text.join(' ')));
  for (let i = 0; i < 60; i++) {
    const { scroll } = store.getState();
    const { page } = store.getState().scrollLimits;
    const frame = a.frame();
    for (const line of laid.slice(scroll, scroll + page)) expect(frame).toContain(line.trimEnd());
    for (const row of frame.split('\n')) expect(Array.from(row).length).toBeLessThanOrEqual(columns);
    if (scroll + page >= laid.length) return;
    await a.press('pagedown');
  }
  throw new Error('the view never reached its end');
}

describe.each([
  [80, 24],
  [140, 40],
] as const)('at %i x %i', (columns, rows) => {
  it('the merge popup and the write plan wrap, every line whole; G and End show the last line', async () => {
    const { app, store } = await open(columns, rows);
    await app.press('m');
    const confirm = store.getState().confirm!;
    // The question is wrapped, never cut.
    expect(squash(app.frame().replace(/[│╭╮╰╯─]/g, ' '))).toContain(squash(confirm.message));
    await readsWhole(app, store, confirm.lines ?? [], columns);
    await app.press('g');
    expect(store.getState().scroll).toBe(0);
    await app.press('G');
    const last = store.getState().scrollLimits.lines.at(-1)!;
    expect(app.frame()).toContain(last.trimEnd());
    await app.press('y');
    await app.press('W');
    const plan = [`Write 1 action(s) touching 3 card(s)?`, '', ...store.getState().writeLines];
    await readsWhole(app, store, plan, columns);
    await app.press('home');
    expect(store.getState().scroll).toBe(0);
    await app.press('end');
    expect(app.frame()).toContain(store.getState().scrollLimits.lines.at(-1)!.trimEnd());
  });

  it('/ searches the plan: Enter jumps, n and N move between matches; Esc while typing cancels the search only', async () => {
    const { app, store } = await open(columns, rows);
    await app.press('m');
    await app.press('y');
    await app.press('W');
    await app.press('/');
    await app.type('superseded_by');
    await app.press('return');
    const laid = store.getState().scrollLimits.lines;
    const hits = laid.flatMap((l, i) => (l.includes('superseded_by') ? [i] : []));
    expect(hits.length).toBeGreaterThan(1);
    expect(app.frame()).toContain(`/superseded_by: match 1 of ${hits.length}`);
    expect(store.getState().pagerSearch?.at).toBe(hits[0]);
    await app.press('n');
    expect(store.getState().pagerSearch?.at).toBe(hits[1]);
    expect(app.frame()).toContain(laid[hits[1]].trimEnd());
    await app.press('N');
    expect(store.getState().pagerSearch?.at).toBe(hits[0]);
    await app.press('/');
    await app.type('zz');
    await app.press('escape');
    expect(store.getState().modal).toBe('write');
    await app.press('escape');
    expect(store.getState().modal).toBeNull();
    // Reopened, the plan has no search: n is "no" again.
    await app.press('W');
    await app.press('n');
    expect(store.getState().modal).toBeNull();
  });
});

it('the whole card (Enter) is a pager too: End shows its last line, / finds a word in it, q goes back', async () => {
  const { app, store } = await open(80, 24);
  await app.press('v');
  await app.press('/');
  await app.type('label smoothing');
  await app.press('return');
  await app.press('return');
  expect(store.getState().modal).toBe('card');
  const text = store.getState().openCard!.text.replace(/\n$/, '').split('\n');
  await app.press('end');
  expect(app.frame()).toContain(store.getState().scrollLimits.lines.at(-1)!.trimEnd());
  await app.press('home');
  // A word of the card's last line, searched from its top.
  const word = text.at(-1)!.split(/\s+/).filter((w) => w.length > 4).at(-1)!.toLowerCase();
  await app.press('/');
  await app.type(word);
  await app.press('return');
  expect(app.frame()).toMatch(/: match \d+ of \d+/);
  expect(store.getState().pagerSearch?.at).not.toBeNull();
  await app.press('q');
  expect(store.getState().modal).toBeNull();
});

it('both helps name the pager keys in the same section, in the same words', () => {
  const section = (lines: string[]) => {
    const at = lines.findIndex((l) => l.startsWith('Pager'));
    return lines.slice(at, at + 13);
  };
  expect(section(lessonsHelpLines())).toEqual(section(helpLines()));
  expect(section(lessonsHelpLines())[0]).toMatch(/^Pager/);
  expect(section(lessonsHelpLines()).join('\n')).toMatch(/^ {2}G End +to the last line$/m);
});
