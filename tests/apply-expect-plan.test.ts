// `distill apply` dry run prints its plan's digest; `--yes --expect-plan <digest>` writes only that plan. A dry run is
// a separate process: another review landing in between changes the plan (here: the run becomes covered), and the
// write is then refused, exit 3, with one line naming which part of the plan changed; nothing written.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executePlan } from '../src/core/review/execute.js';
import type { StagedDecision } from '../src/core/review/plan.js';
import { CARD, D, diffSnapshots, makeHome, planFor, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const made: string[] = [];
afterEach(() => {
  for (const p of made.splice(0)) fs.rmSync(p, { recursive: true, force: true });
});

const ROWS = [
  { draft: D.lora, decision: 'new', reason: 'a' },
  { draft: D.bottleneck, decision: 'patch', neighbor: CARD.adapter, reason: 'same sweep' },
];
const B: StagedDecision[] = [
  { draftId: D.warmup, decision: 'patch', neighborId: CARD.warmup, reason: 'b', neighbors: [] },
  { draftId: D.todo, decision: 'reject', reason: 'not a lesson', neighbors: [] },
];

function setUp(): { home: string; file: string } {
  const home = makeHome();
  const file = writeDecisions(path.dirname(home), ROWS);
  made.push(home, file);
  return { home, file };
}

async function dryDigest(home: string, file: string): Promise<string> {
  const dry = await runInProcess(['--home', home, 'apply', '001', file]);
  expect(dry.code).toBe(0);
  const digest = /^Plan digest ([0-9a-f]{6}(?:-[0-9a-f]{6}){3}): --yes --expect-plan \1 writes this plan and nothing else\.$/m.exec(dry.out)?.[1];
  expect(digest).toBeDefined();
  expect(dry.out.trimEnd().split('\n').at(-1)).toBe('Nothing written; run again with --yes to write.');
  return digest!;
}

describe('apply --expect-plan', () => {
  it('the plan the dry run printed is written, even at another time', async () => {
    const { home, file } = setUp();
    const digest = await dryDigest(home, file);
    const r = await runInProcess(['--home', home, 'apply', '001', file, '--yes', '--expect-plan', digest], { DISTILL_NOW: '2026-06-02T09:00:00+00:00' });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^cards written, no distill_review decision \(no run covered\); record decision-[0-9a-f]{8}$/m);
  });

  it('another review landed after the dry run: exit 3, one line naming what changed, nothing written', async () => {
    const { home, file } = setUp();
    const digest = await dryDigest(home, file);
    expect((await executePlan(home, planFor(home, B))).status).toBe('written');
    const before = snapshot(home);
    const r = await runInProcess(['--home', home, 'apply', '001', file, '--yes', '--expect-plan', digest]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(new RegExp(`^distill: the plan changed since the dry run \\(the files written, the cards' new bytes, the runs covered, what stays undecided differ: plan [0-9a-f-]{27}, expected ${digest}\\); nothing written \\(run the dry run again\\)\\n$`));
    expect(r.out).toBe('');
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    // The dry run again shows the plan as it now is; its digest writes it.
    const again = await dryDigest(home, file);
    expect(again).not.toBe(digest);
    expect((await runInProcess(['--home', home, 'apply', '001', file, '--yes', '--expect-plan', again])).code).toBe(0);
  });

  it('a digest that is none, or --expect-plan without --yes: exit 2, nothing written', async () => {
    const { home, file } = setUp();
    const before = snapshot(home);
    const bad = await runInProcess(['--home', home, 'apply', '001', file, '--yes', '--expect-plan', 'abc']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^distill: --expect-plan abc: not a plan digest \(a dry run prints one, like [0-9a-f-]{27}\)\n$/);
    const dry = await runInProcess(['--home', home, 'apply', '001', file, '--expect-plan', 'abc']);
    expect(dry.code).toBe(2);
    expect(dry.err).toBe('distill: --expect-plan goes with --yes (a dry run prints the digest)\n');
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  });
});
