// The review screen's y writes the plan W showed. Another review of the quest landing while the plan is on screen
// makes the plan made again under the lock differ (here: the run becomes covered, a decision appears): nothing is
// written, the write dialog shows the new plan headed by what changed and why, the decisions stay staged, and y
// writes the new plan.
import fs from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { coverage } from '../../src/core/quest/coverage.js';
import { resolveQuest } from '../../src/core/quest/home.js';
import { executePlan } from '../../src/core/review/execute.js';
import type { StagedDecision } from '../../src/core/review/plan.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { CARD, D, NOW, RUN, diffSnapshots, makeHome, planFor, snapshot } from '../helpers/write-home.js';
import { waitFor } from '../helpers/wait.js';
import { renderApp, type Rendered } from './render.js';

const made: string[] = [];
let screen: Rendered | null = null;
afterEach(() => {
  screen?.unmount();
  screen = null;
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const A: StagedDecision[] = [
  { draftId: D.lora, decision: 'new', reason: 'a', neighbors: [], runId: RUN },
  { draftId: D.bottleneck, decision: 'patch', neighborId: CARD.adapter, reason: 'same sweep', neighbors: [], runId: RUN },
];
const B: StagedDecision[] = [
  { draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'b', neighbors: [] },
  { draftId: D.todo, decision: 'reject', reason: 'not a lesson', neighbors: [] },
];

describe('review y: what is written is the plan W showed', () => {
  test('another review lands while the plan is shown: nothing written, the new plan shown with what changed; y writes it (80x24)', async () => {
    const home = makeHome();
    made.push(home);
    const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'ann' } });
    facade.load();
    facade.saveStaging(A);
    const store = createReviewStore({ facade });
    screen = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 80, rows: 24 });
    expect(screen.frame()).toContain('Restore staged decisions?');
    await screen.press('r');
    await screen.press('W');
    expect(screen.frame()).toContain('Write the review?');
    expect(screen.frame()).toContain('2 staged decision(s)');
    // Another review of quest 001 lands while the plan is on screen.
    const planB = planFor(home, B);
    expect((await executePlan(home, planB)).status).toBe('written');
    const before = snapshot(home);
    await screen.press('y');
    await store.getState().writing;
    await waitFor(() => screen!.frame().includes('Plan changed'), { message: () => 'the changed plan' });
    // The dialog wraps long lines at 80 columns: compared with the line breaks as spaces.
    const frame = screen.frame().replace(/\s+/g, ' ');
    expect(frame).toContain('Plan changed, nothing written. Write this one?');
    expect(frame).toContain(`Not written: the plan changed since it was shown (another review, ${planB.reviewId}`);
    expect(frame).toContain(`another review, ${planB.reviewId}, landed meanwhile): run ${RUN} is now covered by this write now also writes quests/001/`);
    expect(frame).toContain('(the distill_review decision, naming 3 card(s)) Below is the plan as it is now; y writes it');
    expect(frame).toContain('2 staged decision(s)');
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    expect(Object.keys(store.getState().staged).sort()).toEqual([D.bottleneck, D.lora].sort());
    // y confirms the new plan: written, covering the run with the three cards of both reviews.
    await screen.press('y');
    await store.getState().writing;
    expect(store.getState().message).toMatch(/^wrote/);
    expect(store.getState().staged).toEqual({});
    const decisions = store.getState().written;
    expect(decisions).toHaveLength(1);
    expect(decisions[0].cards).toBe(2);
    expect(coverage(resolveQuest(home, '001')).reviews.map((r) => [r.record.id, (r.record.cards_written as unknown[]).length])).toEqual([[decisions[0].reviewId, 3]]);
  });
});
