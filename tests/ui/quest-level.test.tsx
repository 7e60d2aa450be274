// Quest-level drafts (tied to no candidate run) stay reachable: a "quest-level drafts" row follows the runs while
// any exist, even when every run is covered; their decisions go to a target run, the newest unless picked with t.
import { afterEach, describe, expect, test } from 'vitest';
import { sampleData } from './fake-facade.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

/** Both runs covered; the only drafts left are two quest-level ones. */
function allCovered() {
  const data = sampleData();
  data.runs[1] = { ...data.runs[1], covered: true, coveredBy: ['decision-22222222'] };
  data.drafts = [data.drafts[2], { ...data.drafts[0], id: 'knowledge-q0000002', title: 'Another quest-level lesson', runIds: ['run-gone0000'] }];
  return data;
}

describe('the quest-level group', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    test(`every run covered: the group is focused, its drafts are listed and decided under the newest run (${size.columns}x${size.rows})`, async () => {
      app = await start({ data: allCovered(), ...size });
      const frame = app.frame();
      expect(frame).toMatch(/›\s+◆ quest-level 0\/2 decided → run-bb/);
      expect(frame).toContain('Quest-level drafts (2) → run-bbbb0002');
      expect(frame).toContain('quest-level Seed variance dominates');
      expect(frame).toContain('quest-level Another quest-level lesson');
      await app.press('l');
      await app.press('c');
      expect(app.store.getState().staged['knowledge-d0000003']).toMatchObject({ decision: 'new', runId: 'run-bbbb0002' });
      expect(app.frame()).toContain('1/2 decided');
    });
  }

  test('t picks another target run for the group; a draft tied to no run decided after that is recorded under it', async () => {
    app = await start({ data: allCovered() });
    await app.press('t');
    expect(app.frame()).toContain('quest-level drafts will be recorded under run-aaaa0001');
    expect(app.frame()).toContain('Quest-level drafts (2) → run-aaaa0001');
    await app.press('l');
    await app.press('x');
    await app.type('not a lesson');
    await app.press('return');
    expect(app.store.getState().staged['knowledge-d0000003']).toMatchObject({ decision: 'reject', runId: 'run-aaaa0001' });
  });

  test('a quest-level draft tied to a run of its own (not a candidate) is recorded under that run, never the group target', async () => {
    app = await start({ data: allCovered() });
    await app.press('t');
    await app.press('l');
    await app.press('j');
    await app.press('x');
    await app.type('not a lesson');
    await app.press('return');
    expect(app.store.getState().staged['knowledge-q0000002']).toMatchObject({ decision: 'reject', runId: 'run-gone0000' });
    // The cursor went on to the next undecided draft, the first one (every later one is decided).
    expect(app.frame()).toMatch(/›\s+quest-level Seed variance/);
    await app.press('space');
    expect(app.store.getState().marks).toEqual({ 'knowledge-d0000003': 'run-aaaa0001' });
  });

  test('with uncovered runs the group is still there, after the runs; t does nothing on a run', async () => {
    app = await start();
    await app.press('t');
    expect(app.frame()).toContain('t: nothing to act on here');
    expect(app.store.getState().questRun).toBeNull();
    await app.press('G');
    expect(app.frame()).toMatch(/›\s+◆ quest-level 0\/1 decided → run-bb/);
    expect(app.frame()).toContain('Quest-level drafts');
    await app.press('x');
    expect(app.frame()).toContain('this is the quest-level row, not a run');
    expect(app.store.getState().modal).toBeNull();
  });
});
