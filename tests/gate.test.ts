import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { copyFixture, run, snapshot } from './helpers/home.js';

/** Appends a distill_review decision covering `runIds` to the quest root, as DeepScientist would index it. */
function addReview(home: string, questId: string, runIds: string[], id = 'decision-0000beef'): void {
  const root = path.join(home, 'quests', questId);
  const file = path.join(root, 'artifacts', 'decisions', `${id}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const record = {
    kind: 'decision',
    schema_version: 1,
    artifact_id: id,
    id,
    quest_id: questId,
    created_at: '2026-06-10T10:00:00+00:00',
    updated_at: '2026-06-10T10:00:00+00:00',
    source: { kind: 'agent' },
    status: 'pending',
    action: 'distill_review',
    verdict: 'covered',
    reason: 'reviewed',
    reviewed_run_ids: runIds,
    cards_written: [],
    reason_if_empty: 'nothing new',
  };
  fs.writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
  const line = { artifact_id: id, kind: 'decision', status: 'pending', quest_id: questId, path: file, summary: null, updated_at: record.updated_at };
  fs.appendFileSync(path.join(root, 'artifacts', '_index.jsonl'), JSON.stringify(line) + '\n');
}

describe('distill gate on the sample home', () => {
  test('quest 001 has exactly one pending run, main-001 recorded in the worktree; exit 1', async () => {
    const home = copyFixture('ds-sample');
    const before = snapshot(home);
    const r = await run(['--home', home, 'gate', '001']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('gate 001: open, 1 completed run lacks a distill_review');
    expect(r.out).toMatch(/run-a400216f {2}main-001 {2}main_experiment {2}Main experiment `main-001`/);
    expect(r.out).toContain('review it with: distill review 001');
    // the baseline runner turn (run-1522ac47) and the failed runs do not count
    for (const id of ['run-1522ac47', 'run-561fabe7', 'run-4d405130']) expect(r.out).not.toContain(id);
    const json = await run(['--home', home, 'gate', '001', '--json']);
    expect(json.code).toBe(1);
    const data = JSON.parse(json.out);
    expect(data.ok).toBe(false);
    expect(data.total).toBe(1);
    expect(data.pending).toEqual([
      expect.objectContaining({
        artifact_id: 'run-a400216f',
        run_id: 'main-001',
        run_kind: 'main_experiment',
        status: 'completed',
        workspace: '.ds/worktrees/idea-idea-7a9ceaa1',
      }),
    ]);
    expect(snapshot(home)).toEqual(before);
  });

  test('a distill_review covering run-a400216f closes the gate: exit 0', async () => {
    const home = copyFixture('ds-sample');
    addReview(home, '001', ['run-a400216f']);
    const r = await run(['--home', home, 'gate', '001']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('gate 001: closed, all 1 candidate runs are covered by a distill_review\n');
    const json = JSON.parse((await run(['--home', home, 'gate', '001', '--json'])).out);
    expect(json).toMatchObject({ ok: true, covered: 1, total: 1, pending: [], reviews: ['decision-0000beef'] });
  });

  test('a review naming the run_id (main-001) instead of the artifact_id does not cover it', async () => {
    const home = copyFixture('ds-sample');
    addReview(home, '001', ['main-001']);
    expect((await run(['--home', home, 'gate', '001'])).code).toBe(1);
  });

  test('the quest is found from a directory inside it, worktrees included', async () => {
    const home = copyFixture('ds-sample');
    const cwd = path.join(home, 'quests', '001', '.ds', 'worktrees', 'idea-idea-7a9ceaa1', 'src');
    const r = await run(['--home', home, 'gate'], { cwd });
    expect(r.code).toBe(1);
    expect(r.out).toContain('gate 001: open');
    const byPath = await run(['--home', home, 'gate', path.join(home, 'quests', '001')]);
    expect(byPath.out).toContain('gate 001: open');
  });

  test('the home comes from $DEEPSCIENTIST_HOME, then $DS_HOME', async () => {
    const home = copyFixture('ds-sample');
    expect((await run(['gate', '001'], { env: { DEEPSCIENTIST_HOME: home } })).out).toContain('gate 001: open');
    expect((await run(['gate', '001'], { env: { DS_HOME: home } })).out).toContain('gate 001: open');
    expect((await run(['gate', '001'], { env: { DEEPSCIENTIST_HOME: home, DS_HOME: '/nonexistent' } })).code).toBe(1);
  });
});

describe('workspaces, inherited index lines and stale paths', () => {
  test('worktree copies of root lines are deduped and the research head outside .ds/worktrees counts', async () => {
    const home = copyFixture('edge-home');
    const before = snapshot(home);
    const r = await run(['--home', home, 'candidates', 'wt', '--json', '--all']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out);
    expect(data.candidates.map((c: { artifact_id: string }) => c.artifact_id)).toEqual([
      'run-0000a002',
      'run-0000a003',
      'run-0000a004',
    ]);
    const byId = Object.fromEntries(data.candidates.map((c: { artifact_id: string; workspace: string }) => [c.artifact_id, c.workspace]));
    expect(byId['run-0000a002']).toBe('.'); // the root copy wins a tie, never the stale /home/bob path
    expect(byId['run-0000a003']).toBe('.ds/worktrees/idea-idea-1111aaaa');
    expect(byId['run-0000a004']).toBe('heads/analysis-head');
    // the runner turn (run_kind baseline) is not a candidate; the status "Success" counts case-insensitively
    expect(data.candidates.find((c: { run_kind: string }) => c.run_kind === 'baseline')).toBeUndefined();
    const gate = await run(['--home', home, 'gate', 'wt']);
    expect(gate.code).toBe(1);
    expect(gate.out).toContain('3 completed runs lack a distill_review');
    expect(snapshot(home)).toEqual(before);
  });
});

describe('broken index lines and records', () => {
  test('torn, id-less and hostile lines are skipped and counted; a JSON list line stops the gate; *.tmp ignored', async () => {
    const home = copyFixture('edge-home');
    const before = snapshot(home);
    const r = await run(['--home', home, 'gate', 'broken', '--json']);
    // Line 3 is `[1, 2, 3]`: DeepScientist's gate raises on it (`entry.get`), so the quest cannot close: exit 2.
    expect(r.code).toBe(2);
    const data = JSON.parse(r.out);
    expect(data.ok).toBe(false);
    expect(data.pending.map((p: { artifact_id: string }) => p.artifact_id)).toEqual(['run-0000b001']);
    expect(data.pending[0].status).toBe('completed'); // not the half-written .tmp copy saying "fail"
    expect(data.broken_lines).toBe(2);
    expect(data.unreadable).toEqual([
      { file: path.join(home, 'quests', 'broken', 'artifacts', '_index.jsonl'), problem: "line 3: a list, not a JSON object; DeepScientist's gate fails on it" },
    ]);
    expect(r.err).toContain('_index.jsonl: line 2: not a JSON object; skipped');
    expect(r.err).toContain('run-0000b003.json: not a JSON object');
    expect(r.err).toContain('run-0000b004: no artifacts/runs/run-0000b004.json; skipped');
    expect(r.err).toContain('artifact id "../../../escape" is not a safe file name; skipped');
    expect(snapshot(home)).toEqual(before);
  });
});

describe('coverage rules', () => {
  test('covered and uncovered candidates, runner turns and failed runs, status spellings', async () => {
    const home = copyFixture('edge-home');
    const r = await run(['--home', home, 'candidates', 'cov', '--all', '--json']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out);
    expect(data).toMatchObject({ covered: 1, total: 4 });
    const rows = data.candidates.map((c: { artifact_id: string; covered: boolean }) => `${c.artifact_id}:${c.covered}`);
    expect(rows).toEqual(['run-0000c001:true', 'run-0000c002:false', 'run-0000c003:false', 'run-0000c004:false']);
    expect(data.candidates[0].covered_by).toEqual(['decision-0000c0d1']);
    const plain = await run(['--home', home, 'candidates', 'cov']);
    expect(plain.out.split('\n')[0]).toBe('quest cov: 1/4 candidate runs covered');
    expect(plain.out).not.toContain('run-0000c001');
  });

  test('--run-kinds narrows or widens what counts', async () => {
    const home = copyFixture('edge-home');
    const only = JSON.parse((await run(['--home', home, 'gate', 'cov', '--json', '--run-kinds', 'main_experiment'])).out);
    expect(only.pending.map((p: { artifact_id: string }) => p.artifact_id)).toEqual(['run-0000c002']);
    const wide = JSON.parse((await run(['--home', home, 'gate', 'cov', '--json', '--run-kinds', 'decision,write'])).out);
    expect(wide.pending.map((p: { artifact_id: string }) => p.artifact_id)).toEqual(['run-0000c005', 'run-0000c007']);
  });
});

describe('usage and input errors exit 2 with one line', () => {
  test.each([
    [['gate', 'nope'], /^distill: quest nope: no .*quests\/nope\/quest.yaml \(quests here: broken, cov, drafts, wt\)\n$/],
    [['gate', '../etc'], /not inside .*quests|no such quest directory/],
    [['gate', 'a b'], /^distill: a b: not a valid quest id\n$/],
    [['recall', '--limit', 'x'], /^distill: --limit x: not a positive whole number\n$/],
    [['recall', '--kind', 'poems'], /^distill: --kind poems: not a memory kind/],
    [['recall', '--scope', 'all'], /^distill: --scope all: use global, quest or both\n$/],
    [['validate', 'nothing-here.md'], /nothing-here.md: no such file or directory/],
  ])('%j', async (argv, message) => {
    const home = copyFixture('edge-home');
    const before = snapshot(home);
    const r = await run(['--home', home, ...argv], { cwd: home });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(snapshot(home)).toEqual(before);
  });

  test('a missing home and a cwd outside any quest', async () => {
    const missing = await run(['--home', '/nonexistent/ds', 'gate', '001']);
    expect(missing).toMatchObject({ code: 2, err: expect.stringContaining('/nonexistent/ds: no DeepScientist home here') });
    const home = copyFixture('ds-sample');
    const outside = await run(['--home', home, 'gate'], { cwd: '/' });
    expect(outside.code).toBe(2);
    expect(outside.err).toMatch(/^distill: no quest given and \/ is not inside a quest of .* \(quests here: 001\)\n$/);
  });

  test('an unknown command or option is a usage error', async () => {
    const home = copyFixture('ds-sample');
    const unknown = await run(['--home', home, 'frobnicate']);
    expect(unknown).toMatchObject({ code: 2, err: "distill: unknown command or quest 'frobnicate' (run distill --help for the commands)\n" });
    expect((await run(['gate', '--bogus'])).code).toBe(2);
  });
});
