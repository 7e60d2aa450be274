// Deciding: Space c p s x - e d u Ctrl+R W q, staging persistence and restore.
import { afterEach, describe, expect, test } from 'vitest';
import { waitFor } from '../helpers/wait.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const staged = (a: Started) => a.store.getState().staged;

describe('decisions', () => {
  test('on a 60-column terminal the header keeps the staged count and cuts the quest title instead', async () => {
    app = await start({ columns: 60 });
    await app.press('l');
    await app.press('c');
    const header = app.frame().split('\n')[0];
    expect(header).toContain('distill review · quest 001 · staged: 1 (1 new)');
  });

  test('c stages new for the focused draft, with every listed neighbor recorded, and moves to the next draft', async () => {
    app = await start();
    await app.press('l');
    await app.press('c');
    expect(app.frame()).toContain('[new] Warmup matters for adapters');
    expect(app.frame()).toContain('staged: 1 (1 new)');
    expect(app.frame()).toMatch(/›\s+Temperature scaling/);
    const s = staged(app)['knowledge-d0000001'];
    expect(s).toMatchObject({ decision: 'new', runId: 'run-bbbb0002', reason: 'new lesson' });
    expect(s.neighbors).toEqual([
      { cardId: 'knowledge-n0000001', decision: 'new', reason: 'looked at, not related' },
      { cardId: 'knowledge-n0000002', decision: 'new', reason: 'looked at, not related' },
    ]);
    // Persisted for crash recovery on every change.
    expect(app.facade.staging?.staged.map((d) => d.draftId)).toEqual(['knowledge-d0000001']);
  });

  test('p patches into the focused neighbor; d shows the diff patch would write', async () => {
    app = await start();
    await app.press('l');
    await app.press('l');
    await app.press('j');
    await app.press('d');
    expect(app.frame()).toContain('─ Diff: patch Warmup matters for adapters into knowledge-n0000002');
    expect(app.frame()).toContain('+evidence from knowledge-d0000001');
    await app.press('p');
    const s = staged(app)['knowledge-d0000001'];
    expect(s).toMatchObject({ decision: 'patch', neighborId: 'knowledge-n0000002', runId: 'run-bbbb0002' });
    expect(s.neighbors).toEqual([
      { cardId: 'knowledge-n0000001', decision: 'new', reason: 'looked at, not related' },
      { cardId: 'knowledge-n0000002', decision: 'patch', reason: 'patched into' },
    ]);
    expect(app.frame()).toContain('(staged)');
    await app.press('d');
    expect(app.frame()).not.toContain('─ Diff:');
    expect(app.frame()).toContain('⇄ neighbor knowledge-n0000002');
  });

  test('s keeps the draft separate from the focused neighbor', async () => {
    app = await start();
    await app.press('l');
    await app.press('s');
    const s = staged(app)['knowledge-d0000001'];
    expect(s).toMatchObject({ decision: 'neighbor_but_separate', neighborId: 'knowledge-n0000001' });
    expect(s.neighbors[0]).toEqual({ cardId: 'knowledge-n0000001', decision: 'neighbor_but_separate', reason: 'kept separate' });
    expect(app.frame()).toContain('[separate] Warmup');
  });

  test('p and s with no neighbor say so and stage nothing', async () => {
    app = await start();
    await app.press('l');
    await app.press('G');
    await app.press('p');
    expect(app.frame()).toContain('no neighbor to patch into');
    await app.press('s');
    expect(staged(app)).toEqual({});
  });

  test('x asks for a one-line reason (Backspace edits, Enter accepts); Esc cancels', async () => {
    app = await start();
    await app.press('l');
    await app.press('x');
    expect(app.frame()).toContain('reason: █');
    await app.type('dupx');
    await app.press('backspace');
    await app.type('licate');
    await app.press('return');
    const s = staged(app)['knowledge-d0000001'];
    expect(s).toMatchObject({ decision: 'reject', reason: 'duplicate' });
    expect(s.neighbors[0]).toEqual({ cardId: 'knowledge-n0000001', decision: 'new', reason: 'looked at; draft rejected: duplicate' });
    await app.press('x');
    await app.press('escape');
    expect(app.frame()).not.toContain('reason:');
    expect(Object.keys(staged(app))).toEqual(['knowledge-d0000001']);
  });

  test('- defers; a TODO draft cannot become a card until edited, but can be rejected', async () => {
    app = await start();
    await app.press('l');
    await app.press('-');
    expect(staged(app)['knowledge-d0000001'].decision).toBe('defer');
    await app.press('j');
    await app.press('c');
    expect(app.frame()).toContain('needs an edit first');
    expect(staged(app)['knowledge-d0000004']).toBeUndefined();
    await app.press('x');
    await app.press('return');
    expect(staged(app)['knowledge-d0000004']).toMatchObject({ decision: 'reject', reason: 'rejected' });
  });

  test('Space marks drafts for a batch decision', async () => {
    app = await start();
    await app.press('l');
    await app.press('space');
    expect(app.frame()).toMatch(/\*Warmup matters/);
    await app.press('j');
    await app.press('space');
    await app.press('c');
    expect(Object.keys(staged(app)).sort()).toEqual(['knowledge-d0000001', 'knowledge-d0000002']);
    expect(app.frame()).not.toMatch(/\*\[new\]/);
    await app.press('space');
    await app.press('space');
    expect(app.frame()).not.toMatch(/\*\[new\] Temperature/);
  });

  test('a quest-level draft decided under a run targets that run', async () => {
    app = await start();
    await app.press('l');
    await app.press('G');
    await app.press('c');
    expect(staged(app)['knowledge-d0000003']).toMatchObject({ decision: 'new', runId: 'run-bbbb0002', neighbors: [] });
  });

  test('u undoes and Ctrl+R redoes', async () => {
    app = await start();
    await app.press('l');
    await app.press('c');
    await app.press('c');
    expect(Object.keys(staged(app))).toHaveLength(2);
    await app.press('u');
    expect(Object.keys(staged(app))).toEqual(['knowledge-d0000001']);
    expect(app.frame()).toContain('staged: 1 (1 new)');
    await app.press('u');
    expect(staged(app)).toEqual({});
    expect(app.facade.staging).toBeNull();
    await app.press('ctrl+r');
    await app.press('ctrl+r');
    expect(Object.keys(staged(app))).toHaveLength(2);
    await app.press('ctrl+r');
    expect(app.frame()).toContain('nothing to redo');
  });

  test('e hands the draft to $EDITOR: the app exits with an edit request and an empty last frame', async () => {
    app = await start();
    await app.press('l');
    await app.press('e');
    await app.exited;
    expect(app.store.getState().exit).toMatchObject({ kind: 'edit', path: '/home/q/drafts/knowledge-d0000001.md', draftId: 'knowledge-d0000001' });
    expect(app.frame().trim()).toBe('');
    app.store.getState().reload('edited');
    expect(app.store.getState().exit).toBeNull();
    expect(app.facade.loads).toBe(2);
  });
});

