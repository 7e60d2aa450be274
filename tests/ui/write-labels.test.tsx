// Issue 35, labels that match what happened: the status line after a write counts every file the plan listed (the
// logs appended to included), and names a review decision only when one was written; the summary printed to the
// shell says the same. On the demo home through the core facade, at 80x24 and 140x40.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import os from 'node:os';
import { resolveQuest } from '../../src/core/quest/home.js';
import { draftsDir } from '../../src/core/index.js';
import { quirksQuest } from '../../src/core/quest/quirks.js';
import { ReviewApp } from '../../src/ui/review/app.js';
import { createCoreFacade } from '../../src/ui/review/core-facade.js';
import { quitSummary } from '../../src/ui/review/quit-summary.js';
import { createReviewStore } from '../../src/ui/review/store.js';
import { copyFixture } from '../helpers/home.js';
import { waitFor } from '../helpers/wait.js';
import { renderApp, type Rendered } from './render.js';

let app: Rendered | null = null;
const temps: string[] = [];
afterEach(() => {
  app?.unmount();
  app = null;
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = '2026-06-01T10:00:00+00:00';

async function review(size: { columns: number; rows: number }, prepare?: (home: string) => void) {
  const home = copyFixture('demo-home');
  temps.push(path.dirname(home));
  prepare?.(home);
  const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' } });
  const store = createReviewStore({ facade, askReasons: false });
  app = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
  return { home, store };
}

function listedFiles(lines: string[]): string[] {
  const start = lines.indexOf('Files:') + 1;
  return lines.slice(start, lines.indexOf('', start));
}

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('the write status line at $columns x $rows', (size) => {
  test('one draft of four decided: every file of the plan counted, no review decision named', async () => {
    const { home, store } = await review(size);
    await app!.press('l');
    await app!.press('c');
    await app!.press('W');
    const listed = listedFiles(store.getState().plan!.lines);
    expect(listed.some((l) => l.startsWith('  append  '))).toBe(true);
    expect(listed.some((l) => l.includes('artifacts/decisions'))).toBe(false);
    await app!.press('y');
    await store.getState().writing;
    await waitFor(() => app!.frame().includes(`wrote ${listed.length} file(s)`), { message: () => app!.frame() });
    expect(app!.frame()).toContain('no distill_review decision');
    expect(app!.frame()).not.toMatch(/review decision-[0-9a-f]{8}/);
    for (const line of listed) expect(fs.existsSync(path.join(home, line.replace(/^ {2}\w+ {2}/, '')))).toBe(true);
    const summary = quitSummary(store.getState().written);
    expect(summary).toMatch(/^wrote 1 card, no distill_review decision \(record decision-[0-9a-f]{8}\); undo with: distill revert decision-[0-9a-f]{8}\n$/);
  });

  test('closing the run writes the decision: the status line names it and counts the appends', async () => {
    const { store } = await review(size);
    await app!.press('x');
    await app!.type('nothing more');
    await app!.press('return');
    await app!.press('W');
    const listed = listedFiles(store.getState().plan!.lines);
    expect(listed.filter((l) => l.startsWith('  append  ')).length).toBeGreaterThanOrEqual(2);
    await app!.press('y');
    await store.getState().writing;
    await waitFor(() => app!.frame().includes(`wrote ${listed.length} file(s), review decision-`), { message: () => app!.frame() });
    expect(quitSummary(store.getState().written)).toMatch(/^wrote review decision-[0-9a-f]{8} \(0 cards\); undo with/);
  });
});

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('the quirks review at $columns x $rows', (size) => {
  test('never speaks of runs, coverage or distill_review; an empty quirks file is nothing to review', async () => {
    const home = copyFixture('demo-home');
    temps.push(path.dirname(home));
    fs.writeFileSync(path.join(home, 'framework_quirks.md'), '# Framework Quirks\n');
    fs.writeFileSync(path.join(home, 'system_quirks.md'), 'Daemon leaks a GPU context after a crash; restart it.\n\nResume restarts the LR schedule; rerun instead.\n');
    const env = { HOME: os.tmpdir(), DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' };
    const store = createReviewStore({ facade: createCoreFacade({ quest: quirksQuest(home), env }), askReasons: false });
    app = await renderApp(<ReviewApp store={store} env={{ NO_COLOR: '1' }} />, size);
    const frames = [app.frame()];
    expect(app.frame()).toMatch(/framework_quirks\.md nothing to re/);
    expect(app.frame()).toContain('Quirks file system_quirks.md');
    expect(app.frame()).toContain('2 entries to review in this file');
    await app.press('l');
    frames.push(app.frame());
    expect(app.frame()).toContain('Quirks entry quirk-');
    await app.press('c');
    await app.press('W');
    frames.push(store.getState().plan!.lines.join('\n'));
    await app.press('y');
    await store.getState().writing;
    await waitFor(() => app!.frame().includes('wrote 2 file(s), quirks entries recorded'), { message: () => app!.frame() });
    frames.push(app.frame(), quitSummary(store.getState().written));
    // The key bar's "a lesson" aside, not a word of runs, coverage or decisions.
    // Card text (a card's lineage names its entry as `run:`, the format DeepScientist reads) is not distill's wording.
    const words = frames.flatMap((f) => f.replaceAll(path.dirname(home), '<tmp>').replace(/\/tmp\S*/g, '<tmp>').split('\n')).filter((l) => !/^\s*[+-] |^\s*[+-]\s*(run|lineage):|^ {2}\+ /.test(l));
    expect(words.filter((l) => /\brun\b|\bruns\b|covered|distill_review|review decision-/i.test(l))).toEqual([]);
  });
});

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('previews at $columns x $rows', (size) => {
  test("a quest note's preview is titled as a note; a run without drafts keeps a's hint beside the notes'", async () => {
    await review(size);
    await app!.press('l');
    await app!.press('G');
    expect(app!.frame()).toMatch(/─ Note \(episode\) /);
    expect(app!.frame()).not.toMatch(/─ Draft .*episode/);
    app!.unmount();
    // A run with no drafts but a note: the hint for `a` on the run stays, the notes' is added to it.
    await review(size, (home) => fs.rmSync(draftsDir(home, '001'), { recursive: true }));
    expect(app!.frame()).toContain('0 draft(s)');
    const flat = app!.frame().replace(/\n/g, ' ');
    expect(flat).toMatch(/a writes a lesson for it from its\s+evidence/);
    expect(flat).toMatch(/quest note\(s\): a on one writes a\s+lesson from it/);
  });
});
