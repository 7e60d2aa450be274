// The fault suite: the system refuses or cuts short a write (a short write, ENOSPC) at every write call of apply,
// revert and recovery. Each run ends with the home as before or as after a clean write, one clear line (exit 74),
// never exit 70, and a second run once the fault is gone finishes the job.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io } from '../src/core/journal/atomic.js';
import { D, CARD, RUN, diffSnapshots, makeHome, planFor, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const rows = [
  { draft: D.lora, decision: 'new', reason: 'a new lesson', neighbors: [{ card_id: CARD.adapter, decision: 'new', reason: 'other knob' }] },
  { draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same mechanism' },
  // Close the run, so the write covers it and its decision, index line and event are written too.
  { run: RUN, decision: 'reject', reason: 'the other drafts are not lessons' },
];

type Kind = 'short' | 'enospc' | 'zero' | 'full';
const real = { ...io };
afterEach(() => Object.assign(io, real));

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

/**
 * At the `at`-th write call: `short` writes half and goes on; `enospc` writes half, then the next call fails with
 * ENOSPC (the cut-short temp file is removed, which frees the space again); `zero` makes no progress; `full` writes
 * half, then every later call fails (a disk that stays full).
 */
function inject(kind: Kind, at: number): { calls: () => number } {
  let calls = 0;
  let failing = 0;
  io.writeSync = (fd, buf, offset, length) => {
    calls += 1;
    if (failing > 0) {
      if (kind === 'enospc') failing = 0;
      throw enospc();
    }
    if (calls !== at) return real.writeSync(fd, buf, offset, length);
    if (kind === 'zero') return 0;
    if (kind !== 'short') failing = 1;
    return real.writeSync(fd, buf, offset, Math.max(1, length >> 1));
  };
  return { calls: () => calls };
}

let base = '';
let home = '';
let decisions = '';
let before = new Map<string, string>();
let after = new Map<string, string>();
let reverted = new Map<string, string>();
let reviewId = '';
let applyCalls = 0;
let revertCalls = 0;

const apply = () => runInProcess(['--home', home, 'apply', '001', decisions, '--yes']);
const revert = () => runInProcess(['--home', home, 'revert', reviewId]);

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-faults-'));
  home = path.join(base, 'home');
  decisions = writeDecisions(base, rows);
  makeHome(home);
  before = snapshot(home);
  const count = inject('short', 0);
  const r = await apply();
  expect(r.code).toBe(0);
  applyCalls = count.calls();
  reviewId = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
  after = snapshot(home);
  const count2 = inject('short', 0);
  expect((await revert()).code).toBe(0);
  revertCalls = count2.calls();
  reverted = snapshot(home);
  Object.assign(io, real);
});

