// Deciding mined patterns (`distill apply --mined`): a new card whose lineage names every run of the evidence, a patch
// that appends them and raises occurrences, rejects suppressed until the evidence grows, the ledger with the evidence
// seen, revert; and no quest's coverage or gate changes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadMinedPlanSource, mine, openStoreSync, planReview } from '../src/core/index.js';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { stateOf, type MinedLedgerEntry } from '../src/core/mine/ledger.js';
import { experienceProblems } from '../src/core/review/invariants.js';
import { copyFixture, run } from './helpers/home.js';
import { diffSnapshots, snapshot, writeDecisions } from './helpers/write-home.js';

const NOW = '2026-06-01T12:00:00+00:00';
const ENV = { HOME: os.tmpdir(), DISTILL_NOW: NOW, DISTILL_REVIEWER: 'alice' };
const SR = 'pattern-8cca5911f721'; // subword regularization: wins
const AD = 'pattern-864fcb1d1ce1'; // adapter tuning: losses
const ADAPTER_CARD = 'knowledge-1190cc07';
const homes: string[] = [];

function home(): string {
  const h = copyFixture('mine-home');
  homes.push(path.dirname(h));
  return h;
}
afterAll(() => {
  for (const h of homes) fs.rmSync(h, { recursive: true, force: true });
});

async function gates(h: string): Promise<string[]> {
  const out: string[] = [];
  for (const q of fs.readdirSync(path.join(h, 'quests')).sort()) {
    const r = await run(['--home', h, 'gate', q, '--json'], { env: ENV });
    out.push(`${r.code} ${r.out}`);
  }
  const all = await run(['--home', h, 'gate', '--all', '--json'], { env: ENV });
  return [...out, `${all.code} ${all.out}`];
}

const proposedIds = async (h: string) => JSON.parse((await run(['--home', h, 'mine', '--json'], { env: ENV })).out).patterns.map((p: { id: string }) => p.id);

