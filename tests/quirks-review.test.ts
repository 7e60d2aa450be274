// The quirks files' entries reviewed like drafts (issue 14 part B): `distill apply --quirks` writes global knowledge
// cards tagged by file kind (new / separate) or patches a card, records every decided entry by content id under the
// pseudo-quest `:quirks` (so it never comes back), logs every decision with its reason, writes no quest file and no
// distill_review decision, never touches the quirks files, and `distill revert` brings the entries back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { copyFixture, run, snapshot } from './helpers/home.js';
import { writeDecisions } from './helpers/write-home.js';

const NOW = '2026-06-01T12:00:00+00:00';
const ENV = { HOME: os.tmpdir(), DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' };
const PLAIN_CARD = 'knowledge-bc6691a3'; // official-validation-split-...md: a DeepScientist card without claim or lineage

function quirksHome(): string {
  const home = copyFixture('ds-sample');
  const fw = path.join(home, 'framework_quirks.md');
  const sys = path.join(home, 'system_quirks.md');
  // Headings, CRLF line ends (the framework file); blank-line blocks after the preamble (the system file).
  const headed = `${fs.readFileSync(fw, 'utf8')}
## artifact.record drops evidence_paths outside the worktree

Surface: artifact.record(kind='run'). Symptom: absolute evidence paths are silently dropped.
Workaround: pass paths relative to the worktree.

## Validator rejects CRLF plans
Surface: plan.md validator. Workaround: save with LF.
`;
  fs.writeFileSync(fw, headed.replace(/\n/g, '\r\n'));
  fs.appendFileSync(sys, `
Resume after a crash restarts the LR schedule at step 0; re-run from scratch instead of resuming.

Daemon leaks a GPU context after a crashed run; restart the daemon before the next run.
`);
  return home;
}

interface Entry {
  id: string;
  kind: string;
  title: string;
}

async function entries(home: string, all = false): Promise<Entry[]> {
  const r = await run(['--home', home, 'quirks', '--json', ...(all ? ['--all'] : [])], { env: ENV });
  expect(r.code).toBe(0);
  return JSON.parse(r.out).entries as Entry[];
}

const byTitle = (list: Entry[], start: string) => list.find((e) => e.title.startsWith(start))!.id;

function rows(file: string): Record<string, unknown>[] {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** PR #60's validate_experience_metadata, restated: a claim, a non-empty lineage of mappings with quest and run. */
function validExperience(meta: Record<string, unknown>): boolean {
  const lineage = meta.lineage;
  return Boolean(String(meta.claim ?? '').trim()) && Array.isArray(lineage) && lineage.length > 0 &&
    lineage.every((e) => e && typeof e === 'object' && String(e.quest ?? '').trim() && String(e.run ?? '').trim());
}

function cardFile(home: string, id: string): string {
  const dir = path.join(home, 'memory', 'knowledge');
  const name = fs.readdirSync(dir).find((n) => n.endsWith('.md') && parseCardText(fs.readFileSync(path.join(dir, n), 'utf8')).meta.id === id);
  return path.join(dir, name!);
}

describe('distill apply --quirks', () => {
  test('new, separate, patch, reject, defer: cards, the reviewed record, the audit log; decided entries stay gone; revert brings them back', async () => {
    const home = quirksHome();
    const quirkBytes = () => [fs.readFileSync(path.join(home, 'framework_quirks.md')), fs.readFileSync(path.join(home, 'system_quirks.md'))];
    const quirksBefore = quirkBytes();
    const list = await entries(home);
    expect(list.map((e) => e.kind)).toEqual(['framework', 'framework', 'system', 'system']);
    const evidence = byTitle(list, 'artifact.record');
    const crlf = byTitle(list, 'Validator');
    const resume = byTitle(list, 'Resume');
    const daemon = byTitle(list, 'Daemon');
    const decisions = writeDecisions(os.tmpdir(), [
      { draft: evidence, decision: 'new', reason: 'bit us twice', tags: ['area:artifacts'] },
      { entry: crlf, decision: 'reject', reason: 'fixed upstream' },
      { draft: resume, decision: 'patch', neighbor: PLAIN_CARD, reason: 'same metric contract', claim: 'Resume restarts the LR schedule.' },
      { draft: daemon, decision: 'defer' },
    ]);

    // Without --yes: the plan, nothing written.
    const before = snapshot(home);
    const dry = await run(['--home', home, 'apply', '--quirks', decisions], { env: ENV });
    expect(dry.err).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^Record decision-[0-9a-f]{8} of the quirks files by alice/);
    expect(dry.out.split('\n').filter((l) => !/^[ +-]|run again with --yes/.test(l) && /distill_review|\brun\b|covered/.test(l))).toEqual([]);
    expect(dry.out).toContain('Nothing written; run again with --yes to write.');
    expect(snapshot(home)).toEqual(before);

    const patchedPath = cardFile(home, PLAIN_CARD);
    const patchedBefore = fs.readFileSync(patchedPath, 'utf8');
    const wrote = await run(['--home', home, 'apply', '--quirks', decisions, '--yes', '--json'], { env: ENV });
    expect(wrote.err).toBe('');
    expect(wrote.code).toBe(0);
    const result = JSON.parse(wrote.out);
    expect(result).toMatchObject({ written: true, status: 'written', decisionPath: null });
    expect(result.created).toHaveLength(1);
    expect(result.revised).toEqual([patchedPath]);

    // Only memory/knowledge and distill's own state changed: no quest file, no decision artifact, quirks untouched.
    const after = snapshot(home);
    const changed = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]).sort();
    expect(changed.every((k) => k.startsWith('memory/knowledge/') || k.startsWith('.distill/'))).toBe(true);
    expect(quirkBytes()).toEqual(quirksBefore);

    // The new card: a global knowledge card tagged by file kind plus the reviewer's tag, lineage naming file and entry.
    const card = parseCardText(fs.readFileSync(result.created[0], 'utf8'));
    expect(card.meta).toMatchObject({
      subtype: 'experience',
      claim: 'artifact.record drops evidence_paths outside the worktree',
      type: 'knowledge', kind: 'knowledge', scope: 'global', quest_id: null,
      tags: ['topic:framework-quirk', 'area:artifacts'],
      lineage: [{ quest: 'framework_quirks.md', run: evidence, direction: 'framework-quirk', note: expect.stringContaining('framework_quirks.md line ') }],
    });
    expect(card.body).toMatch(/^Surface: artifact.record/);
    expect(card.body).not.toContain('\r');
    expect(validExperience(card.meta)).toBe(true);
    // The patched card: lineage grown by the entry, the patch paragraph names file and entry.
    const patched = parseCardText(fs.readFileSync(patchedPath, 'utf8'));
    expect(patched.meta.lineage).toEqual([{ quest: 'system_quirks.md', run: resume, direction: 'system-quirk', note: expect.stringContaining('system_quirks.md line ') }]);
    expect((patched.meta.tags as string[])).toContain('topic:system-quirk');
    expect(patched.body).toContain(`Patch (system_quirks.md/${resume}): Resume after a crash`);
    expect(validExperience(patched.meta)).toBe(true);
    const validate = await run(['--home', home, 'validate'], { env: ENV });
    expect(validate.out).toMatch(/no violations/);
    expect(validate.code).toBe(0);

    // The reviewed record: every decided entry (reject too) by content id under `:quirks`; the deferred one is not.
    const ledger = rows(path.join(home, '.distill', 'reviewed.jsonl'));
    expect(ledger.map((r) => [r.quest_id, r.draft_id, r.decision])).toEqual([
      [':quirks', evidence, 'new'], [':quirks', crlf, 'reject'], [':quirks', resume, 'patch'],
    ]);
    // The audit log: every decision with its reason.
    const audit = rows(path.join(home, '.distill', 'audit.jsonl'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'apply', quest_id: ':quirks', reviewer: 'alice', decision: null });
    expect(audit[0].decisions).toEqual([
      { draft: evidence, decision: 'new', card: card.meta.id, reason: 'bit us twice' },
      { draft: crlf, decision: 'reject', card: null, reason: 'fixed upstream' },
      { draft: resume, decision: 'patch', card: PLAIN_CARD, reason: 'same metric contract' },
      { draft: daemon, decision: 'defer', card: null, reason: '' },
    ]);
    const log = await run(['--home', home, 'log'], { env: ENV });
    expect(log.out).toContain('review of the quirks files: 1 new, 1 revised card(s)');
    expect(log.out).toContain(`    reject ${crlf}: fixed upstream`);
    expect(log.out).toContain(`    new ${evidence} → ${card.meta.id}: bit us twice`);

    // Decided entries do not come back; the deferred one does, and an entry appended after the review shows.
    fs.appendFileSync(path.join(home, 'framework_quirks.md'), '\r\n## Gate ignores symlinked worktrees\r\nSurface: gate. Workaround: none.\r\n');
    const left = await entries(home);
    expect(left.map((e) => e.id)).toEqual([left[0].id, daemon]);
    expect(left[0].title).toBe('Gate ignores symlinked worktrees');
    // Deciding one again is refused with the review that decided it.
    const again = await run(['--home', home, 'apply', '--quirks', writeDecisions(os.tmpdir(), [{ draft: evidence, decision: 'reject' }])], { env: ENV });
    expect(again.code).toBe(2);
    expect(again.err).toMatch(new RegExp(`quirks entry ${evidence}: already decided \\(new\\) in review ${result.reviewId}`));

    // The appended entry, kept separate from the card the first review wrote.
    const second = await run(['--home', home, 'apply', '--quirks', writeDecisions(os.tmpdir(), [
      { draft: left[0].id, decision: 'neighbor_but_separate', neighbor: card.meta.id, reason: 'different surface' },
    ]), '--yes', '--json'], { env: ENV });
    expect(second.code).toBe(0);
    const separate = parseCardText(fs.readFileSync(JSON.parse(second.out).created[0], 'utf8'));
    expect(separate.meta).toMatchObject({ tags: ['topic:framework-quirk'], related: [card.meta.id], lineage: [{ quest: 'framework_quirks.md', run: left[0].id }] });
    expect((await entries(home)).map((e) => e.id)).toEqual([daemon]);

    // Revert the first review: the new card archived, the patched card restored, its entries back.
    const reverted = await run(['--home', home, 'revert', result.reviewId], { env: ENV });
    expect(reverted.err).toBe('');
    expect(reverted.code).toBe(0);
    expect(fs.existsSync(result.created[0])).toBe(false);
    expect(fs.readFileSync(patchedPath, 'utf8')).toBe(patchedBefore);
    expect((await entries(home)).map((e) => e.id).sort()).toEqual([evidence, crlf, resume, daemon].sort());
    expect(rows(path.join(home, '.distill', 'audit.jsonl')).map((r) => r.action)).toEqual(['apply', 'apply', 'revert']);
    expect(quirkBytes()[1]).toEqual(quirksBefore[1]);
  });

  test('closing a quirks file rejects its undecided entries with the reason', async () => {
    const home = quirksHome();
    const list = await entries(home);
    const r = await run(['--home', home, 'apply', '--quirks', writeDecisions(os.tmpdir(), [
      { run: 'system_quirks.md', decision: 'reject', reason: 'runtime bugs, not lessons' },
    ]), '--yes'], { env: ENV });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const ledger = rows(path.join(home, '.distill', 'reviewed.jsonl'));
    expect(ledger.map((e) => e.draft_id)).toEqual(list.filter((e) => e.kind === 'system').map((e) => e.id));
    expect((await entries(home)).map((e) => e.kind)).toEqual(['framework', 'framework']);
  });

  test('an edited entry ("text"): the card from the edited text, the entry as written recorded decided', async () => {
    const home = quirksHome();
    const evidence = byTitle(await entries(home), 'artifact.record');
    const r = await run(['--home', home, 'apply', '--quirks', writeDecisions(os.tmpdir(), [
      { draft: evidence, decision: 'new', text: '## Evidence paths must be worktree-relative\r\nartifact.record drops absolute ones.\r\n' },
    ]), '--yes', '--json'], { env: ENV });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const card = parseCardText(fs.readFileSync(JSON.parse(r.out).created[0], 'utf8'));
    expect(card.meta).toMatchObject({ title: 'Evidence paths must be worktree-relative', claim: 'Evidence paths must be worktree-relative' });
    expect(card.body).toBe('artifact.record drops absolute ones.\n');
    expect(rows(path.join(home, '.distill', 'reviewed.jsonl')).map((e) => e.draft_id)).toEqual([evidence]);
  });

  test.each([
    ["not JSON", "{\"draft\": ", /:1: not valid JSON \(.+\)$/],
    ['an unknown entry', JSON.stringify({ draft: 'quirk-00000000', decision: 'new' }), /:1: "quirk-00000000" is not an entry of the quirks files \(distill quirks --all lists them\)$/],
    ['a run on an entry', null, /:1: "run" has no meaning for a quirks entry \(entries have no run\)$/],
    ['no decisions', '\n', /: no decisions$/],
  ])('a bad decisions file (%s): one line naming the file, exit 2, nothing written', async (_what, text, message) => {
    const home = quirksHome();
    const first = (await entries(home))[0].id;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quirks-bad-')), 'decisions.jsonl');
    fs.writeFileSync(file, (text ?? JSON.stringify({ draft: first, decision: 'new', run: 'run-a400216f' })) + '\n');
    const before = snapshot(home);
    const r = await run(['--home', home, 'apply', '--quirks', file, '--yes'], { env: ENV });
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(file);
    expect(r.err.trim()).toMatch(message);
    expect(snapshot(home)).toEqual(before);
  });

  test('apply needs a quest and a file, or --quirks and no quest', async () => {
    const home = quirksHome();
    const missing = await run(['--home', home, 'apply', '001'], { env: ENV });
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/apply needs <quest> <decisions> \(or --quirks <decisions>, or --mined <decisions>\)/);
    const both = await run(['--home', home, 'apply', '001', '--quirks', 'x.jsonl'], { env: ENV });
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/apply --quirks <decisions> takes no quest/);
  });
});
