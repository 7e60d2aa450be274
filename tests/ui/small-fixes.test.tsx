// Three small things the review says: the edit message (the draft file is never written by the review), the empty
// quirks review (no quest, no gate), and the restore question's q / Esc (quit, the staging file kept as it is).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { QUIRKS_QUEST, quirksQuest } from '../../src/core/quest/quirks.js';
import { resolveQuest } from '../../src/core/quest/home.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade, stagingFile } from '../../src/ui/review/core-facade.js';
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

test('a staged edit says the draft file is never changed, not "until the review is written"', async () => {
  const started = await start();
  app = started;
  const draft = started.store.getState().data.drafts[0];
  started.store.getState().finishEdit(draft.id, draft.text.replace('Body of', 'Edited body of'), '/tmp/unused-copy.md');
  const message = started.store.getState().message!;
  expect(message).toBe('edit of Warmup matters for adapters staged (u undoes; the write uses the edited text, the draft file itself is never changed)');
  expect(message).not.toContain('until the review is written');
});

describe('the empty quirks review', () => {
  test('fake data: says every entry is decided, and no gate line', async () => {
    const data = sampleData();
    data.quest = { id: QUIRKS_QUEST, root: '/home', title: 'quirks' };
    data.runs = [];
    data.drafts = [];
    app = await start({ data });
    const frame = app.frame();
    expect(frame).toContain('Nothing to review in the quirks files: every entry is decided.');
    expect(frame).not.toContain('quest :quirks');
    expect(frame).not.toContain('gate:');
  });

  test('a home without quirks files, through the core facade', async () => {
    const home = copyFixture('demo-home');
    temps.push(path.dirname(home));
    const store = createReviewStore({ facade: createCoreFacade({ quest: quirksQuest(home), env: { HOME: os.tmpdir() } }) });
    app = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 120, rows: 30 });
    expect(app.frame()).toContain('Nothing to review in the quirks files: every entry is decided.');
    expect(app.frame()).not.toContain('gate:');
  });
});

describe('the restore question', () => {
  for (const key of ['q', 'escape']) {
    test(`${key} quits, leaving the staging file as it is (offered again next time); the key line says so`, async () => {
      const home = copyFixture('demo-home');
      temps.push(path.dirname(home));
      const quest = resolveQuest(home, '001');
      const facade = createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } });
      const draft = facade.load().drafts.find((d) => !d.needsEdit)!;
      facade.saveStaging([{ draftId: draft.id, decision: 'new', reason: 'new lesson', neighbors: [], runId: 'run-a400216f' }]);
      const bytes = fs.readFileSync(stagingFile(quest), 'utf8');
      const store = createReviewStore({ facade });
      const rendered = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 140, rows: 30 });
      app = rendered;
      expect(rendered.frame()).toContain('A previous session left 1 staged decision(s)');
      expect(rendered.frame()).toContain('r/y/Enter restore them · d/n discard them · q/Esc quit, keeping them for the next start');
      await rendered.press(key, { expectSame: true }).catch(() => undefined);
      await rendered.exited;
      expect(store.getState().exit).toEqual({ kind: 'quit' });
      expect(fs.readFileSync(stagingFile(quest), 'utf8')).toBe(bytes);
      // The next start offers them again.
      expect(createReviewStore({ facade: createCoreFacade({ quest, env: {} }) }).getState().modal).toBe('restore');
    });
  }
});
