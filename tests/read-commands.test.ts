import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { copyFixture, run, snapshot } from './helpers/home.js';

describe('distill drafts', () => {
  test('every source: PR #60 drafts, unpromoted quest knowledge, auto cards; promoted ones and non-cards left out', async () => {
    const home = copyFixture('edge-home');
    const r = await run(['--home', home, 'drafts', 'drafts', '--json']);
    expect(r.code).toBe(0);
    const drafts = JSON.parse(r.out).drafts as { id: string; source: string; run_ids: string[]; needs_edit: boolean; claim: string | null }[];
    const rows = drafts.map((d) => `${d.id} ${d.source} ${d.run_ids.join(',') || '-'} ${d.needs_edit}`);
    expect(rows).toEqual([
      'draft:drafts/cmp-7__slice-b pr60_draft run-0000d002 true', // file name <campaign>__<slice> = run_id cmp-7:slice-b
      'draft:drafts/main-001 pr60_draft run-0000d001 false', // lineage run = artifact id
      'episode-0000d0e1 auto_card - false', // source: auto, quest-level
      'knowledge-0000d0k1 quest_knowledge run-0000d001 false', // lineage run = run_id main-001
      'knowledge-0000d0g4 auto_card - false', // a global status: draft card naming the quest
    ]);
    // already-promoted (same id) and promoted-by-path (promoted_from) are held globally; active-user-requirements has no frontmatter
    expect(r.out).not.toMatch(/knowledge-0000d0k2|knowledge-0000d0k3|active-user-requirements|notes/);
  });

  test('drafts in the reviewed ledger are not listed again; a revert re-opens them', async () => {
    const home = copyFixture('edge-home');
    const ledger = path.join(home, '.distill', 'reviewed.jsonl');
    fs.mkdirSync(path.dirname(ledger), { recursive: true });
    fs.writeFileSync(ledger, JSON.stringify({ draft_id: 'draft:drafts/main-001', quest_id: 'drafts', review_id: 'r1', decision: 'reject', at: 'x' }) + '\n');
    let ids = JSON.parse((await run(['--home', home, 'drafts', 'drafts', '--json'])).out).drafts.map((d: { id: string }) => d.id);
    expect(ids).not.toContain('draft:drafts/main-001');
    fs.appendFileSync(ledger, JSON.stringify({ draft_id: 'draft:drafts/main-001', quest_id: 'drafts', review_id: 'r1', decision: 'reverted', at: 'y' }) + '\n');
    ids = JSON.parse((await run(['--home', home, 'drafts', 'drafts', '--json'])).out).drafts.map((d: { id: string }) => d.id);
    expect(ids).toContain('draft:drafts/main-001');
  });

  test('the demo home offers four drafts for run-a400216f, one needing an edit', async () => {
    const home = copyFixture('demo-home');
    const r = await run(['--home', home, 'drafts', '001']);
    expect(r.out.split('\n')[0]).toBe('quest 001: 4 drafts');
    expect(r.out).toContain('draft:001/main-001__seed-noise  (distill draft, run-a400216f)  Single-seed gain of 0.021 F1 on CoNLL-1k  [claim needs editing]');
  });
});

