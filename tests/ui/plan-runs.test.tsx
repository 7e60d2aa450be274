// The W plan view starts with which runs the write will count as covered and which stay uncovered, then what stays
// of the quest's gate (the candidate runs this write leaves uncovered, or that it closes); `distill apply` prints the
// same lines. The counts line names the drafts a close rejects, and its file count is the files listed.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveQuest } from '../../src/core/quest/home.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { runLines } from '../../src/core/review/describe.js';
import { copyFixture, run } from '../helpers/home.js';
import { writeDecisions } from '../helpers/write-home.js';
import { start, type Started } from './harness.js';
import { renderApp, type Rendered } from './render.js';

let app: Started | Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const RUN = 'run-a400216f';
const NOW = '2026-06-01T10:00:00+00:00';

/** A copy of demo-home; with `extra`, that many more completed candidate runs beside run-a400216f (no drafts). */
function demoHome(extra = 0): string {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  const artifacts = path.join(home, 'quests', '001', '.ds', 'worktrees', 'idea-idea-7a9ceaa1', 'artifacts');
  const record = JSON.parse(fs.readFileSync(path.join(artifacts, 'runs', `${RUN}.json`), 'utf8')) as Record<string, unknown>;
  const line = fs.readFileSync(path.join(artifacts, '_index.jsonl'), 'utf8').split('\n').find((l) => l.includes(`"${RUN}"`))!;
  for (let i = 1; i <= extra; i++) {
    const id = `run-0000000${i}`;
    const at = `2026-05-10T0${i}:00:00+00:00`;
    fs.writeFileSync(path.join(artifacts, 'runs', `${id}.json`), JSON.stringify({ ...record, artifact_id: id, id, run_id: `main-10${i}`, created_at: at, updated_at: at }, null, 2));
    fs.appendFileSync(path.join(artifacts, '_index.jsonl'), line.replaceAll(RUN, id).replace(/"updated_at": "[^"]*"/, `"updated_at": "${at}"`) + '\n');
  }
  return home;
}

function facadeOf(home: string) {
  const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' } });
  return { facade, data: facade.load() };
}

const close = (runId: string, reason = 'nothing more to learn') => ({ draftId: `run:${runId}`, decision: 'reject' as const, reason, neighbors: [], runId });

describe('runs in the write plan', () => {
  test('covered, closed and uncovered runs, each on one line; then the gate', () => {
    const runs = [
      { runId: 'run-a', covered: true, closed: false, undecided: [], rejected: [] },
      { runId: 'run-b', covered: true, closed: true, undecided: [], rejected: ['d1', 'd2'] },
      { runId: 'run-c', covered: false, closed: false, undecided: ['d3'], rejected: [] },
    ];
    expect(runLines({ runs, status: 'ready', decision: null })).toEqual([
      'Runs after this write:',
      '  run-a will count as covered',
      '  run-b will count as covered (closed: 2 undecided drafts recorded as rejected)',
      '  run-c stays uncovered: 1 draft still undecided (x on the run closes it): d3',
      '  no run is covered by this write; no distill_review decision is written',
    ]);
    const gate = (uncovered: string[], unreadable = 0) => runLines({ runs, status: 'ready', decision: null, candidates: { uncovered, unreadable } }).at(-1);
    expect(gate(['run-a', 'run-c', 'run-x'])).toBe('  1 other candidate run stays uncovered: the gate stays open');
    expect(gate(['run-c', 'run-x', 'run-y'])).toBe('  2 other candidate runs stay uncovered: the gate stays open');
    expect(gate(['run-a', 'run-c'])).toBe('  no other candidate run is uncovered: the gate stays open until the run above is covered');
    const covering = runs.slice(0, 2);
    const last = (uncovered: string[], unreadable = 0) => runLines({ runs: covering, status: 'ready', decision: null, candidates: { uncovered, unreadable } }).at(-1);
    expect(last(['run-a', 'run-b'])).toBe('  this write covers every candidate run: the gate closes');
    expect(last([], 1)).toBe('  this write covers every candidate run, but the gate cannot answer: 1 file it cannot read (distill gate names them)');
    expect(runLines({ runs: [], status: 'ready', decision: null })).toEqual([]);
  });

  test('the plan view at 80x24 shows the run lines first', async () => {
    const started = await start({ columns: 80, rows: 24 });
    app = started;
    const describe = started.facade.describe;
    started.facade.describe = (list) => {
      const plan = describe(list);
      const runs = [{ runId: 'run-bbbb0002', covered: false, closed: false, undecided: ['knowledge-d0000002'], rejected: [] }];
      return { ...plan, lines: [...runLines({ runs, status: 'ready', decision: null }), ...plan.lines] };
    };
    await started.press('l');
    await started.press('c');
    await started.press('W');
    expect(started.frame()).toContain('Runs after this write:');
    expect(started.frame()).toContain('run-bbbb0002 stays uncovered: 1 draft still undecided');
  });

  test('the core facade puts the plan runs on top: one of four drafts decided leaves the run uncovered', () => {
    const { facade, data } = facadeOf(demoHome());
    const draft = data.drafts.find((d) => !d.needsEdit)!;
    const lines = facade.describe([{ draftId: draft.id, decision: 'reject', reason: 'r', neighbors: [], runId: RUN }]).lines;
    expect(lines[0]).toBe('Runs after this write:');
    expect(lines[1]).toMatch(/^ {2}run-a400216f stays uncovered: 3 drafts still undecided/);
    expect(lines[2]).toBe('  no run is covered by this write; no distill_review decision is written');
    expect(lines[3]).toBe('  no other candidate run is uncovered: the gate stays open until the run above is covered');
  });

  test('six uncovered runs: deciding the drafts of one and closing another says the other four stay uncovered, in W and in distill apply', async () => {
    const home = demoHome(5);
    const { facade, data } = facadeOf(home);
    expect(data.runs.filter((r) => !r.covered)).toHaveLength(6);
    const staged = [...data.drafts.map((d) => ({ draftId: d.id, decision: 'reject' as const, reason: 'noise', neighbors: [], runId: RUN })), close('run-00000001')];
    const want = [
      'Runs after this write:',
      `  ${RUN} will count as covered`,
      '  run-00000001 will count as covered (closed)',
      '  4 other candidate runs stay uncovered: the gate stays open',
    ];
    expect(facade.describe(staged).lines.slice(0, 4)).toEqual(want);
    const rows = [...data.drafts.map((d) => ({ draft: d.id, decision: 'reject', reason: 'noise' })), { run: 'run-00000001', decision: 'reject', reason: 'nothing more to learn' }];
    const r = await run(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), rows)], { env: { HOME: path.dirname(home), DISTILL_NOW: NOW } });
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(2, 6)).toEqual(want);
    const json = JSON.parse((await run(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), rows), '--json'], { env: { HOME: path.dirname(home), DISTILL_NOW: NOW } })).out);
    expect(json.plan.gate).toEqual({ uncovered_after: ['run-00000002', 'run-00000003', 'run-00000004', 'run-00000005'], closes: false });
  });

  test('a write that covers every candidate run says the gate closes', () => {
    const { facade, data } = facadeOf(demoHome());
    const draft = data.drafts.find((d) => !d.needsEdit)!;
    const lines = facade.describe([{ draftId: draft.id, decision: 'new', reason: 'a lesson', neighbors: [], runId: RUN }, close(RUN)]).lines;
    expect(lines.slice(0, 3)).toEqual([
      'Runs after this write:',
      `  ${RUN} will count as covered (closed: 3 undecided drafts recorded as rejected)`,
      '  this write covers every candidate run: the gate closes',
    ]);
  });

  test('W: the counts line names the drafts a close rejects, and counts every file listed (appends too)', async () => {
    const home = demoHome();
    const { facade } = facadeOf(home);
    const store = createReviewStore({ facade });
    const rendered = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 140, rows: 40 });
    app = rendered;
    await rendered.press('l');
    await rendered.press('c');
    await rendered.press('h');
    await rendered.press('x');
    await rendered.type('rest is noise');
    await rendered.press('return');
    await rendered.press('W');
    const plan = store.getState().plan!;
    const listed = plan.lines.slice(plan.lines.indexOf('Files:') + 1, plan.lines.indexOf('', plan.lines.indexOf('Files:')));
    expect(listed.filter((l) => l.startsWith('  append  ')).length).toBeGreaterThan(0);
    expect(plan.fileCount).toBe(listed.length);
    expect(rendered.frame()).toContain(`2 staged decision(s): 1 new, 1 reject, +3 rejected by closing ${RUN}; ${listed.length} file(s) to write:`);
  });
});
