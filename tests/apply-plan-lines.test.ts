// A decisions line that parses but cannot be planned (a patch without "neighbor", a neighbor that is no global card)
// is refused naming the file and its line, as a line that does not parse is: it said only
// `draft draft:001/…: patch needs "neighbor": <card id>`, with no file or line to go to. Exit 2, nothing written.
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { copyFixture, run, snapshot, tempDirs } from './helpers/home.js';
import { writeDecisions } from './helpers/write-home.js';

const dirs = tempDirs();
const ENV = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };

function home(name: string): string {
  const h = copyFixture(name);
  dirs.push(path.dirname(h));
  return h;
}

test.each([
  ['a patch without neighbor on line 2', [{ draft: 'main-001__seed-noise', decision: 'reject' }, { draft: 'main-001__lora-warmup', decision: 'patch' }], ':2: draft draft:001/main-001__lora-warmup: patch needs "neighbor": <card id>'],
  ['a neighbor that is no global card', [{ draft: 'main-001__lora-warmup', decision: 'patch', neighbor: 'knowledge-00000000' }], ':1: draft draft:001/main-001__lora-warmup: '],
])('apply <quest>: %s names the file and line, exit 2, nothing written', async (_name, rows, message) => {
  const h = home('demo-home');
  const file = writeDecisions(path.dirname(h), rows);
  const before = snapshot(h);
  for (const yes of [[], ['--yes']]) {
    const r = await run(['--home', h, 'apply', '001', file, ...yes], { env: ENV });
    expect(r.code).toBe(2);
    expect(r.err.startsWith(`distill: ${file}${message}`)).toBe(true);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  }
  expect(snapshot(h)).toEqual(before);
});

test('apply --mined: a patch without neighbor names the file and line', async () => {
  const h = home('mine-home');
  const file = writeDecisions(path.dirname(h), [{ pattern: 'pattern-f8f3b851138d', decision: 'patch' }]);
  const r = await run(['--home', h, 'apply', '--mined', file], { env: ENV });
  expect(r.code).toBe(2);
  expect(r.err).toMatch(new RegExp(`^distill: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: pattern pattern-f8f3b851138d:[0-9a-f]+: patch needs "neighbor"`));
});
