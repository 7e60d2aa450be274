// End to end: the built CLI in a real terminal (tmux), a whole review of a copy of the demo home, then the files on
// disk and the gate. Needs tmux and a build (npm test builds dist/ first).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAIN, skipReason, tmuxSession } from './tmux.js';
if (skipReason) console.warn(`review e2e skipped: ${skipReason}`);

const session = `distill-e2e-${process.pid}`;
let home = '';
const { tmux, screen, waitFor, keys, kill } = tmuxSession(session);

function makeWritable(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) makeWritable(f);
    else fs.chmodSync(f, 0o644);
  }
}

describe.skipIf(Boolean(skipReason))('review in a real terminal', () => {
  beforeAll(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-e2e-'));
    fs.cpSync(path.join(process.cwd(), 'fixtures', 'demo-home'), home, { recursive: true });
    makeWritable(home);
    const script = path.join(home, '..', `${path.basename(home)}.sh`);
    fs.writeFileSync(
      script,
      `cd '${home}'\nexport CI=false TERM=xterm-256color DISTILL_REVIEWER=e2e\nnode '${MAIN}' --home '${home}' review 001\necho "__EXIT $?"\nsleep 30\n`,
    );
    tmux('new-session', '-d', '-s', session, '-x', '140', '-y', '45', `sh '${script}'`);
  });
  afterAll(() => {
    kill();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  test('new, patch with the diff shown, neighbor_but_separate, reject; W, confirm, quit; then the files and the gate', async () => {
    await waitFor('Runs 0/1 covered');
    expect(screen()).toContain('Drafts of run-a400216f (4)');

    // Draft 1 (LoRA rank 8 vs bottleneck 64): look at the diff, then patch into the top neighbor.
    await keys('l', 'd');
    let s = await waitFor('Diff: patch LoRA rank 8 matches adapter bottleneck 64');
    expect(s).toContain('+  run: run-a400216f');
    await keys('p');
    // c / p / s ask for an optional reason (Enter skips it).
    await waitFor('reason (Enter to skip):');
    await keys(...Array.from('same mechanism'), 'Enter', 'd');
    await waitFor('[patch] LoRA rank 8');
    // Draft 2: new. Draft 3 (TODO claim): reject with a reason. Draft 4: neighbor_but_separate.
    await keys('c', 'Enter');
    await waitFor('[new] LoRA r=8');
    await keys('x');
    await waitFor('reason:');
    await keys(...Array.from('single seed only'), 'Enter');
    await waitFor('[reject] Single-seed');
    await keys('s', 'Enter');
    s = await waitFor('staged: 4 (1 new, 1 patch, 1 separate, 1 reject)');
    expect(s.split('\n').filter((l) => l.trim()).length).toBeLessThanOrEqual(44);

    await keys('W');
    s = await waitFor('Write the review?');
    expect(s).toContain('Files:');
    expect(s).toMatch(/revise\s+memory\/knowledge\/adapter-bottleneck-64-is-the-sweet-spot-on-conll-1k\.md/);
    // The run lives in the active worktree: its decision is recorded there (issue 12).
    expect(s).toMatch(/create\s+quests\/001\/\.ds\/worktrees\/idea-idea-7a9ceaa1\/artifacts\/decisions\/decision-[0-9a-f]{8}\.json/);
    await keys('y');
    await waitFor(/wrote \d+ file\(s\), review decision-[0-9a-f]{8}/);
    await keys('q');
    // The shell gets what was written and how to undo it.
    s = await waitFor('__EXIT 0');
    expect(s).toMatch(/wrote review decision-[0-9a-f]{8} \(3 cards\); undo with: distill revert decision-[0-9a-f]{8}\n/);

    // The decision artifact, in DeepScientist's shape.
    const workspace = path.join(home, 'quests', '001', '.ds', 'worktrees', 'idea-idea-7a9ceaa1');
    const decisions = path.join(workspace, 'artifacts', 'decisions');
    // The worktree holds DeepScientist's own decisions too: pick the distill_review.
    const files = fs.readdirSync(decisions).filter((f) => f.endsWith('.json'))
      .filter((f) => JSON.parse(fs.readFileSync(path.join(decisions, f), 'utf8')).action === 'distill_review');
    expect(files).toHaveLength(1);
    const decision = JSON.parse(fs.readFileSync(path.join(decisions, files[0]), 'utf8'));
    expect(decision.action).toBe('distill_review');
    expect(decision.reviewed_run_ids).toEqual(['run-a400216f']);
    const actions = decision.cards_written.map((c: { action: string }) => c.action).sort();
    expect(actions).toEqual(['new', 'new', 'patch']);
    const nd = decision.neighbor_decisions as { candidate_card_id: string; decision: string }[];
    expect(nd.some((n) => n.decision === 'patch')).toBe(true);
    expect(nd.some((n) => n.decision === 'neighbor_but_separate')).toBe(true);
    const reasons = (decision.draft_decisions as { decision: string; reason: string }[]).map((d) => [d.decision, d.reason]);
    expect(reasons).toContainEqual(['patch', 'same mechanism']);
    expect(reasons).toContainEqual(['new', 'new lesson']);
    const index = fs.readFileSync(path.join(workspace, 'artifacts', '_index.jsonl'), 'utf8');
    expect(index).toContain(decision.artifact_id);

    // The cards: the patched neighbor carries the run, two new global cards exist, the separate one is related.
    const knowledge = path.join(home, 'memory', 'knowledge');
    const patched = fs.readFileSync(path.join(knowledge, 'adapter-bottleneck-64-is-the-sweet-spot-on-conll-1k.md'), 'utf8');
    expect(patched).toContain('run: run-a400216f');
    const written = decision.cards_written.filter((c: { action: string }) => c.action === 'new').map((c: { card_id: string }) => c.card_id);
    const texts = fs.readdirSync(knowledge).filter((f) => f.endsWith('.md')).map((f) => fs.readFileSync(path.join(knowledge, f), 'utf8'));
    for (const id of written) expect(texts.some((t) => t.includes(`id: ${id}`))).toBe(true);
    expect(texts.some((t) => t.includes('title: Adapters diverge with warmup below 3% on CoNLL-1k too') && t.includes('related:'))).toBe(true);
    expect(texts.some((t) => t.includes('Single-seed gain'))).toBe(false);
    expect(fs.existsSync(path.join(home, 'quests', '001', '.ds', 'distill', 'staging.json'))).toBe(false);

    const gate = spawnSync(process.execPath, [MAIN, '--home', home, 'gate', '001'], { encoding: 'utf8' });
    expect(gate.stdout).toContain('closed');
    expect(gate.status).toBe(0);
  }, 60000);
});
