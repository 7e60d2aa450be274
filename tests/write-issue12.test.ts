// Issue 12, core write path: `s` relates only the chosen neighbor (3), new cards carry every draft field (6), patches
// mirror PR #60's checks (7), CRLF cards are patched keeping CRLF (10), one reviewer rule (12), edited draft text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDraftText, titleFromClaim } from '../src/core/quest/drafts.js';
import { parseCardText } from '../src/core/format/frontmatter.js';
import { resolveQuest } from '../src/core/quest/home.js';
import { reviewerName } from '../src/core/review/reviewer.js';
import { createCoreFacade } from '../src/ui/review/core-facade.js';
import { stageDecision } from '../src/ui/review/decisions.js';
import { CARD, D, NOW, RUN, diffSnapshots, makeHome, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const KN = 'memory/knowledge';
const CLOSE = { run: RUN, decision: 'reject', reason: 'the rest is noise' };

function apply(home: string, rows: unknown[], ...flags: string[]) {
  return runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), rows), ...flags]);
}

function newCards(home: string, before: Map<string, string>): { file: string; text: string }[] {
  return diffSnapshots(before, snapshot(home))
    .filter((c) => c.startsWith(`+ ${KN}/`) && c.endsWith('.md'))
    .map((c) => ({ file: c.slice(2), text: fs.readFileSync(path.join(home, c.slice(2)), 'utf8') }));
}

function draftFile(home: string, name: string): string {
  return path.join(home, 'drafts/experiences/001', name);
}

describe('s relates the new card to the chosen neighbor only (item 3)', () => {
  it('the other neighbors looked at are recorded as PR #60 `new`, "looked at, not related"', async () => {
    const home = makeHome();
    const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env: { DISTILL_NOW: NOW, DISTILL_REVIEWER: 'carol' } });
    const item = facade.load().drafts.find((d) => d.id === D.bottleneck)!;
    const neighbors = facade.neighbors(item);
    expect(neighbors.length).toBeGreaterThan(1);
    const target = neighbors[1];
    const staged = [
      stageDecision(item, 'neighbor_but_separate', undefined, neighbors, target),
      { draftId: `run:${RUN}`, decision: 'reject' as const, reason: 'rest is noise', neighbors: [] },
    ];
    const before = snapshot(home);
    const result = await facade.write(staged);
    expect(result.reviewId).toMatch(/^decision-/);
    const [card] = newCards(home, before);
    expect(parseCardText(card.text).meta.related).toEqual([target.cardId]);
    const decision = JSON.parse(fs.readFileSync(result.files.find((f) => f.includes('/decisions/'))!, 'utf8'));
    for (const n of neighbors) {
      const entry = decision.neighbor_decisions.find((e: { candidate_card_id: string }) => e.candidate_card_id === n.cardId);
      expect(entry.decision).toBe(n.cardId === target.cardId ? 'neighbor_but_separate' : 'new');
      if (n.cardId !== target.cardId) expect(entry.reason).toBe('looked at, not related');
    }
    expect(decision.source.name).toBe('carol');
  });
});

describe('new cards keep what the draft says (item 6)', () => {
  it('conditions as a list become tags and stay, a float stays a float, a long claim gives a title cut at a word', async () => {
    const home = makeHome();
    const claim =
      'Freezing the retriever for the first two epochs of joint training locks in the retriever\'s early mistakes and costs 2 EM on NQ.';
    fs.writeFileSync(draftFile(home, 'main-001__freeze.md'), `---
subtype: experience
claim: "${claim}"
mechanism: "Early gradients from a weak reader reinforce the retriever's first guesses."
conditions:
  - "task:open-qa"
  - "method:joint-training"
confidence: 1.0
lineage:
  - quest: 001
    run: run-a400216f
    direction: main
    note: "joint training ablation"
---
Evidence: two seeds, both lose 2 EM.
`);
    const before = snapshot(home);
    const plan = await apply(home, [{ draft: 'main-001__freeze.md', decision: 'new', reason: 'lesson' }]);
    expect(plan.out).not.toContain('warning: no tags');
    const r = await apply(home, [{ draft: 'main-001__freeze.md', decision: 'new', reason: 'lesson' }, { ...CLOSE }], '--yes');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const [card] = newCards(home, before);
    const meta = parseCardText(card.text).meta;
    expect(meta.conditions).toEqual(['task:open-qa', 'method:joint-training']);
    expect(meta.tags).toEqual(['task:open-qa', 'method:joint-training']);
    expect(meta.mechanism).toBe("Early gradients from a weak reader reinforce the retriever's first guesses.");
    expect(card.text).toContain('\nconfidence: 1.0\n');
    expect(meta.title).toBe(titleFromClaim(claim));
    expect(meta.title).toBe('Freezing the retriever for the first two epochs of joint training locks in the…');
  });

  it('the plan warns about a card that would have no tags', async () => {
    const home = makeHome();
    fs.writeFileSync(draftFile(home, 'main-001__bare.md'), `---
claim: A bare lesson with nothing to find it by.
lineage:
  - quest: 001
    run: run-a400216f
---
Body.
`);
    const plan = await apply(home, [{ draft: 'main-001__bare.md', decision: 'new', reason: 'x' }]);
    expect(plan.out).toContain('warning: no tags (and no conditions): recall by tag will never find this card');
  });

  it('titleFromClaim never cuts a word', () => {
    expect(titleFromClaim('short claim')).toBe('short claim');
    const t = titleFromClaim('a'.repeat(10) + ' ' + 'word '.repeat(30));
    expect(t.length).toBeLessThanOrEqual(81);
    expect(t).toMatch(/ word…$/);
  });
});

