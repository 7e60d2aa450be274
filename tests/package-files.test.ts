// What the published package carries (package.json "files", as `npm pack --dry-run` lists it): the command and, of the
// fixtures, only the demo home the README's tour and `npm start` copy. The test homes (fixtures/mine-home, 1.6 MB on
// disk; the duplicate sets; the samples) are for this repository's tests and benchmarks, never read at run time.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

test('npm pack carries bin, dist and fixtures/demo-home; no other fixture', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const files: string[] = JSON.parse(out)[0].files.map((f: { path: string }) => f.path);
  const fixtures = files.filter((f) => f.startsWith('fixtures/'));
  expect(fixtures.filter((f) => !f.startsWith('fixtures/demo-home/'))).toEqual([]);
  expect(files.some((f) => f.startsWith('fixtures/mine-home/'))).toBe(false);
  // The tour's home is whole: its quest and its drafts.
  expect(fixtures).toContain('fixtures/demo-home/quests/001/quest.yaml');
  expect(fixtures.length).toBeGreaterThan(20);
  expect(files).toContain('bin/distill.js');
  expect(files).toContain('package.json');
  expect(files).toContain('README.md');
}, 60_000);
