// Issue 12 items 1 and 8: a run counts as covered only when every draft of it is decided or the run is closed, and
// the decision is recorded in the workspace holding the run (sample quest 001: the active worktree).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { D, RUN, diffSnapshots, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const WS = 'quests/001/.ds/worktrees/idea-idea-7a9ceaa1';

function apply(home: string, rows: unknown[], ...flags: string[]) {
  return runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), rows), ...flags]);
}

function decisionsIn(home: string): string[] {
  const out: string[] = [];
  for (const rel of ['quests/001/artifacts/decisions', `${WS}/artifacts/decisions`]) {
    const dir = path.join(home, rel);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const rec = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      if (rec.action === 'distill_review') out.push(path.join(rel, name));
    }
  }
  return out;
}

/** PR #60's list_distill_candidates: candidate runs of the ACTIVE workspace's index minus its distill_review runs. */
function pendingInActiveWorkspace(home: string): string[] {
  const index = fs.readFileSync(path.join(home, WS, 'artifacts/_index.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const reviewed = new Set<string>();
  for (const e of index) {
    if (e.kind !== 'decision') continue;
    const file = path.join(home, WS, 'artifacts/decisions', `${e.artifact_id}.json`);
    if (!fs.existsSync(file)) continue;
    const rec = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (rec.action === 'distill_review') for (const r of rec.reviewed_run_ids ?? []) reviewed.add(r);
  }
  return index.filter((e) => e.kind === 'run' && e.artifact_id === RUN && !reviewed.has(e.artifact_id)).map((e) => e.artifact_id);
}

describe('when a run counts as covered', () => {
  it('one decided draft of four writes its card but leaves the run uncovered, with no decision', async () => {
    const home = makeHome();
    const before = snapshot(home);
    const plan = await apply(home, [{ draft: D.lora, decision: 'new', reason: 'a lesson' }]);
    expect(plan.out).toContain(`${RUN} stays uncovered: 3 drafts still undecided (x on the run closes it)`);
    expect(plan.out).toContain('no run is covered by this write; no distill_review decision is written');
    const r = await apply(home, [{ draft: D.lora, decision: 'new', reason: 'a lesson' }], '--yes');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^cards written, no distill_review decision \(no run covered\); record decision-[0-9a-f]{8}\n/);
    expect(r.out).not.toMatch(/review decision-[0-9a-f]{8} written/);
    const changed = diffSnapshots(before, snapshot(home));
    expect(changed.some((c) => c.startsWith('+ memory/knowledge/lora-r-8'))).toBe(true);
    expect(decisionsIn(home)).toEqual([]);
    expect(changed.filter((c) => c.includes('artifacts/') || c.includes('events.jsonl'))).toEqual([]);
    const gate = await runInProcess(['--home', home, 'gate', '001', '--json']);
    expect(gate.code).toBe(1);
    expect(JSON.parse(gate.out).pending.map((p: { artifact_id: string }) => p.artifact_id)).toContain(RUN);
    const drafts = JSON.parse((await runInProcess(['--home', home, 'drafts', '001', '--json'])).out);
    expect(JSON.stringify(drafts)).not.toContain(D.lora);
    expect(JSON.stringify(drafts)).toContain(D.warmup);
  });

  it('a deferred draft keeps its run uncovered', async () => {
    const home = makeHome();
    const r = await apply(home, [
      { draft: D.lora, decision: 'new', reason: 'a' },
      { draft: D.warmup, decision: 'reject', reason: 'b' },
      { draft: D.bottleneck, decision: 'reject', reason: 'c' },
      { draft: D.todo, decision: 'defer', reason: 'later' },
    ], '--yes');
    expect(r.code).toBe(0);
    expect(decisionsIn(home)).toEqual([]);
    expect((await runInProcess(['--home', home, 'gate', '001'])).code).toBe(1);
  });

  it('the write that covers a run names every card that came from it, earlier reviews included', async () => {
    const home = makeHome();
    const first = await apply(home, [{ draft: D.lora, decision: 'new', reason: 'a' }], '--yes');
    expect(first.code).toBe(0);
    const plan = await apply(home, [
      { draft: D.warmup, decision: 'reject', reason: 'b' },
      { draft: D.bottleneck, decision: 'new', reason: 'c' },
    ]);
    expect(plan.out).toContain(`${RUN} stays uncovered: 1 draft still undecided`);
    const second = await apply(home, [{ draft: D.warmup, decision: 'reject', reason: 'b' }, { run: RUN, decision: 'reject', reason: 'rest is noise' }], '--yes');
    expect(second.code).toBe(0);
    const [file] = decisionsIn(home);
    expect(file.startsWith(`${WS}/`)).toBe(true);
    const rec = JSON.parse(fs.readFileSync(path.join(home, file), 'utf8'));
    expect(rec.reviewed_run_ids).toEqual([RUN]);
    expect(rec.cards_written).toHaveLength(1);
    expect(rec.cards_written[0]).toMatchObject({ action: 'new', target_run_id: RUN });
    expect(rec.draft_decisions.map((d: { draft_id: string; decision: string }) => `${d.draft_id}:${d.decision}`).sort()).toEqual(
      [`${D.bottleneck}:reject`, `${D.todo}:reject`, `${D.warmup}:reject`, `run:${RUN}:reject`].sort(),
    );
    expect((await runInProcess(['--home', home, 'gate', '001'])).code).toBe(0);
    expect(pendingInActiveWorkspace(home)).toEqual([]);
  });

  it('the decision goes to the active workspace, PR #60 list_distill_candidates agrees, and revert finds it there', async () => {
    const home = makeHome();
    expect(pendingInActiveWorkspace(home)).toEqual([RUN]);
    const r = await apply(home, [{ run: RUN, decision: 'reject', reason: 'nothing to learn' }], '--yes');
    expect(r.code).toBe(0);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
    expect(fs.existsSync(path.join(home, WS, 'artifacts/decisions', `${id}.json`))).toBe(true);
    expect(fs.existsSync(path.join(home, 'quests/001/artifacts/decisions', `${id}.json`))).toBe(false);
    expect(pendingInActiveWorkspace(home)).toEqual([]);
    const rv = await runInProcess(['--home', home, 'revert', id]);
    expect(rv.code).toBe(0);
    expect(pendingInActiveWorkspace(home)).toEqual([RUN]);
    expect((await runInProcess(['--home', home, 'gate', '001'])).code).toBe(1);
  });
});
