// Issue 32 item 2: blank-line blocks appended after a `## heading` quirk are part of that entry; when the reviewer cuts
// them with `e` before deciding, only what reached the card is recorded as reviewed: the cut blocks are listed again,
// each an entry of its own, and the quirks file is never written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseCardText } from '../../src/core/format/frontmatter.js';
import { decidedIdsOfEdit, quirkId, settleDecided, splitQuirks } from '../../src/core/quest/quirks-split.js';
import { quirksQuest } from '../../src/core/quest/quirks.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { editRound } from '../../src/ui/review/run.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

const temps: string[] = [];
let screen: Rendered | null = null;
afterEach(() => {
  screen?.unmount();
  screen = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const HEADED = '## Gate ignores symlinked worktrees\nSurface: gate. Symptom: a symlinked worktree is skipped.\n\nWorkaround: use real directories for every worktree.';
const DAEMON = 'Daemon leaks a GPU context after a crashed run; restart the daemon before the next run.';
const RESUME = 'Resume after a crash restarts the LR schedule at step 0; re-run from scratch instead.';
const FILE = `# Framework Quirks\n\n${HEADED}\n\n${DAEMON}\n\n${RESUME}\n`;

describe('an entry cut with e before its decision', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    test(`the card holds what was kept; the cut blocks are listed again as entries of their own (${size.columns}x${size.rows})`, async () => {
      const home = copyFixture('demo-home');
      temps.push(path.dirname(home));
      const quirksFile = path.join(home, 'framework_quirks.md');
      fs.writeFileSync(quirksFile, FILE);
      fs.rmSync(path.join(home, 'system_quirks.md'), { force: true });
      const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-copies-'));
      temps.push(copies);
      const store = createReviewStore({ facade: createCoreFacade({ quest: quirksQuest(home), env: { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' } }) });
      // One entry: the heading, its own paragraphs and the two blocks appended after it.
      expect(store.getState().data.drafts).toHaveLength(1);
      const whole = store.getState().data.drafts[0].id;
      screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
      await screen.press('l');
      await screen.press('e');
      await screen.exited;
      const exit = store.getState().exit;
      if (exit?.kind !== 'edit') throw new Error('no edit request');
      // The reviewer keeps the heading entry, rewording its first line, and cuts the two appended blocks.
      editRound(store, exit, copies, (f) => fs.writeFileSync(f, `${HEADED.replace('Gate ignores', 'The gate ignores')}\n`));
      screen.unmount();
      screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
      await screen.press('c');
      await screen.press('W');
      await screen.press('y');
      await store.getState().writing;
      expect(store.getState().message).toMatch(/^wrote/);
      // The card: the kept text only.
      const audit = JSON.parse(fs.readFileSync(path.join(home, '.distill', 'audit.jsonl'), 'utf8').trim().split('\n').pop()!) as { created: string[] };
      const card = fs.readFileSync(audit.created[0], 'utf8');
      expect(parseCardText(card).meta.title).toBe('The gate ignores symlinked worktrees');
      expect(card).not.toContain('Daemon');
      // The ledger: the kept part's id, not the whole entry's.
      const ledger = fs.readFileSync(path.join(home, '.distill', 'reviewed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { draft_id: string });
      expect(ledger.map((e) => e.draft_id)).toEqual([quirkId('framework', HEADED)]);
      expect(ledger.map((e) => e.draft_id)).not.toContain(whole);
      // On screen and in the list: the two cut blocks, each its own entry; the file as it was.
      expect(store.getState().data.drafts.map((d) => d.title)).toEqual([DAEMON, RESUME]);
      expect(screen.frame()).toContain('Daemon leaks a GPU context');
      expect(screen.frame()).not.toContain('Gate ignores symlinked');
      expect(fs.readFileSync(quirksFile, 'utf8')).toBe(FILE);
    });
  }

  test('the parts recorded are what settleDecided cuts the entry into: nothing kept is listed, nothing cut is hidden', () => {
    const entry = `${HEADED}\n\n${DAEMON}\n\n${RESUME}`;
    const cases: [string, string[]][] = [
      [`${HEADED}\n`, [DAEMON, RESUME]],
      [`${HEADED}\n\n${RESUME}\n`, [DAEMON]],
      [`${HEADED}\n\n${DAEMON}\n`, [RESUME]],
      [`${entry}\n`, []],
      // Reworded, not cut: the whole entry, as without an edit.
      [entry.replace('restarts the LR schedule at step 0', 'resets the LR schedule at step 0'), []],
      // Only the heading line left: its own paragraphs were cut too, and stay listed.
      ['## Gate ignores symlinked worktrees\n', ['Workaround: use real directories for every worktree.', DAEMON, RESUME]],
    ];
    for (const [edited, listed] of cases) {
      const ids = new Set(decidedIdsOfEdit('framework', entry, edited));
      const left = settleDecided('framework', splitQuirks(FILE), ids).filter((e) => !ids.has(quirkId('framework', e.text)));
      expect(left.map((e) => e.text), edited).toEqual(listed);
    }
  });
});
