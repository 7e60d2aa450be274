// The write-path audit, bug by bug, as files on disk after a write, or a refusal's exit code, one line and an
// unchanged home: (1) accepting an agent's draft that already is a global card writes it in place, through the
// journal, revertable; (2) a "run" cannot retarget a draft tied to other runs; (3) a patch keeps the card's tags and
// keywords as written, appending only new ones; (4) occurrences is read as a count, never reset, by patch and merge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlanSource, openStoreSync, planReview, resolveQuest } from '../src/core/index.js';
import { planOps } from '../src/core/review/execute.js';
import { occurrencesCount } from '../src/core/review/card-fields.js';
import { copyFixture, run } from './helpers/home.js';
import { CARD, D, RUN, diffSnapshots, makeHome, planFor, runInProcess, snapshot, writeDecisions } from './helpers/write-home.js';

const KN = 'memory/knowledge';
const read = (file: string) => fs.readFileSync(file, 'utf8');
const edit = (file: string, from: string | RegExp, to: string) => {
  const text = read(file);
  const next = text.replace(from, to);
  expect(next, `${file}: ${from} replaced`).not.toBe(text);
  fs.writeFileSync(file, next);
};

async function refused(home: string, args: string[], code: number, message: string) {
  const before = snapshot(home);
  const r = await runInProcess(['--home', home, ...args]);
  expect(r.err).toBe(`distill: ${message}\n`);
  expect(r.code).toBe(code);
  expect(diffSnapshots(before, snapshot(home))).toEqual([]);
}

