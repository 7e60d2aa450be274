// Graded clusters (issue 34): a lesson told in other words (advice, a terse note) scores under the threshold, yet the
// cards are each other's nearest neighbors: a `likely` cluster, with the reasons for and against of every pair, in
// `lessons --json` and beside the cards on the lessons screen (80 columns too). Linkage keeps evidence against, cards
// whose pairs all score alike and oversized groups out of `likely` links.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { findClusters } from '../src/core/cleanup/find.js';
import { LIKELY_SIZE, linkedPairs } from '../src/core/cleanup/linkage.js';
import type { Pair } from '../src/core/cleanup/clusters.js';
import { openStoreSync } from '../src/core/store/index.js';
import { createLessonsFacade } from '../src/ui/lessons/facade.js';
import { LessonsApp } from '../src/ui/lessons/LessonsApp.js';
import { createLessonsStore } from '../src/ui/lessons/store.js';
import { copyFixture, run } from './helpers/home.js';
import { renderApp, type Rendered } from './ui/render.js';

function card(id: string, title: string, claim: string | null, tags: string[], body: string, created: string): string {
  const lines = ['---', `id: ${id}`, 'type: knowledge', 'kind: knowledge', `title: ${JSON.stringify(title)}`];
  if (claim) lines.push(`claim: ${JSON.stringify(claim)}`);
  lines.push('tags:', ...tags.map((t) => `- ${t}`), `created_at: '${created}'`, `updated_at: '${created}'`, 'scope: global', '---', body, '');
  return lines.join('\n');
}

const IDS = ['knowledge-a1000001', 'knowledge-a1000002', 'knowledge-a1000003'];

/** dup-home with one lesson written three ways: a finding, the advice it gives, a terse note. */
function homeWithParaphrases(): string {
  const home = copyFixture('dup-home');
  const dir = path.join(home, 'memory', 'knowledge');
  fs.writeFileSync(path.join(dir, 'no-warmup-adam.md'), card(IDS[0], 'Skipping learning rate warmup makes Adam diverge early',
    'Without a warmup phase, Adam training of the transformer diverged within the first 500 steps.', ['domain:ml', 'topic:warmup'],
    'We removed the warmup from the schedule.\n\nLoss spiked and went to NaN before step 500 in 3 of 3 seeds.', '2026-05-20T10:00:00+00:00'));
  fs.writeFileSync(path.join(dir, 'dont-drop-warmup.md'), card(IDS[1], "Don't drop the warmup: Adam blows up in the first few hundred steps",
    'Never train the transformer with Adam and no warmup; it diverges almost immediately.', ['topic:warmup'],
    'I tried a run with zero warmup to save time. It NaN-ed at step ~400 and I lost a day.', '2026-05-21T10:00:00+00:00'));
  fs.writeFileSync(path.join(dir, 'no-warmup-terse.md'), card(IDS[2], 'no warmup → NaN < 500 steps (Adam)', null, ['topic:warmup'],
    'adam, 0 warmup → loss NaN before 500 steps, 3/3 seeds', '2026-05-22T10:00:00+00:00'));
  return home;
}

const pair = (a: number, b: number, score: number, reasons: string[] = ['shared words 0.40']): Pair => ({ a, b, score, reasons });

describe('graded linkage', () => {
  it('under the threshold, mutual nearest neighbors link as likely; the threshold links as same lesson', () => {
    const links = linkedPairs(4, [pair(0, 1, 0.7), pair(2, 3, 0.4)], 0.6);
    expect(links.map((l) => [l.a, l.b, l.grade])).toEqual([[0, 1, 'same lesson'], [2, 3, 'likely']]);
    expect(links[1].reasons).toContain('nearest neighbors: 1st / 1st');
  });

  it('evidence against, a weak pair, or a card whose pairs all score alike is no likely link', () => {
    expect(linkedPairs(2, [pair(0, 1, 0.4, ['shared words 0.40', 'opposite finding'])], 0.6)).toEqual([]);
    expect(linkedPairs(2, [pair(0, 1, 0.2)], 0.6)).toEqual([]);
    // Card 0's three pairs score 0.40, 0.39, 0.38: a topic it shares with many, not one lesson written twice.
    expect(linkedPairs(4, [pair(0, 1, 0.4), pair(0, 2, 0.39), pair(0, 3, 0.38)], 0.6)).toEqual([]);
  });

  it(`a likely link never makes a group of more than ${LIKELY_SIZE}, nor joins groups that share little`, () => {
    // 0-1-2-3 sure (a dense group of 4); 4 is nearest to 3 alone.
    const sure = [pair(0, 1, 0.9), pair(0, 2, 0.9), pair(0, 3, 0.9), pair(1, 2, 0.9), pair(1, 3, 0.9), pair(2, 3, 0.9)];
    const links = linkedPairs(5, [...sure, pair(3, 4, 0.45)], 0.6);
    expect(links.filter((l) => l.b === 4)).toEqual([]);
    // Two likely pairs, 0-1 and 2-3, with nothing between the pairs: two clusters, not one.
    const two = linkedPairs(4, [pair(0, 1, 0.45), pair(2, 3, 0.45), pair(1, 2, 0.26)], 0.6);
    expect(two.map((l) => [l.a, l.b])).toEqual([[0, 1], [2, 3]]);
  });
});

