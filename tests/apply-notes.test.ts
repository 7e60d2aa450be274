// `distill apply` dismisses a quest note as the review screen's `x` on a note does: a line
// {"note": <id or file name>, "decision": "reject", "reason": …} stages `note:<id>` (reject), and the write records it
// in the reviewed ledger, the review record and the audit log, never in the distill_review decision; the note file is
// never written; `distill revert` lists the note again. A bad note line is one line naming the file and line, exit 2,
// nothing written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlanSource } from '../src/core/review/flow.js';
import { parseDecisionsFile } from '../src/core/review/decisions-file.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { openStoreSync } from '../src/core/store/load.js';
import { copyFixture, run, snapshot, tempDirs } from './helpers/home.js';

const dirs = tempDirs();
const NOTE = 'episode-85f66eb8';
const NOTE_FILE = 'quests/001/memory/episodes/run-main-001-crashed-on-resume.md';

function setup() {
  const home = copyFixture('demo-home');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'distill-cache-'));
  dirs.push(path.dirname(home), cache);
  const env = { HOME: os.tmpdir(), USER: 'bob', DISTILL_NOW: '2026-06-01T10:00:00+00:00', DISTILL_CACHE_DIR: cache };
  const file = (rows: (object | string)[]) => {
    const f = path.join(path.dirname(home), `decisions-${Math.random().toString(16).slice(2)}.jsonl`);
    fs.writeFileSync(f, rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');
    return f;
  };
  const cli = (...args: string[]) => run(['--home', home, ...args], { env, cwd: path.dirname(home) });
  const notes = async () => (JSON.parse((await cli('status', '--json')).out) as { quests: { id: string; notes: number }[] }).quests.find((q) => q.id === '001')!.notes;
  return { home, file, cli, notes };
}