describe('write and quit', () => {
  test('W lists every file to write; n cancels, y writes and clears the staging', async () => {
    app = await start();
    await app.press('W');
    expect(app.frame()).toContain('nothing staged to write');
    await app.press('l');
    await app.press('c');
    await app.press('W');
    expect(app.frame()).toContain('Write the review?');
    expect(app.frame()).toContain('new knowledge-d0000001');
    expect(app.frame()).toContain('create artifacts/decisions/decision-12345678.json');
    await app.press('n');
    expect(app.facade.written).toHaveLength(0);
    await app.press('W');
    await app.press('y');
    await app.store.getState().writing;
    await waitFor(() => app!.frame().includes('wrote 1 file(s), review decision-12345678'), { message: () => `the write's status line in\n${app!.frame()}` });
    expect(app.facade.written).toHaveLength(1);
    expect(staged(app)).toEqual({});
    expect(app.facade.staging).toBeNull();
  });

  test('q with nothing staged quits', async () => {
    app = await start();
    await app.press('q');
    await app.exited;
    expect(app.store.getState().exit).toEqual({ kind: 'quit' });
  });

  test('q with staged decisions asks Write / Discard / Cancel: c cancels, d discards and quits', async () => {
    app = await start();
    await app.press('l');
    await app.press('c');
    await app.press('q');
    expect(app.frame()).toContain('Write, Discard or Cancel? (w/d/c)');
    await app.press('c');
    expect(app.frame()).not.toContain('Write, Discard or Cancel');
    await app.press('q');
    await app.press('d');
    await app.exited;
    expect(app.facade.written).toHaveLength(0);
    expect(app.facade.staging).toBeNull();
  });

  test('q then w shows the plan, y writes, then the app quits', async () => {
    app = await start();
    await app.press('l');
    await app.press('c');
    await app.press('q');
    await app.press('w');
    expect(app.frame()).toContain('Write the review?');
    await app.press('return');
    await app.exited;
    expect(app.facade.written).toHaveLength(1);
    expect(app.store.getState().exit).toEqual({ kind: 'quit' });
  });

  test('staged decisions of a closed session are offered back: r restores, d discards', async () => {
    const snapshot = {
      savedAt: '2026-01-02T03:04:05+00:00',
      staged: [
        { draftId: 'knowledge-d0000002', decision: 'new' as const, reason: 'new lesson', neighbors: [], runId: 'run-bbbb0002' },
        { draftId: 'knowledge-gone', decision: 'reject' as const, reason: 'x', neighbors: [] },
      ],
    };
    app = await start({ staging: snapshot });
    expect(app.frame()).toContain('A previous session left 2 staged decision(s) (saved 2026-01-02T03:04:05+00:00)');
    await app.press('r');
    expect(app.frame()).toContain('restored 1 staged decision(s); 1 no longer apply');
    expect(app.frame()).toContain('[new] Temperature scaling');
    app.unmount();
    app = await start({ staging: snapshot });
    await app.press('d');
    expect(app.facade.staging).toBeNull();
    expect(staged(app)).toEqual({});
    expect(app.frame()).toContain('▸ Runs');
  });
});

