// A plan is built before the home's write lock is taken. Another review of the same quest written in between (or
// half written: its ledger rows appended, its review record not yet) changes which runs are covered and which cards
// the covering decision names, and no op of the stale plan notices. executePlan compares the plan's basis under the
// lock and plans the same decisions again (or refuses without a replan). Ordered in-process, so the race is exact.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../src/core/errors.js';
import { coverage } from '../src/core/quest/coverage.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { executePlan, planOps } from '../src/core/review/execute.js';
import { readReviewed, reviewedKey } from '../src/core/review/reviewed.js';
import { reviewRecordPath } from '../src/core/review/records.js';
import type { Plan } from '../src/core/review/plan.js';
import { createCoreFacade } from '../src/ui/review/core-facade.js';
import { D, HALF_A, HALF_B, NOW, diffSnapshots, makeHome, planFor, snapshot } from './helpers/write-home.js';
import { tempDirs } from './helpers/home.js';

const made = tempDirs();

function home(): string {
  const h = makeHome();
  made.push(h);
  return h;
}

const A = HALF_A;
const B = HALF_B;

function covering(h: string) {
  return coverage(resolveQuest(h, '001')).reviews.map((r) => ({ id: String(r.record.id), cards: (r.record.cards_written as unknown[]).length }));
}

/** Writes B, calling `during` at the moment B's ledger rows are on disk and its review record is not. */
async function writeBWith(h: string, during: () => void): Promise<void> {
  const planB = planFor(h, B);
  const n = planOps(planB).findIndex((op) => op.path === reviewRecordPath(h, planB.reviewId));
  let called = false;
  const written = await executePlan(h, planB, {
    faultAt: `op${n}.create`,
    onFault: () => {
      expect(readReviewed(h).has(reviewedKey('001', D.warmup))).toBe(true);
      expect(fs.existsSync(reviewRecordPath(h, planB.reviewId))).toBe(false);
      during();
      called = true;
    },
  });
  expect(written.status).toBe('written');
  expect(called).toBe(true);
}

/** A's plan, built while B's write is half done. */
async function planDuringHalfWrite(h: string): Promise<Plan> {
  let planA: Plan | null = null;
  await writeBWith(h, () => {
    planA = planFor(h, A);
  });
  return planA!;
}

describe('a plan read before another review of the quest landed', () => {
  it('read mid-write, it is planned again under the lock: the decision covers the run naming all three cards', async () => {
    const h = home();
    const planA = await planDuringHalfWrite(h);
    // What the stale plan would have written: the run covered, but only its own two cards named.
    expect(JSON.parse(planA.decision!.content).cards_written).toHaveLength(2);
    const result = await executePlan(h, planA, { replan: () => planFor(h, A) });
    expect(result.status).toBe('written');
    expect(covering(h)).toEqual([{ id: result.reviewId, cards: 3 }]);
    expect(fs.readdirSync(path.join(h, '.distill/journal'))).toEqual([]);
  });

  it('read before the other write began, it covers the run the two reviews decided together', async () => {
    const h = home();
    const planA = planFor(h, A);
    const planB = planFor(h, B);
    // Neither plan alone covers the run: each sees the other's drafts undecided.
    expect([planA.decision, planB.decision]).toEqual([null, null]);
    expect((await executePlan(h, planB, { replan: () => planFor(h, B) })).status).toBe('written');
    expect(covering(h)).toEqual([]);
    const result = await executePlan(h, planA, { replan: () => planFor(h, A) });
    expect(result.status).toBe('written');
    expect(covering(h)).toEqual([{ id: result.reviewId, cards: 3 }]);
  });

  it('without a replan it is refused with one line and nothing is written', async () => {
    const h = home();
    const planA = await planDuringHalfWrite(h);
    const before = snapshot(h);
    const refused = await executePlan(h, planA).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as Error).message).toBe('another review of quest 001 was written since this plan was read; nothing written (plan again)');
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
  });

  it('a plan whose basis still holds is written as planned, without planning again', async () => {
    const h = home();
    const planA = planFor(h, A);
    const result = await executePlan(h, planA, { replan: () => { throw new Error('planned again'); } });
    expect(result.status).toBe('written');
    expect(covering(h)).toEqual([]);
  });

  it('the review screen, planning while another review is half written, writes the run covered with all three cards', async () => {
    const h = home();
    const facade = createCoreFacade({ quest: resolveQuest(h, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'ann' } });
    facade.load();
    // The screen plans A (synchronously) while B's write is half done, then waits for the write lock B holds.
    let writing: ReturnType<typeof facade.write> | null = null;
    await writeBWith(h, () => {
      writing = facade.write(A);
    });
    const written = await writing!;
    expect(written.reviewId).not.toBeNull();
    expect(covering(h)).toEqual([{ id: written.reviewId, cards: 3 }]);
  });
});
