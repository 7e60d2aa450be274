// Two `distill apply` processes on one quest at the same time: both reviews land, no index line torn or lost.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { coverage } from '../src/core/quest/coverage.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { CARD, D, buildCli, makeHome, runCli, writeDecisions } from './helpers/write-home.js';

let cli = '';
beforeAll(async () => {
  cli = await buildCli();
});

function lines(file: string): string[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

describe('concurrent apply', () => {
  it('both land with every index line whole', async () => {
    for (let round = 0; round < 3; round++) {
      const home = makeHome();
      const a = writeDecisions(path.dirname(home), [
        { draft: D.lora, decision: 'new', reason: 'a' },
        { draft: D.bottleneck, decision: 'patch', neighbor: CARD.adapter, reason: 'same sweep' },
      ]);
      const b = writeDecisions(path.dirname(home), [
        { draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'b' },
        { draft: D.todo, decision: 'reject', reason: 'not a lesson' },
      ]);
      const memIndex = path.join(home, 'memory/knowledge/_index.jsonl');
      const artIndex = path.join(home, 'quests/001/artifacts/_index.jsonl');
      const events = path.join(home, 'quests/001/.ds/events.jsonl');
      const counts = [memIndex, artIndex, events].map((f) => lines(f).length);
      const [ra, rb] = await Promise.all([
        runCli(cli, ['--home', home, 'apply', '001', a, '--yes', '--reviewer', 'ann']),
        runCli(cli, ['--home', home, 'apply', '001', b, '--yes', '--reviewer', 'ben']),
      ]);
      expect([ra.stderr, rb.stderr]).toEqual(['', '']);
      expect([ra.code, rb.code]).toEqual([0, 0]);
      const ids = [ra, rb].map((r) => /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.stdout)![1]);
      expect(ids[0]).not.toBe(ids[1]);
      // Every line parses; the new lines are exactly the expected ones.
      for (const f of [memIndex, artIndex, events, path.join(home, '.distill/reviewed.jsonl'), path.join(home, '.distill/audit.jsonl')]) {
        for (const line of lines(f)) expect(() => JSON.parse(line)).not.toThrow();
      }
      expect(lines(memIndex).length - counts[0]).toBe(3);
      // Each decides half of the run's drafts. The one that writes second covers the run, naming all three cards:
      // a plan read before (or while) the other review landed is planned again under the write lock
      // (tests/write-stale-plan.test.ts orders the race exactly). The decision and its index line go to the worktree
      // holding the run, never the quest root.
      expect(lines(artIndex).length - counts[1]).toBe(0);
      expect(lines(path.join(home, '.distill/reviewed.jsonl'))).toHaveLength(4);
      for (const id of ids) expect(fs.existsSync(path.join(home, '.distill/reviews', `${id}.json`))).toBe(true);
      const reviews = coverage(resolveQuest(home, '001')).reviews;
      expect(reviews).toHaveLength(1);
      expect(lines(events).length - counts[2]).toBe(reviews.length);
      for (const r of reviews) expect((r.record.cards_written as unknown[]).length).toBe(3);
      expect(fs.readdirSync(path.join(home, '.distill/journal'))).toEqual([]);
    }
  }, 30000);
});
