// What is written is what the reviewer saw. A plan shown to a person (the review screen's W) and confirmed (y) is
// written only if the plan made again under the write lock differs from it in nothing the reviewer sees: the files
// written, the cards' new bytes, which runs the decision covers, what stays undecided. Otherwise nothing is written and
// the new plan is handed back with what changed and why. The quest's draft files are part of a plan's basis: a draft
// the agent writes for a run between planning and the lock is seen, so a run is never covered with an undecided draft.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../src/core/errors.js';
import { coverage } from '../src/core/quest/coverage.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { executePlan, planOps } from '../src/core/review/execute.js';
import { reviewRecordPath } from '../src/core/review/records.js';
import { loadPlanSource, planReview } from '../src/core/review/flow.js';
import { PlanChangedError, planChanges, planDigest } from '../src/core/review/plan-changes.js';
import { openStoreSync } from '../src/core/store/load.js';
import { createCoreFacade } from '../src/ui/review/core-facade.js';
import { HALF_A, HALF_B, NOW, RUN, diffSnapshots, makeHome, planFor, snapshot } from './helpers/write-home.js';
import { tempDirs } from './helpers/home.js';

const made = tempDirs();

function home(): string {
  const h = makeHome();
  made.push(h);
  return h;
}

const A = HALF_A;
const B = HALF_B;

const NEW_DRAFT = 'main-001__late-finding.md';
/** The agent writes one more draft for run-a400216f. */
function agentWritesDraft(h: string): void {
  fs.writeFileSync(path.join(h, 'drafts', 'experiences', '001', NEW_DRAFT), [
    '---', 'subtype: experience', 'title: Late finding', 'claim: A lesson written after the plan was read.',
    'lineage:', '- quest: 001', `  run: ${RUN}`, '  direction: main', '  note: late', 'tags:', '- domain:nlp', '---', 'Late.', '',
  ].join('\n'));
}

function covering(h: string) {
  return coverage(resolveQuest(h, '001')).reviews.map((r) => ({ id: String(r.record.id), cards: (r.record.cards_written as unknown[]).length }));
}

const facadeOf = (h: string) => {
  const f = createCoreFacade({ quest: resolveQuest(h, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'ann' } });
  f.load();
  return f;
};

describe('the review screen writes only the plan it showed', () => {
  it('another review landed between W and y: nothing written, the new plan comes back with what changed; y again writes it', async () => {
    const h = home();
    const facade = facadeOf(h);
    const shown = facade.describe(A);
    expect(shown.lines.join('\n')).not.toContain('artifacts/decisions/');
    // B lands while A's plan is on screen.
    const planB = planFor(h, B);
    expect((await executePlan(h, planB)).status).toBe('written');
    const before = snapshot(h);
    const refused = await facade.write(A);
    expect(refused.reviewId).toBeNull();
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
    const changed = refused.changed!;
    expect(changed.changed![0]).toBe(`Not written: the plan changed since it was shown (another review, ${planB.reviewId}, landed meanwhile):`);
    expect(changed.changed!.slice(1)).toEqual([
      `  run ${RUN} is now covered by this write`,
      expect.stringMatching(/^ {2}now also writes quests\/001\/\.ds\/worktrees\/[^ ]+\/artifacts\/decisions\/decision-[0-9a-f]{8}\.json \(the distill_review decision, naming 3 card\(s\)\)$/),
      'Below is the plan as it is now; y writes it, n/Esc goes back (decisions stay staged).',
    ]);
    // The new plan is the one shown now: it covers the run with all three cards.
    expect(changed.lines.join('\n')).toContain('artifacts/decisions/');
    const written = await facade.write(A);
    expect(written.changed).toBeUndefined();
    expect(written.reviewId).not.toBeNull();
    expect(covering(h)).toEqual([{ id: written.reviewId, cards: 3 }]);
  });

  it('another review half written when y is pressed (its ledger rows on disk, its record not): y waits for its lock, then writes nothing and shows the new plan', async () => {
    const h = home();
    const facade = facadeOf(h);
    facade.describe(A);
    const planB = planFor(h, B);
    const n = planOps(planB).findIndex((op) => op.path === reviewRecordPath(h, planB.reviewId));
    let writing: ReturnType<typeof facade.write> | null = null;
    const written = await executePlan(h, planB, {
      faultAt: `op${n}.create`,
      // B holds the write lock here, half done: the screen's y starts and waits for the lock.
      onFault: () => {
        expect(fs.existsSync(reviewRecordPath(h, planB.reviewId))).toBe(false);
        writing = facade.write(A);
      },
    });
    expect(written.status).toBe('written');
    const before = snapshot(h);
    const refused = await writing!;
    expect(refused.reviewId).toBeNull();
    expect(refused.changed!.changed!.slice(0, 2)).toEqual([
      `Not written: the plan changed since it was shown (another review, ${planB.reviewId}, landed meanwhile):`,
      `  run ${RUN} is now covered by this write`,
    ]);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
    const again = await facade.write(A);
    expect(covering(h)).toEqual([{ id: again.reviewId, cards: 3 }]);
  });

  it('a replan that shows nothing different is written as shown', async () => {
    const h = home();
    const facade = facadeOf(h);
    facade.describe(A);
    // The quest's memory changes (a note, not a draft): the basis moved, the plan made again is the same.
    const quest = resolveQuest(h, '001');
    fs.mkdirSync(path.join(quest.root, 'memory', 'episodes'), { recursive: true });
    fs.writeFileSync(path.join(quest.root, 'memory', 'episodes', 'late-note.md'), '---\nid: episode-late\ntitle: a note\n---\nbody\n');
    const written = await facade.write(A);
    expect(written.changed).toBeUndefined();
    expect(written.reviewId).toMatch(/^decision-[0-9a-f]{8}$/);
    expect(written.cards).toBe(2);
  });

  it('the same through executePlan: planned again once under the lock, identical, written', async () => {
    const h = home();
    const plan = planFor(h, A);
    const quest = resolveQuest(h, '001');
    fs.mkdirSync(path.join(quest.root, 'memory', 'episodes'), { recursive: true });
    fs.writeFileSync(path.join(quest.root, 'memory', 'episodes', 'late-note.md'), '---\nid: episode-late\ntitle: a note\n---\nbody\n');
    let replans = 0;
    const result = await executePlan(h, plan, { replan: () => (replans++, planFor(h, A)), asShown: true });
    expect(replans).toBe(1);
    expect(result.status).toBe('written');
    expect(result.created).toEqual(plan.newCards.map((c) => c.path));
  });

  it('a plan made again at another time differs in nothing the reviewer sees', () => {
    const h = home();
    const source = loadPlanSource(resolveQuest(h, '001'), openStoreSync(h));
    const one = planReview(source, A, { reviewer: 'ann', env: { DISTILL_NOW: NOW } });
    const two = planReview(source, A, { reviewer: 'ann', env: { DISTILL_NOW: '2026-06-02T08:30:00+00:00' } });
    expect(one.newCards[0].content).not.toBe(two.newCards[0].content);
    expect(planChanges(one, two)).toEqual([]);
    expect(planDigest(one)).toBe(planDigest(two));
    expect(planDigest(one)).not.toBe(planDigest(planReview(source, [A[0]], { reviewer: 'ann', env: { DISTILL_NOW: NOW } })));
  });
});

