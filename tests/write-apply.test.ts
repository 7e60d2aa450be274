// distill apply: the plan without --yes, the bytes written with --yes, idempotence, reject/defer, file names.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverage } from '../src/core/quest/coverage.js';
import { listDrafts } from '../src/core/quest/drafts.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { CARD, D, RUN, diffSnapshots, giveTemperatureClaim, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const KN = 'memory/knowledge';
/** Sample quest 001's run-a400216f lives in the active worktree: its decisions go there (issue 12 item 8). */
const WS = 'quests/001/.ds/worktrees/idea-idea-7a9ceaa1';

function apply(home: string, rows: unknown[], ...flags: string[]) {
  const file = writeDecisions(path.dirname(home), rows);
  return runInProcess(['--home', home, 'apply', '001', file, ...flags]);
}

const standard = [
  { draft: D.lora, decision: 'new', reason: 'a new lesson', neighbors: [{ card_id: CARD.warmup, decision: 'new', reason: 'different knob' }] },
  { draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same mechanism' },
  { draft: 'drafts/experiences/001/main-001__bottleneck-vs-rank.md', decision: 'neighbor_but_separate', neighbor: CARD.adapter, reason: 'different knob' },
  { draft: D.todo, decision: 'reject', reason: 'single seed, not a lesson' },
];

describe('distill apply', () => {
  it('without --yes prints the plan with diffs and writes nothing', async () => {
    const home = makeHome();
    const before = snapshot(home);
    const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), standard.map((s) => ({ ...s, draft: s.draft.startsWith('drafts/') ? path.join(home, s.draft) : s.draft })))]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Review decision-[0-9a-f]{8} of quest 001 by alice/);
    expect(r.out).toContain(`create ${KN}/lora-r-8-with-6-warmup-beats-full-fine-tuning-on-conll-1k.md`);
    expect(r.out).toContain(`revise ${KN}/warmup-ratio-matters-more-than-peak-lr-for-adapters.md`);
    expect(r.out).toContain('+- topic:stability');
    expect(r.out).toContain('-updated_at: \'2026-05-04T18:00:35+00:00\'');
    expect(r.out).toContain(`${WS}/artifacts/_index.jsonl: {"artifact_id": "decision-`);
    expect(r.out).toContain(`${RUN} will count as covered`);
    expect(r.out).toContain('Nothing written; run again with --yes to write.');
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  });

  it('with --yes writes cards, index lines, the decision, its index line and event, and marks drafts reviewed', async () => {
    const home = makeHome();
    const before = snapshot(home);
    const rows = standard.map((s) => ({ ...s, draft: s.draft.startsWith('drafts/') ? path.join(home, s.draft) : s.draft }));
    const r = await apply(home, rows, '--yes', '--reviewer', 'bob');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
    const changed = diffSnapshots(before, snapshot(home));
    expect(changed).toEqual([
      '+ .distill/audit.jsonl',
      '+ .distill/reviewed.jsonl',
      `+ .distill/reviews/${id}.json`,
      `+ ${KN}/lora-r-8-with-6-warmup-beats-full-fine-tuning-on-conll-1k.md`,
      `+ ${KN}/lora-rank-8-matches-adapter-bottleneck-64-on-conll-1k.md`,
      `+ ${WS}/artifacts/decisions/${id}.json`,
      `~ ${KN}/_index.jsonl`,
      `~ ${KN}/warmup-ratio-matters-more-than-peak-lr-for-adapters.md`,
      '~ quests/001/.ds/events.jsonl',
      `~ ${WS}/artifacts/_index.jsonl`,
    ]);
    // New card: PR #60 experience fields first, then DeepScientist's standard keys.
    const text = fs.readFileSync(path.join(home, KN, 'lora-r-8-with-6-warmup-beats-full-fine-tuning-on-conll-1k.md'), 'utf8');
    const card = parseCardText(text);
    expect(Object.keys(card.meta)).toEqual([
      'subtype', 'claim', 'confidence', 'lineage', 'keywords', 'tags',
      'id', 'type', 'kind', 'title', 'quest_id', 'created_at', 'updated_at', 'scope',
    ]);
    expect(card.meta.lineage).toEqual([{ quest: '001', run: RUN, direction: 'main', note: 'main-001 f1=0.802 vs baseline 0.781' }]);
    expect(card.meta.id).toMatch(/^knowledge-[0-9a-f]{8}$/);
    expect(text).toContain("quest_id: '001'\ncreated_at: '2026-06-01T12:00:00+00:00'\nupdated_at: '2026-06-01T12:00:00+00:00'\nscope: global\n---\n");
    const separate = parseCardText(fs.readFileSync(path.join(home, KN, 'lora-rank-8-matches-adapter-bottleneck-64-on-conll-1k.md'), 'utf8'));
    expect(separate.meta.related).toEqual([CARD.adapter]);
    // Patch: only the changed fields' lines change; id and created_at kept.
    const oldPatched = before.get(`${KN}/warmup-ratio-matters-more-than-peak-lr-for-adapters.md`)!;
    const newPatched = fs.readFileSync(path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md'), 'utf8');
    const oldLines = oldPatched.split('\n');
    const newLines = newPatched.split('\n');
    const removed = oldLines.filter((l) => !newLines.includes(l));
    expect(removed).toEqual(["updated_at: '2026-05-04T18:00:35+00:00'"]);
    const patched = parseCardText(newPatched).meta;
    expect(patched.id).toBe(CARD.warmup);
    expect(patched.created_at).toBe('2026-05-04T18:00:35+00:00');
    expect(patched.occurrences).toBe(2);
    expect(patched.last_seen).toBe('2026-06-01T12:00:00+00:00');
    expect(patched.tags).toEqual(['domain:nlp', 'topic:peft', 'topic:optimization', 'topic:stability']);
    expect(newPatched).toContain('\n\nPatch (001/main-001): Seen again in quest 001: warmup 0.01 diverged at step ~40.\n');
    // Decision: DeepScientist's record shape and key order.
    const decisionFile = path.join(home, WS, 'artifacts/decisions', `${id}.json`);
    const decision = JSON.parse(fs.readFileSync(decisionFile, 'utf8'));
    expect(Object.keys(decision).slice(0, 13)).toEqual([
      'kind', 'schema_version', 'artifact_id', 'id', 'quest_id', 'created_at', 'updated_at', 'source', 'status',
      'branch', 'head_commit', 'workspace_root', 'workspace_rel_path',
    ]);
    expect(Object.keys(decision).slice(-2)).toEqual(['semantic_key', 'guidance_vm']);
    expect(decision.source).toEqual({ kind: 'user', role: 'reviewer', name: 'bob' });
    expect(decision.action).toBe('distill_review');
    expect(decision.reviewed_run_ids).toEqual([RUN]);
    expect(decision.cards_written.map((c: { action: string }) => c.action)).toEqual(['new', 'patch', 'new']);
    expect(decision.neighbor_decisions).toContainEqual({ candidate_card_id: CARD.warmup, decision: 'new', target_run_id: RUN, reason: 'different knob' });
    expect(decision).not.toHaveProperty('reason_if_empty');
    expect(decision.workspace_root).toBe(path.join(home, WS));
    expect(decision.workspace_rel_path).toBe('.ds/worktrees/idea-idea-7a9ceaa1');
    const indexLast = fs.readFileSync(path.join(home, WS, 'artifacts/_index.jsonl'), 'utf8').trimEnd().split('\n').pop()!;
    expect(indexLast).toBe(
      `{"artifact_id": "${id}", "kind": "decision", "status": "pending", "quest_id": "001", "path": "${decisionFile}", "summary": "${decision.summary}", "updated_at": "2026-06-01T12:00:00+00:00"}`,
    );
    const event = JSON.parse(fs.readFileSync(path.join(home, 'quests/001/.ds/events.jsonl'), 'utf8').trimEnd().split('\n').pop()!);
    expect(event.type).toBe('artifact.recorded');
    expect(event.artifact_id).toBe(id);
    expect(Object.keys(event)).toHaveLength(30);
    const memIndex = fs.readFileSync(path.join(home, KN, '_index.jsonl'), 'utf8').trimEnd().split('\n').slice(-3).map((l) => JSON.parse(l));
    expect(memIndex.map((l) => Object.keys(l).join(','))).toEqual(Array(3).fill('id,title,type,path,quest_id,scope,tags,updated_at,excerpt'));
    // The run is covered and the decided drafts are no longer listed.
    const quest = resolveQuest(home, '001');
    const cov = coverage(quest);
    expect(cov.candidates.find((c) => c.artifactId === RUN)?.covered).toBe(true);
    expect(listDrafts(quest).drafts.map((d) => d.id)).toEqual([]);
    expect(fs.existsSync(path.join(home, 'drafts/experiences/001/main-001__lora-warmup.md'))).toBe(true);

    // The same review again writes nothing new.
    const snap = snapshot(home);
    const again = await apply(home, rows, '--yes', '--reviewer', 'bob');
    expect(again.code).toBe(0);
    expect(again.out).toContain(`review ${id} was already applied; nothing written`);
    expect(diffSnapshots(snap, snapshot(home))).toEqual([]);
  });

  it('a closed run is covered with reason_if_empty; defer writes nothing', async () => {
    const home = makeHome();
    const before = snapshot(home);
    const deferOnly = await apply(home, [{ draft: D.lora, decision: 'defer', reason: 'later' }], '--yes');
    expect(deferOnly.code).toBe(0);
    expect(deferOnly.out).toContain('every decision is defer; nothing written');
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);

    const r = await apply(home, [
      { draft: D.todo, decision: 'reject', reason: 'single seed, not a lesson' },
      { draft: D.lora, decision: 'defer', reason: 'later' },
      { run: RUN, decision: 'reject', reason: 'nothing more here' },
    ], '--yes');
    expect(r.code).toBe(0);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
    const decision = JSON.parse(fs.readFileSync(path.join(home, WS, 'artifacts/decisions', `${id}.json`), 'utf8'));
    expect(decision.cards_written).toEqual([]);
    expect(decision.reason_if_empty).toContain(`No card written: ${D.todo}: single seed, not a lesson`);
    expect(decision.reason_if_empty).toContain(`${D.lora}: nothing more here`);
    expect(decision.reviewed_run_ids).toEqual([RUN]);
    const quest = resolveQuest(home, '001');
    // Closing the run rejected every draft still undecided, the deferred one included.
    expect(listDrafts(quest).drafts.map((d) => d.id)).toEqual([]);
    expect(diffSnapshots(before, snapshot(home)).filter((f) => f.includes('memory/'))).toEqual([]);
  });

  it('never overwrites a card: a title clash and an empty (non-ASCII) slug get unique names', async () => {
    const home = makeHome();
    const r = await apply(home, [
      { draft: D.lora, decision: 'new', reason: 'x', title: 'Warmup ratio matters more than peak LR for adapters' },
      { draft: D.warmup, decision: 'new', reason: 'y', title: '预热比例很重要' },
    ], '--yes');
    expect(r.code).toBe(0);
    const names = fs.readdirSync(path.join(home, KN)).sort();
    const clash = names.find((n) => /^warmup-ratio-matters-more-than-peak-lr-for-adapters-[0-9a-f]{8}\.md$/.test(n));
    const empty = names.find((n) => /^knowledge-[0-9a-f]{8}\.md$/.test(n));
    expect(clash).toBeDefined();
    expect(empty).toBeDefined();
    expect(parseCardText(fs.readFileSync(path.join(home, KN, empty!), 'utf8')).meta.title).toBe('预热比例很重要');
    expect(parseCardText(fs.readFileSync(path.join(home, KN, empty!), 'utf8')).meta.id).toBe(empty!.slice(0, -3));
    // The original card is untouched.
    expect(fs.readFileSync(path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md'), 'utf8')).toContain(
      `id: ${CARD.warmup}`,
    );
  });

  it('a title too long for a file name (ENAMETOOLONG before) is cut at a word and takes the id: the write succeeds', async () => {
    const home = makeHome();
    const title = 'A very long title that keeps going '.repeat(8) + 'END-OF-TITLE';
    const r = await apply(home, [{ draft: D.lora, decision: 'new', reason: 'x', title }], '--yes');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const name = fs.readdirSync(path.join(home, KN)).find((n) => n.startsWith('a-very-long-title'))!;
    expect(name).toMatch(/^a-very-long-title-that-keeps-going(-[a-z]+)+-[0-9a-f]{8}\.md$/);
    expect(name.length).toBeLessThanOrEqual(120 + '-12345678.md'.length);
    const meta = parseCardText(fs.readFileSync(path.join(home, KN, name), 'utf8')).meta;
    expect(meta.title).toBe(title); // the title is whole; only the file name is cut
    expect(name).toBe(`${name.slice(0, -'-12345678.md'.length)}-${String(meta.id).replace(/^knowledge-/, '')}.md`);
  });

  it('a cross-quest patch keeps the claim and appends lineage', async () => {
    const home = makeHome();
    giveTemperatureClaim(home);
    const r = await apply(home, [{ draft: D.lora, decision: 'patch', neighbor: CARD.temperature, reason: 'same' }], '--yes');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const meta = parseCardText(fs.readFileSync(path.join(home, KN, 'temperature-scaling-fixes-in-domain-reader-overconfidence.md'), 'utf8')).meta;
    expect((meta.lineage as unknown[]).length).toBe(2);
    expect((meta.lineage as { quest: string }[])[0].quest).toBe('rag-calib');
    expect(meta).not.toHaveProperty('confidence');
  });
});

