// Targets that cannot take a write are refused before the first byte: a directory where a file goes, a symlinked root
// that leads out of the home, a journal that can never run (named, with the way out). And a moved home can revert.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { D, CARD, RUN, diffSnapshots, makeHome, planFor, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

/** Sample quest 001's run lives in the active worktree: the decision goes there (issue 12 item 8). */
const WS = 'quests/001/.ds/worktrees/idea-idea-7a9ceaa1';

const rows = [
  { draft: D.lora, decision: 'new', reason: 'a new lesson', neighbors: [{ card_id: CARD.adapter, decision: 'new', reason: 'other knob' }] },
  { draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same mechanism' },
  // Close the run, so the write covers it and its decision and index line are written too.
  { run: RUN, decision: 'reject', reason: 'the other drafts are not lessons' },
];

function setup() {
  const home = makeHome();
  return { home, decisions: writeDecisions(path.dirname(home), rows) };
}

async function refusedApply(home: string, decisions: string, code: number, pattern: RegExp) {
  const before = snapshot(home);
  const r = await runInProcess(['--home', home, 'apply', '001', decisions, '--yes']);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.err).toMatch(pattern);
  expect(r.code).toBe(code);
  expect(diffSnapshots(before, snapshot(home))).toEqual([]);
}

describe('preflight', () => {
  it('a directory where memory/knowledge/_index.jsonl goes: refused, naming it, nothing written', async () => {
    const { home, decisions } = setup();
    const index = path.join(home, 'memory/knowledge/_index.jsonl');
    fs.rmSync(index, { force: true });
    fs.mkdirSync(index);
    await refusedApply(home, decisions, 2, /^distill: \/.*memory\/knowledge\/_index\.jsonl: a directory is where a file goes; nothing written$/m);
  });

  it('a file where a directory goes (memory/knowledge is a file): refused, nothing written', async () => {
    const { home, decisions } = setup();
    fs.rmSync(path.join(home, '.distill'), { recursive: true, force: true });
    fs.writeFileSync(path.join(home, '.distill'), 'not a dir');
    await refusedApply(home, decisions, 2, /\.distill.*(a file is where|not a directory)/);
  });
});

describe('symlinked roots', () => {
  for (const [what, rel] of [['the runs\' workspace artifacts/', `${WS}/artifacts`], ['the home .distill/', '.distill'], ['a quest .ds/', 'quests/001/.ds']] as const) {
    it(`${what} that points out of the home is refused, nothing written inside or outside`, async () => {
      const { home, decisions } = setup();
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-outside-'));
      const dir = path.join(home, rel);
      if (fs.existsSync(dir)) fs.cpSync(dir, outside, { recursive: true });
      fs.rmSync(dir, { recursive: true, force: true });
      fs.symlinkSync(outside, dir);
      const outsideBefore = snapshot(outside);
      // A root of the write is named as a symlink out of the home; a folder inside one is refused as a write outside.
      await refusedApply(home, decisions, 2, new RegExp(`${rel.replace(/\./g, '\\.')}(: is a symlink to .*outside the home|/.*: refusing to write outside the home)`));
      expect(diffSnapshots(outsideBefore, snapshot(outside))).toEqual([]);
    });
  }
});

describe('journals that can never run', () => {
  const bad: [string, unknown][] = [
    ['an op without a path', { version: 1, id: 'decision-0000dead', kind: 'apply', home: '/x', questRoot: null, createdAt: 'x', ops: [{ op: 'create' }] }],
    ['content that is not text', { version: 1, id: 'decision-0000dead', kind: 'apply', home: '/x', questRoot: null, createdAt: 'x', ops: [{ op: 'create', path: '/tmp/x', content: 5 }] }],
    ['an op outside the home', { version: 1, id: 'decision-0000dead', kind: 'apply', home: '/x', questRoot: null, createdAt: 'x', ops: [{ op: 'create', path: '/etc/distill-x', content: 'x' }] }],
    ['not JSON', '{"version": 1, "ops": ['],
  ];
  for (const [what, journal] of bad) {
    it(`${what}: every write command names the journal and the way out; recover --discard unblocks the home`, async () => {
      const { home, decisions } = setup();
      const dir = path.join(home, '.distill/journal');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 'decision-0000dead.json');
      fs.writeFileSync(file, typeof journal === 'string' ? journal : JSON.stringify(journal));
      const way = /journal of an interrupted write cannot be run \(.*\); drop it with: distill recover --discard decision-0000dead/;
      await refusedApply(home, decisions, 2, new RegExp(`^distill: ${file}: ` + way.source));
      const revert = await runInProcess(['--home', home, 'revert', 'decision-00000000']);
      expect(revert.code).toBe(2);
      expect(revert.err).toMatch(way);
      const drafts = await runInProcess(['--home', home, 'drafts', '001']);
      expect(drafts.err).toMatch(/a write was interrupted \(decision-0000dead in .*\); what is shown may be half-written: run distill recover/);
      const discard = await runInProcess(['--home', home, 'recover', '--discard', 'decision-0000dead']);
      expect(discard.code, discard.err).toBe(0);
      expect(discard.out).toMatch(/discarded interrupted write decision-0000dead .*files it already wrote stay as they are/);
      expect(fs.existsSync(file)).toBe(false);
      expect(fs.readdirSync(path.join(home, '.distill/discarded'))).toHaveLength(1);
      const ok = await runInProcess(['--home', home, 'apply', '001', decisions, '--yes']);
      expect(ok.code, ok.err).toBe(0);
    });
  }

  it('recover with nothing pending says so; --discard of an unknown id is one line, exit 2', async () => {
    const { home } = setup();
    expect((await runInProcess(['--home', home, 'recover'])).out).toBe('nothing to recover\n');
    const r = await runInProcess(['--home', home, 'recover', '--discard', 'decision-12345678']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^distill: .*decision-12345678\.json: no interrupted write with id decision-12345678/);
  });
});

