// Issue 32 item 5: a refused edit is never dropped by Esc. The question (reopen / keep / drop) shows where the copy is
// kept: `<home>/.distill/edits/<quest>/`, where it stays after the session ends until the edit is saved (a later edit
// passes) or dropped (d); the next session says it is there and `e` reopens it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { editRound } from '../../src/ui/review/run.js';
import { createReviewStore, focused, type ReviewStore } from '../../src/ui/review/store.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

const temps: string[] = [];
let screen: Rendered | null = null;
afterEach(() => {
  screen?.unmount();
  screen = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SIZES = [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }];
const NOW = '2026-06-01T10:00:00+00:00';

function session(home: string): ReviewStore {
  return createReviewStore({ facade: createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW } }) });
}

/** The frame's lines joined without their padding, so a path wrapped over two lines reads whole. */
const joined = (frame: string) => frame.split('\n').map((l) => l.trim()).join('');

/** Presses e, runs one editor round with `editor` (copies in `dir`), and draws the screen again. */
async function editWith(store: ReviewStore, dir: string, editor: (file: string) => void, size: { columns: number; rows: number }) {
  await screen!.press('e');
  await screen!.exited;
  const exit = store.getState().exit;
  if (exit?.kind !== 'edit') throw new Error('no edit request');
  editRound(store, exit, dir, editor);
  screen!.unmount();
  screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
  return exit;
}

describe('Esc on a refused edit keeps the copy in the home', () => {
  for (const size of SIZES) {
    test(`the path is shown, the copy outlives the session, the next session reopens it with e (${size.columns}x${size.rows})`, async () => {
      const home = copyFixture('demo-home');
      temps.push(path.dirname(home));
      const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-copies-'));
      temps.push(copies);
      let store = session(home);
      screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
      await screen.press('l');
      const draft = focused(store.getState()).draft!;
      const original = fs.readFileSync(draft.path, 'utf8');
      const broken = draft.text.replace(/^title: .*$/m, 'title: [Rank 8 and my note');
      await editWith(store, copies, (f) => fs.writeFileSync(f, broken), size);
      const kept = path.join(home, '.distill', 'edits', '001', `${encodeURIComponent(draft.id)}.md`);
      expect(store.getState().editing?.copy).toBe(kept);
      expect(screen.frame()).toContain('Edit refused');
      expect(screen.frame()).toContain('Your text is kept in:');
      expect(joined(screen.frame())).toContain(kept);
      expect(screen.frame()).toContain('k/Esc keep the copy and go back');
      expect(fs.readFileSync(kept, 'utf8')).toContain('title: [Rank 8 and my note');
      // Esc keeps it: back on the review, the copy on disk, the draft file as it was, the session's temp copy gone.
      await screen.press('escape');
      expect(store.getState()).toMatchObject({ modal: null, editing: null });
      expect(screen.frame()).toContain('your text is kept until saved or dropped');
      expect(fs.existsSync(kept)).toBe(true);
      expect(fs.readFileSync(draft.path, 'utf8')).toBe(original);
      expect(fs.readdirSync(copies)).toEqual([]);
      screen.unmount();

      // The next session: said at start, and e reopens the kept text (the error noted on top).
      store = session(home);
      screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
      expect(store.getState().message).toContain(`1 refused edit kept in ${path.join(home, '.distill', 'edits', '001')}`);
      await screen.press('l');
      let opened = '';
      const exit = await editWith(store, copies, (f) => {
        opened = fs.readFileSync(f, 'utf8');
        fs.writeFileSync(f, opened.replace('[Rank 8 and my note', 'Rank 8 and my note'));
      }, size);
      expect(exit.copy).toBe(kept);
      expect(opened).toContain('# distill: this edit was refused: the frontmatter is not valid YAML');
      expect(opened).toContain('title: [Rank 8 and my note');
      // Saved: staged as the draft's edit, the kept copy gone, the draft file as it was.
      expect(store.getState().edits[draft.id]).toContain('title: Rank 8 and my note');
      expect(store.getState().edits[draft.id]).not.toContain('# distill:');
      expect(fs.existsSync(kept)).toBe(false);
      expect(fs.readFileSync(draft.path, 'utf8')).toBe(original);
    });
  }

  test('d drops the edit and its kept copy', async () => {
    const home = copyFixture('demo-home');
    temps.push(path.dirname(home));
    const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-copies-'));
    temps.push(copies);
    const store = session(home);
    const size = { columns: 80, rows: 24 };
    screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
    await screen.press('l');
    const draft = focused(store.getState()).draft!;
    await editWith(store, copies, (f) => fs.writeFileSync(f, 'no frontmatter at all\n'), size);
    const kept = store.getState().editing!.copy;
    expect(fs.existsSync(kept)).toBe(true);
    await screen.press('d');
    expect(screen.frame()).toContain('edit dropped; the draft stays as it was');
    expect(fs.existsSync(kept)).toBe(false);
    expect(store.getState().edits[draft.id]).toBeUndefined();
  });

  test('a kept copy reopened in an editor that fails stays kept; the status line names the editor', async () => {
    const home = copyFixture('demo-home');
    temps.push(path.dirname(home));
    const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-copies-'));
    temps.push(copies);
    const store = session(home);
    const size = { columns: 140, rows: 40 };
    screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
    await screen.press('l');
    await editWith(store, copies, (f) => fs.writeFileSync(f, 'no frontmatter at all\n'), size);
    const kept = store.getState().editing!.copy;
    await screen.press('k');
    expect(store.getState().editing).toBeNull();
    await editWith(store, copies, () => ({ editor: 'vim', status: 1 }), size);
    expect(screen.frame()).toContain("editor 'vim' exited with status 1; nothing changed");
    expect(fs.readFileSync(kept, 'utf8')).toContain('no frontmatter at all');
    expect(store.getState().edits).toEqual({});
  });
});
