// A large quirks file closed in one review (every entry rejected): the work is linear in the entries (the closing
// loop scanned every decision noted so far, and each entry was its own journaled append: 0.9 ms an entry, over 20 s
// at 50,000). Figures: scripts/bench-quirks.js (npm run bench:quirks); here, what is written and how many journal
// operations it takes, at a size main needed minutes for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadQuirksPlanSource, planReview } from '../src/core/review/flow.js';
import { planOps } from '../src/core/review/execute.js';
import { openStoreSync } from '../src/core/store/index.js';
import { copyFixture, run } from './helpers/home.js';
import { diffSnapshots, snapshot } from './helpers/write-home.js';

const ENV = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };
const N = 10000;

function largeQuirksHome(): string {
  const home = copyFixture('ds-sample');
  const lines = ['# Framework Quirks', ''];
  for (let i = 0; i < N; i++) lines.push(`## Quirk ${i}: validator path ${i}`, `Surface s${i}; symptom: it fails; workaround: pass ${i}.`, '');
  fs.writeFileSync(path.join(home, 'framework_quirks.md'), lines.join('\n'));
  return home;
}

describe(`closing a quirks file of ${N} entries`, () => {
  it('is one append of the ledger, not one journaled append per entry', () => {
    const home = largeQuirksHome();
    const source = loadQuirksPlanSource(home, openStoreSync(home, { cache: false }));
    const plan = planReview(source, [{ draftId: 'run:framework_quirks.md', decision: 'reject', reason: 'noise', neighbors: [], runId: 'framework_quirks.md' }], { reviewer: 'alice', env: ENV });
    expect(plan.reviewedEntries).toHaveLength(N);
    const ops = planOps(plan);
    expect(ops.map((o) => `${o.op} ${path.relative(home, o.path)}`)).toEqual(['append .distill/reviewed.jsonl', `create .distill/reviews/${plan.reviewId}.json`, 'append .distill/audit.jsonl']);
  });

  it('writes every entry as rejected in reviewed.jsonl, lists none as undecided after, and reverts whole', async () => {
    const home = largeQuirksHome();
    const decisions = path.join(path.dirname(home), 'close.jsonl');
    fs.writeFileSync(decisions, JSON.stringify({ run: 'framework_quirks.md', decision: 'reject', reason: 'noise' }) + '\n');
    const before = snapshot(home);
    const r = await run(['--home', home, 'apply', '--quirks', decisions, '--yes', '--json'], { env: ENV });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const rows = fs.readFileSync(path.join(home, '.distill', 'reviewed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((e) => e.draft_id)).size).toBe(N);
    expect(rows.every((e) => e.decision === 'reject' && e.quest_id === ':quirks')).toBe(true);
    expect(diffSnapshots(before, snapshot(home)).filter((d) => !d.startsWith('+ .distill/'))).toEqual([]);

    const after = await run(['--home', home, 'quirks', '--json'], { env: ENV });
    expect(JSON.parse(after.out).entries.filter((e: { kind: string }) => e.kind === 'framework')).toEqual([]);

    const reviewId = JSON.parse(r.out).reviewId as string;
    const revert = await run(['--home', home, 'revert', reviewId], { env: ENV });
    expect(revert.code, revert.err).toBe(0);
    const back = await run(['--home', home, 'quirks', '--json'], { env: ENV });
    expect(JSON.parse(back.out).entries.filter((e: { kind: string }) => e.kind === 'framework')).toHaveLength(N);
  });
});