describe('a run without drafts', () => {
  test('x on the run asks a reason and stages a run-level reject, shown in the runs pane and kept by undo/redo', async () => {
    const { sampleData } = await import('./fake-facade.js');
    app = await start({ data: { ...sampleData(), drafts: [] } });
    await app.press('x');
    expect(app.frame()).toContain('Reject run run-bbbb0002 as a whole (nothing to distill), reason: █');
    await app.type('rerun');
    await app.press('return');
    expect(staged(app)['run:run-bbbb0002']).toEqual({ draftId: 'run:run-bbbb0002', decision: 'reject', reason: 'rerun', neighbors: [], runId: 'run-bbbb0002' });
    expect(app.frame()).toContain('[reject] run-bbbb0002');
    expect(app.facade.staging?.staged.map((d) => d.draftId)).toEqual(['run:run-bbbb0002']);
    await app.press('u');
    expect(staged(app)).toEqual({});
    expect(app.frame()).not.toContain('[reject] run-bbbb0002');
  });

  test('x on a covered run without drafts says there is nothing to reject', async () => {
    const { sampleData } = await import('./fake-facade.js');
    app = await start({ data: { ...sampleData(), drafts: [] } });
    await app.press('k');
    await app.press('x');
    expect(app.frame()).toContain('no draft here to reject');
    expect(staged(app)).toEqual({});
  });
});

describe('closing a run with drafts', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    test(`the runs pane shows k/N decided; x on the run asks to close it, naming the undecided drafts (${size.columns}x${size.rows})`, async () => {
      app = await start(size);
      expect(app.frame()).toContain('run-bbbb0002 0/3 decided');
      await app.press('l');
      await app.press('c');
      await app.press('h');
      expect(app.frame()).toContain('run-bbbb0002 1/3 decided');
      await app.press('x');
      expect(app.frame()).toContain('Close run-bbbb0002? 2 undecided draft(s) will be recorded as rejected.');
      expect(staged(app)['knowledge-d0000002']).toBeUndefined();
      await app.type('superseded by main-003');
      // On a narrow terminal the prompt is cut, never the reason being typed.
      expect(app.frame()).toMatch(/Close run-bbbb0002\? 2 undecided .*superseded by main-003█/);
      await app.press('return');
      expect(staged(app)['run:run-bbbb0002']).toEqual({
        draftId: 'run:run-bbbb0002', decision: 'reject', reason: 'superseded by main-003', neighbors: [], runId: 'run-bbbb0002',
      });
      // The drafts keep their own decisions; the run-level entry closes the rest.
      expect(Object.keys(staged(app)).sort()).toEqual(['knowledge-d0000001', 'run:run-bbbb0002']);
      expect(app.frame()).toContain('[close] run-bbbb0002');
      expect(app.frame()).toContain('run-bbbb0002: closed; 2 undecided draft(s) will be recorded as rejected');
      await app.press('l');
      expect(app.frame()).toContain('[closed] Temperature scaling in domain');
      expect(app.frame()).toContain('[new] Warmup matters for adapters');
      await app.press('u');
      expect(staged(app)['run:run-bbbb0002']).toBeUndefined();
      expect(app.frame()).not.toContain('[closed]');
    });
  }

  test('x on a covered run whose drafts are all decided never rejects one of them unseen', async () => {
    const { sampleData } = await import('./fake-facade.js');
    const data = sampleData();
    data.drafts = [{ ...data.drafts[0], runIds: ['run-aaaa0001'] }];
    app = await start({ data });
    await app.press('k');
    expect(app.frame()).toContain('run-aaaa0001 0/1 decided');
    await app.press('l');
    await app.press('c');
    await app.press('h');
    expect(app.frame()).toContain('run-aaaa0001 1/1 decided');
    await app.press('x');
    expect(app.frame()).toContain('run-aaaa0001 is covered and every draft of it decided; go to its drafts (l) to change one');
    expect(staged(app)['knowledge-d0000001'].decision).toBe('new');
    expect(app.store.getState().modal).toBeNull();
  });

  test('Esc at the close prompt stages nothing; a deferred draft still counts as undecided', async () => {
    app = await start();
    await app.press('l');
    await app.press('-');
    await app.press('h');
    expect(app.frame()).toContain('run-bbbb0002 0/3 decided');
    await app.press('x');
    expect(app.frame()).toContain('Close run-bbbb0002? 3 undecided draft(s)');
    await app.press('escape');
    expect(Object.keys(staged(app))).toEqual(['knowledge-d0000001']);
  });
});
