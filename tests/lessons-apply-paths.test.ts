// `distill lessons apply` without --yes shows the plan; run again with --yes it writes. The two runs are two processes,
// seconds (or a reviewer flag) apart: the archive folders the plan names must be the ones the write then fills.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, run, tempDirs } from './helpers/home.js';

const dirs = tempDirs();

function home(): string {
  const h = copyFixture('dup-home');
  dirs.push(path.dirname(h));
  return h;
}

function actionsFile(h: string, rows: object[]): string {
  const file = path.join(path.dirname(h), 'actions.jsonl');
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

const apply = (h: string, file: string, env: Record<string, string>, ...flags: string[]) =>
  run(['--home', h, 'lessons', 'apply', file, ...flags], { env: { HOME: os.tmpdir(), USER: 'bob', ...env }, cwd: path.dirname(h) });

/** Every `.distill/archive/...` path a plan or a write names. */
const archivePaths = (text: string) => [...new Set([...text.matchAll(/\.distill\/archive\/[^\s)]+/g)].map((m) => m[0]))].sort();

/** Every file in the home's archive, relative to the home. */
function archived(h: string): string[] {
  const root = path.join(h, '.distill', 'archive');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(root, rel)).isFile())
    .map((rel) => path.join('.distill', 'archive', rel))
    .sort();
}

describe('lessons apply: the dry run names the archive paths the real run writes', () => {
  it('planned at one time, written later by another reviewer: the same folders, and they are on disk', async () => {
    const h = home();
    const file = actionsFile(h, [
      { action: 'merge', cards: ['knowledge-05abb9e0', 'knowledge-3f2a9c11'], why: 'same lesson' },
      { action: 'archive', card: 'knowledge-6c1d8e25' },
    ]);
    const plan = await apply(h, file, { DISTILL_NOW: '2026-06-01T10:00:00+00:00' });
    expect(plan.code).toBe(0);
    const shown = archivePaths(plan.out);
    expect(shown).toHaveLength(2);
    const written = await apply(h, file, { DISTILL_NOW: '2026-06-01T10:03:17+00:00' }, '--yes', '--reviewer', 'carol');
    expect(written.code).toBe(0);
    expect(archived(h)).toEqual(shown);
    // The action ids the plan printed are the ones written (their records and `distill restore <id>`).
    const ids = [...new Set(shown.map((rel) => rel.split('/')[2]))];
    for (const id of ids) expect(fs.existsSync(path.join(h, '.distill', 'cleanup', `${id}.json`))).toBe(true);
  });

  it('--json: the plan\'s archive_path values are where the cards are after --yes', async () => {
    const h = home();
    const file = actionsFile(h, [{ action: 'archive', card: 'knowledge-6c1d8e25' }]);
    const plan = JSON.parse((await apply(h, file, { DISTILL_NOW: '2026-06-01T10:00:00+00:00' }, '--json')).out);
    const target = plan.actions[0].archive[0].archive_path as string;
    const written = await apply(h, file, { DISTILL_NOW: '2026-06-01T11:00:00+00:00' }, '--yes', '--json');
    expect(JSON.parse(written.out).actions[0].action_id).toBe(plan.actions[0].action_id);
    expect(fs.existsSync(target)).toBe(true);
  });
});
