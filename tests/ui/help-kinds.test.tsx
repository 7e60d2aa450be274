// The `?` help of each kind of review says what that kind reviews (a quest's drafts of runs, the quirks files' entries,
// the mined patterns of factors), and a key's description that wraps goes on under the description (hanging indent),
// on the review, the lessons screen and the home screen, at 60 and 80 columns.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { homeStatus, minedQuest, quirksQuest } from '../../src/core/index.js';
import { HomeApp } from '../../src/ui/home/HomeApp.js';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { createLessonsStore } from '../../src/ui/lessons/store.js';
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

function home(name: string): string {
  const h = copyFixture(name);
  dirs.push(path.dirname(h));
  return h;
}

/** The help of a review, opened with `?` on a screen tall enough to hold all of it. */
async function reviewHelp(quest: ReturnType<typeof minedQuest>, columns: number): Promise<string[]> {
  const store = createReviewStore({ facade: createCoreFacade({ quest, env: { ...ENV, DISTILL_CACHE_DIR: path.join(path.dirname(quest.home), 'cache') } }) });
  app = await renderApp(<ReviewApp store={store} env={{}} />, { columns, rows: 120 });
  await app.press('?');
  return app.frame().split('\n');
}

const RUN_WORDS = [/the run still counts/, /the run stays uncovered/, /for the focused run/, /candidate run/, /runs: all → uncovered/, /re-read the quest and drafts/, /focused draft/];

describe('the help of each kind of review', () => {
  test('mined patterns: patterns and factor rows, not runs and drafts (80 columns)', async () => {
    const lines = await reviewHelp(minedQuest(home('mine-home')), 80);
    const text = lines.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Decisions (on the focused pattern)');
    expect(text).toMatch(/Space mark the pattern for a batch decision/);
    expect(text).toMatch(/x reject, with a one-line reason: not proposed again until two more runs/);
    expect(text).toMatch(/Enter into the next pane/);
    expect(text).toMatch(/R mine the runs again/);
    for (const w of RUN_WORDS) expect(text).not.toMatch(w);
    expect(lines.join('\n')).not.toMatch(/^ {2}t {18}/m); // no quest-level group here
    expect(lines.join('\n')).not.toMatch(/^ {2}a {18}/m); // no lesson to write: the patterns are the lessons
    expect(lines.join('\n')).not.toMatch(/^ {2}o {18}/m); // every factor row holds patterns still proposed
    expect(lines.join('\n')).toMatch(/^ {2}c {18}new/m);
  });

  test('quirks files: entries and file rows (80 columns)', async () => {
    const lines = await reviewHelp(quirksQuest(home('ds-sample')), 80);
    const text = lines.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Decisions (on the focused entry)');
    expect(text).toMatch(/c new: the quirks entry becomes a new global card/);
    expect(text).toMatch(/x reject, with a one-line reason; the entry counts as reviewed/);
    expect(text).toMatch(/- defer: nothing written, the entry stays to review/);
    expect(text).toMatch(/o file rows: all → entries left first → reviewed files hidden/);
    for (const w of RUN_WORDS) expect(text).not.toMatch(w);
  });

  test("a quest's review keeps the words of runs and drafts", async () => {
    const h = home('ds-sample');
    const quest = (await import('../../src/core/index.js')).resolveQuest(h, fs.readdirSync(path.join(h, 'quests'))[0]);
    const text = (await reviewHelp(quest, 80)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Decisions (on the focused draft)');
    expect(text).toContain('the run still counts as reviewed');
  });
});

/** Lines of a help that continue a description: they start with spaces and are not a key line. */
function continuations(lines: string[]): string[] {
  return lines.filter((l, i) => i > 0 && /^\s+\S/.test(l) && !/^ {2}\S/.test(l) && lines[i - 1].trim() !== '').map((l) => l.replace(/│.*$/, ''));
}

describe('wrapped help lines hang under the description', () => {
  for (const columns of [60, 80]) {
    test(`the review's help at ${columns} columns`, async () => {
      const lines = await reviewHelp(minedQuest(home('mine-home')), columns);
      // The reject line is longer than the width: its continuation starts at column 21, never at column 0.
      const at = lines.findIndex((l) => /^ {2}x {18}reject/.test(l));
      expect(at).toBeGreaterThan(0);
      expect(lines[at + 1]).toMatch(/^ {21}\S/);
      expect(lines.filter((l) => /^(two more runs|runs or a new quest|rejects its undecided)/.test(l))).toEqual([]);
      for (const l of continuations(lines)) expect(l).toMatch(/^ {21}\S/);
    });

    test(`the lessons screen's help at ${columns} columns`, async () => {
      const h = home('dup-home');
      const cache = path.join(path.dirname(h), 'cache');
      const store = createLessonsStore({ facade: createLessonsFacade({ home: h, env: { ...ENV, DISTILL_CACHE_DIR: cache }, reviewer: 'tui' }) });
      await store.getState().load();
      app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns, rows: 120 });
      await app.press('?');
      const lines = app.frame().split('\n');
      const wrapped = lines.findIndex((l, i) => /^ {2}\S/.test(l) && /^ {21}\S/.test(lines[i + 1] ?? ''));
      expect(wrapped).toBeGreaterThan(0);
      expect(lines.filter((l, i) => i > 0 && /^\S/.test(l) && /^ {2}\S/.test(lines[i - 1]) && l.length > 0 && !/^[A-Z]/.test(l))).toEqual([]);
    });

    test(`the home screen's help at ${columns} columns`, async () => {
      const h = home('mine-home');
      app = await renderApp(<HomeApp status={homeStatus(h)} env={{}} onExit={() => undefined} />, { columns, rows: 40 });
      await app.press('?');
      const lines = app.frame().split('\n');
      // Enter's description is the longest: wrapped, it goes on at column 13 and nothing of it is cut.
      const at = lines.findIndex((l) => /^ {2}Enter {6}open the quest's review/.test(l));
      expect(at).toBeGreaterThan(0);
      expect(lines[at + 1]).toMatch(/^ {13}\S/);
      expect(lines.join(' ').replace(/\s+/g, ' ')).toContain('q there comes back here');
    });
  }
});