/** Lets the worker's messages to vitest through between the (fsync-heavy) iterations. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

function expectOneLine(r: { code: number; err: string }, pattern: RegExp) {
  expect(r.code).toBe(74);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.err).toMatch(pattern);
}

// Each case runs the CLI once per write call (dozens of processes): under a loaded machine that has taken 20 s of the
// default 30 s, so these have room of their own.
const FAULT_LOOP_MS = 120_000;

describe('faults injected at every write call', { timeout: FAULT_LOOP_MS }, () => {
  it('counts the write calls of a clean apply and revert', () => {
    expect(applyCalls).toBeGreaterThan(10);
    expect(revertCalls).toBeGreaterThan(10);
  });

  it('a short write is continued: apply ends as after a clean write', async () => {
    for (let n = 1; n <= applyCalls; n++) {
      await breathe();
      makeHome(home);
      inject('short', n);
      const r = await apply();
      expect(r.code, `short write at call ${n}: ${r.err}`).toBe(0);
      expect(diffSnapshots(after, snapshot(home)), `call ${n}`).toEqual([]);
    }
  });

  for (const kind of ['enospc', 'zero'] as const) {
    it(`a disk that fills (${kind}) at any write call of apply leaves the home as before; apply again finishes`, async () => {
      for (let n = 1; n <= applyCalls; n += kind === 'zero' ? 3 : 1) {
      await breathe();
        makeHome(home);
        inject(kind, n);
        const r = await apply();
        expectOneLine(r, /^distill: \/.*: no space left on the device( \(needed \d+ bytes\))?; nothing written/);
        expect(diffSnapshots(before, snapshot(home)), `${kind} at call ${n}`).toEqual([]);
        Object.assign(io, real);
        const again = await apply();
        expect(again.code, again.err).toBe(0);
        expect(diffSnapshots(after, snapshot(home)), `again after ${kind} at call ${n}`).toEqual([]);
      }
    });
  }

  it('a disk that fills at any write call of revert (up to its last step) leaves the review applied, no line behind', async () => {
    for (let n = 1; n <= revertCalls; n++) {
      await breathe();
      makeHome(home);
      expect((await apply()).code).toBe(0);
      inject('enospc', n);
      const r = await revert();
      expectOneLine(r, /no space left on the device.*; nothing written/);
      // Not a `reverted` index line, event, memory index line or reviewed row stays behind.
      expect(diffSnapshots(after, snapshot(home)), `revert, full at call ${n}`).toEqual([]);
      Object.assign(io, real);
      expect((await revert()).code).toBe(0);
      expect(diffSnapshots(reverted, snapshot(home)), `revert again after call ${n}`).toEqual([]);
    }
  });
});

describe('a disk that stays full', { timeout: FAULT_LOOP_MS }, () => {
  it('when even the rollback cannot write, the journal stays, the line says so, and recover finishes later', async () => {
    let stuck = 0;
    for (let n = 1; n <= applyCalls; n++) {
      await breathe();
      makeHome(home);
      inject('full', n);
      const r = await apply();
      expect(r.code, r.err).toBe(74);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      Object.assign(io, real);
      if (/could not be rolled back; fix the cause, then run: distill recover$/.test(r.err.trim())) {
        stuck += 1;
        const read = await runInProcess(['--home', home, 'gate', '001']);
        expect(read.code).toBe(1);
        expect(read.out).toMatch(/a write was interrupted .*run distill recover/);
        const rec = await runInProcess(['--home', home, 'recover']);
        expect(rec.code, rec.err).toBe(3);
        // The rollback that could not finish is finished: the home as before, and apply then writes it whole.
        expect(rec.out).toMatch(/rolled back/);
        expect(diffSnapshots(before, snapshot(home)).filter((d) => d !== '+ .distill/audit.jsonl'), `recovered after full at call ${n}`).toEqual([]);
        expect((await apply()).code).toBe(0);
        expect(diffSnapshots(after, snapshot(home)).filter((d) => d !== '~ .distill/audit.jsonl'), `applied after call ${n}`).toEqual([]);
      } else {
        expect(r.err).toMatch(/nothing written/);
        expect(diffSnapshots(before, snapshot(home)), `full at call ${n}`).toEqual([]);
      }
    }
    expect(stuck).toBeGreaterThan(0);
  });
});

describe('torn lines', { timeout: FAULT_LOOP_MS }, () => {
  it('a log whose last line is torn gets our line on a line of its own', async () => {
    makeHome(home);
    const events = path.join(home, 'quests/001/.ds/events.jsonl');
    fs.appendFileSync(events, '{"event_id": "torn');
    expect((await apply()).code).toBe(0);
    const lines = fs.readFileSync(events, 'utf8').split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-3)).toBe('{"event_id": "torn');
    expect(JSON.parse(lines.at(-2)!).type).toBeDefined();
  });
});

describe('lessons cleanup and recovery under faults', { timeout: FAULT_LOOP_MS }, () => {
  it('a merge that meets a full disk at any write call leaves the home as before, then merges whole', async () => {
    const { planMerge } = await import('../src/core/cleanup/merge.js');
    const { executeCleanup } = await import('../src/core/cleanup/plan.js');
    const { copyFixture } = await import('./helpers/home.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-faults-merge-'));
    const pristine = copyFixture('dup-home');
    const h = path.join(dir, 'home');
    const K = (stem: string) => path.join(h, 'memory', 'knowledge', `${stem}.md`);
    const stems = ['adapters-need-a-warmup-ratio-of-at-least-0-03', 'warmup-ratio-matters-more-than-peak-lr-for-adapters-2', 'warmup-ratio-matters-more-than-peak-lr-for-adapters'];
    const opts = { reviewer: 'alice', now: '2026-06-01T10:00:00+00:00', why: 'same lesson' };
    const reset = () => {
      fs.rmSync(h, { recursive: true, force: true });
      fs.cpSync(pristine, h, { recursive: true });
    };
    const merge = () => executeCleanup(planMerge(h, stems.map(K), opts));
    reset();
    const start = snapshot(h);
    const count = inject('short', 0);
    expect((await merge()).status).toBe('written');
    const calls = count.calls();
    const merged = snapshot(h);
    Object.assign(io, real);
    expect(calls).toBeGreaterThan(3);
    for (let n = 1; n <= calls; n++) {
      await breathe();
      reset();
      inject('enospc', n);
      const error = await merge().catch((e: unknown) => e);
      expect(String(error), `call ${n}`).toMatch(/no space left on the device.*nothing written/);
      expect((error as { exitCode?: number }).exitCode).toBe(74);
      expect(diffSnapshots(start, snapshot(h)), `merge, enospc at call ${n}`).toEqual([]);
      Object.assign(io, real);
      expect((await merge()).status).toBe('written');
      expect(diffSnapshots(merged, snapshot(h)), `merge again after call ${n}`).toEqual([]);
    }
  });

  it('recovery of a killed apply that meets a full disk ends before or after, and the next run completes it', async () => {
    const { executePlan } = await import('../src/core/review/execute.js');
    const { recoverJournals } = await import('../src/core/journal/recover.js');
    class Crash extends Error {}
    let built: ReturnType<typeof planFor> | null = null;
    const planOnce = () =>
      (built ??= planFor(home, [
        { draftId: D.lora, decision: 'new', reason: 'x', neighbors: [] },
        { draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'y', neighbors: [] },
      ]));
    const killAt = async (step: string) => {
      makeHome(home);
      const plan = planOnce();
      await expect(executePlan(home, plan, { faultAt: step, onFault: () => { throw new Crash(step); } })).rejects.toBeInstanceOf(Crash);
    };
    for (const step of ['12']) {
      await killAt(step);
      const count = inject('short', 0);
      await recoverJournals(home);
      const calls = count.calls();
      Object.assign(io, real);
      const done = snapshot(home);
      for (let n = 1; n <= calls; n++) {
      await breathe();
        await killAt(step);
        const killed = snapshot(home);
        inject('enospc', n);
        const error = await recoverJournals(home).then(() => null, (e: unknown) => e);
        Object.assign(io, real);
        const now = snapshot(home);
        if (error) {
          expect(String(error), `${step}, call ${n}`).toMatch(/no space left on the device/);
          expect((error as { exitCode?: number }).exitCode).toBe(74);
        }
        // Rolled back (the journal gone, as before the apply) or still pending; never a third state.
        const pending = fs.existsSync(path.join(home, '.distill/journal')) && fs.readdirSync(path.join(home, '.distill/journal')).some((f) => f.endsWith('.json'));
        if (!pending && error) expect(diffSnapshots(before, now).filter((d) => !d.includes('.distill/audit.jsonl')), `${step}, call ${n}`).toEqual([]);
        if (!error) expect(diffSnapshots(done, now), `${step}, call ${n}`).toEqual([]);
        void killed;
        await recoverJournals(home);
        const end = snapshot(home);
        const asBefore = diffSnapshots(before, end).filter((d) => !d.includes('.distill/audit.jsonl')).length === 0;
        expect(asBefore || diffSnapshots(done, end).length === 0, `${step}, call ${n}: ${diffSnapshots(done, end)}`).toBe(true);
      }
    }
  }, 60000);
});
