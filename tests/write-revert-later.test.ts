// A review a later review built on cannot be reverted alone. Review B's covering decision counts the drafts review A
// decided and names A's cards; reverting A alone re-opened A's drafts and archived A's card while B's decision still
// said the run was covered, naming that card (the gate closed on a run whose drafts are listed again). The revert is
// refused, naming B, and nothing is written; reverting B first, then A, works.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverage } from '../src/core/quest/coverage.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { executePlan, planOps } from '../src/core/review/execute.js';
import { reviewRecordPath } from '../src/core/review/records.js';
import { revertReview } from '../src/core/review/revert.js';
import { UserError } from '../src/core/errors.js';
import { planArchive } from '../src/core/cleanup/archive.js';
import { planEdit } from '../src/core/cleanup/edit.js';
import { executeCleanup } from '../src/core/cleanup/plan.js';
import { readReviewed, reviewedKey } from '../src/core/review/reviewed.js';
import type { StagedDecision } from '../src/core/review/plan.js';
import { tempDirs, run } from './helpers/home.js';
import { CARD, D, RUN, diffSnapshots, makeHome, planFor, snapshot } from './helpers/write-home.js';

const dirs = tempDirs();

function home(): string {
  const h = makeHome();
  dirs.push(h);
  return h;
}

// A decides half of the run's drafts (one new card, one reject): the run stays open. B decides the rest: B's decision
// covers the run, counting A's decisions and naming A's card.
const A: StagedDecision[] = [
  { draftId: D.lora, decision: 'new', reason: 'a', neighbors: [] },
  { draftId: D.todo, decision: 'reject', reason: 'not a lesson', neighbors: [] },
];
const B: StagedDecision[] = [
  { draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'b', neighbors: [] },
  { draftId: D.bottleneck, decision: 'reject', reason: 'b', neighbors: [] },
];
// A covers nothing and B only its own rejects when A holds no card: the run then depends on A's reject alone.
const A2: StagedDecision[] = [{ draftId: D.todo, decision: 'reject', reason: 'not a lesson', neighbors: [] }];
const B2: StagedDecision[] = [
  { draftId: D.lora, decision: 'reject', reason: 'b', neighbors: [] },
  { draftId: D.warmup, decision: 'reject', reason: 'b', neighbors: [] },
  { draftId: D.bottleneck, decision: 'reject', reason: 'b', neighbors: [] },
];

const env = { DISTILL_NOW: '2026-06-02T09:00:00+00:00', DISTILL_REVIEWER: 'bob', HOME: '/nonexistent' };
const revert = (h: string, id: string) => run(['--home', h, 'revert', id], { env });
const covered = (h: string) => coverage(resolveQuest(h, '001')).reviews.flatMap((r) => r.record.reviewed_run_ids as string[]);

async function write(h: string, staged: StagedDecision[]): Promise<string> {
  const result = await executePlan(h, planFor(h, staged));
  expect(result.status).toBe('written');
  return result.reviewId;
}