// ---- 1. accepting an agent's draft that already is a global card ---------------------------------------------------
describe('new on an agent draft that already is a global card (edge-home knowledge-0000d0g4)', () => {
  const AT = '2026-07-01T00:00:00+00:00';
  const rows = [
    { draft: 'knowledge-0000d0g4', decision: 'new', run: 'run-0000d001', reason: 'good lesson' },
    { run: 'run-0000d001', decision: 'reject', reason: 'the other drafts are noise' },
  ];
  const apply = (home: string, ...flags: string[]) =>
    runInProcess(['--home', home, 'apply', 'drafts', writeDecisions(path.dirname(home), rows), ...flags, '--reviewer', 'bob'], { DISTILL_NOW: AT });

  it('writes the card in place: a lineage entry for the run, no status: draft, updated_at; every other byte kept', async () => {
    const home = copyFixture('edge-home');
    const file = path.join(home, KN, 'global-auto-draft.md');
    const original = read(file);
    const plan = await apply(home);
    expect(plan.code).toBe(0);
    // The reviewer sees the card change before confirming.
    expect(plan.out).toContain(`revise ${KN}/global-auto-draft.md  (knowledge-0000d0g4, new: the agent's draft accepted in place, draft knowledge-0000d0g4)`);
    expect(plan.out).toContain('\n-status: draft\n');
    expect(plan.out).toContain('\n+lineage:\n+- quest: drafts\n+  run: run-0000d001\n');
    expect(read(file)).toBe(original);

    const r = await apply(home, '--yes');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`revised ${KN}/global-auto-draft.md`);
    expect(read(file)).toBe(
      original
        .replace('status: draft\n', '')
        .replace("updated_at: '2026-06-07T12:00:00+00:00'", `updated_at: '${AT}'`)
        .replace('scope: global\n', 'scope: global\nlineage:\n- quest: drafts\n  run: run-0000d001\n  direction: main\n  note: Main run.\n'),
    );
    // PR #60's validate_experience_metadata (distill's port) accepts the card, and the decision.
    expect((await runInProcess(['--home', home, 'validate', file])).code).toBe(0);
    expect((await runInProcess(['--home', home, 'validate', path.join(home, 'quests', 'drafts')])).code).toBe(0);
    const id = /(?:review|record) (decision-[0-9a-f]{8})(?= written|$)/m.exec(r.out)![1];
    const record = JSON.parse(read(path.join(home, 'quests', 'drafts', 'artifacts', 'decisions', `${id}.json`)));
    expect(record.cards_written).toEqual([{ card_id: 'knowledge-0000d0g4', scope: 'global', action: 'new', target_run_id: 'run-0000d001' }]);
    expect((await runInProcess(['--home', home, 'drafts', 'drafts', '--json'])).out).not.toContain('knowledge-0000d0g4');

    // distill revert gives the card its exact bytes back, and the draft is a draft again.
    const rv = await runInProcess(['--home', home, 'revert', id], { DISTILL_NOW: AT });
    expect(rv.code).toBe(0);
    expect(rv.out).toContain(`restored ${KN}/global-auto-draft.md`);
    expect(read(file)).toBe(original);
    expect((await runInProcess(['--home', home, 'drafts', 'drafts', '--json'])).out).toContain('knowledge-0000d0g4');
  });

  it('is written through the journal as a replace of the card (its pre-image kept), like a patch', () => {
    const home = copyFixture('edge-home');
    const file = path.join(home, KN, 'global-auto-draft.md');
    const source = loadPlanSource(resolveQuest(home, 'drafts'), openStoreSync(home));
    const plan = planReview(source, [{ draftId: 'knowledge-0000d0g4', decision: 'new', runId: 'run-0000d001', reason: 'x', neighbors: [] }], { reviewer: 'bob', env: { DISTILL_NOW: AT } });
    expect(plan.newCards).toEqual([]);
    expect(plan.patches).toEqual([expect.objectContaining({ path: file, before: read(file), accepted: true })]);
    expect(planOps(plan).filter((op) => op.path === file)).toEqual([{ op: 'replace', path: file, before: read(file), after: plan.patches[0].after }]);
  });

  it('a card without a claim gets its title as claim; its body keeps its bytes (blank lines included)', async () => {
    const home = copyFixture('edge-home');
    const file = path.join(home, KN, 'global-auto-draft.md');
    edit(file, 'claim: Shorter contexts calibrate better.\n', '');
    edit(file, 'Unreviewed.\n', '\nUnreviewed.\n\n\n');
    const original = read(file);
    const r = await apply(home, '--yes');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(read(file)).toBe(
      original
        .replace('status: draft\n', '')
        .replace("updated_at: '2026-06-07T12:00:00+00:00'", `updated_at: '${AT}'`)
        .replace(
          'scope: global\n',
          "scope: global\nlineage:\n- quest: drafts\n  run: run-0000d001\n  direction: main\n  note: Main run.\nclaim: An agent's global draft for quest drafts\n",
        ),
    );
    expect(read(file).endsWith('---\n\nUnreviewed.\n\n\n')).toBe(true);
    expect((await runInProcess(['--home', home, 'validate', file])).code).toBe(0);
  });

  it('a card with neither claim nor title is refused, naming it, nothing written; a "claim" override accepts it', async () => {
    const home = copyFixture('edge-home');
    const file = path.join(home, KN, 'global-auto-draft.md');
    edit(file, 'claim: Shorter contexts calibrate better.\n', '');
    edit(file, "title: An agent's global draft for quest drafts\n", '');
    const decisions = writeDecisions(path.dirname(home), rows);
    await refused(home, ['apply', 'drafts', decisions, '--yes'], 2,
      `draft knowledge-0000d0g4 (${file}): the card has no claim, nor a title to take it from; edit it (e) or give a "claim" override`);
    const withClaim = writeDecisions(path.dirname(home), [{ ...rows[0], claim: 'Shorter contexts calibrate better.' }, rows[1]]);
    const r = await runInProcess(['--home', home, 'apply', 'drafts', withClaim, '--yes'], { DISTILL_NOW: AT });
    expect(r.code).toBe(0);
    expect(read(file)).toContain('\nclaim: Shorter contexts calibrate better.\n');
    expect((await runInProcess(['--home', home, 'validate', file])).code).toBe(0);
  });
});