describe('distill recall', () => {
  test('ranks by tag-overlap count, then updated_at desc; --kind and --limit', async () => {
    const home = copyFixture('ds-sample');
    const r = await run(['--home', home, 'recall', '--tags', 'domain:nlp,task:ner,topic:peft', '--json']);
    const cards = JSON.parse(r.out).cards as { card_id: string; overlap: number; updated_at: string }[];
    expect(cards.slice(0, 2).map((c) => c.card_id)).toEqual(['knowledge-edbc526f', 'episode-f77ac9e3']);
    for (let i = 1; i < cards.length; i++) {
      const [a, b] = [cards[i - 1], cards[i]];
      expect(a.overlap > b.overlap || (a.overlap === b.overlap && a.updated_at >= b.updated_at)).toBe(true);
    }
    expect(cards.map((c) => c.overlap)).toEqual([3, 2, 2, 2, 2, 1, 1, 1, 1, 1]);
    const papers = JSON.parse((await run(['--home', home, 'recall', '--tags', 'topic:peft', '--kind', 'paper', '--json'])).out);
    expect(papers.cards.map((c: { card_id: string }) => c.card_id)).toEqual(['paper-9f6a4747']);
    const two = JSON.parse((await run(['--home', home, 'recall', '--tags', 'domain:nlp', '--limit', '2', '--json'])).out);
    expect(two.cards).toHaveLength(2);
  });

  test('no tags means most recent first; tags match exactly (case matters)', async () => {
    const home = copyFixture('ds-sample');
    const recent = JSON.parse((await run(['--home', home, 'recall', '--limit', '3', '--json'])).out);
    expect(recent.cards.map((c: { card_id: string }) => c.card_id)).toEqual(['knowledge-ac553f60', 'knowledge-37199b1a', 'knowledge-edbc526f']);
    const upper = await run(['--home', home, 'recall', '--tags', 'Domain:NLP']);
    expect(upper.out).toBe('no cards match\n');
  });

  test('an unquoted hand-written timestamp still sorts by time; ignored cards never show', async () => {
    const home = copyFixture('edge-home');
    const cards = JSON.parse((await run(['--home', home, 'recall', '--tags', 'topic:calibration', '--json'])).out).cards;
    expect(cards[0]).toMatchObject({ card_id: 'knowledge-0000e001', updated_at: '2026-06-08T00:00:00+00:00' });
    const file = path.join(home, 'memory', 'knowledge', 'good-card.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('scope: global\n', 'scope: global\nignored: true\n'));
    const after = JSON.parse((await run(['--home', home, 'recall', '--tags', 'topic:calibration', '--json'])).out).cards;
    expect(after.map((c: { card_id: string }) => c.card_id)).not.toContain('knowledge-0000e001');
  });

  test('--checklist prints a block to paste into an agent prompt', async () => {
    const home = copyFixture('ds-sample');
    const r = await run(['--home', home, 'recall', '--tags', 'topic:calibration,task:open-qa', '--kind', 'knowledge', '--checklist']);
    expect(r.out).toBe(
      [
        '## What we already know (distill recall, tags topic:calibration, task:open-qa)',
        '',
        '- [ ] Temperature scaling fixes in-domain reader overconfidence (knowledge-ac553f60; tags: topic:calibration, task:open-qa)',
        '- [ ] A retrieval-entropy-conditioned temperature fitted on one corpus over-corrects on another because entropy scale is corpus-specific. (knowledge-37199b1a; tags: topic:calibration, task:open-qa)',
        '',
        'Check each lesson against the plan before starting; say which ones you relied on.',
        '',
      ].join('\n'),
    );
  });

  test('--scope quest and both read the quest memory too', async () => {
    const home = copyFixture('ds-sample');
    const quest = JSON.parse((await run(['--home', home, 'recall', '--scope', 'quest', '--quest', '001', '--json'])).out);
    expect(quest.cards.map((c: { scope: string }) => c.scope)).toEqual(['quest', 'quest', 'quest']);
    const both = JSON.parse((await run(['--home', home, 'recall', '--scope', 'both', '--quest', '001', '--tags', 'task:ner', '--json'])).out);
    expect(new Set(both.cards.map((c: { scope: string }) => c.scope))).toEqual(new Set(['quest', 'global']));
  });
});

describe('card files that readers meet', () => {
  test('BOM, CRLF, empty, non-UTF-8, YAML error, ---js and --- in a value: warnings naming the file, no crash', async () => {
    const home = copyFixture('edge-home');
    try {
      fs.rmSync('/tmp/distill-pwned', { force: true });
    } catch {
      /* fine */
    }
    const r = await run(['--home', home, 'recall', '--json', '--limit', '50']);
    expect(r.code).toBe(0);
    const k = (name: string) => path.join(home, 'memory', 'knowledge', name);
    expect(r.err).toContain(`warning: ${k('bom-card.md')}: starts with a UTF-8 byte-order mark`);
    // DeepScientist reads a CRLF card's frontmatter (read_text's universal newlines): no warning, and it is listed.
    expect(r.err).not.toContain(k('crlf-card.md'));
    expect(r.err).toContain(`warning: ${k('empty-card.md')}: empty file`);
    expect(r.err).toContain(`warning: ${k('latin1-card.md')}: not valid UTF-8; skipped`);
    expect(r.err).toMatch(new RegExp(`warning: ${k('yaml-error-card.md')}: YAML error in frontmatter: .*; skipped`));
    expect(r.err).toContain(`warning: ${k('js-card.md')}: frontmatter language "js" is not supported`);
    expect(r.err).toContain(`warning: ${k('dashes-in-value.md')}: a "---" inside a frontmatter value`);
    expect(fs.existsSync('/tmp/distill-pwned')).toBe(false);
    const ids = JSON.parse(r.out).cards.map((c: { card_id: string | null; title: string }) => c.card_id ?? `(${c.title})`);
    expect(ids).toEqual(expect.arrayContaining(['knowledge-0000e002', 'knowledge-0000e003' /* the CRLF card */, 'knowledge-0000e008', '(no-frontmatter)', '(js-card)']));
    expect(ids).not.toContain('knowledge-0000e005');
    expect(ids).not.toContain('knowledge-tmp');
  });
});

describe('distill validate', () => {
  test('the sample home is valid', async () => {
    const r = await run(['--home', copyFixture('ds-sample'), 'validate']);
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toBe('checked 17 cards and 0 distill_review decisions: no violations\n');
  });

  test('names file and field for each contract violation; exit 1', async () => {
    const home = copyFixture('ds-sample');
    const root = path.join(home, 'quests', '001');
    const file = path.join(root, 'artifacts', 'decisions', 'decision-0000bad1.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify({
        kind: 'decision', artifact_id: 'decision-0000bad1', action: 'distill_review', verdict: 'covered', reason: 'x',
        reviewed_run_ids: ['run-a400216f', 'main-002'],
        cards_written: [{ card_id: 'knowledge-1', scope: 'galaxy', action: 'merge', target_run_id: 'run-ffffffff' }],
        neighbor_decisions: [{ candidate_card_id: 'knowledge-2', decision: 'maybe', target_run_id: 'run-a400216f' }],
      }),
    );
    fs.appendFileSync(path.join(root, 'artifacts', '_index.jsonl'), JSON.stringify({ artifact_id: 'decision-0000bad1', kind: 'decision', status: 'pending', quest_id: '001', path: file, summary: null, updated_at: 'x' }) + '\n');
    const card = path.join(home, 'memory', 'knowledge', 'bad-experience.md');
    fs.writeFileSync(card, "---\nsubtype: experience\nclaim: ''\nlineage:\n- quest: '001'\n  run: ''\nid: knowledge-0000bad2\ntype: knowledge\nkind: knowledge\ntitle: Bad\nscope: global\n---\nbody\n");
    const r = await run(['--home', home, 'validate']);
    expect(r.code).toBe(1);
    const lines = r.out.trim().split('\n');
    expect(lines).toEqual([
      `${card}: claim: must be a non-empty string`,
      `${card}: lineage[0].run: must be non-empty`,
      `${file}: reviewed_run_ids[1]: main-002 is not a run artifact_id of this quest`,
      `${file}: cards_written[0].action: must be one of new, patch`,
      `${file}: cards_written[0].scope: must be one of global, quest`,
      `${file}: cards_written[0].target_run_id: must be one of reviewed_run_ids`,
      `${file}: neighbor_decisions[0].decision: must be one of patch, new, neighbor_but_separate`,
      `${file}: neighbor_decisions[0].reason: must be non-empty`,
      'checked 18 cards and 1 distill_review decision: 8 violations',
    ]);
    const single = await run(['--home', home, 'validate', file, '--json']);
    expect(single.code).toBe(1);
    expect(JSON.parse(single.out)).toMatchObject({ checked: { cards: 0, decisions: 1 }, ok: false });
    const emptyCards = await run(['--home', home, 'validate', card]);
    expect(emptyCards.code).toBe(1);
  });

  test('cards_written empty without reason_if_empty; an unparseable card is a violation', async () => {
    const home = copyFixture('edge-home');
    const file = path.join(home, 'quests', 'cov', 'artifacts', 'decisions', 'decision-0000c0d1.json');
    const record = JSON.parse(fs.readFileSync(file, 'utf8'));
    delete record.reason_if_empty;
    fs.writeFileSync(file, JSON.stringify(record, null, 2));
    const r = await run(['--home', home, 'validate', '--json']);
    const v = JSON.parse(r.out).violations as { file: string; field: string }[];
    expect(v).toContainEqual(expect.objectContaining({ file, field: 'reason_if_empty' }));
    expect(v).toContainEqual(expect.objectContaining({ field: 'frontmatter', file: path.join(home, 'memory', 'knowledge', 'yaml-error-card.md') }));
    expect(r.code).toBe(1);
  });
});

describe('read-only commands change nothing', () => {
  test.each(['ds-sample', 'demo-home', 'edge-home'])('no byte of %s changes', async (fixture) => {
    const home = copyFixture(fixture);
    const before = snapshot(home);
    const quests = fs.readdirSync(path.join(home, 'quests'));
    for (const q of quests) {
      for (const argv of [['candidates', q, '--all'], ['candidates', q, '--json'], ['gate', q], ['gate', q, '--json'], ['drafts', q], ['drafts', q, '--json']]) {
        await run(['--home', home, ...argv]);
      }
    }
    for (const argv of [['recall'], ['recall', '--tags', 'domain:nlp', '--json'], ['recall', '--checklist'], ['validate'], ['validate', '--json']]) {
      await run(['--home', home, ...argv]);
    }
    expect(snapshot(home)).toEqual(before);
  });
});
