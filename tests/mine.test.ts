// `distill mine` on fixtures/mine-home (scripts/make-mine-home.js plants its patterns and decoys) and on the sample
// home DeepScientist wrote with several quests: episodes, outcomes, factors, gates and the funnel.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { mine, type MinedPattern } from '../src/core/index.js';
import { normalizeFactor } from '../src/core/mine/normalize.js';
import { homeEpisodes } from '../src/core/mine/episodes.js';
import { patternId } from '../src/core/mine/patterns.js';
import { FIXTURES, run } from './helpers/home.js';

const HOME = path.join(FIXTURES, 'mine-home');
const SAMPLE_MULTI = path.join(FIXTURES, '..', '..', '..', 'shared', 'ds-sample-multi', 'DeepScientist');

const runs = (list: MinedPattern['evidence']) => list.map((e) => `${e.questId}/${e.runId}`).sort();
const byKey = (patterns: MinedPattern[], key: string) => patterns.find((p) => p.key === key);

describe('the factor normaliser', () => {
  test('case, punctuation, hyphens, British/US spelling and plurals fold to one key', () => {
    const key = normalizeFactor('subword regularization');
    for (const s of ['Subword Regularisation', 'subword-regularisation', 'Subword regularizations', ' SUBWORD_REGULARIZATION. ']) {
      expect(normalizeFactor(s)).toBe(key);
    }
    expect(normalizeFactor('Label-Smoothing')).toBe(normalizeFactor('label smoothing'));
    expect(normalizeFactor('dropout schedules')).toBe(normalizeFactor('Dropout Schedule'));
    expect(normalizeFactor('behaviour cloning')).toBe(normalizeFactor('Behavior-Cloning'));
    expect(normalizeFactor('Tokenisers')).toBe(normalizeFactor('tokenizer'));
    // Different families stay different; short words are not folded ("bus" is no plural of "bu").
    expect(normalizeFactor('adapter tuning')).not.toBe(normalizeFactor('prompt tuning'));
    expect(normalizeFactor('bus')).toBe('bus');
  });
});

describe('episodes of the mine fixture', () => {
  const scan = homeEpisodes(HOME);
  const ep = (q: string, r: string) => scan.episodes.filter((e) => e.questId === q && e.runId === r);

  test('one episode per run: worktree copies and a re-record under a second artifact_id count once', () => {
    // iwslt-de-en's runs sit in two worktrees each; pubmed-lm main-001 was recorded twice.
    for (const [q, r] of [['iwslt-de-en', 'mt-001'], ['iwslt-de-en', 'mt-002'], ['pubmed-lm', 'main-001'], ['conll-ner-1k', 'main-001']]) expect(ep(q, r)).toHaveLength(1);
    expect(scan.rerecords).toBe(1);
    // The newer record of the re-recorded run wins (its delta, not the first record's half of it).
    expect(ep('pubmed-lm', 'main-001')[0].delta).toBeCloseTo(0.0234, 3);
    const copies = fs.readdirSync(path.join(HOME, 'quests', 'iwslt-de-en', '.ds', 'worktrees')).length;
    expect(copies).toBeGreaterThan(1);
  });

  test('runner turns (run records with no metrics) are not experiments', () => {
    expect(scan.runnerTurns).toBe(12);
    expect(scan.episodes.some((e) => e.runKind === 'experiment' || e.runKind === 'baseline')).toBe(false);
    expect(scan.episodes).toHaveLength(27);
  });

  test('outcomes: beats_baseline null is unknown, a failed run and a smoke_failed candidate are losses, direction from the quest contract', () => {
    expect(ep('wikitext-lm', 'main-001')[0]).toMatchObject({ outcome: 'unknown', basis: 'no_baseline', metric: 'bits_per_byte' });
    expect(ep('wnut-ner', 'wnut-gz-a')[0]).toMatchObject({ outcome: 'loss', basis: 'failed' });
    expect(ep('xsum-summ', 'cand-curriculum')[0]).toMatchObject({ outcome: 'loss', basis: 'smoke_failed', source: 'candidate' });
    // Lower perplexity is better: a run 2.3 % below the baseline is a win with a positive (better) delta.
    const better = ep('pubmed-lm', 'main-001')[0];
    expect(better).toMatchObject({ outcome: 'win', direction: 'minimize' });
    expect(better.value!).toBeLessThan(better.baseline!);
    // Its progress_eval guessed "maximize" and says beats_baseline: true; the quest's contract says minimize: a loss.
    const guessed = ep('pubmed-lm', 'main-002')[0];
    const record = JSON.parse(fs.readFileSync(path.join(HOME, guessed.file), 'utf8'));
    expect(record.progress_eval).toMatchObject({ direction: 'maximize', beats_baseline: true });
    expect(guessed).toMatchObject({ outcome: 'loss', direction: 'minimize' });
    expect(guessed.delta!).toBeLessThan(0);
  });

  test("a candidate's strategy and failure kind become factors of its run", () => {
    expect(ep('pubmed-lm', 'main-003')[0].factors).toMatchObject({ mechanism_family: 'Adapter-Tuning', strategy: 'incumbent-deepening', failure_kind: 'no_gain' });
    expect(ep('wnut-ner', 'wnut-gz-a')[0].factors).toMatchObject({ failure_kind: 'oom', strategy: 'simple-first' });
  });
});