const ledger = (home: string) =>
  fs.readFileSync(path.join(home, '.distill', 'reviewed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);

describe('distill apply: a quest note dismissed as not a lesson', () => {
  it('stages the decision the screen stages, by id or file name', () => {
    const { home, file } = setup();
    const source = loadPlanSource(resolveQuest(home, '001'), openStoreSync(home, { cache: false }));
    const staged = parseDecisionsFile(file([{ note: NOTE, decision: 'reject', reason: 'one-off crash' }]), source.drafts, home, { notes: source.notes });
    expect(staged).toEqual([{ draftId: `note:${NOTE}`, decision: 'reject', reason: 'one-off crash', neighbors: [] }]);
    const byName = parseDecisionsFile(file([{ note: 'run-main-001-crashed-on-resume.md', decision: 'reject' }]), source.drafts, home, { notes: source.notes });
    expect(byName[0].draftId).toBe(`note:${NOTE}`);
  });

  it('written: the ledger row, the review record and audit line; the note file as it was, no decision; revert lists it again', async () => {
    const { home, file, cli, notes } = setup();
    const noteBytes = fs.readFileSync(path.join(home, NOTE_FILE));
    expect(await notes()).toBe(1);
    const decisions = file([{ note: NOTE, decision: 'reject', reason: 'one-off crash' }]);
    const dry = await cli('apply', '001', decisions);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`mark reviewed: ${NOTE} (reject)`);
    expect(dry.out).not.toContain('append index lines');
    expect(dry.out).toContain('Nothing written');
    const before = snapshot(home);
    const r = await cli('apply', '001', decisions, '--yes');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const reviewId = /record (decision-[0-9a-f]{8})/.exec(r.out)?.[1];
    expect(reviewId).toBeDefined();
    // Only a note dismissed: the message says no card was written (it said 'cards written').
    expect(r.out).toMatch(/^no card written, no distill_review decision \(no run covered\); record decision-[0-9a-f]{8}$/m);
    const after = snapshot(home);
    const changed = Object.keys(after).filter((f) => before[f] !== after[f] && !f.endsWith('/'));
    expect(changed.filter((f) => !f.startsWith('.distill/')).sort()).toEqual([]);
    expect(fs.readFileSync(path.join(home, NOTE_FILE))).toEqual(noteBytes);
    expect(ledger(home)).toEqual([{ draft_id: NOTE, quest_id: '001', review_id: reviewId, decision: 'reject', at: '2026-06-01T10:00:00+00:00' }]);
    const record = JSON.parse(fs.readFileSync(path.join(home, '.distill', 'reviews', `${reviewId}.json`), 'utf8'));
    expect(record.drafts).toEqual([expect.objectContaining({ draft_id: NOTE, decision: 'reject', reason: 'one-off crash' })]);
    expect(record.decision).toBeNull();
    expect((await cli('log')).out).toContain(`reject ${NOTE}: one-off crash`);
    expect(await notes()).toBe(0);
    // The same file again: already applied, nothing written.
    const again = await cli('apply', '001', decisions, '--yes');
    expect(again.code).toBe(0);
    expect(again.out).toContain(`review ${reviewId} was already applied`);
    // Undone: the note is listed again.
    expect((await cli('revert', reviewId!)).code).toBe(0);
    expect(await notes()).toBe(1);
    expect(fs.readFileSync(path.join(home, NOTE_FILE))).toEqual(noteBytes);
  });

  it('beside draft decisions: the note is in the record, not in the distill_review decision', async () => {
    const { home, file, cli } = setup();
    const decisions = file([
      { note: NOTE, decision: 'reject', reason: 'one-off crash' },
      { run: 'run-a400216f', decision: 'reject', reason: 'nothing here' },
    ]);
    const r = await cli('apply', '001', decisions, '--yes');
    expect(r.code).toBe(0);
    const decisionFile = /decision (\S+\.json)/.exec(r.out)![1];
    const decision = JSON.parse(fs.readFileSync(path.join(home, decisionFile), 'utf8')) as { draft_decisions: { draft_id: string }[] };
    expect(decision.draft_decisions.map((d) => d.draft_id)).not.toContain(NOTE);
    expect(ledger(home).map((e) => e.draft_id)).toContain(NOTE);
  });

  const bad: [string, (object | string)[], (f: string) => string][] = [
    ['an unknown note id', [{ note: 'episode-nope', decision: 'reject' }], (f) => `${f}:1: note "episode-nope" is not a note of this quest (an episode, or an idea with an outcome, in the quest's memory/)`],
    ['a decision other than reject', [{ note: NOTE, decision: 'new' }], (f) => `${f}:1: a quest note can only be dismissed as not a lesson ("decision": "reject"), not "new"; distill draft --note writes a lesson draft from it`],
    ['a key a note line does not take', [{ note: NOTE, decision: 'reject', neighbor: 'knowledge-05abb9e0' }], (f) => `${f}:1: unknown key "neighbor" for a line that dismisses a quest note (expected note, decision, reason)`],
    // By id, then by file name: the same note; the second line is named, with the first (not `draft note:…`, no line).
    ['a note already dismissed on line 1', [{ note: NOTE, decision: 'reject' }, { note: 'run-main-001-crashed-on-resume.md', decision: 'reject' }], (f) => `${f}:2: note ${NOTE} is dismissed on line 1 already (one line per note)`],
    ['a draft decided on line 1 and again on line 2', [{ draft: 'main-001__seed-noise', decision: 'reject' }, { draft: 'draft:001/main-001__seed-noise', decision: 'defer' }], (f) => `${f}:2: draft draft:001/main-001__seed-noise is decided on line 1 already (one line per draft)`],
  ];
  for (const [name, rows, message] of bad) {
    it(`${name}: one line, exit 2, nothing written`, async () => {
      const { home, file, cli } = setup();
      const f = file(rows);
      const before = snapshot(home);
      const r = await cli('apply', '001', f, '--yes');
      expect(r.code).toBe(2);
      expect(r.err).toBe(`distill: ${message(f)}\n`);
      expect(r.out).toBe('');
      expect(snapshot(home)).toEqual(before);
    });
  }

  it('a note line in apply --quirks is refused naming the line', async () => {
    const { home, file, cli } = setup();
    const f = file([{ note: NOTE, decision: 'reject' }]);
    const r = await cli('apply', '--quirks', f, '--yes');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`distill: ${f}:1: "note" names a quest note; apply <quest> <decisions> takes it\n`);
    expect(fs.existsSync(path.join(home, '.distill', 'reviewed.jsonl'))).toBe(false);
  });
});
