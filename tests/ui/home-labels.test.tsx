// Issue 35 on the home screen: the undo command of a review's summary kept whole (wrapped, never cut), a quest whose
// staged decisions wait is marked, the title column shows words at 60 columns, the mouse moves and opens as on the
// other screens, and the key bar keeps Enter, help and quit however narrow.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { homeStatus, openStoreSync, type HomeStatus } from '../../src/core/index.js';
import { HomeApp, type HomeExit } from '../../src/ui/home/HomeApp.js';
import { quitSummary } from '../../src/ui/review/quit-summary.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, sgrClick, sgrWheel, type Rendered } from './render.js';

let status: HomeStatus;
let home: string;
let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});
afterAll(() => fs.rmSync(path.dirname(home), { recursive: true, force: true }));

beforeAll(() => {
  home = copyFixture('ds-sample');
  const second = path.join(home, 'quests', '002');
  fs.mkdirSync(path.join(second, '.ds', 'distill'), { recursive: true });
  fs.writeFileSync(path.join(second, 'quest.yaml'), "quest_id: '002'\ntitle: Calibration sweep over temperature\nupdated_at: '2026-01-02T03:04:05+00:00'\n");
  // A review of 002 left with two decisions staged, unwritten.
  const staged = [{ draftId: 'd1', decision: 'defer', reason: 'later', neighbors: [] }, { draftId: 'd2', decision: 'defer', reason: 'later', neighbors: [] }];
  fs.writeFileSync(path.join(second, '.ds', 'distill', 'staging.json'), JSON.stringify({ quest_id: '002', savedAt: '2026-06-01T10:00:00+00:00', staged }));
  status = homeStatus(home, { global: openStoreSync(home, { env: { DISTILL_CACHE_DIR: path.join(home, '..', 'cache') } }) });
});

async function show(size: { columns: number; rows: number }, message: string | null = null) {
  const exits: HomeExit[] = [];
  app = await renderApp(<HomeApp status={status} message={message} env={{}} onExit={(e) => exits.push(e)} />, size);
  return exits;
}

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('home screen at $columns x $rows', (size) => {
  test("the review's summary wraps: each undo command whole on one line", async () => {
    const summary = quitSummary([
      { reviewId: 'decision-1234abcd', cards: 3 },
      { reviewId: 'decision-5678ef01', cards: 1, decision: false },
    ]);
    await show(size, `${summary}and a long tail to push the command across the edge of a narrow terminal`);
    const lines = app!.frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(size.rows - 1);
    expect(lines.some((l) => l.includes('distill revert decision-1234abcd'))).toBe(true);
    expect(lines.some((l) => l.includes('distill revert decision-5678ef01'))).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(size.columns);
    expect(lines.at(-1)).toContain('q quit');
  });

  test('a quest whose staged decisions wait is marked, and says so in its detail', async () => {
    await show(size);
    expect(app!.frame()).toMatch(/^ {2}\* 002 /m);
    await app!.press('j');
    expect(app!.frame()).toContain('* 2 staged decision(s) waiting: Enter offers them back');
  });

  test('keys that arrive together each move a row (jj from the first row reaches the third), as on the other screens', async () => {
    await show(size);
    expect(app!.frame()).toMatch(/› ! 001/);
    await app!.press('jj');
    expect(app!.frame()).toMatch(/› . quirks/);
    await app!.press('kk');
    expect(app!.frame()).toMatch(/› ! 001/);
  });

  test('the mouse: a click puts the cursor on a row, a click on the highlighted row opens it, the wheel moves', async () => {
    const exits = await show(size);
    const row = app!.frame().split('\n').findIndex((l) => / \* 002 /.test(l));
    await app!.press(sgrClick(10, row));
    expect(app!.frame()).toMatch(/› \* 002/);
    await app!.press(sgrWheel('down', 10, row));
    expect(app!.frame()).toMatch(/› . quirks/);
    await app!.press(sgrWheel('up', 10, row));
    expect(app!.frame()).toMatch(/› \* 002/);
    await app!.press(sgrClick(10, row), { expectSame: true }).catch(() => undefined);
    await app!.exited;
    expect(exits).toEqual([{ kind: 'open', target: '002' }]);
  });
});

test('at 60 columns the title column shows words, and the bar keeps Enter, help and quit', async () => {
  await show({ columns: 60, rows: 20 });
  const frame = app!.frame();
  expect(frame).toMatch(/001 .*Adapter tuning/);
  expect(frame).toMatch(/002 .*Calibration/);
  expect(frame).toContain('TITLE');
  expect(frame).not.toContain('LAST ACTIVITY');
  for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
});

test('at 44 columns the key bar still holds Enter open, help and quit', async () => {
  await show({ columns: 44, rows: 20 });
  const bar = app!.frame().split('\n').at(-1)!;
  expect(bar).toContain('Enter open');
  expect(bar).toContain('? help');
  expect(bar).toContain('q quit');
});