describe('new on an agent draft that already is a global card: edits and line endings', () => {
  const AT = '2026-07-01T00:00:00+00:00';
  const close = { run: 'run-0000d001', decision: 'reject', reason: 'the rest is noise' };
  const accept = (home: string, extra: Record<string, unknown> = {}) =>
    runInProcess(['--home', home, 'apply', 'drafts', writeDecisions(path.dirname(home), [
      { draft: 'knowledge-0000d0g4', decision: 'new', run: 'run-0000d001', reason: 'x', ...extra }, close,
    ]), '--yes'], { DISTILL_NOW: AT });

  it('the reviewer\'s edit of it ("text") is what is accepted; an edit that changes its id is refused', async () => {
    const home = copyFixture('edge-home');
    const file = path.join(home, KN, 'global-auto-draft.md');
    const original = read(file);
    const bad = original.replace('id: knowledge-0000d0g4', 'id: knowledge-00000bad');
    const decisions = writeDecisions(path.dirname(home), [{ draft: 'knowledge-0000d0g4', decision: 'new', run: 'run-0000d001', reason: 'x', text: bad }, close]);
    await refused(home, ['apply', 'drafts', decisions, '--yes'], 2,
      `accepting knowledge-0000d0g4 (${file}) refused: the edited card says id "knowledge-00000bad"; keep id: knowledge-0000d0g4`);
    const text = original.replace('Shorter contexts calibrate better.', 'Shorter reader contexts calibrate better.');
    const r = await accept(home, { text });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(read(file)).toBe(
      text
        .replace('status: draft\n', '')
        .replace("updated_at: '2026-06-07T12:00:00+00:00'", `updated_at: '${AT}'`)
        .replace('scope: global\n', 'scope: global\nlineage:\n- quest: drafts\n  run: run-0000d001\n  direction: main\n  note: Main run.\n'),
    );
  });

  it('a CRLF card is accepted on its LF form and keeps its CRLF line endings', async () => {
    const home = copyFixture('edge-home');
    const file = path.join(home, KN, 'global-auto-draft.md');
    const original = read(file);
    fs.writeFileSync(file, original.replace(/\n/g, '\r\n'));
    const r = await accept(home);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const after = read(file);
    expect(after).not.toMatch(/[^\r]\n/);
    expect(after.replace(/\r\n/g, '\n')).toContain('scope: global\nlineage:\n- quest: drafts\n  run: run-0000d001\n');
    expect(after).not.toContain('status: draft');
  });
});

// ---- 2. a "run" that is not the draft's ---------------------------------------------------------------------------
/** A second completed main-experiment run in quest 001's worktree, run-bbbb0001 (run_id main-002). */
function addSecondRun(home: string): void {
  const w = path.join(home, 'quests', '001', '.ds', 'worktrees', 'idea-idea-7a9ceaa1', 'artifacts');
  const runRecord = JSON.parse(read(path.join(w, 'runs', `${RUN}.json`)));
  Object.assign(runRecord, { artifact_id: 'run-bbbb0001', id: 'run-bbbb0001', run_id: 'main-002' });
  fs.writeFileSync(path.join(w, 'runs', 'run-bbbb0001.json'), JSON.stringify(runRecord, null, 2));
  const line = read(path.join(w, '_index.jsonl')).split('\n').find((l) => l.includes(`"${RUN}"`))!;
  const entry = JSON.parse(line);
  Object.assign(entry, { artifact_id: 'run-bbbb0001', path: String(entry.path).replace(RUN, 'run-bbbb0001') });
  fs.appendFileSync(path.join(w, '_index.jsonl'), JSON.stringify(entry) + '\n');
}

