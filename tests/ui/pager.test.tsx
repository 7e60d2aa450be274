// Issue 35, "a pager in every long view", in the review: the zoomed preview, the help, the write plan and the warnings
// scroll with j/k, Ctrl+d/u, g/G, Home/End; `/` searches inside the text (Enter jumps, n/N next and previous match,
// matches drawn inverse), Esc while typing cancels the search first, q / Esc close. The lessons screen's side is
// tests/ui/lessons-pager.test.tsx.
import { afterEach, describe, expect, test } from 'vitest';
import { helpLines } from '../../src/ui/shared/keys/table.js';
import { sampleData } from './fake-facade.js';
import { start, type Started } from './harness.js';

let app: Started | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

/** A draft of 200 body lines `word-1` … `word-200`; line 190 names word-150 again. */
function longDraft() {
  const data = sampleData();
  const body = Array.from({ length: 200 }, (_, i) => (i === 189 ? 'see word-150 again' : `word-${i + 1}`));
  data.drafts[0] = { ...data.drafts[0], text: ['---', 'id: knowledge-d0000001', 'title: Warmup matters for adapters', '---', ...body].join('\n') };
  return data;
}

const shown = (a: Started, line: string) => a.lines().some((l) => l.trimEnd() === line);

describe.each([
  { columns: 80, rows: 24 },
  { columns: 140, rows: 40 },
])('at $columns x $rows', (size) => {
  test('a 200-line draft zoomed: G shows its last line, /word-150 Enter jumps to it, n to the next match', async () => {
    app = await start({ ...size, data: longDraft() });
    await app.press('l');
    await app.press('z');
    expect(app.frame()).not.toContain('▸ Drafts');
    expect(shown(app, 'word-1')).toBe(true);
    // The key bar names the pager's keys, and q as closing the zoom, not quitting.
    expect(app.lines().at(-1)).toMatch(/^j scroll {2}G end {2}\/ search {2}q close/);
    expect(app.lines().at(-1)).not.toContain('q quit');
    // j scrolls the text (not the hidden list), G and End go to the last line, g and Home back to the first.
    await app.press('j');
    expect(app.frame()).toMatch(/\(2-\d+\/204\)/);
    await app.press('G');
    expect(shown(app, 'word-200')).toBe(true);
    await app.press('g');
    expect(shown(app, 'word-200')).toBe(false);
    expect(shown(app, 'title: Warmup matters for adapters')).toBe(true);
    await app.press('end');
    expect(shown(app, 'word-200')).toBe(true);
    await app.press('home');
    await app.press('/');
    expect(app.frame()).toContain('/█');
    await app.type('word-150');
    await app.press('return');
    expect(shown(app, 'word-150')).toBe(true);
    expect(app.frame()).toContain('/word-150: match 1 of 2');
    expect(shown(app, 'word-1')).toBe(false);
    await app.press('n');
    expect(shown(app, 'see word-150 again')).toBe(true);
    expect(app.frame()).toContain('match 2 of 2');
    await app.press('n');
    expect(app.frame()).toContain('match 1 of 2, wrapped to the top');
    await app.press('N');
    expect(app.frame()).toContain('match 2 of 2, wrapped to the end');
    // Still zoomed, still on the same draft: the keys moved the text only.
    expect(app.store.getState().cursor.drafts).toBe(0);
    expect(app.store.getState().zoom).toBe(true);
  });

  test('Esc while typing cancels the search, then q closes the zoom; no match says so', async () => {
    app = await start({ ...size, data: longDraft() });
    await app.press('l');
    await app.press('z');
    await app.press('/');
    await app.type('nowhere');
    await app.press('return');
    expect(app.frame()).toContain('/nowhere: no match');
    await app.press('/');
    await app.type('wo');
    await app.press('escape');
    expect(app.frame()).not.toContain('/wo█');
    expect(app.store.getState().zoom).toBe(true);
    await app.press('q');
    expect(app.store.getState().zoom).toBe(false);
    expect(app.frame()).toContain('▸ Drafts');
    expect(app.store.getState().exit).toBeNull();
  });

  test('the help is a pager: G, / and n there, and it names the pager keys', async () => {
    app = await start(size);
    await app.press('?');
    await app.press('G');
    expect(app.frame()).toContain('Dialogs');
    await app.press('g');
    await app.press('/');
    await app.type('after a search');
    await app.press('return');
    expect(app.frame()).toMatch(/^ {2}n +next match \(after a search\)/m);
    expect(app.frame()).toContain('/after a search: match 1 of 2');
    expect(app.frame()).not.toContain('Lists (focused pane)');
    await app.press('escape');
    expect(app.store.getState().modal).toBeNull();
  });

  test('the write plan: n is the next match after a search, and cancels before one', async () => {
    app = await start(size);
    app.facade.describe = () => ({ lines: Array.from({ length: 120 }, (_, i) => `plan line ${i + 1}${i === 99 ? ' card-x' : ''}`), fileCount: 3 });
    await app.press('l');
    await app.press('c');
    await app.press('W');
    // The dialog's own keys lead the key bar, the pager's follow.
    expect(app.lines().at(-1)).toMatch(/^y write {2}n cancel {2}j scroll {2}G end {2}\/ search/);
    await app.press('/');
    await app.type('card-x');
    await app.press('return');
    expect(app.frame()).toContain('plan line 100 card-x');
    await app.press('n');
    expect(app.store.getState().modal).toBe('write');
    expect(app.frame()).toContain('match 1 of 1, wrapped to the top');
    await app.press('escape');
    await app.press('W');
    // A fresh plan view: no search, so n cancels as it always did.
    await app.press('n');
    expect(app.store.getState().modal).toBeNull();
  });
});

test('matches are drawn inverse, also under NO_COLOR', async () => {
  const { default: chalk } = await import('chalk');
  const level = chalk.level;
  chalk.level = 1;
  try {
    app = await start({ columns: 80, rows: 24, data: longDraft(), env: { NO_COLOR: '1' } });
    await app.press('l');
    await app.press('z');
    await app.press('/');
    await app.type('word-150');
    await app.press('return');
    expect(app.rawFrame()).toMatch(/\x1b\[7m(\x1b\[1m)?word-150/);
    expect(app.rawFrame()).not.toMatch(/\x1b\[3[0-9]m/);
  } finally {
    chalk.level = level;
  }
});

test('the help lists the pager keys under one section, named as the lessons help names them', () => {
  const lines = helpLines();
  const at = lines.findIndex((l) => l.startsWith('Pager'));
  expect(at).toBeGreaterThan(0);
  const section = lines.slice(at + 1, at + 13).join('\n');
  for (const keys of ['j ↓ J', 'k ↑ K', 'Ctrl+d', 'Ctrl+u', 'PgDn Space', 'PgUp', 'g Home', 'G End', '/', 'n', 'N', 'q Esc']) {
    expect(section).toMatch(new RegExp(`^  ${keys.replace(/[+/]/g, '\\$&')} +\\S`, 'm'));
  }
});
