// Issue 17, "move like the tools people know": Enter drills in, Esc goes back and clears a filter, / narrows the list
// with a count, o puts the uncovered runs first or hides the covered ones, R reloads keeping the staged decisions,
// badges come before the title.
import { afterEach, describe, expect, test } from 'vitest';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('at $columns x $rows', (size) => {
  test('Enter drills in (runs → drafts → neighbors → the preview full size); Esc goes back the same way', async () => {
    app = await start(size);
    await app.press('return');
    expect(app.frame()).toContain('▸ Drafts');
    await app.press('return');
    expect(app.frame()).toContain('▸ Neighbors');
    await app.press('return');
    expect(app.frame()).not.toContain('Neighbors (2)');
    expect(app.frame()).toContain('⇄ neighbor knowledge-n0000001');
    await app.press('escape');
    expect(app.frame()).toContain('▸ Neighbors');
    await app.press('escape');
    expect(app.frame()).toContain('▸ Drafts');
    await app.press('escape');
    expect(app.frame()).toContain('▸ Runs');
    await app.press('escape');
    expect(app.frame()).toContain('already at the runs; q quits');
    // Enter on a run without drafts says so.
    await app.press('k');
    await app.press('return');
    expect(app.frame()).toContain('no drafts under this run to open');
  });

  test('/ narrows the list to its matches with a count; j/k move among them; Esc clears the filter', async () => {
    app = await start(size);
    await app.press('l');
    await app.press('/');
    await app.type('in');
    await app.press('return');
    expect(app.frame()).toContain('/in 2/4');
    expect(app.frame()).toMatch(/›\s+Temperature scaling in domain/);
    expect(app.frame()).not.toContain('Todo draft');
    await app.press('j');
    expect(app.frame()).toMatch(/›\s+quest-level Seed variance dominates/);
    await app.press('j', { expectSame: true });
    expect(app.frame()).toMatch(/›\s+quest-level Seed variance dominates/);
    await app.press('escape');
    expect(app.frame()).toContain('filter cleared');
    expect(app.frame()).toContain('Todo draft');
    expect(app.frame()).not.toContain('/in 2/4');
    // No match: the list stays whole and says so.
    await app.press('/');
    await app.type('zzz');
    await app.press('return');
    expect(app.frame()).toContain('no match for /zzz');
    expect(app.frame()).toContain('Todo draft');
  });

  test('o puts the uncovered runs first, then hides the covered ones, then shows all again', async () => {
    app = await start(size);
    const runsPane = () => app!.lines().filter((l) => /[✓·] run-/.test(l));
    expect(runsPane()[0]).toContain('run-aaaa0001');
    await app.press('o');
    expect(app.frame()).toContain('Runs 1/2 covered · uncovered first');
    expect(runsPane()[0]).toContain('run-bbbb0002');
    expect(app.frame()).toContain('run-aaaa0001');
    await app.press('o');
    expect(app.frame()).toContain('Runs 1/2 covered · hide covered');
    expect(app.frame()).not.toContain('run-aaaa0001');
    await app.press('k');
    expect(app.frame()).toMatch(/›\s+· run-bbbb0002/);
    await app.press('o');
    expect(app.frame()).toContain('run-aaaa0001');
  });

  test('R reloads from disk and keeps the staged decisions; badges come before the title', async () => {
    app = await start(size);
    expect(app.frame()).toContain('!needs edit Todo draft');
    await app.press('l');
    await app.press('c');
    expect(app.frame()).toContain('[new] Warmup matters');
    const loads = app.facade.loads;
    app.facade.data = { ...app.facade.data, drafts: [...app.facade.data.drafts, { ...app.facade.data.drafts[1], id: 'knowledge-d0000009', title: 'Written by another agent' }] };
    await app.press('R');
    expect(app.facade.loads).toBe(loads + 1);
    expect(app.frame()).toContain('reloaded from disk; 1 staged decision(s) kept');
    expect(app.frame()).toContain('Drafts of run-bbbb0002 (5)');
    expect(app.frame()).toContain('[new] Warmup matters');
    expect(app.frame()).toContain('staged: 1');
  });
});