describe('"run" of a draft tied to other runs', () => {
  const why = `draft ${D.lora}: run run-bbbb0001 is not a run this draft comes from (its run: ${RUN}); leave "run" out or give one of those`;

  it('a decisions-file line retargeting the draft is refused, naming the line, the run given and the draft\'s run', async () => {
    const home = makeHome();
    addSecondRun(home);
    for (const decision of ['new', 'reject', 'patch']) {
      const file = writeDecisions(path.dirname(home), [
        { draft: D.warmup, decision: 'reject', reason: 'fine' },
        { draft: D.lora, decision, reason: 'x', run: 'run-bbbb0001', ...(decision === 'patch' ? { neighbor: CARD.warmup } : {}) },
      ]);
      await refused(home, ['apply', '001', file, '--yes'], 2, `${file}:2: ${why}`);
    }
    // Its own run is fine.
    const own = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft: D.lora, decision: 'new', reason: 'x', run: RUN }]), '--yes']);
    expect(own.err).toBe('');
    expect(own.code).toBe(0);
    const card = read(path.join(home, KN, 'lora-r-8-with-6-warmup-beats-full-fine-tuning-on-conll-1k.md'));
    expect(card).toContain(`  run: ${RUN}\n`);
    expect(card).not.toContain('run-bbbb0001');
  });

  it('the plan refuses it too (a staged TUI decision carries its run)', () => {
    const home = makeHome();
    addSecondRun(home);
    expect(() => planFor(home, [{ draftId: D.lora, decision: 'new', reason: 'x', neighbors: [], runId: 'run-bbbb0001' }])).toThrow(why);
    expect(planFor(home, [{ draftId: D.lora, decision: 'new', reason: 'x', neighbors: [], runId: RUN }]).status).toBe('ready');
  });
});

// ---- 3. tags and keywords kept as written ---------------------------------------------------------------------------
describe('a patch keeps the card\'s own tags and keywords byte for byte, appending only new ones', () => {
  const patch = (home: string, draft: string, neighbor: string) =>
    runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft, decision: 'patch', neighbor, reason: 'x' }]), '--yes']);

  it('cross-quest (lineage names rag-calib): `- 2024`, `- \' b\'` and a duplicate stay; the draft\'s new tags are appended', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'retrieval-entropy-temperature-does-not-transfer-across-corpora.md');
    edit(file, '- topic:transfer\n', "- topic:transfer\n- 2024\n- ' b'\n- topic:calibration\n- domain:nlp\n");
    edit(file, '- transfer\n', '- transfer\n- 7\n- Lora\n');
    const tags = "tags:\n- domain:nlp\n- task:open-qa\n- topic:calibration\n- topic:transfer\n- 2024\n- ' b'\n- topic:calibration\n- domain:nlp\n";
    const keywords = 'keywords:\n- temperature scaling\n- retrieval entropy\n- transfer\n- 7\n- Lora\n';
    expect(read(file)).toContain(tags);
    expect(read(file)).toContain(keywords);
    const r = await patch(home, D.lora, 'knowledge-37199b1a');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const after = read(file);
    // D.lora's tags: domain:nlp (held), task:ner, method:lora; keywords: lora (Lora is another), warmup.
    expect(after).toContain(`${tags}- task:ner\n- method:lora\ncreated_at:`);
    expect(after).toContain(`${keywords}- lora\n- warmup\nlineage:`);
  });

  it('same-quest: the list is not normalized either', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    edit(file, '- topic:optimization\n', "- topic:optimization\n- 2024\n- ' b'\n- topic:peft\n");
    const tags = "tags:\n- domain:nlp\n- topic:peft\n- topic:optimization\n- 2024\n- ' b'\n- topic:peft\n";
    const r = await patch(home, D.warmup, CARD.warmup);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // D.warmup's tags: domain:nlp, topic:peft (held), topic:stability (new).
    expect(read(file)).toContain(`${tags}- topic:stability\ncreated_at:`);
  });

  it('tags that are not a list are refused, not dropped', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    edit(file, /tags:\n(- .*\n)+/, 'tags: domain:nlp\n');
    const decisions = writeDecisions(path.dirname(home), [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'x' }]);
    await refused(home, ['apply', '001', decisions, '--yes'], 2,
      `patch of ${CARD.warmup} refused: ${file}: tags is not a list ("domain:nlp"); make it a YAML list by hand, then try again`);
  });
});