describe('distill apply --mined', () => {
  test('new and reject: the card names every supporting run, neither is proposed again, gates and quests unchanged, validate passes', async () => {
    const h = home();
    const gatesBefore = await gates(h);
    const before = snapshot(h);
    const proposed = mine(h).patterns.find((p) => p.id === SR)!;
    const file = writeDecisions(path.dirname(h), [
      { pattern: SR, decision: 'new', reason: 'recurs across quests' },
      { pattern: AD, decision: 'reject', reason: 'adapters were tuned badly' },
    ]);
    const dry = await run(['--home', h, 'apply', '--mined', file], { env: ENV });
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Nothing written; run again with --yes to write.');
    expect(dry.out.split('\n')[0]).toMatch(/^Review decision-[0-9a-f]{8} of the mined patterns \(no quest: no distill_review decision, no gate changes\) by alice at /);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);

    const r = await run(['--home', h, 'apply', '--mined', file, '--yes'], { env: ENV });
    expect(r.code).toBe(0);
    const changed = diffSnapshots(before, snapshot(h));
    // Only global memory and distill's own state: nothing in any quest.
    expect(changed.filter((c) => !/^[+~] (memory\/knowledge\/|\.distill\/)/.test(c))).toEqual([]);
    const cardFile = changed.find((c) => c.startsWith('+ memory/knowledge/') && c.endsWith('.md'))!.slice(2);
    const card = parseCardText(fs.readFileSync(path.join(h, cardFile), 'utf8'));
    const lineage = card.meta.lineage as { quest: string; run: string }[];
    expect(lineage.map((l) => `${l.quest}/${l.run}`).sort()).toEqual(proposed.evidence.map((e) => `${e.questId}/${e.artifactId}`).sort());
    expect(lineage).toHaveLength(5);
    expect(card.meta.claim).toBe(proposed.claim);
    expect(card.meta.quest_id).toBeNull();
    expect(card.meta.tags).toEqual(proposed.tags);
    expect(experienceProblems(card.meta)).toEqual([]);
    for (const e of proposed.counterExamples) expect(card.body).toContain(`${e.questId} / ${e.runId}`);

    // Decided: recorded with the evidence seen; neither proposed again; --all shows them by state.
    const ledger = fs.readFileSync(path.join(h, '.distill', 'reviewed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(ledger.map((l) => [l.pattern_id, l.decision, l.support])).toEqual([[SR, 'new', 6], [AD, 'reject', 5]]);
    expect(ledger[1].episodes).toEqual(['conll-ner-1k/main-003', 'pubmed-lm/main-002', 'pubmed-lm/main-003', 'wnut-ner/wnut-ad-a', 'wnut-ner/wnut-ad-b']);
    const ids = await proposedIds(h);
    expect(ids).not.toContain(SR);
    expect(ids).not.toContain(AD);
    expect(ids).toHaveLength(2);
    const all = JSON.parse((await run(['--home', h, 'mine', '--json', '--all'], { env: ENV })).out);
    expect(all.patterns.map((p: { id: string; state: string }) => [p.id, p.state]).filter((x: string[]) => x[1] !== 'proposed')).toEqual([[SR, 'decided'], [AD, 'suppressed']]);
    expect(all.funnel).toMatchObject({ proposed: 2, decided: 1, suppressed: 1 });

    expect(await gates(h)).toEqual(gatesBefore);
    const v = await run(['--home', h, 'validate'], { env: ENV });
    expect(v.code).toBe(0);
    const audit = fs.readFileSync(path.join(h, '.distill', 'audit.jsonl'), 'utf8');
    expect(audit).toContain('adapters were tuned badly');

    // Deciding them again is refused, naming the review; revert re-opens both.
    const again = await run(['--home', h, 'apply', '--mined', file, '--yes'], { env: ENV });
    expect(again.code).toBe(0); // the same decisions: this very review, already applied
    expect(again.out).toContain('already applied');
    const other = writeDecisions(path.dirname(h), [{ pattern: SR, decision: 'reject' }]);
    const refused = await run(['--home', h, 'apply', '--mined', other, '--yes'], { env: ENV });
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/pattern pattern-8cca5911f721:[0-9a-f]{8}: already decided \(new\) in review decision-[0-9a-f]{8}; distill revert/);
    expect(r.out).not.toContain('quirks');
    const reviewId = /mined patterns recorded as (decision-[0-9a-f]{8})/.exec(r.out)![1];
    expect((await run(['--home', h, 'revert', reviewId], { env: ENV })).code).toBe(0);
    expect(await proposedIds(h)).toEqual(expect.arrayContaining([SR, AD]));
    expect(fs.existsSync(path.join(h, cardFile))).toBe(false);
    expect(await gates(h)).toEqual(gatesBefore);
  });

  test('patch: the evidence appended to the card\'s lineage, occurrences raised, a paragraph added', async () => {
    const h = home();
    const file = writeDecisions(path.dirname(h), [{ pattern: AD, decision: 'patch', neighbor: ADAPTER_CARD, reason: 'same finding' }]);
    const cardPath = path.join(h, 'memory', 'knowledge', 'adapters-rarely-beat-full-fine-tuning-when-the-target-domain-is-narrow.md');
    const r = await run(['--home', h, 'apply', '--mined', file, '--yes'], { env: ENV });
    expect(r.code).toBe(0);
    const card = parseCardText(fs.readFileSync(cardPath, 'utf8'));
    expect((card.meta.lineage as { run: string }[]).length).toBe(4);
    expect((card.meta.lineage as { quest: string }[]).map((l) => l.quest)).toEqual(['conll-ner-1k', 'pubmed-lm', 'pubmed-lm', 'wnut-ner']);
    expect(card.meta.occurrences).toBe(2);
    expect(card.meta.id).toBe(ADAPTER_CARD);
    expect(card.body).toContain(`Patch (mined/${AD}):`);
    expect(experienceProblems(card.meta)).toEqual([]);
    expect(await proposedIds(h)).not.toContain(AD);
  });

  test('an edited pattern ("text"): the card takes the edited words, the evidence stays', async () => {
    const h = home();
    const draftId = mine(h).patterns.find((p) => p.id === SR)!.draftId;
    const text = `---\nid: ${draftId}\ntitle: Subword sampling helps across tasks\nclaim: Subword sampling beat the baseline in 5 of 6 runs.\ntags:\n- topic:tokenization\n---\nEdited body.\n`;
    const file = writeDecisions(path.dirname(h), [{ pattern: SR, decision: 'new', text }]);
    const r = await run(['--home', h, 'apply', '--mined', file, '--yes'], { env: ENV });
    expect(r.code).toBe(0);
    const created = /created (\S+)/.exec(r.out)![1];
    const card = parseCardText(fs.readFileSync(path.join(h, created), 'utf8'));
    expect(card.meta).toMatchObject({ title: 'Subword sampling helps across tasks', claim: 'Subword sampling beat the baseline in 5 of 6 runs.', tags: ['topic:tokenization'] });
    expect((card.meta.lineage as unknown[]).length).toBe(5);
    expect(card.body.trim()).toBe('Edited body.');
  });

  test.each([
    [[{ decision: 'new' }], '.jsonl:1: "pattern" is required'],
    [[{ pattern: 'pattern-000000000000', decision: 'new' }], '.jsonl:1: "pattern-000000000000" is not a pattern distill mine finds'],
    [[{ pattern: SR, decision: 'new', run: 'run-1' }], '.jsonl:1: "run" has no meaning for a mined pattern'],
    [[{ pattern: SR, decision: 'keep' }], '.jsonl:1: decision "keep" is not one of'],
    [[{ pattern: SR, decision: 'new' }, { pattern: SR, decision: 'reject' }], `.jsonl:2: pattern ${SR} is decided on line 1 already (one line per pattern)`],
  ])('bad decisions %j: exit 2, one line, nothing written', async (rows, message) => {
    const h = home();
    const before = snapshot(h);
    const file = writeDecisions(path.dirname(h), rows);
    const r = await run(['--home', h, 'apply', '--mined', file, '--yes'], { env: ENV });
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(diffSnapshots(before, snapshot(h))).toEqual([]);
  });

  test('apply takes --mined or --quirks, and no quest with them', async () => {
    const h = home();
    const file = writeDecisions(path.dirname(h), [{ pattern: SR, decision: 'new' }]);
    expect((await run(['--home', h, 'apply', 'xsum-summ', '--mined', file], { env: ENV })).err).toContain('apply --mined <decisions> takes no quest');
    expect((await run(['--home', h, 'apply', '--mined', file, '--quirks', file], { env: ENV })).err).toContain('apply takes --quirks or --mined, not both');
  });
});