describe('distill revert of a review a later review built on', () => {
  for (const [name, first, second] of [['a card and a reject', A, B], ['a reject alone', A2, B2]] as const) {
    it(`is refused naming the later review, nothing written (A decided ${name})`, async () => {
      const h = home();
      const a = await write(h, first);
      const b = await write(h, second);
      expect(covered(h)).toEqual([RUN]);
      const before = snapshot(h);
      const r = await revert(h, a);
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        `distill: review ${a}: review ${b} was written after it and covers run ${RUN} counting the drafts ${a} decided; revert that first: distill revert ${b} (nothing reverted)\n`,
      );
      expect(r.out).toBe('');
      expect(diffSnapshots(before, snapshot(h))).toEqual([]);
      expect(fs.readdirSync(path.join(h, '.distill', 'journal'))).toEqual([]);
    });
  }

  it('reverting the later review first, then the earlier one, works and re-opens every draft', async () => {
    const h = home();
    const a = await write(h, A);
    const b = await write(h, B);
    expect((await revert(h, b)).code).toBe(0);
    expect(covered(h)).toEqual([]);
    const r = await revert(h, a);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`review ${a} reverted`);
    for (const id of Object.values(D)) expect(readReviewed(h).has(reviewedKey('001', id))).toBe(false);
  });

  it('a review written after the one reverted but covering nothing does not block it', async () => {
    const h = home();
    const a = await write(h, [A[0]]);
    await write(h, [B[0]]);
    expect(covered(h)).toEqual([]);
    expect((await revert(h, a)).code).toBe(0);
  });

  it('a later review landing while the revert waits for the write lock is seen under the lock: refused', async () => {
    const h = home();
    const a = await write(h, A);
    const planB = planFor(h, B);
    const n = planOps(planB).findIndex((op) => op.path === reviewRecordPath(h, planB.reviewId));
    let reverting: Promise<unknown> | null = null;
    // `distill revert A` starts while B is half written (its ledger rows on disk, its record not yet) and waits for B.
    const written = await executePlan(h, planB, {
      faultAt: `op${n}.create`,
      onFault: () => {
        reverting = revertReview(h, a, { reviewer: 'bob', now: env.DISTILL_NOW }).catch((e: unknown) => e);
      },
    });
    expect(written.status).toBe('written');
    const before = snapshot(h);
    const refused = await reverting!;
    expect(refused).toBeInstanceOf(UserError);
    expect((refused as Error).message).toContain(`review ${planB.reviewId} was written after it and covers run ${RUN}`);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
    expect(covered(h)).toEqual([RUN]);
  });

  it('a card a later review patched: the revert names that review (revert it first), exit 2; in that order both revert', async () => {
    const h = home();
    const card = path.join(h, 'memory', 'knowledge', 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    const original = fs.readFileSync(card);
    const a = await write(h, [{ draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'a', neighbors: [] }]);
    const created = await executePlan(h, planFor(h, [{ draftId: D.lora, decision: 'new', reason: 'a2', neighbors: [] }]));
    const newCard = JSON.parse(fs.readFileSync(path.join(h, '.distill', 'reviews', `${created.reviewId}.json`), 'utf8')).created[0];
    const b = await write(h, [
      { draftId: D.bottleneck, decision: 'patch', neighborId: CARD.warmup, reason: 'b', neighbors: [] },
      { draftId: D.todo, decision: 'patch', neighborId: newCard.card_id, reason: 'b', neighbors: [], overrides: { claim: 'Seed noise is large.' } },
    ]);
    const before = snapshot(h);
    const r = await revert(h, a);
    expect(r.err).toBe(`distill: card ${CARD.warmup} (${card}) was revised since by review ${b}; revert that first: distill revert ${b} (nothing reverted)\n`);
    expect(r.code).toBe(2);
    const r2 = await revert(h, created.reviewId);
    expect(r2.err).toBe(`distill: card ${newCard.card_id} (${path.join(h, newCard.path)}) was revised since by review ${b}; revert that first: distill revert ${b} (nothing reverted)\n`);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
    expect((await revert(h, b)).code).toBe(0);
    expect((await revert(h, a)).code).toBe(0);
    expect((await revert(h, created.reviewId)).code).toBe(0);
    expect(fs.readFileSync(card)).toEqual(original);
  });

  it('a card a lesson cleanup changed or archived since: the revert names the cleanup and its restore, exit 2', async () => {
    const h = home();
    const card = path.join(h, 'memory', 'knowledge', 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    const a = await write(h, [
      { draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'a', neighbors: [] },
      { draftId: D.lora, decision: 'new', reason: 'a', neighbors: [] },
    ]);
    const made = JSON.parse(fs.readFileSync(path.join(h, '.distill', 'reviews', `${a}.json`), 'utf8')).created[0];
    const opts = { reviewer: 'carol', now: env.DISTILL_NOW };
    const edit = await executeCleanup(planEdit(h, card, fs.readFileSync(card, 'utf8').replace(/\n$/, '\n\nCurated.\n'), opts)!);
    const before = snapshot(h);
    const r = await revert(h, a);
    expect(r.err).toBe(`distill: card ${CARD.warmup} (${card}) was changed since by ${edit.actionId} (edit); undo that first: distill restore ${edit.actionId} (nothing reverted)\n`);
    expect(r.code).toBe(2);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
    expect((await run(['--home', h, 'restore', edit.actionId], { env })).code).toBe(0);
    const archive = await executeCleanup(planArchive(h, [path.join(h, made.path)], opts));
    const r2 = await revert(h, a);
    expect(r2.err).toBe(`distill: card ${made.card_id} (${path.join(h, made.path)}) was changed since by ${archive.actionId} (archive); undo that first: distill restore ${archive.actionId} (nothing reverted)\n`);
    expect((await run(['--home', h, 'restore', archive.actionId], { env })).code).toBe(0);
    expect((await revert(h, a)).code).toBe(0);
  });
});
