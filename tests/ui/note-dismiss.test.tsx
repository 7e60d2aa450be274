// Issue 32 item 6: a quest note can be dismissed as not a lesson (x on the note, with a reason): staged and undone like
// any decision, recorded by the write in the reviewed ledger (the note file never changed, no distill_review decision
// for it), so the note is no longer listed and the home screen's `!` goes away; distill revert lists it again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { homeStatus, openStoreSync } from '../../src/core/index.js';
import { resolveQuest } from '../../src/core/quest/home.js';
import { HomeApp } from '../../src/ui/home/HomeApp.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture, run, snapshot } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

const temps: string[] = [];
let screen: Rendered | null = null;
afterEach(() => {
  screen?.unmount();
  screen = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = '2026-06-01T10:00:00+00:00';

function status(home: string, cache: string) {
  return homeStatus(home, { global: openStoreSync(home, { env: { DISTILL_CACHE_DIR: cache } }) });
}

describe('x on a quest note: not a lesson', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    test(`staged with a reason, undone and redone, written to the ledger; the note file unchanged; home shows ✓ (${size.columns}x${size.rows})`, async () => {
      const home = copyFixture('demo-home');
      const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
      temps.push(path.dirname(home), cache);
      const store = createReviewStore({ facade: createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' } }) });
      const note = store.getState().data.notes![0];
      const noteBytes = fs.readFileSync(note.path);
      // Before: the quest keeps `!` for its drafts and the note.
      expect(status(home, cache).quests.find((q) => q.id === '001')).toMatchObject({ notes: 1 });
      screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
      await screen.press('l');
      for (let i = 0; i < 4; i++) {
        await screen.press('space');
        await screen.press('j');
      }
      await screen.press('x');
      await screen.type('not lessons');
      await screen.press('return');
      // The cursor is on the note.
      expect(screen.frame()).toMatch(/›\s+\[note: episode\] Run main-001 crashed/);
      await screen.press('x');
      expect(screen.frame()).toContain("Not a lesson: 'Run main-001 crashed");
      await screen.type('one-off crash');
      await screen.press('return');
      expect(store.getState().staged[`note:${note.id}`]).toMatchObject({ draftId: `note:${note.id}`, decision: 'reject', reason: 'one-off crash' });
      expect(screen.frame()).toMatch(/\[not a lesson\] \[note: episode\] Run main-001/);
      expect(screen.frame()).toContain('staged: 5 (5 reject)');
      await screen.press('u');
      expect(store.getState().staged[`note:${note.id}`]).toBeUndefined();
      expect(screen.frame()).not.toContain('[not a lesson]');
      await screen.press('ctrl+r');
      expect(screen.frame()).toContain('[not a lesson]');
      const before = snapshot(home);
      await screen.press('W');
      await screen.press('y');
      await store.getState().writing;
      expect(store.getState().message).toMatch(/^wrote/);
      // The note file as it was; the ledger names the note.
      expect(fs.readFileSync(note.path)).toEqual(noteBytes);
      const after = snapshot(home);
      const changed = Object.keys(after).filter((f) => before[f] !== after[f] && !f.endsWith('/'));
      expect(changed.some((f) => f.includes('memory/episodes'))).toBe(false);
      const ledger = fs.readFileSync(path.join(home, '.distill', 'reviewed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
      expect(ledger.filter((e) => e.draft_id === note.id)).toEqual([expect.objectContaining({ quest_id: '001', decision: 'reject' })]);
      // The decision artifact (PR #60) holds the drafts only, never the note.
      const decisionFile = changed.find((f) => /artifacts\/decisions\/[^/]+\.json$/.test(f))!;
      const decision = JSON.parse(fs.readFileSync(path.join(home, decisionFile), 'utf8')) as { draft_decisions: { draft_id: string }[] };
      expect(decision.draft_decisions.map((d) => d.draft_id)).not.toContain(note.id);
      // Nothing left in the quest: no draft, no note, every run covered.
      expect(store.getState().data.notes).toEqual([]);
      expect(screen.frame()).toContain('Nothing to review');
      // The home screen: ✓ for the quest, 0 notes.
      const home1 = status(home, cache);
      expect(home1.quests.find((q) => q.id === '001')).toMatchObject({ notes: 0, drafts: 0 });
      screen.unmount();
      screen = await renderApp(<HomeApp status={home1} env={{}} onExit={() => {}} />, size);
      expect(screen.frame()).toMatch(/› ✓ 001\s+1\/1 runs\s+0 drafts\s+0 notes/);
      // Undone after the write: distill revert lists the note again.
      const reviewId = store.getState().written[0].reviewId;
      const reverted = await run(['--home', home, 'revert', reviewId], { env: { HOME: os.tmpdir(), DISTILL_CACHE_DIR: cache, DISTILL_NOW: NOW } });
      expect(reverted.code).toBe(0);
      expect(status(home, cache).quests.find((q) => q.id === '001')).toMatchObject({ notes: 1 });
      expect(fs.readFileSync(note.path)).toEqual(noteBytes);
    });
  }

  test('only a note dismissed: written without a decision artifact, the run stays uncovered', async () => {
    const home = copyFixture('demo-home');
    temps.push(path.dirname(home));
    const store = createReviewStore({ facade: createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW } }) });
    const note = store.getState().data.notes![0];
    screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 80, rows: 24 });
    await screen.press('l');
    await screen.press('G');
    await screen.press('x');
    await screen.press('return');
    expect(store.getState().staged[`note:${note.id}`]).toMatchObject({ reason: 'not a lesson' });
    const before = snapshot(home);
    await screen.press('W');
    await screen.press('y');
    await store.getState().writing;
    const after = snapshot(home);
    const added = Object.keys(after).filter((f) => !(f in before) && !f.endsWith('/'));
    expect(added.some((f) => f.includes('artifacts/decisions/'))).toBe(false);
    expect(added.some((f) => f.startsWith('.distill/reviews/'))).toBe(true);
    expect(store.getState().data.notes).toEqual([]);
    expect(store.getState().data.runs[0].covered).toBe(false);
  });
});
