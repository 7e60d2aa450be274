// Optional reasons for c / p / s (issue 17): a one-line "reason (Enter to skip)" prompt after the key, the reason in
// the staged decision, in the distill_review decision's draft_decisions and in `distill log`; and the summary the
// shell gets on quit after a write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { stageDecision } from '../../src/ui/review/decisions.js';
import { quitSummary } from '../../src/ui/review/quit-summary.js';
import { copyFixture, run } from '../helpers/home.js';
import { CARD, D, writeDecisions } from '../helpers/write-home.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const staged = (a: Started) => a.store.getState().staged;

describe('optional reasons for c / p / s', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    test(`c asks for a reason; typed text is the decision's reason; Enter alone keeps the default (${size.columns}x${size.rows})`, async () => {
      app = await start({ ...size, askReasons: true });
      await app.press('l');
      await app.press('c');
      expect(app.frame()).toContain("new card from 'Warmup matters for adapters': reason (Enter to skip): █");
      expect(staged(app)).toEqual({});
      await app.type('seen in 3 quests');
      expect(app.frame()).toContain('reason (Enter to skip): seen in 3 quests█');
      await app.press('return');
      expect(app.frame()).not.toContain('reason (Enter to skip');
      expect(app.frame()).toContain('staged: 1 (1 new)');
      expect(staged(app)['knowledge-d0000001']).toMatchObject({ decision: 'new', reason: 'seen in 3 quests' });
      // The cursor moved on: the next draft, skipped with Enter, gets the default reason.
      await app.press('c');
      await app.press('return');
      expect(staged(app)['knowledge-d0000002']).toMatchObject({ decision: 'new', reason: 'new lesson' });
    });
  }

  test('p and s ask too, on the focused neighbor; Esc stages nothing', async () => {
    app = await start({ askReasons: true });
    await app.press('l');
    await app.press('l');
    await app.press('p');
    expect(app.frame()).toContain("patch 'Warmup matters for adapters' into knowledge-n0000001: reason (Enter to skip): █");
    await app.press('escape');
    expect(app.frame()).not.toContain('reason (Enter to skip');
    expect(staged(app)).toEqual({});
    await app.press('j');
    await app.press('s');
    expect(app.frame()).toContain("separate card from 'Warmup matters for adapters' beside knowledge-n0000002: reason (Enter to skip): █");
    await app.type('other corpus');
    await app.press('return');
    expect(staged(app)['knowledge-d0000001']).toMatchObject({ decision: 'neighbor_but_separate', neighborId: 'knowledge-n0000002', reason: 'other corpus' });
    expect(app.frame()).toContain('[separate] Warmup matters for adapters');
  });

  test('a key with nothing to act on says so at once, without a prompt', async () => {
    app = await start({ askReasons: true });
    await app.press('l');
    await app.press('G');
    await app.press('p');
    expect(app.frame()).toContain('no neighbor to patch into');
    expect(app.frame()).not.toContain('reason (Enter to skip');
    await app.press('k');
    await app.press('c');
    expect(app.frame()).toContain('needs an edit first');
    expect(app.frame()).not.toContain('reason (Enter to skip');
  });

  test('x still asks its own reject reason', async () => {
    app = await start({ askReasons: true });
    await app.press('l');
    await app.press('c');
    await app.press('escape');
    await app.press('x');
    expect(app.frame()).toContain("Reject 'Warmup matters for adapters', reason: █");
  });
});

describe('the quit summary', () => {
  test('each review written in the session, with its undo command', async () => {
    app = await start({ askReasons: true });
    app.facade.write = async (list) => ({ reviewId: 'decision-12345678', files: list.map((s) => s.draftId), cards: 3 });
    await app.press('l');
    await app.press('c');
    await app.press('return');
    await app.press('W');
    await app.press('y');
    await app.store.getState().writing;
    expect(app.store.getState().written).toEqual([{ reviewId: 'decision-12345678', cards: 3 }]);
    expect(quitSummary(app.store.getState().written)).toBe(
      'wrote review decision-12345678 (3 cards); undo with: distill revert decision-12345678\n',
    );
    expect(quitSummary([{ reviewId: 'decision-0000000a', cards: 1 }])).toBe(
      'wrote review decision-0000000a (1 card); undo with: distill revert decision-0000000a\n',
    );
    expect(quitSummary([])).toBe('');
  });
});

describe('reasons on disk', () => {
  test('the staged reason goes into draft_decisions of the distill_review decision and into distill log', async () => {
    const home = copyFixture('demo-home');
    const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };
    const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env });
    const data = facade.load();
    const draft = data.drafts.find((d) => !d.needsEdit)!;
    const decision = stageDecision(draft, 'new', 'run-a400216f', facade.neighbors(draft), undefined, 'holds on both corpora');
    // The run closed with its other drafts rejected, so the write covers it and records the decision.
    const close = { draftId: 'run:run-a400216f', decision: 'reject' as const, reason: 'the rest is noise', neighbors: [], runId: 'run-a400216f' };
    const result = await facade.write([decision, close]);
    expect(result.cards).toBe(1);
    const decisions = path.join(home, 'quests', '001', '.ds', 'worktrees', 'idea-idea-7a9ceaa1', 'artifacts', 'decisions');
    const record = fs.readdirSync(decisions).map((f) => JSON.parse(fs.readFileSync(path.join(decisions, f), 'utf8')))
      .find((r) => r.artifact_id === result.reviewId);
    expect(record.draft_decisions[0]).toMatchObject({ draft_id: draft.id, decision: 'new', reason: 'holds on both corpora' });
    expect(record.draft_decisions.filter((d: { reason: string }) => d.reason === 'the rest is noise').length).toBeGreaterThan(1);
    const audit = fs.readFileSync(path.join(home, '.distill', 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(audit[0].decisions[0]).toMatchObject({ draft: draft.id, decision: 'new', reason: 'holds on both corpora' });
    const log = await run(['--home', home, 'log'], { env });
    expect(log.code).toBe(0);
    expect(log.out).toMatch(new RegExp(`\\n {4}new ${draft.id} → knowledge-[0-9a-f]{8}: holds on both corpora`));
    const json = JSON.parse((await run(['--home', home, 'log', '--json'], { env })).out);
    expect(json.entries[0].decisions[0]).toMatchObject({ draft: draft.id, decision: 'new', reason: 'holds on both corpora' });
  });
});

describe('reasons in an apply decisions file', () => {
  test('"reason" is written per draft; a patch or separate line without one still gets a non-empty neighbor reason (PR #60 requires it)', async () => {
    const home = copyFixture('demo-home');
    const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };
    const file = writeDecisions(os.tmpdir(), [
      { draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, neighbors: [{ card_id: CARD.adapter, decision: 'new' }] },
      { draft: D.bottleneck, decision: 'neighbor_but_separate', neighbor: CARD.adapter },
      { draft: D.lora, decision: 'new', reason: 'rank 8 is enough' },
      { run: 'run-a400216f', decision: 'reject', reason: 'the rest is noise' },
    ]);
    const r = await run(['--home', home, 'apply', '001', file, '--yes', '--json'], { env });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const decision = JSON.parse(fs.readFileSync(JSON.parse(r.out).decisionPath, 'utf8'));
    expect(decision.draft_decisions.find((d: { draft_id: string }) => d.draft_id === D.lora).reason).toBe('rank 8 is enough');
    for (const n of decision.neighbor_decisions as { reason: string }[]) expect(n.reason.trim()).not.toBe('');
    const validate = await run(['--home', home, 'validate'], { env });
    expect(validate.out).toMatch(/no violations/);
    expect(validate.code).toBe(0);
  });
});
