// Issue 12 item 13 / issue 18 item 9: every damaged state file is one line naming the file and the field, exit 2,
// never "internal error" (exit 70) from deep inside revert, restore or the review TUI.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveQuest } from '../src/core/quest/home.js';
import { UserError } from '../src/core/errors.js';
import { createCoreFacade, stagingFile } from '../src/ui/review/core-facade.js';
import { copyFixture, run } from './helpers/home.js';

const REVIEW_ID = 'decision-0000abcd';
const ACTION_ID = 'cleanup-0000abcd';

const review = {
  version: 1,
  review_id: REVIEW_ID,
  quest_id: '001',
  quest_root: '/x',
  status: 'reverted',
  applied_at: '2026-06-01T12:00:00+00:00',
  reviewer: 'alice',
  decisions: [{ draftId: 'd1', decision: 'reject', reason: 'no', neighbors: [] }],
  drafts: [{ draft_id: 'd1', path: '/x/d1.md', decision: 'reject' }],
  created: [],
  revised: [{ card_id: 'knowledge-00000001', path: '/x/k.md', before: 'a', after: 'b' }],
  decision: { path: '/x/decision.json', content: '{}' },
  reverted_at: '2026-06-02T12:00:00+00:00',
};

const cleanup = {
  version: 1,
  action_id: ACTION_ID,
  action: 'archive',
  status: 'restored',
  at: '2026-06-01T12:00:00+00:00',
  reviewer: 'alice',
  why: 'dup',
  cards: ['knowledge-00000001'],
  revised: [],
  archived: [{ card_id: 'knowledge-00000001', path: '/x/k.md', content: 'a', archive_path: '/y/k.md', archived_content: 'a', superseded_by: null }],
  restored_by: 'cleanup-0000ffff',
};

function write(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2) + '\n');
}

describe('damaged review records', () => {
  const cases: [string, unknown, string][] = [
    ['an array', [review], '(whole file): expected a JSON object, got an array'],
    ['created: "x"', { ...review, created: 'x' }, 'created: expected array, got string'],
    ['revised entries without fields', { ...review, revised: [{}] }, 'revised[0].card_id: missing'],
    ['decision missing', { ...review, decision: undefined }, 'decision: missing'],
    ['drafts: 5', { ...review, drafts: 5 }, 'drafts: expected array, got number'],
    ['status unknown', { ...review, status: 'done' }, "status: Invalid enum value. Expected 'applied' | 'reverted', received 'done'"],
  ];
  test('a well-formed record is read (revert says it was already reverted)', async () => {
    const home = copyFixture('ds-sample');
    write(path.join(home, '.distill', 'reviews', `${REVIEW_ID}.json`), review);
    const r = await run(['--home', home, 'revert', REVIEW_ID]);
    expect(r.err).toBe(`distill: review ${REVIEW_ID} was already reverted at ${review.reverted_at}\n`);
  });
  test.each(cases)('%s: revert exits 2 with one line naming the file and the field', async (_name, value, problem) => {
    const home = copyFixture('ds-sample');
    const file = path.join(home, '.distill', 'reviews', `${REVIEW_ID}.json`);
    write(file, value);
    const r = await run(['--home', home, 'revert', REVIEW_ID]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: ${file}: ${problem} (damaged review record)\n`);
  });
});

describe('damaged cleanup records', () => {
  test('a well-formed record is read (restore says it was already restored)', async () => {
    const home = copyFixture('ds-sample');
    write(path.join(home, '.distill', 'cleanup', `${ACTION_ID}.json`), cleanup);
    const r = await run(['--home', home, 'restore', ACTION_ID]);
    expect(r.err).toBe(`distill: ${ACTION_ID}: already restored by cleanup-0000ffff\n`);
  });
  const cases: [string, unknown, string][] = [
    ['archived entries without fields', { ...cleanup, archived: [{ card_id: 'k' }] }, 'archived[0].path: missing'],
    ['revised: {}', { ...cleanup, revised: {} }, 'revised: expected array, got object'],
    ['version 2', { ...cleanup, version: 2 }, 'version: Invalid literal value, expected 1'],
    ['another action id', { ...cleanup, action_id: 'cleanup-11111111' }, `action_id: "cleanup-11111111", not ${ACTION_ID} as its name says`],
  ];
  test.each(cases)('%s: restore and log exit 2 with one line naming the file and the field', async (_name, value, problem) => {
    const home = copyFixture('ds-sample');
    const file = path.join(home, '.distill', 'cleanup', `${ACTION_ID}.json`);
    write(file, value);
    const r = await run(['--home', home, 'restore', ACTION_ID]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: ${file}: ${problem} (damaged cleanup record)\n`);
    // Restoring one card by id reads every record.
    const byCard = await run(['--home', home, 'restore', 'knowledge-00000001']);
    expect(byCard.code).toBe(2);
    expect(byCard.err).toBe(`distill: ${file}: ${problem} (damaged cleanup record)\n`);
  });
});

describe('damaged staging', () => {
  test.each([
    [{ staged: 5 }, 'staged: expected array, got number'],
    [{ staged: [{ draftId: 'd1', decision: 'maybe', reason: '', neighbors: [] }] }, "staged[0].decision: Invalid enum value. Expected 'new' | 'patch' | 'neighbor_but_separate' | 'reject' | 'defer', received 'maybe'"],
    [{ staged: [{ draftId: 'd1', decision: 'new', reason: '' }] }, 'staged[0].neighbors: missing'],
  ])('%j: loading it is a one-line error naming the file and the field', (value, problem) => {
    const home = copyFixture('ds-sample');
    const quest = resolveQuest(home, '001');
    const file = stagingFile(quest);
    write(file, value);
    const facade = createCoreFacade({ quest });
    expect(() => facade.loadStaging()).toThrow(UserError);
    expect(() => facade.loadStaging()).toThrow(`${file}: ${problem} (damaged staging); move it away to start over`);
  });
});

describe('damaged reviewed ledger rows', () => {
  const row = { draft_id: 'draft:001/x', quest_id: '001', review_id: REVIEW_ID, decision: 'reject', at: 'x' };
  test.each([
    [JSON.stringify({ ...row, draft_id: 5 }), 'line 1: draft_id: expected string, got number'],
    [JSON.stringify(row) + '\n' + JSON.stringify({ ...row, review_id: undefined }), 'line 2: review_id: missing'],
    [JSON.stringify(row) + '\n[1]', 'line 2: not a JSON object'],
  ])('%s: drafts exits 2 naming the file, the line and the field', async (text, problem) => {
    const home = copyFixture('ds-sample');
    const file = path.join(home, '.distill', 'reviewed.jsonl');
    write(file, text + '\n');
    const r = await run(['--home', home, 'drafts', '001']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: ${file}: ${problem} (damaged reviewed ledger)\n`);
  });
});

describe('the audit log', () => {
  test('is read for display only: damaged lines are warnings, never exit 70', async () => {
    const home = copyFixture('ds-sample');
    const file = path.join(home, '.distill', 'audit.jsonl');
    write(file, '[1]\n{"at": 5, "action": {"x": 1}}\nnot json\n');
    const r = await run(['--home', home, 'log']);
    expect(r.code).not.toBe(70);
    expect(r.err).toContain(`${file}`);
  });
});
