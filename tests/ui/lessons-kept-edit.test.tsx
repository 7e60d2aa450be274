// The lessons screen's refused edit keeps the typed text (as the review does, tests/ui/kept-edit.test.tsx): the text is
// written at once to `<home>/.distill/edits/%3Alessons/<kind>%2F<card file>` with the error noted on top; the question
// shows that path; Esc keeps it; the next session says so and `e` on the card reopens it; saved (a passing edit) or
// dropped (d), the copy goes. The card file is never written by any of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { createLessonsFacade } from '../../src/ui/lessons/facade.js';
import { LessonsApp } from '../../src/ui/lessons/LessonsApp.js';
import { lessonsEditRound } from '../../src/ui/lessons/run.js';
import { createLessonsStore, type LessonsStore } from '../../src/ui/lessons/store.js';
import type { EditFile } from '../../src/ui/shared/editor.js';
import { copyFixture, snapshot, tempDirs } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

const dirs = tempDirs();
let screen: Rendered | null = null;
afterEach(() => {
  screen?.unmount();
  screen = null;
});

const SIZES = [{ columns: 60, rows: 20 }, { columns: 80, rows: 24 }, { columns: 140, rows: 40 }];

function setup() {
  const home = copyFixture('dup-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  dirs.push(path.dirname(home), cache);
  const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: cache };
  return { home, env };
}

/** A session: the store loaded, the screen drawn. */
async function session(home: string, env: NodeJS.ProcessEnv, size: { columns: number; rows: number }): Promise<LessonsStore> {
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
  await store.getState().load();
  screen?.unmount();
  screen = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
  return store;
}

/** e on the card shown whole (the first of all cards), one editor round, the screen drawn again. */
async function edit(store: LessonsStore, editor: (file: string) => void, size: { columns: number; rows: number }, open = true) {
  if (open) {
    await screen!.press('v');
    await screen!.press('return');
  }
  await screen!.press('e');
  await screen!.exited;
  const exit = store.getState().exit;
  if (exit?.kind !== 'edit') throw new Error('no edit request');
  lessonsEditRound(store, exit, (file) => editor(file));
  screen!.unmount();
  screen = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
  return exit;
}

const joined = (frame: string) => frame.split('\n').map((l) => l.replace(/[│╭╮╰╯─]/g, '').trim()).join('');
const drop = (text: string) => text.replace(/^---\n/, ''); // no frontmatter start: refused

