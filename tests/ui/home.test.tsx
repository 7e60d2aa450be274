// The home screen (issue 14): every quest with its coverage, drafts and notes, pending first, and the quirks row;
// Enter hands the row to the caller, q quits, ? helps, and the frame fits the terminal at 80x24 and 140x40.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { homeStatus, openStoreSync, type HomeStatus } from '../../src/core/index.js';
import { HomeApp, type HomeExit } from '../../src/ui/home/HomeApp.js';
import { copyFixture } from '../helpers/home.js';
import { renderApp, type Rendered } from './render.js';

let status: HomeStatus;
let app: Rendered | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

beforeAll(() => {
  // The DeepScientist sample home with a second quest, fully covered (no candidate runs), and two quirks entries.
  const home = copyFixture('ds-sample');
  const second = path.join(home, 'quests', '002');
  fs.mkdirSync(second, { recursive: true });
  fs.writeFileSync(path.join(second, 'quest.yaml'), "quest_id: '002'\ntitle: Calibration sweep\nupdated_at: '2026-01-02T03:04:05+00:00'\n");
  fs.appendFileSync(path.join(home, 'framework_quirks.md'), '\n## vLLM pins torch\n\nvLLM 0.4 pins torch 2.1; install it first.\n\n## HF cache\n\nSet HF_HOME on the scratch disk.\n');
  status = homeStatus(home, { global: openStoreSync(home, { env: { DISTILL_CACHE_DIR: path.join(home, '..', 'cache') } }) });
});

async function show(size: { columns: number; rows: number }) {
  const exits: HomeExit[] = [];
  app = await renderApp(<HomeApp status={status} env={{}} onExit={(e) => exits.push(e)} />, size);
  return exits;
}

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('home screen at $columns x $rows', (size) => {
  test('quests pending first, the quirks row, the focused quest in detail; the frame fits', async () => {
    await show(size);
    const lines = app!.frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(size.rows - 1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(size.columns);
    const rows = lines.filter((l) => /^(›| ) [!✓ ] (\d|quirks)/.test(l));
    expect(rows[0]).toMatch(/^› ! 001\s+0\/1 runs\s+0 drafts\s+1 note\s+2026-05-09 08:36 Adapter tuning/);
    expect(rows[1]).toMatch(/^ {2}✓ 002\s+0\/0 runs\s+0 drafts\s+0 notes\s+2026-01-02 03:04 Calibration sweep/);
    expect(rows[2]).toMatch(/^ {2}! quirks\s+2 entries\s+framework_quirks\.md, system_quirks\.md/);
    expect(app!.frame()).toContain('uncovered runs: run-a400216f');
    expect(lines[0]).toContain('2 quest(s), 1 with uncovered runs');
    expect(lines.at(-1)).toContain('Enter open');
    expect(lines.at(-1)).toContain('q quit');
  });

  test('j moves to the next row and its detail; Enter opens it; q quits', async () => {
    const exits = await show(size);
    await app!.press('j');
    expect(app!.frame()).toMatch(/› ✓ 002/);
    expect(app!.frame()).toContain('no candidate runs yet');
    await app!.press('j');
    expect(app!.frame()).toContain('framework_quirks.md: 2 entries, 2 not reviewed');
    await app!.press('return', { expectSame: true }).catch(() => undefined);
    await app!.exited;
    expect(exits).toEqual([{ kind: 'open', target: ':quirks' }]);
  });
});

test('? shows the keys, Esc closes them; Esc on the home says q quits; q hands back quit', async () => {
  const exits = await show({ columns: 100, rows: 30 });
  await app!.press('?');
  expect(app!.frame()).toContain("open the quest's review");
  await app!.press('escape');
  expect(app!.frame()).not.toContain("open the quest's review");
  await app!.press('escape');
  expect(app!.frame()).toContain('this is the home screen: q quits');
  await app!.press('r', { expectSame: true }).catch(() => undefined);
  await app!.exited;
  expect(exits).toEqual([{ kind: 'refresh', focus: '001' }]);
});

test('a terminal too small says so', async () => {
  await show({ columns: 60, rows: 8 });
  expect(app!.frame()).toContain('terminal too small (60x8; need 40x10) · q quits');
});

test('the cursor starts on the quest the reviewer came back from', async () => {
  app = await renderApp(<HomeApp status={status} focus="002" env={{}} onExit={() => undefined} />, { columns: 100, rows: 30 });
  expect(app.frame()).toMatch(/› ✓ 002/);
});

test('Ctrl+C quits from the list and from the help (the screen routes it: Ink does not exit on it)', async () => {
  let exits = await show({ columns: 100, rows: 30 });
  await app!.press('\x03', { expectSame: true }).catch(() => undefined);
  await app!.exited;
  expect(exits).toEqual([{ kind: 'quit' }]);
  app!.unmount();
  exits = await show({ columns: 100, rows: 30 });
  await app!.press('?');
  await app!.press('\x03', { expectSame: true }).catch(() => undefined);
  await app!.exited;
  expect(exits).toEqual([{ kind: 'quit' }]);
});

test('w lists every warning (the status line shows only the first); w, Esc or q close it', async () => {
  const warned: HomeStatus = {
    ...status,
    warnings: [
      { file: '/h/quests/001/memory/episodes/a.md', message: 'YAML error in frontmatter; skipped' },
      { file: '/h/quests/001/memory/episodes/b.md', message: 'not UTF-8; skipped' },
    ],
  };
  app = await renderApp(<HomeApp status={warned} env={{}} onExit={() => undefined} />, { columns: 100, rows: 30 });
  expect(app.frame()).toContain('2 warning(s) (w lists them): /h/quests/001/memory/episodes/a.md: YAML error');
  await app.press('w');
  expect(app.frame()).toContain('Warnings (2)');
  expect(app.frame()).toContain('  /h/quests/001/memory/episodes/b.md: not UTF-8; skipped');
  expect(app.frame()).not.toContain('QUEST');
  await app.press('escape');
  expect(app.frame()).toContain('QUEST');
  expect(app.frame()).not.toContain('Warnings (2)');
});
