// A quest note outlives its run's drafts: once every draft is decided and written, the note is still listed (under
// the run it names, covered now, or in the quest-level row when it names none) and `a` writes a lesson from it. The
// "nothing to review" screen shows only with no drafts and no notes.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import type { DraftItem } from '../../src/ui/review/facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture } from '../helpers/home.js';
import { sampleData } from './fake-facade.js';
import { start, type Started } from './harness.js';
import { renderApp, type Rendered } from './render.js';

let app: Started | Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = '2026-06-01T10:00:00+00:00';

test('demo home: every draft decided and written, the note stays under its covered run and a drafts a lesson from it', async () => {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' } });
  const store = createReviewStore({ facade });
  const rendered = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 140, rows: 40 });
  app = rendered;
  // The four drafts marked and rejected at once (the note cannot be marked), then written.
  await rendered.press('l');
  for (let i = 0; i < 4; i++) {
    await rendered.press('space');
    if (i < 3) await rendered.press('j');
  }
  await rendered.press('x');
  await rendered.type('not lessons');
  await rendered.press('return');
  expect(rendered.frame()).toContain('staged: 4 (4 reject)');
  await rendered.press('W');
  await rendered.press('y');
  await store.getState().writing;
  await rendered.press('h');
  const frame = rendered.frame();
  expect(frame).not.toContain('Nothing to review');
  expect(frame).toMatch(/› ✓ run-a400216f/);
  expect(frame).toMatch(/\[note: episode\] Run main-001 crashed/);
  await rendered.press('l');
  expect(rendered.frame()).toMatch(/›\s+\[note: episode\] Run main-001 crashed/);
  await rendered.press('a');
  await rendered.exited;
  expect(store.getState().exit).toMatchObject({ kind: 'edit', author: { runId: 'run-a400216f' } });
  // A session opened afresh on that quest starts on the runs, not on the empty screen.
  const fresh = createReviewStore({ facade: createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW } }) });
  expect(fresh.getState().modal).toBeNull();
  expect(fresh.getState().data.drafts).toEqual([]);
});

const note = (runIds: string[]): DraftItem => ({
  id: 'episode-00000001', title: 'Run main-002 crashed on resume', claim: null, needsEdit: false, tags: [], runIds,
  path: '/home/quests/001/memory/episodes/crash.md', source: 'quest episodes', text: '---\nid: episode-00000001\n---\nThe resume lost the optimizer state.\n', note: { kind: 'episodes' },
});

test('every run covered, no drafts, a note naming no run: the quest-level row holds it, a drafts under the target run', async () => {
  const data = sampleData();
  data.drafts = [];
  data.runs = data.runs.map((r) => ({ ...r, covered: true }));
  data.notes = [note([])];
  const started = await start({ data });
  app = started;
  const asked: [string, string | undefined][] = [];
  started.facade.newDraft = (runId, noteId) => {
    asked.push([runId, noteId]);
    return { runId, direction: 'idea-1', stem: 'crash', name: 'idea-1__crash.md', text: '---\nclaim: TODO\n---\n' };
  };
  expect(started.frame()).not.toContain('Nothing to review');
  expect(started.frame()).toMatch(/› ◆ quest-level · 1 note → run-bbb/);
  await started.press('l');
  expect(started.frame()).toMatch(/▸ Quest-level drafts \(0\) · 1 note → run-bbbb/);
  expect(started.frame()).toMatch(/›\s+\[note: episode\] quest-level Run main-002 cr/);
  await started.press('a');
  expect(asked).toEqual([['run-bbbb0002', 'episode-00000001']]);
});

test('no drafts and no notes, every run covered: the nothing-to-review screen', async () => {
  const data = sampleData();
  data.drafts = [];
  data.notes = [];
  data.runs = data.runs.map((r) => ({ ...r, covered: true }));
  app = await start({ data });
  expect(app.frame()).toContain('Nothing to review in quest 001');
});
