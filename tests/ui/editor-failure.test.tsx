// Issue 32 item 4: an $EDITOR that is missing or exits non-zero (vim's `:cq`) changed nothing, and both screens say
// which editor failed and how (never "no change" or "the claim is still a placeholder"), back on the screen with
// nothing staged and no dialog to loop through; the text it left in the copy is not taken as an edit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { lessonsEditRound } from '../../src/ui/lessons/run.js';
import { createLessonsStore } from '../../src/ui/lessons/store.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { editRound } from '../../src/ui/review/run.js';
import { editWithEditor, type EditFile } from '../../src/ui/shared/editor.js';
import { copyFixture, run, snapshot } from '../helpers/home.js';
import { start, type Started } from './harness.js';
import { renderApp, type Rendered } from './render.js';

const temps: string[] = [];
let app: Started | null = null;
let again: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  again?.unmount();
  app = again = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SIZES = [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** A script editor that rewrites the file (as an edit would) and then exits 1, as vim's `:cq` after typing. */
function cqEditor(): string {
  const file = path.join(tempDir('distill-editor-'), 'cq.sh');
  fs.writeFileSync(file, '#!/bin/sh\nprintf -- "---\\nid: knowledge-d0000001\\ntitle: Typed then quit\\n---\\nedited\\n" > "$1"\nexit 1\n', { mode: 0o755 });
  return file;
}

const editors = () => [
  { EDITOR: 'distill-no-such-editor-32', says: "editor 'distill-no-such-editor-32' not found (exit status 127); nothing changed" },
  { EDITOR: 'false', says: "editor 'false' exited with status 1; nothing changed" },
];

const withEditor = (EDITOR: string): EditFile => (file) => editWithEditor(file, { PATH: process.env.PATH, EDITOR });

describe('the review screen', () => {
  for (const size of SIZES) {
    test(`a missing editor and one exiting 1 are named; nothing staged, no dialog (${size.columns}x${size.rows})`, async () => {
      const cq = cqEditor();
      for (const { EDITOR, says } of [...editors(), { EDITOR: cq, says: `editor '${cq}' exited with status 1; nothing changed` }]) {
        app?.unmount();
        again?.unmount();
        app = await start(size);
        await app.press('l');
        await app.press('e');
        await app.exited;
        const exit = app.store.getState().exit;
        if (exit?.kind !== 'edit') throw new Error('no edit request');
        const dir = tempDir('distill-copies-');
        editRound(app.store, exit, dir, withEditor(EDITOR));
        again = await renderApp(<ReviewApp store={app.store} env={{}} />, size);
        // The status line holds the message (a long script path may be cut at 80 columns).
        expect(again.frame()).toContain(says.length < size.columns ? says : says.slice(0, 20));
        expect(app.store.getState().message).toBe(says);
        expect(again.frame()).not.toContain('no change');
        expect(again.frame()).not.toContain('Edit refused');
        expect(app.store.getState()).toMatchObject({ edits: {}, staged: {}, modal: null, exit: null, editing: null });
        // The copy is gone; the screen takes keys again.
        expect(fs.readdirSync(dir)).toEqual([]);
        await again.press('j');
      }
    });
  }

  test('a new lesson (a) whose editor fails is not saved and does not ask about a placeholder claim', async () => {
    app = await start();
    let saved = 0;
    app.facade.newDraft = (runId) => ({ runId, direction: 'idea-1', stem: 'x', name: 'idea-1__x.md', text: '---\nclaim: TODO\n---\n' });
    app.facade.saveDraft = () => {
      saved += 1;
      return '/nowhere';
    };
    app.facade.draftProblem = () => 'the claim is still empty or a placeholder';
    await app.press('a');
    await app.exited;
    const exit = app.store.getState().exit;
    if (exit?.kind !== 'edit') throw new Error('no edit request');
    editRound(app.store, exit, tempDir('distill-copies-'), withEditor('false'));
    again = await renderApp(<ReviewApp store={app.store} env={{}} />, { columns: 140, rows: 40 });
    expect(again.frame()).toContain("editor 'false' exited with status 1; nothing changed");
    expect(again.frame()).not.toContain('placeholder');
    expect(saved).toBe(0);
  });
});

describe('the lessons screen', () => {
  for (const size of SIZES) {
    test(`e with a failing editor says so; nothing staged, the card unchanged (${size.columns}x${size.rows})`, async () => {
      for (const { EDITOR, says } of editors()) {
        const home = copyFixture('dup-home');
        temps.push(path.dirname(home));
        const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: tempDir('distill-cache-') };
        const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
        await store.getState().load();
        const before = snapshot(home);
        const screen = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
        await screen.press('v');
        await screen.press('return');
        await screen.press('e');
        await screen.exited;
        screen.unmount();
        const exit = store.getState().exit;
        if (exit?.kind !== 'edit') throw new Error('no edit request');
        lessonsEditRound(store, exit, withEditor(EDITOR));
        again?.unmount();
        again = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
        expect(store.getState().status).toBe(`edit of ${exit.cardId}: ${says}`);
        expect(again.frame()).toContain(`edit of ${exit.cardId}: editor '`);
        expect(again.frame()).not.toContain('no change');
        expect(store.getState().staged).toEqual([]);
        expect(store.getState().exit).toBeNull();
        expect(snapshot(home)).toEqual(before);
      }
    });
  }
});

test('distill draft --edit says the same of a failing editor, exit 2, nothing written', async () => {
  const home = copyFixture('ds-sample');
  temps.push(path.dirname(home));
  const before = snapshot(home);
  const r = await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--edit'], { env: { HOME: os.tmpdir(), PATH: process.env.PATH, EDITOR: 'false' } });
  expect(r.code).toBe(2);
  expect(r.err).toBe("distill: editor 'false' exited with status 1; nothing written\n");
  expect(snapshot(home)).toEqual(before);
});
