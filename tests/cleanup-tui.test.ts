// The lessons screen over a copy of fixtures/dup-home, rendered with explicit size: clusters, side-by-side cards with
// differences, staged actions with confirm dialogs, undo/redo, and W writing the files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLessonsFacade } from '../src/ui/lessons/facade.js';
import { LessonsApp } from '../src/ui/lessons/LessonsApp.js';
import { createLessonsStore, type LessonsStore } from '../src/ui/lessons/store.js';
import { copyFixture } from './helpers/home.js';
import { renderApp, type Rendered } from './ui/render.js';

const NOW = '2026-06-01T10:00:00+00:00';
let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

async function open(columns = 150, rows = 34): Promise<{ home: string; store: LessonsStore; app: Rendered }> {
  const home = copyFixture('dup-home');
  const env = { HOME: os.tmpdir(), DISTILL_NOW: NOW, DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) };
  const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
  await store.getState().load();
  app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns, rows });
  return { home, store, app };
}

describe('lessons screen', () => {
  it('lists clusters largest first and shows the focused cluster\'s cards side by side with their differences', async () => {
    const { app } = await open();
    const frame = app.frame();
    expect(frame).toContain('distill lessons · 4 clusters in 20 cards · staged: none');
    expect(frame).toContain('Clusters (4)');
    expect(frame).toMatch(/›\s+3 1\.00 Warmup ratio matters more than/);
    expect(frame).toContain('Cluster of 3 knowledge cards');
    expect(frame).toContain('[ ] knowledge-05abb9e0 (oldest)');
    expect(frame).toContain('[ ] knowledge-3f2a9c11');
    expect(frame).toContain('≠ Adapters need a warmup ratio of');
    expect(frame).toContain('only here: stage:experiment');
    expect(frame.split('\n').length).toBeLessThanOrEqual(33);
    await app.press('j');
    await app.press('j');
    expect(app.frame()).toContain('runs: run-9c55134c');
  });

  it('m asks, stages, u undoes, Ctrl+R redoes, W asks with the card count and writes the merge', async () => {
    const { app, home, store } = await open();
    await app.press('m');
    expect(app.frame()).toContain('Merge 3 cards into knowledge-05abb9e0? 2 cards will be archived.');
    await app.press('y');
    expect(app.frame()).toContain('staged: merge');
    expect(app.frame()).toContain('staged: merge-survivor');
    await app.press('u');
    expect(app.frame()).toContain('staged: none');
    await app.press('ctrl+r');
    expect(app.frame()).toContain('staged: merge');
    await app.press('W');
    expect(app.frame()).toContain('Write 1 action(s) touching 3 card(s)?');
    await app.press('y');
    await store.getState().writing;
    await app.press('j'); // the reloaded list settles; the key moves the cursor
    const k = path.join(home, 'memory', 'knowledge');
    expect(fs.existsSync(path.join(k, 'warmup-ratio-matters-more-than-peak-lr-for-adapters-2.md'))).toBe(false);
    expect(fs.readFileSync(path.join(k, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md'), 'utf8')).toContain('occurrences: 4\n');
    expect(app.frame()).toContain('Clusters (3)');
    expect(store.getState().status).toMatch(/^written: cleanup-[0-9a-f]{8}: merge 3 cards into knowledge-05abb9e0; archive knowledge-3f2a9c11, knowledge-8d41e0b7 · 3 clusters/);
  });

  it('x with the cluster list focused names the card it takes (the oldest) by id and title under the question', async () => {
    const { app } = await open();
    await app.press('x');
    expect(app.frame()).toContain('Archive 1 card (knowledge-05abb9e0)? distill restore brings it back.');
    expect(app.frame()).toContain('knowledge-05abb9e0  Warmup ratio matters more than peak LR for adapters');
    await app.press('n');
  });

  it('Space marks one card, x archives only it after a confirm; n cancels; i ignores without a dialog', async () => {
    const { app, home, store } = await open();
    await app.press('l');
    expect(app.frame()).toContain('› [ ] knowledge-05abb9e0 (oldest)');
    await app.press('j');
    expect(app.frame()).toContain('› [ ] knowledge-3f2a9c11');
    await app.press('space');
    expect(app.frame()).toContain('[x] knowledge-3f2a9c11');
    await app.press('x');
    expect(app.frame()).toContain('Archive 1 card (knowledge-3f2a9c11)? distill restore brings it back.');
    expect(app.frame()).toContain('knowledge-3f2a9c11  Warmup ratio matters more than peak LR for adapters');
    await app.press('n');
    expect(store.getState().staged).toEqual([]);
    await app.press('x');
    await app.press('y');
    await app.press('j');
    await app.press('i');
    expect(store.getState().staged.map((a) => [a.kind, a.ids])).toEqual([['archive', ['knowledge-3f2a9c11']], ['ignore', ['knowledge-8d41e0b7']]]);
    await app.press('q');
    expect(app.frame()).toContain('Actions are staged. Write, Discard or Cancel? (w/d/c; Ctrl+C again quits, dropping them)');
    await app.press('w');
    await store.getState().writing;
    expect(store.getState().exit).toEqual({ kind: 'quit' });
    expect(fs.readdirSync(path.join(home, '.distill', 'archive')).length).toBe(1);
    expect(fs.readFileSync(path.join(home, 'memory/knowledge/adapters-need-a-warmup-ratio-of-at-least-0-03.md'), 'utf8')).toContain('ignored: true\n');
  });

  it('an edit from $EDITOR is checked before it is staged, then written with W', async () => {
    const { home, store } = await open();
    const file = path.join(home, 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters-2.md');
    const bytes = fs.readFileSync(file, 'utf8');
    store.getState().stageEdit(file, 'knowledge-3f2a9c11', 'not a card\n');
    expect(store.getState().status).toBe(`edit refused: ${file}: edited text must start with "---" and use \\n line ends`);
    store.getState().stageEdit(file, 'knowledge-3f2a9c11', bytes);
    expect(store.getState().status).toBe('edit of knowledge-3f2a9c11: no change');
    store.getState().stageEdit(file, 'knowledge-3f2a9c11', bytes.replace('0.06 converged', '0.05 converged'));
    expect(store.getState().staged.map((a) => a.kind)).toEqual(['edit']);
    store.getState().write(false);
    await store.getState().writing;
    expect(fs.readFileSync(file, 'utf8')).toContain('0.05 converged at all of them.');
    expect(fs.readFileSync(file, 'utf8')).toContain(`updated_at: '${NOW}'`);
  });

  it('merge then edit: the editor starts from the merged card, and the write keeps the merge and the edit', async () => {
    const { home, store, app } = await open();
    await app.press('m');
    await app.press('y');
    await app.press('l');
    await app.press('e');
    await app.exited;
    const exit = store.getState().exit;
    if (exit?.kind !== 'edit') throw new Error('no edit request');
    const file = path.join(home, 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    expect(exit.path).toBe(file);
    // What the editor opens is the staged merge's result, not the card on disk.
    expect(exit.base).toContain('occurrences: 4\n');
    expect(exit.base).toContain('Merged (knowledge-3f2a9c11)');
    expect(fs.readFileSync(file, 'utf8')).not.toContain('occurrences: 4\n');
    store.setState({ exit: null });
    const edited = exit.base.replace('Merged (knowledge-3f2a9c11)', 'Merged, checked by hand (knowledge-3f2a9c11)');
    store.getState().stageEdit(exit.path, exit.cardId, edited, exit.base);
    expect(store.getState().staged.map((a) => a.kind)).toEqual(['merge', 'edit']);
    store.getState().write(false);
    await store.getState().writing;
    expect(store.getState().status).toMatch(/^written: cleanup-[0-9a-f]{8}: merge 3 cards .*; cleanup-[0-9a-f]{8}: edit knowledge-05abb9e0/);
    const after = fs.readFileSync(file, 'utf8');
    expect(after).toContain('occurrences: 4\n');
    expect(after).toContain('Merged, checked by hand (knowledge-3f2a9c11)');
    expect(after).toContain('Merged (knowledge-8d41e0b7)');
    expect(fs.existsSync(path.join(home, 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters-2.md'))).toBe(false);
  });

  it('a card merged away cannot be edited; an edit whose card changed since is refused at write, nothing lost', async () => {
    const { home, store, app } = await open();
    await app.press('m');
    await app.press('y');
    await app.press('l');
    await app.press('j');
    await app.press('e');
    expect(store.getState().status).toBe('cannot edit knowledge-3f2a9c11: knowledge-3f2a9c11 is staged to be merged into knowledge-05abb9e0; undo that first (u)');
    expect(store.getState().exit).toBeNull();
    await app.press('u');
    const file = path.join(home, 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters-2.md');
    const base = fs.readFileSync(file, 'utf8');
    store.getState().stageEdit(file, 'knowledge-3f2a9c11', base.replace('0.06 converged', '0.05 converged'), base);
    const meanwhile = base.replace('0.06 converged', '0.07 converged');
    fs.writeFileSync(file, meanwhile);
    store.getState().write(false);
    await store.getState().writing;
    expect(store.getState().status).toContain('is not the text the edit was made from');
    expect(fs.readFileSync(file, 'utf8')).toBe(meanwhile);
    expect(store.getState().staged.map((a) => a.kind)).toEqual(['edit']);
  });
});
