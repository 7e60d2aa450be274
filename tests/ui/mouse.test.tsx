// Issue 17, the mouse in the review screen at 80x24 and 140x40: a click focuses a pane and puts its cursor on the row
// clicked, the wheel over a list moves its cursor, over the preview (and a dialog) it scrolls; the reports never reach
// the key router as keys (no "nothing to act on" message, no stray text), and nothing happens under a prompt.
import { afterEach, describe, expect, test } from 'vitest';
import { longDraftData } from './long-data.js';
import { start, type Started } from './harness.js';
import { sgrClick, sgrWheel } from './render.js';
import { at, lineAt } from './screen-at.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

function clean(frame: string) {
  expect(frame).not.toContain('nothing to act on');
  expect(frame).not.toMatch(/\[<\d|;\d+[Mm]/);
}

const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
];

describe.each(SIZES)('mouse at $columns x $rows', (size) => {
  test('a click on a draft focuses the drafts pane with that draft; a click on a neighbor, the neighbors', async () => {
    app = await start({ ...size, data: longDraftData() });
    expect(app.frame()).toContain('▸ Runs');
    const draft = at(app.frame(), 'Temperature scaling in domain');
    await app.press(sgrClick(draft.x + 3, draft.y));
    expect(app.frame()).toContain('▸ Drafts');
    expect(lineAt(app.frame(), draft.y).slice(draft.x - 3)).toMatch(/^›/);
    expect(app.frame()).toContain('title: Temperature scaling in domain');
    clean(app.frame());
    const neighbor = at(app.frame(), 'Neighbor B');
    await app.press(sgrClick(neighbor.x, neighbor.y));
    expect(app.frame()).toContain('▸ Neighbors');
    expect(lineAt(app.frame(), neighbor.y).slice(neighbor.x - 7)).toMatch(/^›/);
    clean(app.frame());
    // A click on a pane's title focuses it and leaves its cursor where it was.
    const runs = at(app.frame(), 'Runs 1/2 covered');
    await app.press(sgrClick(runs.x, runs.y));
    expect(app.frame()).toContain('▸ Runs');
    expect(lineAt(app.frame(), at(app.frame(), 'run-bbbb0002 0/3').y)).toMatch(/^› · run-bbbb0002/);
  });

  test('the wheel over a list focuses it and moves its cursor a row a notch', async () => {
    app = await start({ ...size, data: longDraftData() });
    const drafts = at(app.frame(), 'Temperature scaling in domain');
    await app.press(sgrWheel('down', drafts.x, drafts.y));
    expect(app.frame()).toContain('▸ Drafts');
    expect(lineAt(app.frame(), drafts.y).slice(drafts.x - 3)).toMatch(/^›/);
    await app.press(sgrWheel('down', drafts.x, drafts.y));
    expect(app.frame()).toContain('title: Todo draft');
    await app.press(sgrWheel('up', drafts.x, drafts.y));
    expect(app.frame()).toContain('title: Temperature scaling in domain');
    clean(app.frame());
  });

  test('the wheel over the preview scrolls it three lines a notch and stops at the top', async () => {
    app = await start({ ...size, data: longDraftData() });
    await app.press('l');
    const below = () => Number(/… (\d+) more lines/.exec(app!.frame())![1]);
    const before = below();
    const preview = { y: at(app.frame(), '─ Draft').y + 2 };
    await app.press(sgrWheel('down', 2, preview.y));
    expect(below()).toBe(before - 3);
    await app.press(sgrWheel('down', 2, preview.y));
    expect(below()).toBe(before - 6);
    expect(app.frame()).toContain('▸ Drafts');
    await app.press(sgrWheel('up', 2, preview.y));
    await app.press(sgrWheel('up', 2, preview.y));
    expect(below()).toBe(before);
    await app.press(sgrWheel('up', 2, preview.y));
    expect(app.frame()).toContain('top of the preview');
    clean(app.frame().replace('top of the preview', ''));
  });

  test('the wheel scrolls the help; clicks do nothing under a prompt or the help', async () => {
    app = await start({ ...size, data: longDraftData() });
    await app.press('?');
    const top = app.frame();
    await app.press(sgrWheel('down', 5, 5));
    expect(app.frame()).not.toBe(top);
    await app.press(sgrClick(5, 5), { expectSame: true });
    await app.press('escape');
    await app.press('/');
    const draft = at(app.frame(), 'Temperature scaling in domain');
    await app.press(sgrClick(draft.x, draft.y), { expectSame: true });
    expect(app.frame()).toContain('▸ Runs');
  });
});

test('a mouse report cut in two by the terminal is still one click, and keys around it still arrive', async () => {
  app = await start({ columns: 140, rows: 40, data: longDraftData() });
  const draft = at(app.frame(), 'Temperature scaling in domain');
  const report = sgrClick(draft.x, draft.y);
  await app.press(`K${report.slice(0, 5)}`);
  expect(app.frame()).toContain('top of the preview');
  await app.press(`${report.slice(5)}`);
  expect(app.frame()).toContain('▸ Drafts');
  expect(app.frame()).toContain('title: Temperature scaling in domain');
  expect(app.frame()).not.toContain('top of the preview');
  clean(app.frame());
});