describe('lessons screen: a refused edit is kept, never dropped by Esc', () => {
  for (const size of SIZES) {
    test(`the path shown, Esc keeps it across sessions, e reopens it, a passing edit stages and removes it (${size.columns}x${size.rows})`, async () => {
      const { home, env } = setup();
      let store = await session(home, env, size);
      let typed = '';
      const exit = await edit(store, (f) => {
        typed = drop(fs.readFileSync(f, 'utf8')).replace(/\n$/, '\nMy careful note on the sweep.\n');
        fs.writeFileSync(f, typed);
      }, size);
      const card = exit.path;
      const cardBytes = fs.readFileSync(card);
      const kept = path.join(home, '.distill', 'edits', '%3Alessons', `knowledge%2F${path.basename(card)}`);
      expect(store.getState().editing?.copy).toBe(kept);
      const frame = screen!.frame();
      expect(frame).toContain('Edit refused');
      expect(frame).toContain('Your text is kept in:');
      expect(joined(frame)).toContain(kept);
      // At 60x20 the box is cut at its bottom (no line squeezed to nothing): the key bar names the keys there.
      if (size.rows > 20) expect(frame).toContain('k/Esc keep the copy and go back');
      else expect(frame).toContain('e reopen  k keep  d drop');
      expect(fs.readFileSync(kept, 'utf8')).toContain('My careful note on the sweep.');
      expect(fs.readFileSync(kept, 'utf8')).toMatch(/^# distill: this edit was refused: /);
      // Esc keeps it: the copy on disk, the card as it was, nothing staged.
      await screen!.press('escape');
      expect(store.getState()).toMatchObject({ modal: null, editing: null, staged: [] });
      expect(screen!.frame()).toContain('your text is kept until saved or dropped');
      expect(fs.existsSync(kept)).toBe(true);
      expect(fs.readFileSync(card)).toEqual(cardBytes);

      // The next session says so, and e on the card opens the kept text (the error on top), not the card.
      store = await session(home, env, size);
      expect(store.getState().status).toContain(`1 refused edit kept in ${path.join(home, '.distill', 'edits', '%3Alessons')} (e on the card reopens it)`);
      let opened = '';
      const again = await edit(store, (f) => {
        opened = fs.readFileSync(f, 'utf8');
        fs.writeFileSync(f, `---\n${opened.replace(/^# distill: .*\n/gm, '')}`);
      }, size);
      expect(again.copy).toBe(kept);
      expect(opened).toContain('# distill: this edit was refused: ');
      expect(opened).toContain('My careful note on the sweep.');
      // Saved: staged as the card's edit (without the note lines), the kept copy gone, the card file as it was.
      const staged = store.getState().staged;
      expect(staged.map((a) => a.kind)).toEqual(['edit']);
      expect(staged[0].text).toContain('My careful note on the sweep.');
      expect(staged[0].text).not.toContain('# distill:');
      expect(fs.existsSync(kept)).toBe(false);
      expect(fs.readFileSync(card)).toEqual(cardBytes);
      expect(screen!.frame()).toContain(`staged: edit ${again.cardId}`);
    });
  }

  test('a kept copy whose card is gone (archived, merged) is named by its file at the next start, not as e on a card', async () => {
    const size = SIZES[1];
    const { home, env } = setup();
    let store = await session(home, env, size);
    const exit = await edit(store, (f) => fs.writeFileSync(f, 'no frontmatter at all\n'), size);
    const kept = store.getState().editing!.copy;
    await screen!.press('escape');
    // The card leaves memory/ (as an archive or a merge moves it): nothing is left to press e on.
    fs.renameSync(exit.path, path.join(path.dirname(home), path.basename(exit.path)));
    store = await session(home, env, size);
    const status = store.getState().status;
    expect(status).toContain(`1 refused edit whose card is gone (archived or merged since): ${kept} (the text stays there; delete the file to drop it)`);
    expect(status).not.toContain('e on the card reopens it');
    expect(fs.existsSync(kept)).toBe(true);
  });

  test('d drops the edit and its copy; nothing else changes', async () => {
    const size = SIZES[0];
    const { home, env } = setup();
    const store = await session(home, env, size);
    const before = snapshot(home);
    await edit(store, (f) => fs.writeFileSync(f, 'no frontmatter at all\n'), size);
    const kept = store.getState().editing!.copy;
    expect(fs.existsSync(kept)).toBe(true);
    await screen!.press('d');
    expect(screen!.frame()).toContain('edit dropped;');
    expect(fs.existsSync(kept)).toBe(false);
    expect(store.getState().staged).toEqual([]);
    const after = snapshot(home);
    expect(Object.keys(after).filter((f) => !f.startsWith('.distill/') && after[f] !== before[f])).toEqual([]);
  });

  test('e in the question reopens the kept text; an editor that fails there leaves it kept and asks again', async () => {
    const size = SIZES[1];
    const { home, env } = setup();
    const store = await session(home, env, size);
    await edit(store, (f) => fs.writeFileSync(f, 'no frontmatter at all\n'), size);
    const kept = store.getState().editing!.copy;
    await screen!.press('e');
    await screen!.exited;
    const exit = store.getState().exit;
    if (exit?.kind !== 'edit') throw new Error('no edit request');
    expect(exit.copy).toBe(kept);
    const failing: EditFile = () => ({ editor: 'false', status: 1, signal: null });
    lessonsEditRound(store, exit, failing);
    screen!.unmount();
    screen = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), size);
    expect(store.getState().modal).toBe('editError');
    expect(screen!.frame()).toContain('Edit refused');
    expect(fs.readFileSync(kept, 'utf8')).toContain('no frontmatter at all');
  });
});
