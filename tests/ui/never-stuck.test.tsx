// Issue 17, "never stuck": a refused write shows its whole message and reloads and re-plans in place; messages last
// one key; a key with nothing to act on says so; every warning is reachable; Write / Discard / Cancel is a list.
import { afterEach, describe, expect, test } from 'vitest';
import { sampleData } from './fake-facade.js';
import { start, type Started } from './harness.js';
import { waitFor } from '../helpers/wait.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const CONFLICT =
  'refused: memory/knowledge/knowledge-n0000001.md changed on disk since the plan read it (sha256 before 1a2b3c, now 4d5e6f); ' +
  'nothing was written and the journal was rolled back. Re-plan to patch the card as it is now. END-OF-MESSAGE';

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('at $columns x $rows', (size) => {
  test('a write refused because a card changed shows the whole message; r reloads and re-plans in place', async () => {
    app = await start(size);
    let fail = true;
    const write = app.facade.write;
    app.facade.write = async (list) => {
      if (fail) throw new Error(CONFLICT);
      return write(list);
    };
    await app.press('l');
    await app.press('c');
    await app.press('W');
    await app.press('y');
    await app.store.getState().writing;
    const shown = app;
    await waitFor(() => shown.frame().includes('Write refused'), { message: () => shown.frame() });
    expect(app.frame()).toContain('END-OF-MESSAGE');
    expect(app.frame()).toContain('Nothing was written');
    const loads = app.facade.loads;
    fail = false;
    await app.press('r');
    expect(app.facade.loads).toBe(loads + 1);
    expect(app.frame()).toContain('Write the review?');
    await app.press('y');
    await app.store.getState().writing;
    expect(app.facade.written).toHaveLength(1);
  });

  test('a message lasts until the next key; a key with nothing to act on says so', async () => {
    app = await start(size);
    await app.press('u');
    expect(app.frame()).toContain('nothing to undo');
    await app.press('l');
    expect(app.frame()).not.toContain('nothing to undo');
    await app.press('h');
    await app.press('space');
    expect(app.frame()).toContain('Space: nothing to act on here');
    await app.press('Z');
    expect(app.frame()).toContain('Z: nothing to act on here (? lists the keys)');
  });

  test('w lists every warning, not only the first', async () => {
    const data = sampleData();
    data.warnings = ['a.md: first warning', 'b.md: second warning', 'c.md: third warning'];
    app = await start({ ...size, data });
    expect(app.frame()).toContain('3 warning(s) (w lists them): a.md: first warning');
    await app.press('w');
    for (const w of data.warnings) expect(app.frame()).toContain(w);
    await app.press('escape');
    expect(app.frame()).toContain('▸ Runs');
  });

  test('q with staged decisions: Write / Discard / Cancel as a list, j/k move, Enter takes the choice', async () => {
    app = await start(size);
    await app.press('l');
    await app.press('c');
    await app.press('q');
    expect(app.frame()).toMatch(/› Write the staged decisions, then quit/);
    expect(app.frame()).toContain('▸ Drafts');
    await app.press('j');
    expect(app.frame()).toMatch(/› Discard them and quit/);
    await app.press('j');
    expect(app.frame()).toMatch(/› Cancel: back to the review/);
    await app.press('return');
    expect(app.frame()).not.toContain('Write, Discard or Cancel');
    expect(app.store.getState().staged['knowledge-d0000001']).toBeDefined();
    await app.press('q');
    await app.press('j');
    await app.press('return');
    await app.exited;
    expect(app.facade.written).toHaveLength(0);
  });
});

test('no warnings: w says so', async () => {
  app = await start();
  await app.press('w');
  expect(app.frame()).toContain('no warnings');
});
