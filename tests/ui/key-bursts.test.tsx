// Keys pressed in a burst reach the app as one chunk of input (Ink hands `\x12\x12\x12` over as plain text, without
// its ctrl flag): every control byte in it is its own key, in order, mixed with the printable ones.
import { afterEach, describe, expect, test } from 'vitest';
import { longDraftData } from './long-data.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const stagedCount = (a: Started) => Object.keys(a.store.getState().staged).length;
const below = (a: Started) => Number(/… (\d+) more lines/.exec(a.frame())?.[1] ?? NaN);

describe('keys in a burst', () => {
  test('three Ctrl+R in one chunk redo three undone decisions', async () => {
    app = await start();
    await app.press('l');
    await app.press('c');
    await app.press('c');
    await app.press('G');
    await app.press('c');
    expect(stagedCount(app)).toBe(3);
    await app.press('u');
    await app.press('u');
    await app.press('u');
    expect(stagedCount(app)).toBe(0);
    await app.press('\x12\x12\x12');
    expect(stagedCount(app)).toBe(3);
    expect(app.frame()).toContain('staged: 3');
  });

  test('two Ctrl+D in one chunk scroll the preview two half pages; mixed with a printable key they keep their order', async () => {
    app = await start({ columns: 80, rows: 24, data: longDraftData() });
    await app.press('l');
    const top = below(app);
    await app.press('ctrl+d');
    const half = top - below(app);
    expect(half).toBeGreaterThan(0);
    await app.press('ctrl+u');
    expect(below(app)).toBe(top);
    await app.press('\x04\x04');
    expect(below(app)).toBe(top - 2 * half);
    // Two Ctrl+U (back to the top), then J (a line down), in that order: J first would end at the top.
    await app.press('\x15\x15J');
    expect(below(app)).toBe(top - 1);
  });
});
