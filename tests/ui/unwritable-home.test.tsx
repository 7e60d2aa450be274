// A home distill cannot write into (a read-only mount, a full disk; here: a file where distill's folder would be, which
// fails the same way for root too). Found driving the screens on a read-only bind mount: staging one decision in the
// review ended the session with a stack trace (the staging file could not be saved), and a refused edit ended the
// review or the lessons screen (exit 74) with the typed text lost (its kept copy could not be written in the home).
// Now the review goes on with the decisions staged for the session only, said on the status line, and a refused
// edit's text is kept outside the home, the question showing where.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { keptEditsFallbackDir } from '../../src/core/files/kept-edits.js';
import { resolveQuest } from '../../src/core/quest/home.js';
import { createLessonsFacade, LESSONS_EDITS } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { lessonsEditRound } from '../../src/ui/lessons/run.js';
import { createLessonsStore } from '../../src/ui/lessons/store.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade, stagingFile } from '../../src/ui/review/core-facade.js';
import { editRound } from '../../src/ui/review/run.js';
import { wireStaging } from '../../src/ui/review/session.js';
import { createReviewStore, focused } from '../../src/ui/review/store.js';
import { copyFixture, snapshot, tempDirs } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

const dirs = tempDirs();
let screen: Rendered | null = null;
afterEach(() => {
  screen?.unmount();
  screen = null;
});

const NOW = '2026-06-01T10:00:00+00:00';
const joined = (frame: string) => frame.split('\n').map((l) => l.replace(/[│╭╮╰╯─]/g, '').trim()).join('');

function home(fixture: string): string {
  const h = copyFixture(fixture);
  dirs.push(path.dirname(h));
  return h;
}

/** A regular file where a folder distill writes into would be: every write under it fails (ENOTDIR). */
function block(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.writeFileSync(dir, 'in the way\n');
}

describe('the review on a home it cannot write', () => {
  test('a staged decision stays staged for the session, the status line saying it is not saved', async () => {
    const h = home('demo-home');
    const quest = resolveQuest(h, '001');
    // The save fails as on a read-only mount (a blocked folder would fail the staging file's read at start instead).
    const refuse = () => {
      throw Object.assign(new Error(`EROFS: read-only file system, mkdir '${path.dirname(stagingFile(quest))}'`), { code: 'EROFS' });
    };
    const facade = { ...createCoreFacade({ quest, env: { DISTILL_NOW: NOW } }), saveStaging: refuse, clearStaging: refuse };
    const before = snapshot(h);
    const store = createReviewStore({ facade, askReasons: false });
    const unwire = wireStaging(store, facade);
    try {
      screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 100, rows: 30 });
      await screen.press('l');
      await screen.press('x');
      await screen.press('return');
      expect(Object.keys(store.getState().staged)).toHaveLength(1);
      expect(screen.frame()).toContain('staged: 1');
      expect(joined(screen.frame())).toContain('not saved for the next session');
      // The screen still takes keys: u undoes the decision.
      await screen.press('u');
      expect(store.getState().staged).toEqual({});
      expect(snapshot(h)).toEqual(before);
    } finally {
      unwire();
    }
  });

  test('a refused edit is kept outside the home, the question shows where, and e reopens it', async () => {
    const h = home('demo-home');
    const quest = resolveQuest(h, '001');
    block(path.join(h, '.distill', 'edits'));
    const fallback = keptEditsFallbackDir(h, '001');
    dirs.push(path.dirname(fallback));
    const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-copies-'));
    dirs.push(copies);
    const before = snapshot(h);
    const store = createReviewStore({ facade: createCoreFacade({ quest, env: { DISTILL_NOW: NOW } }) });
    const size = { columns: 100, rows: 30 };
    screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
    await screen.press('l');
    const draft = focused(store.getState()).draft!;
    await screen.press('e');
    await screen.exited;
    const exit = store.getState().exit;
    if (exit?.kind !== 'edit') throw new Error('no edit request');
    editRound(store, exit, copies, (f) => fs.writeFileSync(f, draft.text.replace(/^title: .*$/m, 'title: [my unclosed title')));
    screen.unmount();
    screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
    const kept = path.join(fallback, `${encodeURIComponent(draft.id)}.md`);
    expect(store.getState().editing?.copy).toBe(kept);
    expect(fs.readFileSync(kept, 'utf8')).toContain('title: [my unclosed title');
    expect(screen.frame()).toContain('Edit refused');
    expect(joined(screen.frame())).toContain(kept);
    await screen.press('escape');
    expect(snapshot(h)).toEqual(before);
    // e on the draft opens the kept text again.
    await screen.press('e');
    expect(store.getState().exit).toMatchObject({ kind: 'edit', copy: kept });
  });
});

test('the lessons screen on a home it cannot write: a refused edit is kept outside the home', async () => {
  const h = home('dup-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  dirs.push(cache);
  block(path.join(h, '.distill', 'edits'));
  const fallback = keptEditsFallbackDir(h, LESSONS_EDITS);
  dirs.push(path.dirname(fallback));
  const env = { HOME: os.tmpdir(), DISTILL_NOW: NOW, DISTILL_CACHE_DIR: cache };
  const store = createLessonsStore({ facade: createLessonsFacade({ home: h, env, reviewer: 'tui' }) });
  await store.getState().load();
  const size = { columns: 100, rows: 30 };
  screen = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
  await screen.press('v');
  await screen.press('return');
  await screen.press('e');
  await screen.exited;
  const exit = store.getState().exit;
  if (exit?.kind !== 'edit') throw new Error('no edit request');
  lessonsEditRound(store, exit, (f) => fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace(/^id: .*$/m, 'id: knowledge-00000000')));
  screen.unmount();
  screen = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
  const copy = store.getState().editing?.copy ?? '';
  expect(copy.startsWith(fallback + path.sep)).toBe(true);
  expect(fs.readFileSync(copy, 'utf8')).toContain('id: knowledge-00000000');
  expect(screen.frame()).toContain('Edit refused');
  expect(joined(screen.frame())).toContain(copy);
});