describe('a likely cluster', () => {
  let app: Rendered | null = null;
  afterEach(() => {
    app?.unmount();
    app = null;
  });

  it('findClusters: the three cards as one likely cluster after the sure ones, every pair graded with its reasons', () => {
    const home = homeWithParaphrases();
    const result = findClusters(openStoreSync(home, { cache: false }).cards);
    expect(result.clusters.map((c) => c.confidence)).toEqual(['same lesson', 'same lesson', 'same lesson', 'same lesson', 'likely']);
    const likely = result.clusters[4];
    expect(likely.cards.map((c) => c.id)).toEqual(IDS);
    expect(likely.links.map((l) => [l.a, l.b, l.grade])).toEqual([
      [IDS[0], IDS[1], 'likely'],
      [IDS[0], IDS[2], 'likely'],
      [IDS[1], IDS[2], null],
    ]);
    expect(likely.links[0].reasons).toEqual(expect.arrayContaining(['shared tags: topic:warmup', 'nearest neighbors: 1st / 1st']));
  });

  it('lessons --json: confidence per cluster, and per pair its grade and the reasons for and against', async () => {
    const home = homeWithParaphrases();
    const env = { HOME: os.tmpdir(), DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) };
    const result = await run(['--home', home, 'lessons', '--json'], { env });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.out) as { clusters: { confidence: string; size: number; links: { a: string; b: string; grade: string | null; for: string[]; against: string[]; reasons: string[] }[] }[] };
    expect(json.clusters.map((c) => c.confidence)).toEqual(['same lesson', 'same lesson', 'same lesson', 'same lesson', 'likely']);
    const [first, , third] = json.clusters[4].links;
    expect(first).toMatchObject({ a: IDS[0], b: IDS[1], grade: 'likely', against: [] });
    expect(first.for).toContain('nearest neighbors: 1st / 1st');
    expect(third).toMatchObject({ a: IDS[1], b: IDS[2], grade: null, for: [], against: [] });
    // The warmup cluster's third pair is scored, not linked, with what the two share.
    const warmup = json.clusters[0].links.find((l) => l.grade === null)!;
    expect(warmup.for).toContain('shared numbers: 0.03');
  });

  it('the lessons screen at 80x24: the cluster marked likely, its confidence and every pair with its reasons', async () => {
    const home = homeWithParaphrases();
    const env = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-')) };
    const store = createLessonsStore({ facade: createLessonsFacade({ home, env, reviewer: 'tui' }) });
    await store.getState().load();
    app = await renderApp(createElement(LessonsApp, { store, env: { NO_COLOR: '1' } }), { columns: 80, rows: 24 });
    expect(app.frame()).toMatch(/3 0\.34≈Skipping/);
    await app.press('G');
    await app.press('l');
    const frame = app.frame();
    expect(frame).toContain('likely · 2 of 3 pairs linked:');
    expect(frame).toMatch(/≈ a1000001 ~ a1000002 0\.34 likely: shared tags:/);
    expect(frame).toMatch(/≈ a1000001 ~ a1000003 0\.30 likely: shared tags:/);
    expect(frame).toMatch(/· a1000002 ~ a1000003 0\.00 not linked:/);
    for (const line of frame.split('\n')) expect(Array.from(line).length).toBeLessThanOrEqual(80);
  });
});
