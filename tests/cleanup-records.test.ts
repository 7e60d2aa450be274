// Cleanup records (`<home>/.distill/cleanup/<id>.json`) on a copy of fixtures/dup-home: their paths are relative to
// the home, so `distill restore` works in a moved home (records of earlier versions, with absolute paths, are mapped
// in when their paths all name one home); each action of `lessons apply` records its line, so a re-run of a file that
// stopped midway skips the lines already written instead of failing on line 1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, run, snapshot as bytesOf } from './helpers/home.js';
import { diffSnapshots, snapshot } from './helpers/write-home.js';

const NOW = '2026-06-01T10:00:00+00:00';
const env = { HOME: os.tmpdir(), USER: 'bob', DISTILL_NOW: NOW };
const LS = 'label-smoothing-0-1-hurts-span-f1-on-conll'; // knowledge-6c1d8e25
const W1 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters'; // knowledge-05abb9e0
const K = (home: string, stem: string) => path.join(home, 'memory', 'knowledge', `${stem}.md`);
const IDEA = (home: string) => path.join(home, 'memory', 'ideas', 'retrieval-aware-temperature-scaling.md'); // idea-87267f10
const read = (file: string) => fs.readFileSync(file, 'utf8');
const recordFile = (home: string, id: string) => path.join(home, '.distill', 'cleanup', `${id}.json`);
/** Cards only: distill's own dir and the append-only indexes left out. */
const cards = (home: string) => snapshot(home, (rel) => rel.startsWith('.distill') || rel.endsWith('_index.jsonl'));

function actionsFile(home: string, rows: object[]): string {
  const file = path.join(path.dirname(home), 'actions.jsonl');
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

const lessonsApply = (home: string, file: string, ...flags: string[]) =>
  run(['--home', home, 'lessons', 'apply', file, ...flags], { env, cwd: path.dirname(home) });

async function archiveLs(home: string): Promise<string> {
  const r = await lessonsApply(home, actionsFile(home, [{ action: 'archive', card: 'knowledge-6c1d8e25' }]), '--yes');
  expect(r.code, r.err).toBe(0);
  return /(cleanup-[0-9a-f]{8})/.exec(r.out)![1];
}

/** Moves the home (its parent folder) elsewhere; returns the new home. */
function moveHome(home: string): string {
  const to = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'distill-moved-')), 'elsewhere');
  fs.renameSync(path.dirname(home), to);
  return path.join(to, 'home');
}

describe('cleanup records hold paths relative to the home', () => {
  it('an archive records memory/… and .distill/archive/… paths, and restore works after the home moved', async () => {
    const home = copyFixture('dup-home');
    const before = cards(home);
    const bytes = read(K(home, LS));
    const id = await archiveLs(home);
    const record = JSON.parse(read(recordFile(home, id)));
    expect(record.archived[0].path).toBe(`memory/knowledge/${LS}.md`);
    expect(record.archived[0].archive_path).toBe(`.distill/archive/${id}/knowledge/${LS}.md`);
    expect(read(recordFile(home, id))).not.toContain(home);

    const moved = moveHome(home);
    const r = await run(['--home', moved, 'restore', id], { env });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`restore ${id} (archive): knowledge-6c1d8e25 as before`);
    expect(read(K(moved, LS))).toBe(bytes);
    expect(diffSnapshots(before, cards(moved))).toEqual([]);
    expect(JSON.parse(read(recordFile(moved, id))).status).toBe('restored');
  });

  it('a record of an earlier version (absolute paths of where the home was) is mapped into the moved home and rewritten relative', async () => {
    const home = copyFixture('dup-home');
    const before = cards(home);
    const id = await archiveLs(home);
    // As earlier versions wrote it: every path absolute, in the home as it was then.
    const file = recordFile(home, id);
    const old = JSON.parse(read(file));
    for (const a of old.archived) {
      a.path = path.join(home, a.path);
      a.archive_path = path.join(home, a.archive_path);
    }
    fs.writeFileSync(file, JSON.stringify(old, null, 2) + '\n');
    const moved = moveHome(home);
    const r = await run(['--home', moved, 'restore', 'knowledge-6c1d8e25'], { env });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(diffSnapshots(before, cards(moved))).toEqual([]);
    const after = JSON.parse(read(recordFile(moved, id)));
    expect(after.archived[0]).toMatchObject({ path: `memory/knowledge/${LS}.md`, archive_path: `.distill/archive/${id}/knowledge/${LS}.md`, restored_by: expect.stringMatching(/^cleanup-/) });
  });

  it('absolute paths that do not all name one home are not guessed at: restore is refused, naming a path, nothing written', async () => {
    const home = copyFixture('dup-home');
    const id = await archiveLs(home);
    const file = recordFile(home, id);
    const old = JSON.parse(read(file));
    old.archived[0].path = path.join('/somewhere/else/memory/knowledge', `${LS}.md`);
    old.archived[0].archive_path = path.join(home, old.archived[0].archive_path);
    fs.writeFileSync(file, JSON.stringify(old, null, 2) + '\n');
    const moved = moveHome(home);
    const before = bytesOf(moved);
    const r = await run(['--home', moved, 'restore', id], { env });
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(`distill: ${home}/.distill/archive/${id}/knowledge/${LS}.md: refusing to write outside the home's memory/`);
    expect(bytesOf(moved)).toEqual(before);
  });
});

