// The review of mined patterns (quest `:mined`, issue 33): a row per kind of factor, the patterns as drafts beside
// their neighbor cards, the evidence chart in the preview (outcome by symbol and colour, NO_COLOR respected), and a
// decision written through the core; the home screen's "Mined patterns" row with the count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { evidenceChart, homeStatus, mine, minedQuest } from '../../src/core/index.js';
import { parseCardText } from '../../src/core/format/frontmatter.js';
import { HomeApp } from '../../src/ui/home/HomeApp.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { editRound } from '../../src/ui/review/run.js';
import { copyFixture, FIXTURES, snapshot } from '../helpers/home.js';
import { waitFor } from '../helpers/wait.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
const dirs: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function home(): string {
  const h = copyFixture('mine-home');
  dirs.push(path.dirname(h));
  return h;
}

const ENV = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };
const SR = 'pattern-8cca5911f721';

describe('the evidence chart (a pure function)', () => {
  const p = mine(path.join(FIXTURES, 'mine-home')).patterns.find((x) => x.id === SR)!;
  test('one bar per run grouped by quest, better to the right whatever the direction, outcome by symbol', () => {
    const lines = evidenceChart(p, 80);
    const text = lines.map((l) => l.text);
    expect(text[0]).toBe('Evidence: 5 wins, 1 loss, 1 not comparable; better → right');
    expect(text).toContain('pubmed-lm (perplexity)');
    // Perplexity fell 2.3 %: a lower-is-better metric's win points right, like the others.
    const ppl = text.find((t) => t.includes('+ main-001') && text.indexOf(t) === text.indexOf('pubmed-lm (perplexity)') + 1)!;
    expect(ppl).toMatch(/^ {2}\+ main-001 +│█+ +\+2\.3 %$/);
    const loss = text.find((t) => t.includes('x main-002'))!;
    expect(loss).toMatch(/^ {2}x main-002 +█+│ +−0\.3 %$/);
    expect(text.find((t) => t.includes('? main-001'))).toMatch(/·\s+n\/a$/);
    expect(lines.filter((l) => l.outcome !== null).map((l) => l.outcome).sort()).toEqual(['loss', 'unknown', 'win', 'win', 'win', 'win', 'win']);
    for (const l of lines) expect(l.text.length).toBeLessThanOrEqual(80);
    // The longest bar is the largest change; bars scale with the width.
    expect(evidenceChart(p, 120).every((l) => l.text.length <= 120)).toBe(true);
    expect(text.at(-1)).toBe('+ win   x loss   ? not comparable (not counted); bar: change vs baseline');
  });
});

