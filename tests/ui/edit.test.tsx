// `e` in the review: the editor works on a copy, the text is checked when it closes (a refused edit can be reopened
// with the error noted on top), a good edit is staged (u undoes it) and rides on the draft's decision as
// overrides.text; the draft file itself is never written by the review.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ReviewApp } from '../../src/ui/review/app.js';
import { editRound } from '../../src/ui/review/run.js';
import { sampleData } from './fake-facade.js';
import { start, type Started } from './harness.js';
import { renderApp, type Rendered } from './render.js';

let app: Started | null = null;
let again: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  again?.unmount();
  app = again = null;
});

const ORIGINAL = '---\nid: knowledge-d0000001\ntitle: Warmup matters for adapters\nclaim: Warmup matters.\n---\nBody.\n';

/** The sample quest with draft d0000001 as a real file on disk. */
function dataOnDisk() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-edit-test-'));
  const file = path.join(dir, 'knowledge-d0000001.md');
  fs.writeFileSync(file, ORIGINAL);
  const data = sampleData();
  data.drafts[0] = { ...data.drafts[0], path: file, text: ORIGINAL, claim: 'Warmup matters.' };
  return { data, file, dir: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-copies-')) };
}

/** Presses e, runs one editor round with `editor`, and shows the app again on the same store. */
async function editWith(a: Started, dir: string, editor: (file: string) => void, size = { columns: 140, rows: 30 }) {
  await a.press('e');
  await a.exited;
  const exit = a.store.getState().exit;
  if (exit?.kind !== 'edit') throw new Error('no edit request');
  editRound(a.store, exit, dir, editor);
  again?.unmount();
  again = await renderApp(<ReviewApp store={a.store} env={{}} />, size);
  return again;
}

describe('e edits a copy', () => {
  test('a good edit is staged, shown, carried by the decision as overrides.text, undone by u; the file is untouched', async () => {
    const { data, file, dir } = dataOnDisk();
    app = await start({ data });
    await app.press('l');
    let opened = '';
    const edited = ORIGINAL.replace('Warmup matters.', 'Warmup of 6% of the steps matters.').replace('Body.', 'Body, edited.');
    const screen = await editWith(app, dir, (copy) => {
      opened = copy;
      expect(fs.readFileSync(copy, 'utf8')).toBe(ORIGINAL);
      fs.writeFileSync(copy, edited);
    });
    expect(opened).not.toBe(file);
    expect(fs.existsSync(opened)).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);
    expect(screen.frame()).toContain('Warmup matters for adapters (edited)');
    expect(screen.frame()).toContain('Draft knowledge-d0000001 (edited: staged, file unchanged)');
    expect(screen.frame()).toContain('staged: none, 1 edit(s)');
    expect(screen.frame()).toContain('Body, edited.');
    expect(app.store.getState().edits).toEqual({ 'knowledge-d0000001': edited });
    // Saved with the staging, so it survives a crash.
    expect(app.facade.staging?.edits).toEqual({ 'knowledge-d0000001': edited });
    await screen.press('c');
    expect(app.store.getState().staged['knowledge-d0000001'].overrides).toEqual({ text: edited });
    await screen.press('u');
    expect(app.store.getState().staged).toEqual({});
    expect(app.store.getState().edits).toEqual({ 'knowledge-d0000001': edited });
    await screen.press('u');
    expect(app.store.getState().edits).toEqual({});
    await screen.press('k');
    expect(screen.frame()).not.toContain('(edited)');
    expect(screen.frame()).toContain('Body.');
    expect(app.facade.staging).toBeNull();
    await screen.press('ctrl+r');
    await screen.press('ctrl+r');
    await screen.press('W');
    await screen.press('y');
    await app.store.getState().writing;
    expect(app.facade.written[0][0]).toMatchObject({ draftId: 'knowledge-d0000001', decision: 'new', overrides: { text: edited } });
    expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);
  });

  test('an edit made after the decision updates the staged decision; a second edit starts from the first', async () => {
    const { data, dir } = dataOnDisk();
    app = await start({ data });
    await app.press('l');
    await app.press('c');
    await app.press('k');
    const first = ORIGINAL.replace('Body.', 'First edit.');
    let screen = await editWith(app, dir, (copy) => fs.writeFileSync(copy, first));
    expect(app.store.getState().staged['knowledge-d0000001'].overrides).toEqual({ text: first });
    const second = first.replace('First edit.', 'First edit. Second edit.');
    app.unmount();
    app = Object.assign(screen, { store: app.store, facade: app.facade, lines: () => screen.frame().split('\n') }) as Started;
    again = null;
    screen = await editWith(app, dir, (copy) => {
      expect(fs.readFileSync(copy, 'utf8')).toBe(first);
      fs.writeFileSync(copy, second);
    });
    expect(app.store.getState().staged['knowledge-d0000001'].overrides).toEqual({ text: second });
    await screen.press('u');
    expect(app.store.getState().staged['knowledge-d0000001'].overrides).toEqual({ text: first });
  });

  test('invalid YAML is refused with the error; e reopens the copy with the error on top; the fix is staged', async () => {
    const { data, file, dir } = dataOnDisk();
    for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
      app?.unmount();
      app = await start({ data, ...size });
      await app.press('l');
      const broken = ORIGINAL.replace('title: Warmup matters for adapters', 'title: [Warmup matters');
      const screen = await editWith(app, dir, (copy) => fs.writeFileSync(copy, broken), size);
      expect(screen.frame()).toContain('Edit refused');
      expect(screen.frame()).toContain('frontmatter is not valid YAML');
      expect(screen.frame()).toContain('e/Enter reopen the editor');
      expect(app.store.getState().edits).toEqual({});
      expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);
      await screen.press('e');
      await screen.exited;
      const exit = app.store.getState().exit;
      if (exit?.kind !== 'edit') throw new Error('no reopen');
      let seen = '';
      editRound(app.store, exit, dir, (copy) => {
        seen = fs.readFileSync(copy, 'utf8');
        fs.writeFileSync(copy, seen.replace('[Warmup', 'Warmup'));
      });
      expect(seen.startsWith('---\n# distill: this edit was refused: the frontmatter is not valid YAML')).toBe(true);
      expect(seen).toContain('title: [Warmup matters');
      // The note lines are gone from what is staged.
      const fixedText = broken.replace('[Warmup', 'Warmup');
      expect(app.store.getState().edits).toEqual({ 'knowledge-d0000001': fixedText });
      expect(app.store.getState().message).toContain('edit of Warmup matters staged');
    }
  });

  test('n drops a refused edit: nothing staged, the draft as it was; a changed id is refused too', async () => {
    const { data, file, dir } = dataOnDisk();
    app = await start({ data });
    await app.press('l');
    const screen = await editWith(app, dir, (copy) => fs.writeFileSync(copy, ORIGINAL.replace('id: knowledge-d0000001', 'id: knowledge-other')));
    expect(screen.frame()).toContain('the id changed (knowledge-other; was knowledge-d0000001)');
    await screen.press('n');
    expect(screen.frame()).toContain('edit dropped; the draft stays as it was');
    expect(app.store.getState().edits).toEqual({});
    expect(app.store.getState().staged).toEqual({});
    expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);
  });
});
