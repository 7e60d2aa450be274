// Panes, focus, lists, filter, help, layout: j/k arrows h/l Tab g/G / n N ? Esc, resize, windowing, NO_COLOR.
import { afterEach, describe, expect, test } from 'vitest';
import { sampleData } from './fake-facade.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});


describe('review screen', () => {
  test('three panes side by side, header with quest and staged counts, key bar, frame shorter than the terminal', async () => {
    app = await start({ columns: 140, rows: 30 });
    const lines = app.lines();
    expect(lines[0]).toContain('quest 001 · staged: none · NER adapters');
    expect(lines[0]).toContain('staged: none');
    const titles = lines.find((l) => l.includes('Runs 1/2 covered'))!;
    expect(titles).toContain('Drafts of run-bbbb0002 (4)');
    expect(titles).toContain('Neighbors (2)');
    expect(lines[lines.length - 1]).toContain('c new');
    expect(lines[lines.length - 1]).toContain('q quit');
    expect(lines.length).toBeLessThanOrEqual(29);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(140);
  });

  test('stacked below 100 columns, and a resize re-lays the panes', async () => {
    app = await start({ columns: 80, rows: 40 });
    const runs = app.lines().findIndex((l) => l.includes('Runs 1/2 covered'));
    const drafts = app.lines().findIndex((l) => l.includes('Drafts of run-bbbb0002'));
    expect(runs).toBeGreaterThanOrEqual(0);
    expect(drafts).toBeGreaterThan(runs);
    expect(app.lines()[runs]).not.toContain('Drafts of');
    await app.resize(140, 24);
    const side = app.lines().find((l) => l.includes('Runs 1/2 covered'))!;
    expect(side).toContain('Drafts of run-bbbb0002');
    expect(app.lines().length).toBeLessThanOrEqual(23);
    await app.resize(60, 12);
    expect(app.lines().length).toBeLessThanOrEqual(11);
    await app.resize(30, 8);
    expect(app.frame()).toContain('terminal too small');
  });

  test('j/k and arrows move in the focused list; the drafts pane follows the run', async () => {
    app = await start();
    expect(app.frame()).toMatch(/› · run-bbbb0002/);
    await app.press('k');
    expect(app.frame()).toMatch(/› ✓ run-aaaa0001/);
    expect(app.frame()).toContain('no drafts for this run');
    await app.press('down');
    expect(app.frame()).toMatch(/› · run-bbbb0002/);
    await app.press('up');
    await app.press('j');
    expect(app.frame()).toContain('Drafts of run-bbbb0002 (4)');
  });

  test('h/l, Tab and Shift+Tab move the focus between panes', async () => {
    app = await start();
    expect(app.frame()).toContain('▸ Runs');
    await app.press('l');
    expect(app.frame()).toContain('▸ Drafts');
    await app.press('tab');
    expect(app.frame()).toContain('▸ Neighbors');
    expect(app.frame()).toContain('⇄ neighbor knowledge-n0000001');
    await app.press('h');
    expect(app.frame()).toContain('▸ Drafts');
    await app.press('shift+tab');
    expect(app.frame()).toContain('▸ Runs');
    await app.press('right');
    expect(app.frame()).toContain('▸ Drafts');
    await app.press('left');
    expect(app.frame()).toContain('▸ Runs');
  });

  test('g/G jump to the first and last item; quest-level drafts are labelled', async () => {
    app = await start();
    await app.press('l');
    await app.press('G');
    expect(app.frame()).toMatch(/›\s+quest-level Seed variance dominates/);
    expect(app.frame()).toContain('no similar global card');
    await app.press('g');
    expect(app.frame()).toMatch(/›\s+Warmup matters/);
  });

  test('/ filters the focused list, Enter jumps to the first match, n/N go to the next and previous match', async () => {
    app = await start();
    await app.press('l');
    await app.press('/');
    await app.type('ing');
    expect(app.frame()).toContain('/ing█');
    await app.press('backspace');
    expect(app.frame()).toContain('/in█');
    await app.press('return');
    // "Warmup matters for adapters" does not contain "in"; "Temperature scaling in domain" does.
    expect(app.frame()).toMatch(/›\s+Temperature/);
    expect(app.frame()).toContain('filter /in');
    await app.press('n');
    // "dominates" matches too; "Todo draft" does not.
    expect(app.frame()).toMatch(/›\s+quest-level Seed variance dominates/);
    await app.press('n');
    expect(app.frame()).toMatch(/›\s+Temperature/);
    await app.press('N');
    expect(app.frame()).toMatch(/›\s+quest-level Seed variance dominates/);
    await app.press('N');
    expect(app.frame()).toMatch(/›\s+Temperature/);
    await app.press('/');
    await app.press('escape');
    expect(app.frame()).not.toContain('/█');
  });

  test('? shows the help drawn from the key table; Esc closes it', async () => {
    app = await start({ rows: 60 });
    await app.press('?');
    const frame = app.frame();
    for (const text of ['j ↓', 'Space', 'Ctrl+R', 'neighbor_but_separate', 'defer', '$EDITOR', 'Write / Discard / Cancel']) {
      expect(frame).toContain(text);
    }
    expect(app.lines().at(-1)).toContain('? close');
    await app.press('escape');
    expect(app.frame()).toContain('▸ Runs');
  });

  test('long lists are windowed: G shows the last of 300 runs and the frame keeps its height', async () => {
    const data = sampleData();
    data.runs = Array.from({ length: 300 }, (_, i) => ({
      artifactId: `run-${String(i).padStart(8, '0')}`,
      runId: `main-${i}`,
      runKind: 'main_experiment',
      summary: null,
      covered: false,
      coveredBy: [],
    }));
    app = await start({ data, rows: 24 });
    await app.press('G');
    expect(app.frame()).toContain('run-00000299');
    expect(app.frame()).not.toContain('run-00000000 ');
    // 300 runs and the quest-level row.
    expect(app.frame()).toMatch(/Runs 0\/300 covered \d+-301\/301/);
    expect(app.frame()).toContain('◆ quest-level 0/4 decided'); // no draft names one of these runs
    expect(app.lines().length).toBeLessThanOrEqual(23);
    await app.press('g');
    expect(app.frame()).toContain('run-00000000');
  });

  test('coalesced printable input is split into keys', async () => {
    const data = sampleData();
    data.runs = Array.from({ length: 10 }, (_, i) => ({
      artifactId: `run-0000000${i}`, runId: null, runKind: 'experiment', summary: null, covered: false, coveredBy: [],
    }));
    app = await start({ data });
    await app.press('jjj');
    expect(app.frame()).toMatch(/› · run-00000003/);
  });

  test('NO_COLOR: no colour codes; colours otherwise', async () => {
    // vitest's stdout is not a terminal, so chalk starts with colours off; turn them on to see NO_COLOR's effect.
    const { default: chalk } = await import('chalk');
    chalk.level = 1;
    app = await start({ env: { NO_COLOR: '1' } });
    expect(app.rawFrame()).not.toMatch(/\x1b\[3[0-9]m/);
    app.unmount();
    app = await start({ env: {} });
    expect(app.rawFrame()).toMatch(/\x1b\[3[0-9]m/);
  });

  test('a quest with nothing to review says so and shows the gate state', async () => {
    const data = sampleData();
    data.drafts = [];
    data.runs = data.runs.map((r) => ({ ...r, covered: true }));
    app = await start({ data });
    expect(app.frame()).toContain('Nothing to review in quest 001');
    expect(app.frame()).toContain('2/2 candidate run(s) covered');
    expect(app.frame()).toContain('gate: closed');
    await app.press('q');
    await app.exited;
  });

  test('every run covered but a file the gate cannot read: the screen never says closed', async () => {
    const data = sampleData();
    data.drafts = [];
    data.runs = data.runs.map((r) => ({ ...r, covered: true }));
    data.gateUnreadable = ['/h/quests/001/artifacts/_index.jsonl: cannot read it (not UTF-8)'];
    app = await start({ data });
    expect(app.frame()).toContain('Nothing to review in quest 001');
    expect(app.frame()).toContain('gate: not closed, 1 file(s) it cannot read; distill gate names them and exits 2');
    expect(app.frame()).not.toContain('gate: closed');
    await app.press('q');
    await app.exited;
  });

  test('no Ctrl+Z binding: it says it does nothing (Ctrl+d scrolls the preview, issue 17)', async () => {
    const { KEY_TABLE } = await import('../../src/ui/shared/keys/table.js');
    const keys = KEY_TABLE.flatMap((b) => b.keys);
    expect(keys).toContain('ctrl+d');
    expect(keys).not.toContain('ctrl+z');
    app = await start();
    await app.press('\x1a');
    expect(app.frame()).toContain('ctrl+z: nothing to act on here');
    expect(app.frame()).toContain('▸ Runs');
  });
});