describe('patterns of the mine fixture', () => {
  const result = mine(HOME);
  const p = result.patterns;

  test('the funnel counts each gate', () => {
    expect(result.funnel).toMatchObject({ quests: 6, run_records: 39, runner_turns: 12, episodes: 27, factors: 15, support: 8, consistency: 3, narrower: 1, proposed: 4, decided: 0, suppressed: 0 });
  });

  test('proposes the planted patterns with exactly their episodes', () => {
    expect(p.map((x) => x.key).sort()).toEqual([
      'change_layer:tier1',
      'mechanism_family:adapter tuning',
      'mechanism_family:label smoothing|metric:span_f1',
      'mechanism_family:subword regularization',
    ]);
    const sr = byKey(p, 'mechanism_family:subword regularization')!;
    expect(sr).toMatchObject({ outcome: 'win', support: 6, consistency: 0.833, quests: ['conll-ner-1k', 'iwslt-de-en', 'pubmed-lm', 'wnut-ner'] });
    expect(runs(sr.evidence)).toEqual(['conll-ner-1k/main-001', 'iwslt-de-en/mt-001', 'iwslt-de-en/mt-002', 'pubmed-lm/main-001', 'wnut-ner/wnut-sr-a']);
    expect(runs(sr.counterExamples)).toEqual(['conll-ner-1k/main-002']);
    // Unknown is listed, never counted against (nor for).
    expect(runs(sr.unknown)).toEqual(['wikitext-lm/main-001']);
    expect(sr.factor.value).toBe('subword regularization');
    expect(sr.claim).toBe(
      'Ideas of the family subword regularization beat the baseline in 5 of 6 comparable runs across 4 quests (span_f1 ×2, bleu, perplexity), median +1.9 % relative',
    );
    const ad = byKey(p, 'mechanism_family:adapter tuning')!;
    expect(ad).toMatchObject({ outcome: 'loss', support: 5, consistency: 0.8 });
    expect(runs(ad.evidence)).toEqual(['conll-ner-1k/main-003', 'pubmed-lm/main-002', 'pubmed-lm/main-003', 'wnut-ner/wnut-ad-a']);
    expect(runs(ad.counterExamples)).toEqual(['wnut-ner/wnut-ad-b']);
  });

  test('a family that disagrees overall but agrees within one metric is proposed narrower', () => {
    const ls = byKey(p, 'mechanism_family:label smoothing|metric:span_f1')!;
    expect(ls).toMatchObject({ outcome: 'win', support: 3, consistency: 1, context: { metric: 'span_f1' }, quests: ['conll-ner-1k', 'wnut-ner'] });
    expect(ls.title).toBe('Label smoothing ideas beat the baseline on span_f1');
    expect(byKey(p, 'mechanism_family:label smoothing')).toBeUndefined();
  });

  test('no decoy is proposed: inconsistent, one quest, too thin', () => {
    const keys = p.map((x) => x.key).join('\n');
    expect(keys).not.toMatch(/dropout schedule/); // 2 wins, 2 losses, one run per metric
    expect(keys).not.toMatch(/length penalty/); // 3 wins, all in xsum-summ
    expect(keys).not.toMatch(/gazetteer|curriculum|failure_kind:oom/); // one or two runs
    // Lower the quest floor and the one-quest family passes; lower support and the two OOM failures do.
    expect(mine(HOME, { gates: { minQuests: 1 } }).patterns.map((x) => x.key)).toContain('mechanism_family:length penalty tuning');
    expect(mine(HOME, { gates: { minSupport: 2 } }).patterns.map((x) => x.key)).toContain('failure_kind:oom');
  });

  test('ids are stable: a hash of the key, the same on every mine', () => {
    for (const x of p) expect(x.id).toBe(patternId(x.key));
    expect(mine(HOME).patterns.map((x) => x.id)).toEqual(p.map((x) => x.id));
  });

  test('the body lists every supporting run and counter-example with paths relative to the home', () => {
    const sr = byKey(p, 'mechanism_family:subword regularization')!;
    for (const e of [...sr.evidence, ...sr.counterExamples, ...sr.unknown]) {
      expect(sr.body).toContain(`- ${e.questId} / ${e.runId} (${e.artifactId}):`);
      expect(sr.body).toContain(e.file);
      expect(path.isAbsolute(e.file)).toBe(false);
      expect(fs.existsSync(path.join(HOME, e.file))).toBe(true);
    }
    expect(sr.body).toContain('## Counter-examples');
    expect(sr.tags).toEqual(expect.arrayContaining(['mechanism-family:subword-regularization', 'quest:iwslt-de-en', 'metric:bleu', 'outcome:beats-baseline']));
  });

  test('--scope quest mines within one quest with no quest floor, under keys of its own', () => {
    const q = mine(HOME, { questId: 'xsum-summ' });
    expect(q.patterns.map((x) => x.key).sort()).toEqual(['quest:xsum-summ|change_layer:tier1', 'quest:xsum-summ|mechanism_family:length penalty tuning']);
    expect(q.funnel).toMatchObject({ quests: 1, episodes: 6 });
  });
});