describe('lessons apply: a re-run of a file that stopped midway', () => {
  it('skips the lines already written, saying so with their action, and writes the rest', async () => {
    const home = copyFixture('dup-home');
    const file = actionsFile(home, [
      { action: 'ignore', card: 'idea-87267f10' },
      { action: 'archive', card: 'knowledge-6c1d8e25' },
      { action: 'ignore', card: 'knowledge-05abb9e0' },
    ]);
    // Line 2 is refused at write time (a file where it archives to): line 1 stays written.
    const plan = JSON.parse((await lessonsApply(home, file, '--json')).out);
    const blocker = plan.actions[1].archive[0].archive_path as string;
    fs.mkdirSync(path.dirname(blocker), { recursive: true });
    fs.writeFileSync(blocker, 'in the way\n');
    const first = await lessonsApply(home, file, '--yes');
    expect(first.code).toBe(3);
    const ignoreId = /line 1: (cleanup-[0-9a-f]{8})/.exec(first.out)![1];
    fs.rmSync(blocker);
    const idea = read(IDEA(home));

    const preview = await lessonsApply(home, file);
    expect(preview.code).toBe(0);
    expect(preview.out).toContain(`\nline 1: already applied (${ignoreId}), skipped\n`);
    expect(preview.out).toContain('\nline 2: archive 1 card: knowledge-6c1d8e25');

    const again = await lessonsApply(home, file, '--yes');
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    expect(again.out.split('\n')[0]).toBe(`line 1: already applied (${ignoreId}), skipped`);
    expect(again.out).toMatch(/\nline 2: cleanup-[0-9a-f]{8}: archive 1 card: knowledge-6c1d8e25/);
    expect(again.out).toMatch(/\nline 3: cleanup-[0-9a-f]{8}: ignore 1 card: knowledge-05abb9e0/);
    expect(read(IDEA(home))).toBe(idea);
    expect(fs.existsSync(K(home, LS))).toBe(false);
    expect(read(K(home, W1))).toContain('\nignored: true\n');
    const audit = read(path.join(home, '.distill', 'audit.jsonl')).trim().split('\n').map((l) => JSON.parse(l));
    expect(audit.map((a) => [a.action, a.cards])).toEqual([['ignore', ['idea-87267f10']], ['archive', ['knowledge-6c1d8e25']], ['ignore', ['knowledge-05abb9e0']]]);

    // A third run: every line already applied, nothing written.
    const tree = snapshot(home);
    const third = await lessonsApply(home, file, '--yes', '--json');
    expect(third.code).toBe(0);
    expect(JSON.parse(third.out).actions.map((a: { line: number; status: string }) => [a.line, a.status])).toEqual([[1, 'already_applied'], [2, 'already_applied'], [3, 'already_applied']]);
    expect(diffSnapshots(tree, snapshot(home))).toEqual([]);
  });

  it('a line whose action was restored since is applied again', async () => {
    const home = copyFixture('dup-home');
    const file = actionsFile(home, [{ action: 'ignore', card: 'idea-87267f10' }]);
    const first = await lessonsApply(home, file, '--yes');
    const id = /(cleanup-[0-9a-f]{8})/.exec(first.out)![1];
    expect((await run(['--home', home, 'restore', id], { env })).code).toBe(0);
    const again = await lessonsApply(home, file, '--yes');
    expect(again.code).toBe(0);
    expect(again.out).not.toContain('already applied');
    expect(read(IDEA(home))).toContain('\nignored: true\n');
  });
});