describe('patches PR #60 would refuse are refused (item 7)', () => {
  it('a cross-quest patch of a card without a claim is refused with the reason and the alternative', async () => {
    const home = makeHome();
    const before = snapshot(home);
    const r = await apply(home, [{ draft: D.lora, decision: 'patch', neighbor: CARD.temperature, reason: 'same' }, CLOSE], '--yes');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^distill: patch of knowledge-ac553f60 \(.*\) refused: the patched card would fail PR #60's validate_experience_metadata \(claim must be a non-empty string\); a cross-quest patch may not add a claim \(it is locked\); use s \(neighbor_but_separate\) to write a new card related to it\n$/);
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
  });

  it('a same-quest patch of a claimless card gives it its title as claim, so the result passes validate', async () => {
    const home = makeHome();
    const r = await apply(home, [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same' }, CLOSE], '--yes');
    expect(r.code).toBe(0);
    const text = fs.readFileSync(path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md'), 'utf8');
    expect(parseCardText(text).meta.claim).toBe('Warmup ratio matters more than peak LR for adapters');
    const v = await runInProcess(['--home', home, 'validate']);
    expect(v.out).not.toContain('warmup-ratio-matters');
  });

  it('distill validate flags a lineage card whose claim PR #60 reads as empty', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'zero-claim.md');
    fs.writeFileSync(file, `---
id: knowledge-0000zero
type: knowledge
kind: knowledge
title: Zero
subtype: experience
claim: 0
lineage:
- quest: 001
  run: run-a400216f
scope: global
---
Body.
`);
    const v = await runInProcess(['--home', home, 'validate']);
    expect(v.code).toBe(1);
    expect(v.out).toContain(`${file}: claim: must be a non-empty string`);
  });
});

describe('CRLF cards (item 10)', () => {
  it('are patched, keeping CRLF line endings', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));
    const r = await apply(home, [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'same' }, CLOSE], '--yes');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const text = fs.readFileSync(file, 'utf8');
    expect(text.split('\r\n').length).toBeGreaterThan(10);
    expect(/(^|[^\r])\n/.test(text)).toBe(false);
    const meta = parseCardText(text).meta;
    expect(meta.occurrences).toBe(2);
    expect(meta.tags).toContain('topic:stability');
  });
});

describe('one reviewer rule (item 12)', () => {
  it('--reviewer, then DISTILL_REVIEWER, USER, LOGNAME, the OS account, else unknown', () => {
    expect(reviewerName(' dana ', { DISTILL_REVIEWER: 'x', USER: 'y' })).toBe('dana');
    expect(reviewerName(undefined, { DISTILL_REVIEWER: 'x', USER: 'y' })).toBe('x');
    expect(reviewerName(undefined, { DISTILL_REVIEWER: ' ', USER: 'y', LOGNAME: 'z' })).toBe('y');
    expect(reviewerName(undefined, { LOGNAME: 'z' })).toBe('z');
    expect(reviewerName(undefined, {})).not.toBe('distill');
  });

  it('the review facade and apply name the same person', async () => {
    const home = makeHome();
    const env = { DISTILL_NOW: NOW, LOGNAME: 'erin', USER: '' };
    const facade = createCoreFacade({ quest: resolveQuest(home, '001'), env });
    facade.load();
    const p = facade.plan([{ draftId: `run:${RUN}`, decision: 'reject', reason: 'x', neighbors: [] }]);
    expect(p.reviewer).toBe('erin');
    const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [CLOSE])], { LOGNAME: 'erin', USER: '', DISTILL_REVIEWER: '' });
    expect(r.out).toContain(' by erin ');
  });
});

describe('an edited draft (overrides.text / "text")', () => {
  it('is written from the edited text, and a bad edit is one line naming the draft, exit 2', async () => {
    const home = makeHome();
    const edited = fs.readFileSync(draftFile(home, 'main-001__seed-noise.md'), 'utf8').replace('claim: TODO', 'claim: One seed is not evidence.');
    const before = snapshot(home);
    const bad = await apply(home, [{ draft: D.todo, decision: 'new', reason: 'x', text: '---\nclaim: [unclosed\n---\nbody\n' }, CLOSE], '--yes');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(new RegExp(`^distill: draft ${D.todo} \\(.*main-001__seed-noise.md\\): edited text: .+\\n$`));
    expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    const r = await apply(home, [{ draft: D.todo, decision: 'new', reason: 'x', text: edited }, CLOSE], '--yes');
    expect(r.err).toBe('');
    const [card] = newCards(home, before);
    expect(parseCardText(card.text).meta.claim).toBe('One seed is not evidence.');
  });

  it('checkDraftText reports a YAML error and a placeholder claim', () => {
    expect(checkDraftText('---\nclaim: [x\n---\n')).toMatchObject({ ok: false });
    expect(checkDraftText('---\nclaim: TODO\n---\n')).toEqual({ ok: false, error: 'claim is empty or a TODO placeholder' });
    expect(checkDraftText('---\nclaim: Real.\ntags: [a]\n---\nbody\n')).toMatchObject({ ok: true, claim: 'Real.', tags: ['a'] });
  });
});
