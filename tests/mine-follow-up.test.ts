// A mined pattern a card was written from comes back, as a patch of that card, when comparable runs the reviewer did
// not see arrive (grown), flagged when the card's claim no longer passes the consistency gate (turned); never on a
// re-mine without new runs. On copies of fixtures/mine-home with runs added (tests/helpers/mine-runs.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { evidenceChart, mine } from '../src/core/index.js';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { experienceProblems } from '../src/core/review/invariants.js';
import { copyFixture, run, tempDirs } from './helpers/home.js';
import { addRun } from './helpers/mine-runs.js';
import { writeDecisions } from './helpers/write-home.js';

const ENV = { HOME: os.tmpdir(), DISTILL_NOW: '2026-06-01T12:00:00+00:00', DISTILL_REVIEWER: 'alice' };
const SR = 'pattern-8cca5911f721'; // subword regularization: wins 5 of 6
const AD = 'pattern-864fcb1d1ce1'; // adapter tuning: losses 4 of 5
const ADAPTER_CARD = 'knowledge-1190cc07';
const ADAPTER_FILE = 'memory/knowledge/adapters-rarely-beat-full-fine-tuning-when-the-target-domain-is-narrow.md';
const dirs = tempDirs();

function home(): string {
  const h = copyFixture('mine-home');
  dirs.push(path.dirname(h));
  return h;
}

async function apply(h: string, rows: unknown[], now = ENV.DISTILL_NOW) {
  const r = await run(['--home', h, 'apply', '--mined', writeDecisions(path.dirname(h), rows), '--yes'], { env: { ...ENV, DISTILL_NOW: now } });
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return r;
}

