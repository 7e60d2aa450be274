// Issue 17, "draft and neighbor side by side": with a neighbor focused the preview shows the draft and the neighbor
// in two columns, field by field, differences marked ≠ (issue 35: why the neighbor matched on top, wrapped and whole;
// the bodies first; id and dates folded into one line); d shows what the staged decision writes (the new card for
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
  test('draft and neighbor side by side: the bodies first, then the fields aligned, differences marked, identity and dates folded', async () => {
    const data = sampleData();
    data.drafts[0].text = data.drafts[0].text.replace('---\nBody', 'tags: [topic:calibration]\ncreated_at: 2026-01-01\nscope: global\n---\nBody');
    app = await start({ ...size, data });
    await app.press('l');
    await app.press('l');
    const lines = app.lines();
    expect(app.frame()).toContain('⇄ neighbor knowledge-n0000001');
    // Why it matched on top, then the two bodies, above the fold at 80x24 too.
    const why = lines.findIndex((l) => l.startsWith('why: score 0.82 · matched on shared tags: topic:calibration'));
    expect(why).toBeGreaterThan(0);
    expect(lines[why + 1]).toMatch(/^ {2}draft\u00a0knowledge-d0000001 +│ neighbor\u00a0knowledge-n0000001$/);
    expect(lines[why + 2]).toMatch(/^≠ Body of Warmup matters for adapters\. +│ Card Neighbor A/);
    // Then the fields: the same field on one row in both columns; the title differs, the tags are the same.
    for (let i = 0; i < 6 && !app.frame().includes('(identity and dates, folded)'); i++) await app.press('J');
    expect(app.lines().find((l) => l.startsWith('≠ title: Warmup'))).toMatch(/│ title: Neighbor A/);
    expect(app.frame()).toMatch(/^ {2}tags: topic:calibration +│ tags: topic:calibration$/m);
    // id, created_at, updated_at, scope, kind: one line, not a row each.
    expect(app.frame()).toContain('  id ≠, created_at ≠, scope ≠ (identity and dates, folded)');
    expect(app.frame()).not.toMatch(/^. id: /m);
    expect(app.frame()).not.toMatch(/created_at: 2026-01-01/);
    // The next neighbor: the right column follows.
    await app.press('j');
    expect(app.frame()).toContain('why: score 0.41');
    expect(app.frame()).toMatch(/│ Card Neighbor B text/);
  });

  test('the reasons line of the focused neighbor is whole: wrapped, never cut, with the evidence against', async () => {
    app = await start(size);
    const reasons = [
      'shared tags: topic:calibration, domain:nlp, stage:experiment',
      'shared keywords: warmup, adapters, learning rate',
      'title similarity 0.62',
      'claim similarity 0.48',
      'similar body 0.55',
      'shared numbers: 0.03, 0.06',
      'different settings: lora rank 8 / adapter bottleneck 64',
      'opposite finding',
    ];
    const [first] = app.store.getState().neighbors['knowledge-d0000001'];
    app.store.setState({ neighbors: { 'knowledge-d0000001': [{ ...first, reasons }] } });
    await app.press('l');
    await app.press('l');
    const lines = app.lines();
    const from = lines.findIndex((l) => l.startsWith('why: '));
    const to = lines.findIndex((l) => l.startsWith('  draft\u00a0knowledge-d0000001'));
    expect(from).toBeGreaterThan(0);
    expect(to - from).toBeGreaterThan(1);
    const shown = lines.slice(from, to).map((l) => l.trimEnd());
    for (const line of shown) expect(line.endsWith('…')).toBe(false);
    expect(shown.join(' ')).toBe(
      'why: score 0.82 · matched on shared tags: topic:calibration, domain:nlp, stage:experiment; shared keywords: warmup, adapters, learning rate; ' +
        'title similarity 0.62; claim similarity 0.48; similar body 0.55; shared numbers: 0.03, 0.06 · against: different settings: lora rank 8 / ' +
        'adapter bottleneck 64; opposite finding',
    );
    // Zoomed (z: the whole screen), it stays on top, whole, as well.
    await app.press('z');
    const zoomed = app.lines();
    expect(zoomed[2]).toMatch(/^why: /);
    expect(zoomed.slice(2, 2 + shown.length).map((l) => l.trimEnd())).toEqual(shown);
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
