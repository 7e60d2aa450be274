// Recovery paths beyond roll-forward: an interrupted write whose card was edited before the next run is rolled
// back (nothing half-done stays), and an interrupted revert is completed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executePlan } from '../src/core/review/execute.js';
import { recoverJournals } from '../src/core/journal/recover.js';
import { revertReview } from '../src/core/review/revert.js';
import { CARD, D, NOW, RUN, diffSnapshots, makeHome, planFor, snapshot } from './helpers/write-home.js';

class Crash extends Error {}
const crashAt = (name: string) => ({ faultAt: name, onFault: () => { throw new Crash(name); } });

function plan(home: string) {
  return planFor(home, [
    { draftId: D.lora, decision: 'new', reason: 'x', neighbors: [] },
    { draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'y', neighbors: [] },
    { draftId: `run:${RUN}`, decision: 'reject', reason: 'the rest is noise', neighbors: [] },
  ]);
}

describe('recovery', () => {
  it('rolls back an interrupted write when a card changed before the next run', async () => {
    const home = makeHome();
    const before = snapshot(home);
    const p = plan(home);
    const trace: string[] = [];
    await expect(executePlan(home, p, { ...crashAt('op1.replace'), trace })).rejects.toBeInstanceOf(Crash);
    expect(trace).toContain('op0.create.done');
    const card = path.join(home, 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.appendFileSync(card, 'edited meanwhile\n');
    const reports = await recoverJournals(home);
    expect(reports).toHaveLength(1);
    expect(reports[0].outcome).toBe('rolled_back');
    expect(reports[0].message).toContain(`${card}: changed on disk since it was read; not overwritten`);
    const changed = diffSnapshots(before, snapshot(home));
    expect(changed).toEqual(['+ .distill/audit.jsonl', '~ memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters.md']);
    expect(JSON.parse(fs.readFileSync(path.join(home, '.distill/audit.jsonl'), 'utf8')).action).toBe('rollback');
  });

  it('completes an interrupted revert', async () => {
    const home = makeHome();
    const p = plan(home);
    const written = await executePlan(home, p);
    expect(written.status).toBe('written');
    const applied = snapshot(home);
    await expect(revertReview(home, p.reviewId, { reviewer: 'alice', now: NOW, ...crashAt('op1.move.unlink') })).rejects.toBeInstanceOf(Crash);
    expect(diffSnapshots(applied, snapshot(home)).length).toBeGreaterThan(0);
    const reports = await recoverJournals(home);
    expect(reports.map((r) => r.outcome)).toEqual(['completed']);
    // Same result as a revert that was never interrupted: the card restored, the new card archived.
    const card = fs.readFileSync(path.join(home, 'memory/knowledge/warmup-ratio-matters-more-than-peak-lr-for-adapters.md'), 'utf8');
    expect(card).toBe(p.patches[0].before);
    expect(fs.existsSync(p.newCards[0].path)).toBe(false);
    expect(fs.readFileSync(path.join(home, '.distill/archive', p.reviewId, path.relative(home, p.newCards[0].path)), 'utf8')).toBe(p.newCards[0].content);
    expect(JSON.parse(fs.readFileSync(p.decision!.path, 'utf8')).action).toBe('distill_review_reverted');
    expect(fs.readdirSync(path.join(home, '.distill/journal'))).toEqual([]);
  });
});