describe.skipIf(!fs.existsSync(SAMPLE_MULTI))('the sample home DeepScientist wrote with five quests', () => {
  test('the default gates propose the two families that recur, and one narrower pattern', () => {
    const r = mine(SAMPLE_MULTI);
    expect(r.funnel).toMatchObject({ quests: 5, episodes: 17, runner_turns: 0, proposed: 3 });
    expect(r.patterns.map((x) => x.key).sort()).toEqual(['change_layer:tier2|metric:span_f1', 'mechanism_family:adapter tuning', 'mechanism_family:subword regularization']);
  });
});

describe('distill mine (command line)', () => {
  test('--json prints the funnel and the patterns in the documented shape', async () => {
    const r = await run(['--home', HOME, 'mine', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(Object.keys(json)).toEqual(['funnel', 'patterns']);
    expect(json.patterns).toHaveLength(4);
    const first = json.patterns[0];
    for (const k of ['id', 'title', 'claim', 'factor', 'context', 'outcome', 'support', 'consistency', 'quests', 'evidence', 'counter_examples', 'state']) expect(first).toHaveProperty(k);
    expect(first.state).toBe('proposed');
    expect(Object.keys(first.evidence[0])).toEqual(['quest_id', 'run_id', 'artifact_id', 'outcome', 'delta']);
  });

  test('the text output starts with the funnel', async () => {
    const r = await run(['--home', HOME, 'mine']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe(
      'mine: 27 episodes (39 run records of 6 quests, 12 runner turns left out) → 15 factors → 8 with support (≥3 runs, ≥2 quests) → 3 consistent (≥75 %) + 1 narrower → 4 proposed',
    );
  });

  test.each([
    [['--min-support', '0'], '--min-support "0": give a whole number of runs, 1 or more'],
    [['--min-support', '2.5'], '--min-support "2.5": give a whole number of runs, 1 or more'],
    [['--min-consistency', '1.5'], '--min-consistency "1.5": give a share above 0 and at most 1 (0.75) or a percentage (75%)'],
    [['--scope', 'world'], '--scope "world": expected home or quest'],
    [['--scope', 'quest'], 'mine --scope quest needs a quest'],
    [['xsum-summ'], 'mine xsum-summ: give --scope quest to mine within one quest'],
    [['--scope', 'quest', 'nope'], 'quest nope: no'],
  ])('bad input %j: exit 2, one line', async (args, message) => {
    const r = await run(['--home', HOME, 'mine', ...args]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  test('--min-consistency takes a percentage too', async () => {
    const r = await run(['--home', HOME, 'mine', '--json', '--min-consistency', '100%']);
    const keys = JSON.parse(r.out).patterns.map((x: { id: string; claim: string }) => x.claim);
    expect(keys).toHaveLength(1); // label smoothing on span_f1, 3 of 3
  });
});
