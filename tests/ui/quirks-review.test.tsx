// The review screen opened on the quirks files (quest `:quirks`, `distill review --quirks`): each file a "run" row,
// its unreviewed entries the drafts, decided against the global cards and written through the core.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { quirksQuest } from '../../src/core/quest/quirks.js';
import { parseCardText } from '../../src/core/format/frontmatter.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade, stagingFile } from '../../src/ui/review/core-facade.js';
import { createReviewStore, type ReviewStore } from '../../src/ui/review/store.js';
import { copyFixture, snapshot } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

function quirksHome(): string {
  const home = copyFixture('demo-home');
  fs.writeFileSync(path.join(home, 'framework_quirks.md'), '# Framework Quirks\r\n\r\n## Gate ignores symlinked worktrees\r\nSurface: gate. Workaround: use real directories.\r\n');
  fs.writeFileSync(path.join(home, 'system_quirks.md'), 'Daemon leaks a GPU context after a crash; restart it.\n\nResume restarts the LR schedule; rerun instead.\n');
  return home;
}

describe('review --quirks', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    test(`the files as rows, entries as drafts; c with a reason writes a tagged global card (${size.columns}x${size.rows})`, async () => {
      const home = quirksHome();
      const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };
      const quest = quirksQuest(home);
      const facade = createCoreFacade({ quest, env });
      const store: ReviewStore = createReviewStore({ facade, askReasons: true });
      const quirks = [fs.readFileSync(path.join(home, 'framework_quirks.md')), fs.readFileSync(path.join(home, 'system_quirks.md'))];
      app = await renderApp(<ReviewApp store={store} env={{}} />, size);
      expect(app.frame()).toContain('framework_quirks.md');
      expect(app.frame()).toContain('system_quirks.md');
      expect(app.frame()).toContain('distill review · the quirks files · staged: none');
      expect(app.frame()).toContain('Gate ignores symlinked worktrees');
      await app.press('l');
      await app.press('c');
      await app.type('bites every new worktree');
      await app.press('return');
      expect(app.frame()).toContain('staged: 1 (1 new)');
      const before = snapshot(path.join(home, 'quests'));
      await app.press('W');
      expect(app.frame()).toMatch(/create\s+memory\/knowledge\//);
      await app.press('y');
      await store.getState().writing;
      expect(store.getState().written).toHaveLength(1);
      expect(store.getState().written[0].cards).toBe(1);
      // The card, the ledger; no quest touched, quirks files byte for byte as they were.
      const audit = fs.readFileSync(path.join(home, '.distill', 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(audit[0]).toMatchObject({ quest_id: ':quirks', decision: null });
      expect(audit[0].decisions[0]).toMatchObject({ decision: 'new', reason: 'bites every new worktree' });
      const card = parseCardText(fs.readFileSync(audit[0].created[0], 'utf8'));
      expect(card.meta).toMatchObject({ title: 'Gate ignores symlinked worktrees', tags: ['topic:framework-quirk'], quest_id: null });
      expect(snapshot(path.join(home, 'quests'))).toEqual(before);
      expect([fs.readFileSync(path.join(home, 'framework_quirks.md')), fs.readFileSync(path.join(home, 'system_quirks.md'))]).toEqual(quirks);
      expect(stagingFile(quest)).toBe(path.join(home, '.distill', 'staging-quirks.json'));
      // The decided entry is gone from the screen; the framework file's row says so.
      await app.press('h');
      expect(app.frame()).not.toContain('Gate ignores symlinked worktrees');
      expect(store.getState().data.runs.find((r) => r.artifactId === 'framework_quirks.md')).toMatchObject({ covered: true });
    });
  }

  test('e on an entry: plain text (no frontmatter) is a good edit; the card is written from it', async () => {
    const home = quirksHome();
    const facade = createCoreFacade({ quest: quirksQuest(home), env: { HOME: os.tmpdir(), DISTILL_REVIEWER: 'alice' } });
    const store = createReviewStore({ facade, askReasons: true });
    app = await renderApp(<ReviewApp store={store} env={{}} />, { columns: 140, rows: 40 });
    await app.press('l');
    const id = store.getState().data.drafts.find((d) => d.title.startsWith('Gate'))!.id;
    store.getState().finishEdit(id, '## Gate skips symlinked worktrees\nUse real directories.\n', path.join(os.tmpdir(), 'unused-copy'));
    expect(store.getState().modal).toBeNull();
    expect(store.getState().message).toContain('edit of Gate skips symlinked worktrees staged');
    await app.press('c');
    await app.press('return');
    await app.press('W');
    await app.press('y');
    await store.getState().writing;
    const audit = JSON.parse(fs.readFileSync(path.join(home, '.distill', 'audit.jsonl'), 'utf8').trim());
    const card = parseCardText(fs.readFileSync(audit.created[0], 'utf8'));
    expect(card.meta).toMatchObject({ title: 'Gate skips symlinked worktrees', tags: ['topic:framework-quirk'] });
    expect(card.body).toBe('Use real directories.\n');
  });
});