describe('a draft written for a run between planning and the lock', () => {
  const ALL = [...A, ...B];
  const NEW_ID = `draft:001/${NEW_DRAFT.replace(/\.md$/, '')}`;

  it('changes the basis: without a replan the write is refused, nothing written', async () => {
    const h = home();
    const plan = planFor(h, ALL);
    expect(plan.runs).toEqual([expect.objectContaining({ runId: RUN, covered: true })]);
    agentWritesDraft(h);
    const before = snapshot(h);
    const refused = await executePlan(h, plan).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
  });

  it('planned again (apply --yes), the run is not covered: the new draft stays undecided', async () => {
    const h = home();
    const plan = planFor(h, ALL);
    agentWritesDraft(h);
    const result = await executePlan(h, plan, { replan: () => planFor(h, ALL) });
    expect(result.status).toBe('written');
    expect(result.decisionPath).toBeNull();
    expect(covering(h)).toEqual([]);
    expect(coverage(resolveQuest(h, '001')).runs.size).toBeGreaterThan(0);
  });

  it('in the review screen, between W and y: nothing written, the new plan leaves the run open; y writes that', async () => {
    const h = home();
    const facade = facadeOf(h);
    facade.describe(ALL);
    agentWritesDraft(h);
    const before = snapshot(h);
    const refused = await facade.write(ALL);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
    expect(refused.changed!.changed!.slice(0, 2)).toEqual([
      `Not written: the plan changed since it was shown (draft file ${NEW_DRAFT} written meanwhile):`,
      `  run ${RUN} is no longer covered: ${NEW_ID} undecided`,
    ]);
    const written = await facade.write(ALL);
    expect(written.decision).toBe(false);
    expect(covering(h)).toEqual([]);
  });

  it('confirmed as shown, nothing is written and the change names the run and the draft', async () => {
    const h = home();
    const plan = planFor(h, ALL);
    agentWritesDraft(h);
    const before = snapshot(h);
    const refused = await executePlan(h, plan, { replan: () => planFor(h, ALL), asShown: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlanChangedError);
    const e = refused as PlanChangedError;
    expect(e.why).toBe(`draft file ${NEW_DRAFT} written meanwhile`);
    expect(e.changes[0]).toBe(`run ${RUN} is no longer covered: ${NEW_ID} undecided`);
    expect(e.fresh.decision).toBeNull();
    expect(e.exitCode).toBe(3);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
  });
});
