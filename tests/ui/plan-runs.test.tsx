// The W plan view starts with which runs the write will count as covered and which stay uncovered.
import { afterEach, describe, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { planRunLines } from '../../src/ui/review/plan-runs.js';
import { copyFixture } from '../helpers/home.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

describe('runs in the write plan', () => {
  test('covered, closed and uncovered runs, each on one line', () => {
    expect(
      planRunLines([
        { runId: 'run-a', covered: true, closed: false, undecided: [] },
        { runId: 'run-b', covered: true, closed: true, undecided: ['d1', 'd2'] },
        { runId: 'run-c', covered: false, closed: false, undecided: ['d3'] },
      ]),
    ).toEqual([
      'Runs after this write:',
      '  covered    run-a',
      '  covered    run-b (closed; 2 undecided draft(s) recorded as rejected)',
      '  uncovered  run-c (1 draft(s) undecided: d3)',
      '',
    ]);
    expect(planRunLines(undefined)).toEqual([]);
  });

  test('the plan view at 80x24 shows the run lines first', async () => {
    app = await start({ columns: 80, rows: 24 });
    const describe = app.facade.describe;
    app.facade.describe = (list) => {
      const plan = describe(list);
      return { ...plan, lines: [...planRunLines([{ runId: 'run-bbbb0002', covered: false, closed: false, undecided: ['knowledge-d0000002'] }]), ...plan.lines] };
    };
    await app.press('l');
    await app.press('c');
    await app.press('W');
    expect(app.frame()).toContain('Runs after this write:');
    expect(app.frame()).toContain('uncovered  run-bbbb0002 (1 draft(s) undecided: knowledge-d0000002)');
  });

  test('the core facade puts the plan runs on top: one of four drafts decided leaves the run uncovered', () => {
    const home = copyFixture('demo-home');
    const quest = resolveQuest(home, '001');
    const facade = createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } });
    const draft = facade.load().drafts.find((d) => !d.needsEdit)!;
    const lines = facade.describe([{ draftId: draft.id, decision: 'reject', reason: 'r', neighbors: [], runId: 'run-a400216f' }]).lines;
    expect(lines[0]).toBe('Runs after this write:');
    expect(lines[1]).toMatch(/^ {2}uncovered {2}run-a400216f \(3 draft\(s\) undecided/);
  });
});