describe('closing a row of the review (a kind of factor)', () => {
  test('rejects its undecided patterns with the reason; a deferred one stays deferred; other kinds untouched', () => {
    const h = home();
    const source = loadMinedPlanSource(h, openStoreSync(h, { env: { DISTILL_CACHE_DIR: path.join(path.dirname(h), 'cache') } }));
    const sr = source.drafts.find((d) => d.id.startsWith(`${SR}:`))!;
    const plan = planReview(source, [
      { draftId: sr.id, decision: 'defer', reason: '', neighbors: [] },
      { draftId: 'run:mechanism_family', decision: 'reject', reason: 'families are too coarse', neighbors: [] },
    ], { reviewer: 'alice', env: { DISTILL_NOW: NOW } });
    expect(plan.deferred).toEqual([sr.id]);
    expect(plan.reviewedEntries.map((e) => [e.draft_id.split(':')[0], e.decision])).toEqual([[AD, 'reject'], ['pattern-7cd18e35b88f', 'reject']]);
    expect(plan.record!.drafts.every((d) => d.reason === 'families are too coarse')).toBe(true);
    expect(plan.questRoot).toBeNull();
    expect(plan.decision).toBeNull();
    expect(() => planReview(source, [{ draftId: 'run:tier', decision: 'reject', reason: '', neighbors: [] }], { reviewer: 'alice', env: {} })).toThrow(
      'tier: not a kind of factor (mechanism_family, change_layer, strategy, failure_kind)',
    );
  });
});

describe('a quest that cannot be read', () => {
  test('is a warning and the others are mined', async () => {
    const h = home();
    fs.writeFileSync(path.join(h, 'quests', 'xsum-summ', 'quest.yaml'), 'title: [unclosed\n');
    const r = await run(['--home', h, 'mine', '--json'], { env: ENV });
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^warning: .*quests\/xsum-summ: .*quest.yaml: YAML error: .*; quest skipped\n$/);
    expect(JSON.parse(r.out).funnel.quests).toBe(5);
  });
});

describe('a rejected pattern comes back when its evidence grows', () => {
  const p = mine(path.join(path.dirname(__dirname), 'fixtures', 'mine-home')).patterns.find((x) => x.id === AD)!;
  const rejected = (support: number, quests: string[]): MinedLedgerEntry => ({
    draft_id: `${AD}:00000000`, quest_id: ':mined', review_id: 'decision-00000000', decision: 'reject', at: NOW,
    pattern_id: AD, key: p.key, support, quests, episodes: [],
  });
  test('suppressed with the same evidence or one more run; proposed with two more runs or a new quest', () => {
    expect(stateOf(p, rejected(5, p.quests))).toBe('suppressed');
    expect(stateOf(p, rejected(4, p.quests))).toBe('suppressed');
    expect(stateOf(p, rejected(3, p.quests))).toBe('proposed');
    expect(stateOf(p, rejected(5, p.quests.slice(1)))).toBe('proposed');
    expect(stateOf(p, { ...rejected(5, p.quests), decision: 'new' })).toBe('decided');
    expect(stateOf(p, undefined)).toBe('proposed');
  });
});
