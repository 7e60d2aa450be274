// Issue 17, "read everything": the preview scrolls and says what is below, long claims wrap, spare rows go to the
// preview, z zooms, the plan (W) and the help scroll and stop at their end, the key bar keeps `? help` and `q quit`.
import { afterEach, describe, expect, test } from 'vitest';
import { longDraftData } from './long-data.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
];

async function pressUntil(a: Started, key: string, text: string, max = 30): Promise<void> {
  for (let i = 0; i < max && !a.frame().includes(text); i++) await a.press(key, 200);
}

describe.each(SIZES)('at $columns x $rows', (size) => {
  test('the preview of a 40-line draft scrolls to its last line, says how much is below, and stops at the end', async () => {
    app = await start({ ...size, data: longDraftData() });
    await app.press('l');
    expect(app.frame()).toMatch(/… \d+ more lines/);
    expect(app.frame()).not.toContain('body line 40');
    // The long claim wraps onto the next lines instead of being cut at the edge.
    expect(app.frame()).toMatch(/^six percent of the steps keeps/m);
    await pressUntil(app, 'J', 'CLAIM-END');
    expect(app.frame()).toContain('CLAIM-END');
    await pressUntil(app, 'K', 'id: knowledge-d0000001');
    const before = Number(/… (\d+) more lines/.exec(app.frame())![1]);
    await app.press('J');
    expect(Number(/… (\d+) more lines/.exec(app.frame())![1])).toBe(before - 1);
    await app.press('ctrl+d');
    await pressUntil(app, 'pagedown', 'body line 40');
    expect(app.frame()).toContain('body line 40');
    expect(app.frame()).not.toMatch(/… \d+ more line/);
    await app.press('pagedown');
    expect(app.frame()).toContain('end of the preview');
    await app.press('pageup');
    await app.press('ctrl+u');
    await pressUntil(app, 'K', 'id: knowledge-d0000001', 60);
    expect(app.frame()).toContain('id: knowledge-d0000001');
    // Moving to another draft starts its preview at the top.
    await app.press('J');
    await app.press('j');
    expect(app.frame()).toContain('title: Temperature scaling in domain');
  });

  test('z gives the preview the whole screen; z again (or Esc) brings the lists back', async () => {
    app = await start({ ...size, data: longDraftData() });
    await app.press('l');
    const shownBefore = app.frame().split('\n').filter((l) => l.startsWith('body line')).length;
    await app.press('z');
    expect(app.frame()).not.toContain('▸ Drafts');
    const shownZoomed = app.frame().split('\n').filter((l) => l.startsWith('body line')).length;
    expect(shownZoomed).toBeGreaterThan(shownBefore);
    await app.press('escape');
    expect(app.frame()).toContain('▸ Drafts');
  });

  test('the write plan scrolls with the same keys and stops at its end', async () => {
    app = await start({ ...size, data: longDraftData() });
    app.facade.describe = () => ({ lines: Array.from({ length: 80 }, (_, i) => `plan line ${i + 1}`), fileCount: 3 });
    await app.press('l');
    await app.press('c');
    await app.press('W');
    expect(app.frame()).toContain('plan line 1');
    expect(app.frame()).toMatch(/… \d+ more lines/);
    await pressUntil(app, 'pagedown', 'plan line 80');
    expect(app.frame()).toContain('plan line 80');
    await app.press('J');
    expect(app.frame()).toContain('end of the plan');
    await app.press('ctrl+u');
    expect(app.frame()).not.toContain('plan line 80');
  });

  test('the help scrolls and the key bar keeps ? help and q quit', async () => {
    app = await start({ ...size, data: longDraftData() });
    for (const pane of ['runs', 'drafts', 'neighbors']) {
      const bar = app.lines().at(-1)!;
      expect(bar, pane).toContain('? help');
      expect(bar, pane).toContain('q quit');
      expect(bar.length).toBeLessThanOrEqual(size.columns);
      await app.press('l');
    }
    await app.press('?');
    if (size.rows === 24) {
      expect(app.frame()).toMatch(/… \d+ more lines/);
      await pressUntil(app, 'pagedown', 'Write / Discard / Cancel');
    }
    expect(app.frame()).toContain('Write / Discard / Cancel');
    if (size.rows === 24) {
      // g / G: the top and the end of the dialog, as in a list.
      await app.press('g');
      expect(app.frame()).not.toContain('Write / Discard / Cancel');
      await app.press('G');
      expect(app.frame()).toContain('Write / Discard / Cancel');
    }
  });
});

test('spare rows go to the preview: the lists are as tall as their content', async () => {
  app = await start({ columns: 140, rows: 40, data: longDraftData() });
  await app.press('l');
  const lines = app.lines();
  const title = lines.findIndex((l) => l.startsWith('─ Draft knowledge-d0000001'));
  // Header, the pane titles and at most 4 draft rows: the preview starts right below.
  expect(title).toBeLessThanOrEqual(6);
  expect(lines.filter((l) => l.startsWith('body line')).length).toBeGreaterThanOrEqual(20);
});
