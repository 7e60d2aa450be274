// Property: any valid decision set applied to a fixture home and then reverted leaves the tree byte-identical to
// the start, except the documented leftovers of a revert:
//  - `.distill/**` (review record marked reverted, archive of new cards and of the original decision, ledger and
//    audit lines);
//  - append-only logs keep their lines (memory `_index.jsonl`, the quest's `artifacts/_index.jsonl` and
//    `.ds/events.jsonl`): the original bytes are a prefix of the new ones;
//  - the decision file stays as a tombstone (`action: distill_review_reverted`, no reviewed runs), so coverage no
//    longer counts it and DeepScientist's artifact cache sees the change through the appended index line.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverage } from '../src/core/quest/coverage.js';
import { listDrafts } from '../src/core/quest/drafts.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { CARD, D, RUN, giveTemperatureClaim, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const NEIGHBORS = [CARD.warmup, CARD.temperature, CARD.adapter, 'knowledge-37199b1a', 'knowledge-24922d1f'];
// The sample run lives in the active worktree, where its decision goes (with its index line).
const WS = 'quests/001/.ds/worktrees/idea-idea-7a9ceaa1';
const APPEND_ONLY = /^(memory\/[a-z]+\/_index\.jsonl|quests\/001\/(\.ds\/worktrees\/idea-idea-7a9ceaa1\/)?artifacts\/_index\.jsonl|quests\/001\/\.ds\/events\.jsonl)$/;

const decisionFor = (draft: string) =>
  fc
    .record({
      decision: fc.constantFrom('new', 'patch', 'neighbor_but_separate', 'reject', 'defer'),
      neighbor: fc.constantFrom(...NEIGHBORS),
      others: fc.subarray(NEIGHBORS, { maxLength: 2 }),
      title: fc.option(fc.constantFrom('Warmup ratio matters more than peak LR for adapters', 'Ünïcode only ✓', '预热'), { nil: undefined }),
      tags: fc.option(fc.subarray(['domain:nlp', 'topic:new', 'x'], { minLength: 1 }), { nil: undefined }),
    })
    .map((r) => {
      // A TODO draft needs a claim override to become a card; as a patch that would rewrite the card's claim.
      const decision = draft === D.todo && r.decision === 'patch' ? 'reject' : r.decision;
      const row: Record<string, unknown> = { draft, decision, reason: `because ${decision}` };
      if (decision === 'patch' || decision === 'neighbor_but_separate') row.neighbor = r.neighbor;
      row.neighbors = r.others.filter((o) => o !== r.neighbor).map((o) => ({ card_id: o, decision: 'new', reason: 'looked, different' }));
      if (decision === 'new' || decision === 'neighbor_but_separate') if (r.title) row.title = r.title;
      if (r.tags) row.tags = r.tags;
      if (draft === D.todo && decision !== 'reject' && decision !== 'defer') row.claim = 'Single-seed gains under 0.01 F1 are noise.';
      return row;
    });

describe('apply then revert', () => {
  it('restores the tree byte for byte, except the documented leftovers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(decisionFor(D.lora), decisionFor(D.warmup), decisionFor(D.bottleneck), decisionFor(D.todo)),
        fc.boolean(),
        async (rows, shuffle) => {
          const home = makeHome();
          giveTemperatureClaim(home); // PR #60 refuses a cross-quest patch of a card without a claim (issue 12 item 7)
          const ordered = shuffle ? [...rows].reverse() : rows;
          const before = snapshot(home);
          const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), ordered), '--yes']);
          expect(r.err).toBe('');
          expect(r.code).toBe(0);
          const match = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out);
          if (!match) {
            expect(ordered.every((o) => o.decision === 'defer')).toBe(true);
            expect(snapshot(home)).toEqual(before);
            return;
          }
          const id = match[1];
          const rv = await runInProcess(['--home', home, 'revert', id]);
          expect(rv.err).toBe('');
          expect(rv.code).toBe(0);
          const after = snapshot(home);
          const decisionRel = `${WS}/artifacts/decisions/${id}.json`;
          for (const [rel, bytes] of after) {
            if (rel.startsWith('.distill/') || rel === decisionRel) continue;
            if (APPEND_ONLY.test(rel)) {
              expect(bytes.startsWith(before.get(rel) ?? ''), rel).toBe(true);
              continue;
            }
            expect(before.get(rel), rel).toBe(bytes);
          }
          for (const rel of before.keys()) expect(after.has(rel), rel).toBe(true);
          // A deferred draft leaves the run open: no decision was written (README "When a run counts as covered").
          if (ordered.some((o) => o.decision === 'defer')) expect(after.has(decisionRel)).toBe(false);
          else {
            const tomb = JSON.parse(after.get(decisionRel)!);
            expect(tomb.action).toBe('distill_review_reverted');
            expect(tomb.reviewed_run_ids).toEqual([]);
          }
          const quest = resolveQuest(home, '001');
          expect(coverage(quest).candidates.find((c) => c.artifactId === RUN)?.covered).toBe(false);
          expect(listDrafts(quest).drafts.map((d) => d.id).sort()).toEqual([D.bottleneck, D.lora, D.todo, D.warmup].sort());
          fs.rmSync(home, { recursive: true, force: true });
        },
      ),
      { numRuns: 15 },
    );
  }, 60000);
});
