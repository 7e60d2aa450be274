// Issue 19: a worktree holds a copy of a run whose status moved on. PR #60's gate counts the run pending when ANY
// workspace holds a completed copy that no review covers; distill must never call such a quest closed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { run, snapshot } from './helpers/home.js';
import { type Layout, makeQuest, record } from './helpers/quest-layout.js';

const RUN = { kind: 'run', artifact_id: 'run-x', run_id: 'main-001', run_kind: 'experiment', summary: 'the experiment' };

/** The issue's layout: root copy succeeded; the worktree inherited the root's line and holds a newer copy. */
function issueLayout(wtStatus: unknown): Layout {
  const l = makeQuest();
  const rootFile = record(l.quest, { ...RUN, status: 'succeeded', updated_at: '2026-05-01T10:00:00+00:00' });
  // inherited: the worktree's index repeats the root's line, whose path points at the root's file
  record(l.wt, { ...RUN, status: wtStatus, updated_at: '2026-05-02T10:00:00+00:00' }, { linePath: rootFile });
  return l;
}

function review(root: string, id: string, fields: Record<string, unknown>, opts: { linePath?: string } = {}): void {
  record(root, { kind: 'decision', artifact_id: id, action: 'distill_review', status: 'pending', updated_at: '2026-05-03T10:00:00+00:00', reviewed_run_ids: ['run-x'], cards_written: [], reason_if_empty: 'nothing new', ...fields }, opts);
}

describe('a run whose worktree copy moved on', () => {
  test.each(['running', 'cancelled', ''])('root succeeded, wt-0 %j: the gate stays open and says the copies disagree', async (status) => {
    const l = issueLayout(status);
    const before = snapshot(l.home);
    const r = await run(['--home', l.home, 'gate', 'q']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('gate q: open, 1 completed run lacks a distill_review');
    expect(r.out).toContain(`copies disagree: root: succeeded, wt-0: ${status || 'no status'}`);
    const data = JSON.parse((await run(['--home', l.home, 'gate', 'q', '--json'])).out);
    expect(data.ok).toBe(false);
    expect(data.pending).toEqual([
      expect.objectContaining({
        artifact_id: 'run-x',
        status, // the newest copy is what is shown
        workspace: '.ds/worktrees/wt-0',
        disagreement: `root: succeeded, wt-0: ${status || 'no status'}`,
        copies: [
          { workspace: 'root', status: 'succeeded', run_kind: 'experiment', updated_at: '2026-05-01T10:00:00+00:00', candidate: true },
          { workspace: 'wt-0', status, run_kind: 'experiment', updated_at: '2026-05-02T10:00:00+00:00', candidate: false },
        ],
      }),
    ]);
    const list = await run(['--home', l.home, 'candidates', 'q']);
    expect(list.out).toContain(`copies disagree: root: succeeded, wt-0: ${status || 'no status'}`);
    expect(snapshot(l.home)).toEqual(before);
  });

  test('a review in the worktree covers it: closed', async () => {
    const l = issueLayout('running');
    review(l.wt, 'decision-000000a1', {});
    const r = await run(['--home', l.home, 'gate', 'q', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ ok: true, covered: 1, total: 1, reviews: ['decision-000000a1'] });
  });

  test('a decision that is not a distill_review never covers, whatever it names', async () => {
    const l = issueLayout('running');
    review(l.quest, 'decision-000000a2', { action: 'continue' });
    review(l.wt, 'decision-000000a3', { action: 'Distill_Review' });
    const r = await run(['--home', l.home, 'gate', 'q', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).reviews).toEqual([]);
  });

  test('status spellings: stripped (Python whitespace) and lower-cased; run kinds exact', async () => {
    const l = makeQuest();
    record(l.quest, { ...RUN, artifact_id: 'run-a', status: ' Done\u0085' });
    record(l.quest, { ...RUN, artifact_id: 'run-b', status: 'SUCCESS' });
    record(l.quest, { ...RUN, artifact_id: 'run-c', status: 'completed', run_kind: 'Experiment' });
    record(l.quest, { ...RUN, artifact_id: 'run-d', status: 'complete' });
    const data = JSON.parse((await run(['--home', l.home, 'gate', 'q', '--json'])).out);
    expect(data.pending.map((p: { artifact_id: string }) => p.artifact_id).sort()).toEqual(['run-a', 'run-b']);
  });
});

describe('reviews DeepScientist cannot read', () => {
  test('a review whose index path is stale does not cover a run PR #60 sees: open, with the reason', async () => {
    const l = makeQuest();
    record(l.quest, { ...RUN, status: 'completed' });
    review(l.quest, 'decision-000000b1', {}, { linePath: '/nonexistent/old-home/quests/q/artifacts/decisions/decision-000000b1.json' });
    const r = await run(['--home', l.home, 'gate', 'q']);
    expect(r.code).toBe(1);
    expect(r.out).toContain("named by decision-000000b1, but DeepScientist's gate cannot read that review");
    const data = JSON.parse((await run(['--home', l.home, 'gate', 'q', '--json'])).out);
    expect(data.pending[0]).toMatchObject({ artifact_id: 'run-x', covered: false, covered_by: [] });
    expect(data.pending[0].coverage_note).toMatch(/stale path/);
  });

  test('when the home moved (every path stale) the reviews still cover the runs only distill can see', async () => {
    const l = makeQuest();
    const stale = (f: string) => f.replace(l.home, '/nonexistent/old-home');
    record(l.quest, { ...RUN, status: 'completed' }, { linePath: stale(path.join(l.quest, 'artifacts', 'runs', 'run-x.json')) });
    review(l.quest, 'decision-000000b2', {}, { linePath: stale(path.join(l.quest, 'artifacts', 'decisions', 'decision-000000b2.json')) });
    const r = await run(['--home', l.home, 'gate', 'q']);
    expect(r.code).toBe(0);
  });

  test('a reverted review (a newer tombstone at the root) no longer covers, though a worktree keeps an older copy', async () => {
    const l = makeQuest();
    const stale = (f: string) => f.replace(l.home, '/nonexistent/old-home');
    record(l.quest, { ...RUN, status: 'completed' }, { linePath: stale(path.join(l.quest, 'artifacts', 'runs', 'run-x.json')) });
    review(l.wt, 'decision-000000b3', { updated_at: '2026-05-03T10:00:00+00:00' });
    review(l.quest, 'decision-000000b3', { action: 'distill_review_reverted', reviewed_run_ids: [], updated_at: '2026-05-04T10:00:00+00:00' });
    const r = await run(['--home', l.home, 'gate', 'q', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, reviews: [] });
  });

  test('an index line without artifact_id still names its run through its path, as DeepScientist reads it', async () => {
    const l = makeQuest();
    const file = path.join(l.quest, 'artifacts', 'runs', 'run-x.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...RUN, status: 'completed' }, null, 2));
    fs.writeFileSync(path.join(l.quest, 'artifacts', '_index.jsonl'), JSON.stringify({ kind: 'run', status: 'completed', path: file }) + '\n');
    const r = await run(['--home', l.home, 'gate', 'q', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).pending.map((p: { artifact_id: string }) => p.artifact_id)).toEqual(['run-x']);
    expect(r.err).toContain('an index line without artifact_id; only the file at its path is read');
  });
});