describe('accepting an agent draft that already is a global card', () => {
  it('new writes the card in place (no second card) and records it as written (details: write-audit.test.ts)', async () => {
    const { copyFixture } = await import('./helpers/home.js');
    const home = copyFixture('edge-home');
    const before = snapshot(home);
    const rows = [
      { draft: 'knowledge-0000d0g4', decision: 'new', run: 'run-0000d001', reason: 'good lesson' },
      { run: 'run-0000d001', decision: 'reject', reason: 'the other draft is noise' },
    ];
    const file = writeDecisions(path.dirname(home), rows);
    const r = await runInProcess(['--home', home, 'apply', 'drafts', file, '--yes', '--reviewer', 'bob'], { DISTILL_NOW: '2026-07-01T00:00:00+00:00' });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const changed = diffSnapshots(before, snapshot(home));
    expect(changed.filter((c) => c.includes('memory/'))).toEqual(['~ memory/knowledge/_index.jsonl', '~ memory/knowledge/global-auto-draft.md']);
    const decision = changed.find((c) => c.includes('artifacts/decisions/'))!.slice(2);
    const record = JSON.parse(fs.readFileSync(path.join(home, decision), 'utf8'));
    expect(record.cards_written).toEqual([{ card_id: 'knowledge-0000d0g4', scope: 'global', action: 'new', target_run_id: 'run-0000d001' }]);
    const drafts = await runInProcess(['--home', home, 'drafts', 'drafts', '--json']);
    expect(drafts.out).not.toContain('knowledge-0000d0g4');
  });
});

