// Kill the process (SIGKILL) at every fault point of `distill apply --yes`; after recovery the home must be
// byte-identical to the home before, or to the home after a clean write. Never anything in between.
// Two workers (each with its own home path, so absolute paths in index lines match its own reference) share the
// fault points to keep the file fast.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recoverJournals } from '../src/core/journal/recover.js';
import { CARD, D, RUN, buildCli, cliEnv, diffSnapshots, makeHome, runCli, snapshot, writeDecisions } from './helpers/write-home.js';

let cli = '';
beforeAll(async () => {
  cli = await buildCli();
});

const rows = [
  { draft: D.lora, decision: 'new', reason: 'a new lesson', neighbors: [{ card_id: CARD.adapter, decision: 'new', reason: 'other knob' }] },
  { draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same mechanism' },
  { run: RUN, decision: 'reject', reason: 'the rest is noise' },
];

interface Worker {
  home: string;
  decisions: string;
  before: Map<string, string>;
  after: Map<string, string>;
}

async function worker(): Promise<Worker> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-crash-'));
  const home = path.join(base, 'home');
  const decisions = writeDecisions(base, rows);
  makeHome(home);
  const before = snapshot(home);
  const clean = await runCli(cli, ['--home', home, 'apply', '001', decisions, '--yes']);
  expect(clean.stderr).toBe('');
  expect(clean.code).toBe(0);
  return { home, decisions, before, after: snapshot(home) };
}

/** 'before' | 'after' | 'done' (no fault point n: the write completed). Throws if the home is in between. */
async function crashAt(w: Worker, n: number): Promise<string> {
  makeHome(w.home);
  const r = await runCli(cli, ['--home', w.home, 'apply', '001', w.decisions, '--yes'], cliEnv({ DISTILL_FAULT_AT: String(n) }));
  if (r.signal === null) {
    expect(r.code).toBe(0);
    expect(diffSnapshots(w.after, snapshot(w.home))).toEqual([]);
    return 'done';
  }
  expect(r.signal).toBe('SIGKILL');
  const reports = await recoverJournals(w.home);
  expect(reports.every((rep) => rep.outcome === 'completed')).toBe(true);
  const now = snapshot(w.home);
  const toBefore = diffSnapshots(w.before, now);
  const toAfter = diffSnapshots(w.after, now);
  if (toBefore.length === 0) {
    // Nothing happened: the next apply then writes the clean result.
    const next = await runCli(cli, ['--home', w.home, 'apply', '001', w.decisions, '--yes']);
    expect(next.code).toBe(0);
    expect(diffSnapshots(w.after, snapshot(w.home))).toEqual([]);
    return 'before';
  }
  if (toAfter.length === 0) return 'after';
  throw new Error(`fault ${n}: in between (vs before: ${toBefore.join(' ')}; vs after: ${toAfter.join(' ')})`);
}

describe('crash at every step of a write', () => {
  it('apply: after recovery the home is as before or as the clean write, never in between', async () => {
    const workers = await Promise.all([worker(), worker()]);
    expect(diffSnapshots(workers[0].before, workers[0].after).length).toBeGreaterThan(8);
    const outcomes: string[] = [];
    let done = false;
    for (let n = 1; !done && n < 200; n += 2) {
      const results = await Promise.all(workers.map((w, i) => crashAt(w, n + i)));
      results.forEach((res, i) => {
        if (res === 'done') done = true;
        else outcomes[n + i - 1] = res;
      });
    }
    const list = outcomes.filter(Boolean);
    // Crashes before the journal is committed leave the home as before; every later one rolls forward.
    expect(list.length).toBeGreaterThan(20);
    expect(list.slice(0, 3)).toEqual(['before', 'before', 'before']);
    expect(list.slice(3).every((o) => o === 'after')).toBe(true);
  }, 60000);
});