describe('a moved home', () => {
  it('review records hold home-relative paths: revert works after the home is moved', async () => {
    const { home, decisions } = setup();
    const r = await runInProcess(['--home', home, 'apply', '001', decisions, '--yes']);
    expect(r.code, r.err).toBe(0);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
    const record = JSON.parse(fs.readFileSync(path.join(home, '.distill/reviews', `${id}.json`), 'utf8'));
    expect(record.quest_root).toBe('quests/001');
    expect(record.decision.path).toMatch(/^quests\/001\/\.ds\/worktrees\/idea-idea-7a9ceaa1\/artifacts\/decisions\/decision-/);
    const moved = home + '-moved';
    fs.renameSync(home, moved);
    const rev = await runInProcess(['--home', moved, 'revert', id]);
    expect(rev.code, rev.err).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(moved, record.decision.path), 'utf8')).action).toBe('distill_review_reverted');
  });

  it('an older record with absolute paths is mapped into the moved home', async () => {
    const { home, decisions } = setup();
    const r = await runInProcess(['--home', home, 'apply', '001', decisions, '--yes']);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
    const file = path.join(home, '.distill/reviews', `${id}.json`);
    const record = JSON.parse(fs.readFileSync(file, 'utf8'));
    const abs = (p: string) => path.join(home, p);
    const old = {
      ...record, quest_root: abs(record.quest_root),
      drafts: record.drafts.map((d: { path: string }) => ({ ...d, path: abs(d.path) })),
      created: record.created.map((c: { path: string }) => ({ ...c, path: abs(c.path) })),
      revised: record.revised.map((c: { path: string }) => ({ ...c, path: abs(c.path) })),
      decision: { ...record.decision, path: abs(record.decision.path) },
    };
    fs.writeFileSync(file, JSON.stringify(old, null, 2) + '\n');
    const moved = home + '-old';
    fs.renameSync(home, moved);
    const rev = await runInProcess(['--home', moved, 'revert', id]);
    expect(rev.code, rev.err).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(moved, '.distill/reviews', `${id}.json`), 'utf8')).status).toBe('reverted');
  });
});

describe('a card file name taken meanwhile', () => {
  it('gets the next free name at commit time, with its index line and record to match', async () => {
    const { executePlan } = await import('../src/core/review/execute.js');
    const home = makeHome();
    const plan = planFor(home, [{ draftId: D.lora, decision: 'new', reason: 'x', neighbors: [] }]);
    const planned = plan.newCards[0].path;
    fs.writeFileSync(planned, 'another quest wrote a card with the same title\n');
    const result = await executePlan(home, plan);
    expect(result.status).toBe('written');
    const moved = planned.replace(/\.md$/, '-2.md');
    expect(result.created).toEqual([moved]);
    expect(fs.readFileSync(moved, 'utf8')).toBe(plan.newCards[0].content);
    expect(fs.readFileSync(planned, 'utf8')).toBe('another quest wrote a card with the same title\n');
    const index = fs.readFileSync(path.join(home, 'memory/knowledge/_index.jsonl'), 'utf8').trim().split('\n');
    const last = JSON.parse(index.at(-1)!);
    expect(last).toEqual({ ...JSON.parse(plan.memoryIndex[0].line), path: moved });
    const record = JSON.parse(fs.readFileSync(path.join(home, '.distill/reviews', `${plan.reviewId}.json`), 'utf8'));
    expect(record.created[0].path).toBe(path.relative(home, moved));
  });
});
