// Issue 19 on the review screen: a run whose workspace copies disagree says so where the run is described.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { sampleData } from './fake-facade.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

describe('run notes', () => {
  test('the preview of a run shows its notes under the coverage line', async () => {
    const data = sampleData();
    data.runs[1].notes = ['copies disagree: root: succeeded, wt-0: running'];
    app = await start({ data, columns: 160 });
    expect(app.frame()).toMatch(/› · run-bbbb0002/);
    const lines = app.lines();
    const covered = lines.findIndex((l) => l.includes('not covered by any distill_review yet'));
    expect(covered).toBeGreaterThan(0);
    expect(lines[covered + 1]).toContain('copies disagree: root: succeeded, wt-0: running');
  });

  test('the core facade carries the disagreement of a worktree copy whose status moved on', () => {
    const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'distill-notes-')));
    const quest = path.join(home, 'quests', 'q');
    const wt = path.join(quest, '.ds', 'worktrees', 'wt-0');
    fs.mkdirSync(path.join(home, 'memory'), { recursive: true });
    fs.writeFileSync(path.join((fs.mkdirSync(quest, { recursive: true }), quest), 'quest.yaml'), 'quest_id: q\n');
    const write = (root: string, status: string, updated: string) => {
      const file = path.join(root, 'artifacts', 'runs', 'run-x.json');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ kind: 'run', artifact_id: 'run-x', run_kind: 'experiment', status, updated_at: updated }));
      return file;
    };
    const rootFile = write(quest, 'succeeded', '2026-05-01T10:00:00+00:00');
    write(wt, 'running', '2026-05-02T10:00:00+00:00');
    const line = JSON.stringify({ artifact_id: 'run-x', kind: 'run', status: 'succeeded', quest_id: 'q', path: rootFile, summary: null, updated_at: null });
    for (const root of [quest, wt]) fs.writeFileSync(path.join(root, 'artifacts', '_index.jsonl'), line + '\n');
    const facade = createCoreFacade({ quest: resolveQuest(home, 'q'), env: { HOME: home } });
    const runs = facade.load().runs;
    expect(runs).toEqual([expect.objectContaining({ artifactId: 'run-x', covered: false, notes: ['copies disagree: root: succeeded, wt-0: running'] })]);
  });
});
