// Every refusal names the problem, exits non-zero and leaves the tree unchanged: TODO claim, cross-quest
// invariants, conflicts (apply and revert), escaping ids and symlinks, unknown drafts, runs and review ids.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executePlan } from '../src/core/review/execute.js';
import { crossQuestViolations } from '../src/core/review/invariants.js';
import { CARD, D, diffSnapshots, giveTemperatureClaim, makeHome, planFor, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const KN = 'memory/knowledge';

async function refused(home: string, rows: unknown[], code: number, message: RegExp) {
  const file = writeDecisions(path.dirname(home), rows);
  const before = snapshot(home);
  const r = await runInProcess(['--home', home, 'apply', '001', file, '--yes']);
  expect(r.err.trimEnd()).toMatch(message);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.code).toBe(code);
  expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  return r;
}

describe('refusals', () => {
  it('a TODO claim cannot become a card, unless a claim override is given', async () => {
    const home = makeHome();
    await refused(home, [{ draft: D.todo, decision: 'new', reason: 'x' }], 2,
      /^distill: draft draft:001\/main-001__seed-noise \(.*main-001__seed-noise\.md\): claim is empty or a TODO placeholder; edit the draft or give a "claim" override$/);
    await refused(home, [{ draft: D.todo, decision: 'new', reason: 'x', claim: 'TODO later' }], 2, /claim is empty or a TODO placeholder/);
    const ok = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft: D.todo, decision: 'new', reason: 'x', claim: 'Single-seed gains below 0.01 F1 are noise here.' }]), '--yes']);
    expect(ok.code).toBe(0);
  });

  it('a cross-quest patch that changes the claim or the title is refused, naming the rule', async () => {
    const home = makeHome();
    giveTemperatureClaim(home);
    await refused(home, [{ draft: D.lora, decision: 'patch', neighbor: CARD.temperature, reason: 'x', claim: 'A new claim.' }], 2,
      /^distill: patch of knowledge-ac553f60 \(.*\) refused: claim is locked on a cross-quest patch \(the card's lineage names rag-calib\)$/);
    await refused(home, [{ draft: D.lora, decision: 'patch', neighbor: CARD.temperature, reason: 'x', title: 'Other' }], 2,
      /refused: title may not change on a cross-quest patch \(the card's lineage names rag-calib\); only lineage, tags and keywords grow$/);
  });

  it('the invariant checker refuses raised confidence and rewritten lineage', () => {
    const before = { claim: 'c', confidence: 0.5, lineage: [{ quest: 'a', run: 'r1' }], tags: ['x'] };
    expect(crossQuestViolations(before, { ...before, confidence: 0.7 }, 'b', 'b', 'q')).toEqual([
      "confidence may not increase on a cross-quest patch (the card's lineage names a) (0.5 -> 0.7)",
    ]);
    expect(crossQuestViolations(before, { ...before, lineage: [{ quest: 'q', run: 'r2' }] }, 'b', 'b', 'q')).toEqual([
      "lineage is append-only on a cross-quest patch (the card's lineage names a)",
    ]);
    expect(crossQuestViolations(before, { ...before, tags: ['y'] }, 'b', 'b\n\nmore', 'q')).toEqual([
      "tags is append-only on a cross-quest patch (the card's lineage names a)",
    ]);
    expect(crossQuestViolations(before, { ...before, confidence: 0.9, claim: 'd' }, 'b', 'b', 'a')).toEqual([]); // same quest
  });

  it('a card changed on disk after it was read is not overwritten; the error names the card', async () => {
    const home = makeHome();
    const plan = planFor(home, [
      { draftId: D.lora, decision: 'new', reason: 'x', neighbors: [] },
      { draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'y', neighbors: [] },
    ]);
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.appendFileSync(file, '\nEdited by hand meanwhile.\n');
    const before = snapshot(home);
    await expect(executePlan(home, plan)).rejects.toMatchObject({
      exitCode: 3,
      message: `card ${CARD.warmup} (${file}) changed on disk since it was read; nothing written (review it again)`,
    });
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  });

  it('revert refuses a card changed since the review wrote it', async () => {
    const home = makeHome();
    const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'y' }]), '--yes']);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.appendFileSync(file, 'later edit\n');
    const before = snapshot(home);
    const rv = await runInProcess(['--home', home, 'revert', id]);
    expect(rv.err).toBe(`distill: card ${CARD.warmup} (${file}) changed since review ${id} wrote it; nothing reverted\n`);
    expect(rv.code).toBe(3);
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    const bad = await runInProcess(['--home', home, 'revert', '../../etc/passwd']);
    expect(bad.err).toBe('distill: ../../etc/passwd: not a review id (expected decision-<8 hex>)\n');
    expect(bad.code).toBe(2);
    const unknown = await runInProcess(['--home', home, 'revert', 'decision-00000000']);
    expect(unknown.err).toMatch(/^distill: review decision-00000000: no record in .*\.distill\/reviews/);
    expect(unknown.code).toBe(2);
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  });

  it('ids and paths that would escape are refused', async () => {
    const home = makeHome();
    await refused(home, [{ draft: D.lora, decision: 'new', reason: 'x', run: '../../../etc' }], 2, /"run" "..\/..\/..\/etc" is not a valid id$/);
    await refused(home, [{ draft: D.lora, decision: 'patch', neighbor: '../knowledge/x', reason: 'x' }], 2, /"neighbor" "..\/knowledge\/x" is not a valid id$/);
    await refused(home, [{ draft: '/etc/passwd', decision: 'new', reason: 'x' }], 2, /draft "\/etc\/passwd" is not a draft of this quest$/);
    await refused(home, [{ draft: D.lora, decision: 'new', reason: 'x', run: 'run-00000000' }], 2, /run run-00000000 is not a run artifact of quest 001$/);
    // memory/knowledge is a symlink to a directory outside the home.
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-outside-'));
    fs.cpSync(path.join(home, KN), outside, { recursive: true });
    fs.rmSync(path.join(home, KN), { recursive: true });
    fs.symlinkSync(outside, path.join(home, KN));
    const outsideBefore = snapshot(outside);
    await refused(home, [{ draft: D.lora, decision: 'new', reason: 'x' }], 2, /: refusing to write outside the home's memory\/, the quest's artifacts\/ and .ds\/, and .distill\/$/);
    expect(diffSnapshots(outsideBefore, snapshot(outside))).toEqual([]);
  });

  it('a draft decided in an earlier review is refused with the review to revert', async () => {
    const home = makeHome();
    const first = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft: D.lora, decision: 'reject', reason: 'no' }]), '--yes']);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(first.out)![1];
    await refused(home, [{ draft: D.lora, decision: 'new', reason: 'changed my mind' }], 2,
      new RegExp(`already decided \\(reject\\) in review ${id}; distill revert ${id} to decide it again$`));
  });
});
