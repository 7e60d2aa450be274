// Issue 17, "draft and neighbor side by side": with a neighbor focused the preview shows the draft and the neighbor
// in two columns, field by field, differences marked ≠; d shows what the staged decision writes (the new card for
// c / s, the diff for p); the neighbor a staged p / s targets is marked in the neighbor list.
import { afterEach, describe, expect, test } from 'vitest';
import { start, type Started } from './harness.js';
import { sampleData } from './fake-facade.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('at $columns x $rows', (size) => {
  test('draft and neighbor side by side, fields aligned, differences marked', async () => {
    const data = sampleData();
    data.drafts[0].text = data.drafts[0].text.replace('---\nBody', 'tags: [topic:calibration]\n---\nBody');
    app = await start({ ...size, data });
    await app.press('l');
    await app.press('l');
    const lines = app.lines();
    expect(app.frame()).toContain('⇄ neighbor knowledge-n0000001');
    // The same field sits on one row in both columns; the title differs, the tags are the same.
    const title = lines.find((l) => l.startsWith('≠ title: Warmup'))!;
    expect(title).toMatch(/│ title: Neighbor A/);
    expect(app.frame()).toMatch(/^ {2}tags: topic:calibration +│ tags: topic:calibration$/m);
    // The bodies follow, side by side (below the fold at 80x24: J scrolls to them).
    for (let i = 0; i < 4; i++) {
      const before = app.frame();
      // J scrolls until the end of the preview is in view; a press there changes nothing.
      await app.press('J', 300).catch((error: unknown) => {
        if (app!.frame() !== before) throw error;
      });
    }
    expect(app.frame()).toMatch(/≠ Body of Warmup matters for adapters\. +│ Card Neighbor A/);
    // The next neighbor: the right column follows.
    await app.press('j');
    expect(app.lines().find((l) => l.startsWith('≠ title: Warmup'))).toMatch(/│ title: Neighbor B/);
  });

  test('d shows what the staged decision writes: the new card for c and s, the diff for p; the target neighbor is marked', async () => {
    app = await start(size);
    await app.press('l');
    await app.press('c');
    await app.press('k');
    await app.press('d');
    expect(app.frame()).toContain('New card (staged c): memory/knowledge/new-knowledge-d0000001.md');
    expect(app.frame()).toContain('New card from knowledge-d0000001.');
    await app.press('d');
    await app.press('l');
    await app.press('j');
    await app.press('s');
    expect(app.frame()).toMatch(/\[related\] 0\.41 Neighbor B/);
    await app.press('d');
    expect(app.frame()).toContain('New card (staged s, related to knowledge-n0000002)');
    await app.press('p');
    expect(app.frame()).toMatch(/\[patch\] 0\.41 Neighbor B/);
    expect(app.frame()).toContain('Diff: patch Warmup matters for adapters into knowledge-n0000002 (staged)');
    expect(app.frame()).toContain('+evidence from knowledge-d0000001');
    await app.press('x');
    await app.type('not a lesson');
    await app.press('return');
    expect(app.frame()).toContain('Staged reject: nothing written');
  });
});

test('d with no draft focused says so', async () => {
  const data = sampleData();
  data.drafts = [];
  app = await start({ data });
  await app.press('d');
  expect(app.frame()).toContain('no draft here');
});