describe('a run with no draft worth a card', () => {
  it('{"run", "decision": "reject"} covers the run with reason_if_empty and writes no card', async () => {
    const { copyFixture } = await import('./helpers/home.js');
    const home = copyFixture('edge-home');
    const file = writeDecisions(path.dirname(home), [{ run: 'run-0000c002', decision: 'reject', reason: 'a rerun, nothing new' }]);
    const r = await runInProcess(['--home', home, 'apply', 'cov', file, '--yes', '--reviewer', 'bob'], { DISTILL_NOW: '2026-07-01T00:00:00+00:00' });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const gate = JSON.parse((await runInProcess(['--home', home, 'gate', 'cov', '--json'])).out);
    expect(gate.pending.map((p: { artifact_id: string }) => p.artifact_id)).toEqual(['run-0000c003', 'run-0000c004']);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
    const record = JSON.parse(fs.readFileSync(path.join(home, 'quests', 'cov', 'artifacts', 'decisions', `${id}.json`), 'utf8'));
    expect(record).toMatchObject({ reviewed_run_ids: ['run-0000c002'], cards_written: [], reason_if_empty: 'No card written: run-0000c002: a rerun, nothing new' });
    expect((await runInProcess(['--home', home, 'validate', path.join(home, 'quests', 'cov')])).code).toBe(0);
  });

  it('anything but reject without a draft is refused with the line named', async () => {
    const { copyFixture } = await import('./helpers/home.js');
    const home = copyFixture('edge-home');
    const before = snapshot(home);
    const file = writeDecisions(path.dirname(home), [{ run: 'run-0000c002', decision: 'new', reason: 'x' }]);
    const r = await runInProcess(['--home', home, 'apply', 'cov', file, '--yes']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: ${file}:1: a line without "draft" can only reject its run, not "new"\n`);
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  });

  it('a decision line that gives a key twice is refused (JSON.parse keeps the last: "reject" then "new" would write a card)', async () => {
    const home = makeHome();
    const before = snapshot(home);
    const file = path.join(path.dirname(home), 'twice.jsonl');
    fs.writeFileSync(file, `{"draft": "${D.lora}", "decision": "reject", "reason": "x", "decision": "new"}\n`);
    const r = await runInProcess(['--home', home, 'apply', '001', file, '--yes']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: ${file}:1: key "decision" is given twice in one object (JSON keeps only the last)\n`);
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  });
});