// ---- 4. occurrences read as a count ---------------------------------------------------------------------------------
describe('occurrences is read as a count, never reset', () => {
  it('occurrencesCount reads what Python\'s int() reads of a count; nothing else', () => {
    for (const [value, n] of [[undefined, 1], [null, 1], [0, 0], [3, 3], [3.0, 3], ['3', 3], [' +3 ', 3], ['1_000', 1000]] as const) {
      expect(occurrencesCount(value), JSON.stringify(value)).toBe(n);
    }
    for (const value of [-1, 2.5, true, false, '', 'many', '3.0', '-3', '0x10', '1__0', [3], { n: 3 }, Infinity]) {
      expect(occurrencesCount(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('patch: occurrences \'3\' (a string) becomes 4, in place', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    edit(file, 'scope: global\n', "occurrences: '3'\nscope: global\n");
    const r = await runInProcess(['--home', home, 'apply', '001', writeDecisions(path.dirname(home), [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'x' }]), '--yes']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(read(file)).toContain('\noccurrences: 4\nscope: global\n');
  });

  it('patch: a value that is no count is refused, naming the card file and the field; nothing written', async () => {
    const home = makeHome();
    const file = path.join(home, KN, 'warmup-ratio-matters-more-than-peak-lr-for-adapters.md');
    const decisions = writeDecisions(path.dirname(home), [{ draft: D.warmup, decision: 'patch', neighbor: CARD.warmup, reason: 'x' }]);
    for (const [yamlValue, shown] of [['many', '"many"'], ['2.5', '2.5'], ['-1', '-1'], ['yes', 'true']]) {
      fs.writeFileSync(file, read(file).replace(/(occurrences: .*\n)?scope: global\n/, `occurrences: ${yamlValue}\nscope: global\n`));
      await refused(home, ['apply', '001', decisions, '--yes'], 2,
        `patch of ${CARD.warmup} refused: ${file}: occurrences ${shown} is not a count (a whole number); fix it by hand, then try again`);
    }
  });

  describe('merge (distill lessons apply, dup-home)', () => {
    const W1 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters'; // knowledge-05abb9e0, no occurrences, the survivor
    const W2 = 'warmup-ratio-matters-more-than-peak-lr-for-adapters-2'; // knowledge-3f2a9c11, occurrences: 2
    const env = { HOME: os.tmpdir(), USER: 'bob', DISTILL_NOW: '2026-06-01T10:00:00+00:00' };
    const merge = (home: string) => {
      const actions = path.join(path.dirname(home), 'actions.jsonl');
      fs.writeFileSync(actions, JSON.stringify({ action: 'merge', cards: ['knowledge-3f2a9c11', 'knowledge-05abb9e0'], keep: 'knowledge-05abb9e0', why: 'same' }) + '\n');
      return run(['--home', home, 'lessons', 'apply', actions, '--yes'], { env, cwd: path.dirname(home) });
    };

    it('sums a string count (\'5\' + the survivor\'s 1 = 6) and keeps the survivor\'s own tags as written', async () => {
      const home = copyFixture('dup-home');
      const w1 = path.join(home, KN, `${W1}.md`);
      edit(path.join(home, KN, `${W2}.md`), 'occurrences: 2\n', "occurrences: '5'\n");
      edit(w1, '- topic:optimization\n', '- topic:optimization\n- 2024\n');
      const r = await merge(home);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(read(w1)).toContain('\noccurrences: 6\n');
      expect(read(w1)).toContain('tags:\n- domain:nlp\n- topic:peft\n- topic:optimization\n- 2024\ncreated_at:');
    });

    it('refuses a card whose occurrences is no count, naming its file; nothing written', async () => {
      const home = copyFixture('dup-home');
      const w2 = path.join(home, KN, `${W2}.md`);
      edit(w2, 'occurrences: 2\n', 'occurrences: twice\n');
      const before = snapshot(home);
      const r = await merge(home);
      expect(r.code).not.toBe(0);
      expect(r.out + r.err).toContain(`merge refused: ${w2}: occurrences "twice" is not a count (a whole number); fix it by hand, then try again`);
      expect(diffSnapshots(before, snapshot(home))).toEqual([]);
    });
  });
});