describe('review of mined patterns', () => {
  test('the preview title names the pattern, mined and not a file, never a draft path that does not exist', async () => {
    const h = home();
    const facade = createCoreFacade({ quest: minedQuest(h), env: ENV });
    app = await renderApp(<ReviewApp store={createReviewStore({ facade, askReasons: true })} env={{}} />, { columns: 200, rows: 40 });
    await app.press('l');
    const title = app.frame().split('\n').find((l) => l.includes('Pattern '))!;
    expect(title).toMatch(/Pattern \S+ {2}pattern pattern-[0-9a-f]{12} \(mined, not a file\)/);
    expect(app.frame()).not.toContain(path.join('.distill', 'mined'));
    expect(fs.existsSync(path.join(h, '.distill', 'mined'))).toBe(false);
  });

  for (const size of [{ columns: 80, rows: 24 }, { columns: 140, rows: 40 }]) {
    test(`groups as rows, patterns as drafts with their chart; c writes a card naming every run (${size.columns}x${size.rows})`, async () => {
      const h = home();
      const facade = createCoreFacade({ quest: minedQuest(h), env: ENV });
      const store = createReviewStore({ facade, askReasons: true });
      // vitest's stdout is not a terminal, so chalk starts with colours off (navigation.test.tsx does the same).
      const { default: chalk } = await import('chalk');
      chalk.level = 1;
      app = await renderApp(<ReviewApp store={store} env={{}} />, size);
      expect(app.frame()).toContain('distill review · mined patterns · staged: none');
      expect(app.frame()).toContain('mechanism_family');
      expect(app.frame()).toMatch(/Factors 0\/\d+ reviewed/);
      expect(app.frame()).not.toMatch(/Runs \d+\/\d+ covered/);
      await app.press('l');
      expect(app.frame()).toMatch(/Evidence: \d+ wins?/);
      // Colour as well as the symbol: the bar lines are coloured.
      expect(app.rawFrame()).toMatch(/\u001b\[32m {2}\+ main-001/);
      expect(app.rawFrame()).toMatch(/\u001b\[31m {2}x main-002/);
      // To the idea families' row, whose first pattern (the most support) is subword regularization.
      await app.press('h');
      await app.press('j');
      await app.press('l');
      expect(app.frame()).toMatch(/›\s+Subword regularization ideas beat/);
      expect(app.frame()).toContain('Evidence: 5 wins, 1 loss, 1 not comparable');
      await app.press('c');
      await app.type('recurs across quests');
      await app.press('return');
      expect(app.frame()).toContain('staged: 1 (1 new)');
      const quests = snapshot(path.join(h, 'quests'));
      await app.press('W');
      expect(app.frame()).toMatch(/create\s+memory\/knowledge\//);
      // The status after the write counts the files as the plan did (the index appended to included).
      const planned = /(\d+) file\(s\) to write/.exec(app.frame())![1];
      expect(planned).toBe('2');
      await app.press('y');
      await store.getState().writing;
      expect(store.getState().written).toHaveLength(1);
      await waitFor(() => app!.frame().includes(`wrote ${planned} file(s)`), { message: () => `the write's status line in\n${app!.frame()}` });
      const audit = fs.readFileSync(path.join(h, '.distill', 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(audit[0]).toMatchObject({ quest_id: ':mined', decision: null });
      const card = parseCardText(fs.readFileSync(audit[0].created[0], 'utf8'));
      expect((card.meta.lineage as unknown[]).length).toBe(5);
      expect(snapshot(path.join(h, 'quests'))).toEqual(quests);
      expect(mine(h).patterns.map((x) => x.id)).not.toContain(SR);
    });
  }

  test('e edits the wording before it is written: the card takes the edited title and claim, the lineage stays', async () => {
    const h = home();
    const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-mined-edit-'));
    dirs.push(copies);
    const facade = createCoreFacade({ quest: minedQuest(h), env: ENV });
    const store = createReviewStore({ facade });
    app = await renderApp(<ReviewApp store={store} env={{}} />, { columns: 140, rows: 40 });
    await app.press('l'); // Tier1 changes, the first pattern
    await app.press('e');
    await app.exited;
    const exit = store.getState().exit;
    if (exit?.kind !== 'edit') throw new Error('no edit request');
    editRound(store, exit, copies, (copy) => {
      const text = fs.readFileSync(copy, 'utf8');
      expect(text).toMatch(/^---\nid: pattern-f8f3b851138d:[0-9a-f]{8}\ntitle: Tier1 changes beat the baseline\n/);
      fs.writeFileSync(copy, text.replace('title: Tier1 changes beat the baseline', 'title: Small Tier1 changes usually pay off').replace(/^claim: .*\n( {2}.*\n)*/m, 'claim: Tier1 changes beat the baseline in 8 of 9 runs.\n'));
    });
    app.unmount();
    app = await renderApp(<ReviewApp store={store} env={{}} />, { columns: 140, rows: 40 });
    expect(app.frame()).toContain('1 edit(s)');
    await app.press('c');
    await app.press('W');
    await app.press('y');
    await store.getState().writing;
    const audit = JSON.parse(fs.readFileSync(path.join(h, '.distill', 'audit.jsonl'), 'utf8').trim().split('\n')[0]);
    const card = parseCardText(fs.readFileSync(audit.created[0], 'utf8'));
    expect(card.meta).toMatchObject({ title: 'Small Tier1 changes usually pay off', claim: 'Tier1 changes beat the baseline in 8 of 9 runs.' });
    expect((card.meta.lineage as unknown[]).length).toBe(8);
  });

  test('NO_COLOR: the chart keeps its symbols and loses its colours', async () => {
    const h = home();
    const facade = createCoreFacade({ quest: minedQuest(h), env: ENV });
    const store = createReviewStore({ facade });
    const { default: chalk } = await import('chalk');
    chalk.level = 1;
    app = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, { columns: 100, rows: 30 });
    await app.press('l');
    expect(app.frame()).toMatch(/ {2}\+ main-00\d/);
    await app.press('a');
    expect(app.frame()).toContain('no lessons are written here (the patterns are the lessons)');
    expect(app.rawFrame()).not.toMatch(/\u001b\[3[1-3]m/);
  });
});

describe('the home screen', () => {
  test('a "Mined patterns" row with the count of proposed patterns', async () => {
    const h = home();
    const status = { ...homeStatus(h), mined: mine(h).funnel.proposed };
    app = await renderApp(<HomeApp status={status} env={{}} onExit={() => undefined} />, { columns: 100, rows: 30 });
    expect(app.frame()).toMatch(/ ! mined\s+4 patterns\s+Mined patterns: lessons proposed from the runs of every quest/);
  });
});

describe('distill review --mined (command line)', () => {
  test.each([
    [['review', '--mined', 'xsum-summ'], 'review --mined takes no quest'],
    [['review', '--mined', '--quirks'], 'review takes --quirks or --mined, not both'],
  ])('%j: exit 2, one line', async (argv, message) => {
    const { main } = await import('../../src/cli/main.js');
    const err: string[] = [];
    const code = await main(['--home', path.join(FIXTURES, 'mine-home'), ...argv], {
      out: () => undefined, err: (t) => err.push(t), isTTY: true, env: { HOME: os.tmpdir() }, cwd: os.tmpdir(),
    });
    expect(code).toBe(2);
    expect(err.join('')).toBe(`distill: ${message}\n`);
  });
});
