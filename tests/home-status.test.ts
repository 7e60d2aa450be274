// distill status and distill gate --all: every quest of the home, pending work first, fresh after a write.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { copyFixture, run, snapshot } from './helpers/home.js';

const CLAIM = 'LoRA r=8 with 6% warmup beats the BERT baseline by 2 F1 on CoNLL-1k.';

async function statusJson(home: string) {
  const r = await run(['--home', home, 'status', '--json']);
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

function addQuest(home: string, id: string, yaml: string): void {
  fs.mkdirSync(path.join(home, 'quests', id), { recursive: true });
  fs.writeFileSync(path.join(home, 'quests', id, 'quest.yaml'), yaml);
}

describe('distill status', () => {
  test('the sample home: 0/1 covered, a note, the quirks row; a draft then a review change the counts', async () => {
    const home = copyFixture('ds-sample');
    const before = snapshot(home);
    let s = await statusJson(home);
    expect(snapshot(home)).toEqual(before); // read-only
    expect(s.quests).toEqual([
      {
        id: '001', title: 'Adapter tuning for low-resource NER', root: path.join(home, 'quests', '001'), covered: 0, total: 1,
        pending_runs: ['run-a400216f'], drafts: 0, notes: 1, staged: 0, last_activity: '2026-05-09T08:36:23+00:00', error: null,
      },
    ]);
    // A review left with two decisions staged: --json counts them (the home screen marks the quest `*`).
    const staging = path.join(home, 'quests', '001', '.ds', 'distill');
    fs.mkdirSync(staging, { recursive: true });
    const staged = [{ draftId: 'd1', decision: 'defer', reason: 'later', neighbors: [] }, { draftId: 'd2', decision: 'defer', reason: 'later', neighbors: [] }];
    fs.writeFileSync(path.join(staging, 'staging.json'), JSON.stringify({ quest_id: '001', savedAt: '2026-06-01T10:00:00+00:00', staged }));
    expect((await statusJson(home)).quests[0].staged).toBe(2);
    fs.rmSync(staging, { recursive: true });
    expect(s.quirks.unreviewed).toBe(0);
    expect(s.quirks.files.map((f: { kind: string; exists: boolean }) => `${f.kind}:${f.exists}`)).toEqual(['framework:true', 'system:true']);
    const text = await run(['--home', home, 'status']);
    expect(text.out).toBe(
      'QUEST   COVERED  DRAFTS  NOTES  LAST ACTIVITY              TITLE\n' +
        '001     0/1      0       1      2026-05-09T08:36:23+00:00  Adapter tuning for low-resource NER\n' +
        'quirks  -        0       -      -                          framework_quirks.md, system_quirks.md\n',
    );

    const d = JSON.parse((await run(['--home', home, 'draft', '001', '--run', 'run-a400216f', '--claim', CLAIM, '--json'])).out);
    s = await statusJson(home);
    expect(s.quests[0]).toMatchObject({ covered: 0, drafts: 1 });
    const decisions = path.join(path.dirname(home), 'decisions.jsonl');
    fs.writeFileSync(decisions, JSON.stringify({ draft: d.draft_id, decision: 'new', reason: 'lesson' }) + '\n');
    expect((await run(['--home', home, 'apply', '001', decisions, '--yes'])).code).toBe(0);
    s = await statusJson(home);
    expect(s.quests[0]).toMatchObject({ covered: 1, total: 1, pending_runs: [], drafts: 0, notes: 1 });
    expect(s.quests[0].last_activity > '2026-05-09T08:36:23+00:00').toBe(true); // the review's index line

    // A quest note promoted to global memory (same id) is no longer counted.
    const note = fs.readFileSync(path.join(home, 'quests/001/memory/episodes/run-main-001-crashed-on-resume.md'), 'utf8');
    fs.writeFileSync(path.join(home, 'memory/episodes/run-main-001-crashed-on-resume.md'), note.replace('scope: quest', 'scope: global'));
    expect((await statusJson(home)).quests[0].notes).toBe(0);
  });

  test('quests with pending work first, then by last activity; a broken quest.yaml is a row, not a crash', async () => {
    const home = copyFixture('ds-sample');
    addQuest(home, '002', "quest_id: '002'\ntitle: Nothing to do\nupdated_at: '2027-01-01T00:00:00+00:00'\n");
    addQuest(home, '003', 'title: [broken\n');
    const s = await statusJson(home);
    expect(s.quests.map((q: { id: string }) => q.id)).toEqual(['001', '003', '002']);
    expect(s.quests[1].error).toMatch(/quest\.yaml: YAML error/);
    expect(s.quests[2]).toMatchObject({ covered: 0, total: 0, drafts: 0, notes: 0, last_activity: '2027-01-01T00:00:00+00:00' });
  });

  test('a quest note with a YAML error: the warning once (drafts and notes both read memory/episodes), the note not counted', async () => {
    const home = copyFixture('ds-sample');
    const bad = path.join(home, 'quests/001/memory/episodes/bad-yaml.md');
    fs.writeFileSync(bad, '---\nid: episode-aaaa0001\ntitle: [bad yaml\n---\nbody\n');
    for (const args of [['status'], ['status', '--json']]) {
      const r = await run(['--home', home, ...args]);
      expect(r.code).toBe(0);
      expect(r.err.split('\n').filter(Boolean)).toEqual([
        `warning: ${bad}: YAML error in frontmatter: unexpected end of the stream within a flow collection (3:1); skipped`,
      ]);
    }
    expect((await statusJson(home)).quests[0].notes).toBe(1);
  });
});

describe('distill gate --all', () => {
  test('exit 1 listing pending runs per quest; exit 0 once every quest is covered; gate QUEST unchanged', async () => {
    const home = copyFixture('ds-sample');
    addQuest(home, '002', "title: Nothing to do\n");
    const open = await run(['--home', home, 'gate', '--all']);
    expect(open.code).toBe(1);
    expect(open.out).toMatch(/^gate --all: open, 1 of 2 quests has runs that lack a distill_review:\nquest 001: 1 pending \(0\/1 covered\)\n {2}• run-a400216f {2}main-001 {2}main_experiment/);
    const json = JSON.parse((await run(['--home', home, 'gate', '--all', '--json'])).out);
    expect(json.ok).toBe(false);
    expect(json.quests.map((q: { id: string; ok: boolean; pending: { artifact_id: string }[] }) => [q.id, q.ok, q.pending.map((p) => p.artifact_id)])).toEqual([
      ['001', false, ['run-a400216f']],
      ['002', true, []],
    ]);
    const decisions = path.join(path.dirname(home), 'decisions.jsonl');
    fs.writeFileSync(decisions, JSON.stringify({ run: 'run-a400216f', decision: 'reject', reason: 'nothing new' }) + '\n');
    expect((await run(['--home', home, 'apply', '001', decisions, '--yes'])).code).toBe(0);
    const closed = await run(['--home', home, 'gate', '--all']);
    expect(closed.code).toBe(0);
    expect(closed.out).toBe('gate --all: closed, all 1 candidate runs of 2 quests are covered\n');
    expect((await run(['--home', home, 'gate', '001'])).code).toBe(0);
  });

  test('a quest given with --all, and a broken quest: one line, exit 2', async () => {
    const home = copyFixture('ds-sample');
    const both = await run(['--home', home, 'gate', '001', '--all']);
    expect(both.code).toBe(2);
    expect(both.err).toBe('distill: gate --all takes no quest (got 001)\n');
    addQuest(home, '003', 'title: [broken\n');
    const broken = await run(['--home', home, 'gate', '--all']);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/^distill: .*quests\/003\/quest\.yaml: YAML error/m);
    expect(broken.out).toContain('quest 001: 1 pending');
  });
});
