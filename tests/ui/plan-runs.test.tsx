// The W plan view starts with which runs the write will count as covered and which stay uncovered.
import { afterEach, describe, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { runLines } from '../../src/core/review/describe.js';
import { copyFixture } from '../helpers/home.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

describe('runs in the write plan', () => {
  test('covered, closed and uncovered runs, each on one line', () => {
    const runs = [
      { runId: 'run-a', covered: true, closed: false, undecided: [] },
      { runId: 'run-b', covered: true, closed: true, undecided: ['d1', 'd2'] },
      { runId: 'run-c', covered: false, closed: false, undecided: ['d3'] },
    ];
    expect(runLines({ runs, status: 'ready', decision: null })).toEqual([
      'Runs after this write:',
      '  run-a will count as covered',
      '  run-b will count as covered (closed: 2 undecided drafts recorded as rejected)',
      '  run-c stays uncovered: 1 draft still undecided (x on the run closes it): d3',
      '  no run is covered by this write; no distill_review decision is written',
    ]);
    expect(runLines({ runs: [], status: 'ready', decision: null })).toEqual([]);
  });

  test('the plan view at 80x24 shows the run lines first', async () => {
    app = await start({ columns: 80, rows: 24 });
    const describe = app.facade.describe;
    app.facade.describe = (list) => {
      const plan = describe(list);
      const runs = [{ runId: 'run-bbbb0002', covered: false, closed: false, undecided: ['knowledge-d0000002'] }];
      return { ...plan, lines: [...runLines({ runs, status: 'ready', decision: null }), ...plan.lines] };
    };
    await app.press('l');
    await app.press('c');
    await app.press('W');
    expect(app.frame()).toContain('Runs after this write:');
    expect(app.frame()).toContain('run-bbbb0002 stays uncovered: 1 draft still undecided');
  });

  test('the core facade puts the plan runs on top: one of four drafts decided leaves the run uncovered', () => {
    const home = copyFixture('demo-home');
    const quest = resolveQuest(home, '001');
    const facade = createCoreFacade({ quest, env: { DISTILL_NOW: '2026-06-01T10:00:00+00:00' } });
    const draft = facade.load().drafts.find((d) => !d.needsEdit)!;
    const lines = facade.describe([{ draftId: draft.id, decision: 'reject', reason: 'r', neighbors: [], runId: 'run-a400216f' }]).lines;
    expect(lines[0]).toBe('Runs after this write:');
    expect(lines[1]).toMatch(/^ {2}run-a400216f stays uncovered: 3 drafts still undecided/);
  });
});