const find = (h: string, id: string) => mine(h, { all: true }).patterns.find((p) => p.id === id)!;
const ledger = (h: string) => fs.readFileSync(path.join(h, '.distill', 'reviewed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

describe('an accepted pattern whose evidence grows', () => {
  test('is decided until a new run arrives, then proposed as a patch of its card with only the new run; patched, it settles again', async () => {
    const h = home();
    const r = await apply(h, [{ pattern: SR, decision: 'new', reason: 'recurs' }]);
    const cardFile = /created (\S+)/.exec(r.out)![1];
    const cardId = parseCardText(fs.readFileSync(path.join(h, cardFile), 'utf8')).meta.id as string;
    // The ledger holds what a follow-up needs: the card, the outcome and consistency claimed, the episodes seen.
    expect(ledger(h)[0]).toMatchObject({ pattern_id: SR, card_id: cardId, outcome: 'win', consistency: 0.833, support: 6 });
    // Mined again and again with nothing new: not proposed (no re-proposal on every load).
    for (let i = 0; i < 2; i++) expect(find(h, SR)).toMatchObject({ state: 'decided', followUp: null });

    addRun(h, 'iwslt-de-en', 'mt-001', 'mt-009', true);
    const p = find(h, SR);
    expect(p.state).toBe('proposed');
    expect(p.followUp).toMatchObject({ cardId, turned: false, seen: { support: 6, consistency: 0.833 } });
    expect(p.followUp!.newEvidence.map((e) => `${e.questId}/${e.runId}`)).toEqual(['iwslt-de-en/mt-009']);
    expect(p.support).toBe(7);
    expect(p.body).toContain(`written into ${cardId}`);
    expect(p.body).toContain('## New runs that agree\n- iwslt-de-en / mt-009');
    expect(p.body).not.toContain('mt-001'); // the runs already on the card are not repeated
    const json = JSON.parse((await run(['--home', h, 'mine', '--json'], { env: ENV })).out);
    expect(json.funnel).toMatchObject({ proposed: 4, decided: 0, follow_ups: 1 });
    expect(json.patterns.find((x: { id: string }) => x.id === SR).follow_up).toMatchObject({ card_id: cardId, turned: false, seen_support: 6 });
    const text = (await run(['--home', h, 'mine'], { env: ENV })).out;
    expect(text).toContain(`${SR}  win  6/7  4 quests  [follow-up: patch ${cardId}, 1 new run]`);

    // "patch" with no neighbor patches the card it was written into, appending only the new run to its lineage.
    await apply(h, [{ pattern: SR, decision: 'patch', reason: 'one more run' }], '2026-07-02T00:00:00+00:00');
    const card = parseCardText(fs.readFileSync(path.join(h, cardFile), 'utf8'));
    const lineage = card.meta.lineage as { quest: string; note: string }[];
    expect(lineage).toHaveLength(6);
    expect(lineage.at(-1)!.note).toMatch(/^mt-009: win, bleu /);
    expect(card.meta.occurrences).toBe(2);
    expect(card.body).toContain(`Patch (mined/${SR}): Follow-up of ${SR}`);
    expect(experienceProblems(card.meta)).toEqual([]);
    expect(find(h, SR)).toMatchObject({ state: 'decided', followUp: null });
  });

  test('a rejected follow-up stays quiet until two more runs, then comes back as a follow-up of the same card', async () => {
    const h = home();
    await apply(h, [{ pattern: AD, decision: 'patch', neighbor: ADAPTER_CARD }]);
    addRun(h, 'pubmed-lm', 'main-002', 'main-010', false);
    const first = find(h, AD);
    expect(first.followUp).toMatchObject({ cardId: ADAPTER_CARD, turned: false });
    await apply(h, [{ pattern: AD, decision: 'reject', reason: 'one run says nothing' }], '2026-07-02T00:00:00+00:00');
    expect(find(h, AD).state).toBe('suppressed');
    addRun(h, 'pubmed-lm', 'main-002', 'main-011', false);
    expect(find(h, AD).state).toBe('suppressed');
    addRun(h, 'pubmed-lm', 'main-002', 'main-012', false);
    const back = find(h, AD);
    expect(back.state).toBe('proposed');
    expect(back.followUp!.cardId).toBe(ADAPTER_CARD);
    expect(back.followUp!.newEvidence.map((e) => e.runId)).toEqual(['main-011', 'main-012']);
  });
});

describe('an accepted pattern whose runs turn', () => {
  test('below the consistency gate it is still mined against the claim, proposed as a turned patch of its card', async () => {
    const h = home();
    await apply(h, [{ pattern: AD, decision: 'patch', neighbor: ADAPTER_CARD, reason: 'same finding' }]);
    // Adapter tuning now wins three times: 4 losses of 8, below 75 %. A fresh mine would not propose it at all.
    addRun(h, 'pubmed-lm', 'main-002', 'main-020', true);
    addRun(h, 'wnut-ner', 'wnut-ad-a', 'wnut-ad-x', true);
    addRun(h, 'conll-ner-1k', 'main-003', 'main-030', true);
    const p = find(h, AD);
    expect(p).toMatchObject({ state: 'proposed', outcome: 'loss', support: 8, consistency: 0.5 });
    expect(p.followUp).toMatchObject({ cardId: ADAPTER_CARD, turned: true });
    expect(p.body).toContain('Turned: the claim now holds in 4 of 8 comparable runs (50 %), below the 75 % gate.');
    expect(p.body).toContain('## New runs that disagree');
    const chart = evidenceChart(p, 80);
    expect(chart[0].text).toBe('Evidence: 4 wins, 4 losses, 3 new since the card was written; better → right');
    expect(chart.filter((l) => l.text.endsWith(' new')).map((l) => l.text.trim().split(/\s+/)[1]).sort()).toEqual(['main-020', 'main-030', 'wnut-ad-x']);
    for (const l of chart) expect(Array.from(l.text).length).toBeLessThanOrEqual(80);
    const text = (await run(['--home', h, 'mine'], { env: ENV })).out;
    expect(text).toContain(`${AD}  loss  4/8  3 quests  [turned: patch ${ADAPTER_CARD}, 3 new runs]`);
    // A home without the decision does not propose adapter tuning: the gates alone drop it.
    fs.rmSync(path.join(h, '.distill', 'reviewed.jsonl'));
    expect(mine(h).patterns.map((x) => x.id)).not.toContain(AD);
  });

  test('a ledger written before follow-ups (no card_id, no outcome) finds the card in the review record', async () => {
    const h = home();
    await apply(h, [{ pattern: AD, decision: 'patch', neighbor: ADAPTER_CARD }]);
    const file = path.join(h, '.distill', 'reviewed.jsonl');
    const rows = ledger(h).map(({ card_id: _c, outcome: _o, consistency: _x, ...rest }) => rest);
    fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect(find(h, AD).state).toBe('decided');
    addRun(h, 'pubmed-lm', 'main-002', 'main-020', true);
    addRun(h, 'wnut-ner', 'wnut-ad-a', 'wnut-ad-x', true);
    addRun(h, 'conll-ner-1k', 'main-003', 'main-030', true);
    expect(find(h, AD)).toMatchObject({ outcome: 'loss', followUp: { cardId: ADAPTER_CARD, turned: true } });
    // Patched as a follow-up, the card gets the three new runs, not the four it has.
    await apply(h, [{ pattern: AD, decision: 'patch', reason: 'turned' }], '2026-07-02T00:00:00+00:00');
    const card = parseCardText(fs.readFileSync(path.join(h, ADAPTER_FILE), 'utf8'));
    expect((card.meta.lineage as unknown[]).length).toBe(7);
    expect(card.meta.occurrences).toBe(3);
  });
});
