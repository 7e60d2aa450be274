// Seeded generator of synthetic DeepScientist homes for the benchmark: global memory cards in the six kind folders,
// quests with run artifacts and PR #60 drafts, and planted near-duplicates / paraphrases whose true neighbors are known.
// Same seed and size => byte-identical home.
import fs from 'node:fs';
import path from 'node:path';
import { cardText, slugify } from './yamlish.js';
import * as V from './vocab.js';

export const GENERATOR_VERSION = 5;

const RUNS_PER_QUEST = 50;
/** Metric, direction, baseline value. */
const METRICS = [['span_f1', 'maximize', 0.86], ['bleu', 'maximize', 34.6], ['perplexity', 'minimize', 12.8], ['rouge_l', 'maximize', 0.31], ['accuracy', 'maximize', 0.77]];
/** Idea families as agents spell them, and how often an idea of the family beats the baseline. */
const FAMILIES = [
  [['subword regularization', 'Subword Regularisation', 'subword-regularization'], 0.8],
  [['label smoothing', 'Label-Smoothing'], 0.5],
  [['adapter tuning', 'Adapter Tuning'], 0.2],
  [['dropout schedule', 'Dropout schedules'], 0.5],
  [['mixup augmentation', 'Mixup Augmentation'], 0.7],
  [['learning rate warmup', 'Learning-Rate Warmup'], 0.75],
  [['weight averaging', 'Weight Averaging'], 0.6],
  [['curriculum sampling'], 0.4],
  [['gradient clipping', 'Gradient-Clipping'], 0.5],
  [['tied embeddings', 'Tied Embeddings'], 0.65],
];

/** What record_main_experiment adds to a run (formats §4.7, §10), abridged: idea, verdict, progress_eval, contract. */
function mainRunFields(r, idea, metric, direction, baseline) {
  const win = r.chance(idea.pWin);
  const better = (win ? 1 : -1) * (0.002 + r.next() * 0.04);
  const sign = direction === 'minimize' ? -1 : 1;
  const value = Number((baseline * (1 + sign * better)).toFixed(4));
  const delta = value - baseline;
  const progress = {
    primary_metric_id: metric, direction, run_value: value, baseline_value: baseline, delta_vs_baseline: delta,
    relative_delta_vs_baseline: delta / baseline, previous_best_value: null, delta_vs_previous_best: null, beats_baseline: win,
    improved_over_previous_best: win, breakthrough: win, breakthrough_level: win ? 'minor' : 'none', reason: win ? 'Beats the baseline.' : 'No gain.',
  };
  return {
    idea_id: idea.ideaId, flow_type: 'main_experiment', protocol_step: 'record',
    details: { title: 'Synthetic main run', verdict: win ? 'improved' : 'regressed', primary_metric_id: metric, primary_value: value, baseline_value: baseline, delta_vs_baseline: delta },
    metrics_summary: { [metric]: value },
    metric_contract: { contract_id: 'synthetic', primary_metric_id: metric, metrics: [{ metric_id: metric, direction, label: metric }] },
    progress_eval: progress, files_changed: ['src/model.py'], verdict: win ? 'improved' : 'regressed',
  };
}

export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  const hex = (len = 8) => {
    let s = '';
    while (s.length < len) s += int(0x10000).toString(16).padStart(4, '0');
    return s.slice(0, len);
  };
  return { next, int, pick, hex, chance: (p) => next() < p };
}

const KIND_SHARE = [
  ['knowledge', 0.7],
  ['papers', 0.08],
  ['ideas', 0.06],
  ['decisions', 0.06],
  ['episodes', 0.08],
  ['templates', 0.02],
];
const SINGULAR = { knowledge: 'knowledge', papers: 'paper', ideas: 'idea', decisions: 'decision', episodes: 'episode', templates: 'template' };

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function iso(seconds) {
  return new Date(Date.UTC(2025, 0, 1) + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** A lesson: slots into the vocabulary, plus the numbers and detail that make it specific. */
function drawLesson(r) {
  return {
    m: r.int(V.METHODS.length),
    e: r.int(V.EFFECTS.length),
    t: r.int(V.METRICS.length),
    d: r.int(V.DATASETS.length),
    c: r.chance(0.6) ? r.int(V.CONDITIONS.length) : -1,
    detail: r.int(V.DETAILS.length),
    from: (r.int(90) + 10) / 100,
    to: (r.int(90) + 10) / 100,
  };
}

/** Wording of a lesson; `alt(slot)` says whether a slot uses its paraphrase wording. */
function words(lesson, alt) {
  const w = (list, i, slot) => list[i][alt(slot) ? 1 : 0];
  return {
    method: w(V.METHODS, lesson.m, 'm'),
    effect: w(V.EFFECTS, lesson.e, 'e'),
    metric: w(V.METRICS, lesson.t, 't'),
    dataset: w(V.DATASETS, lesson.d, 'd'),
    cond: lesson.c >= 0 ? w(V.CONDITIONS, lesson.c, 'c') : '',
  };
}

function title(lesson, alt = () => false, reorder = false) {
  const x = words(lesson, alt);
  const cond = x.cond ? ` ${x.cond}` : '';
  return reorder ? `On ${x.dataset}${cond}, ${x.method} ${x.effect} ${x.metric}` : cap(`${x.method} ${x.effect} ${x.metric}${cond} on ${x.dataset}`);
}

function claim(lesson, alt = () => false, reorder = false) {
  const x = words(lesson, alt);
  const detail = V.DETAILS[lesson.detail];
  const span = `from ${lesson.from.toFixed(2)} to ${lesson.to.toFixed(2)}`;
  return reorder
    ? `On ${x.dataset}, ${x.metric} moved ${span} ${detail} when using ${x.method}${x.cond ? ' ' + x.cond : ''}.`
    : `${cap(x.method)} ${x.effect} ${x.metric} on ${x.dataset} ${detail}: ${x.metric} went ${span}.`;
}

function tagsOf(lesson, r) {
  const tags = [V.DOMAINS[lesson.d % V.DOMAINS.length], V.TASKS[lesson.d % V.TASKS.length], V.TOPICS[lesson.m % V.TOPICS.length]];
  if (r.chance(0.4)) tags.push(r.pick(V.STAGES));
  if (r.chance(0.2)) tags.push(r.pick(V.TOPICS));
  return [...new Set(tags)];
}

function body(r, runId) {
  const n = 2 + r.int(3);
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(r.pick(V.BODY_SENTENCES));
  if (runId) lines.push(`Evidence: ${runId}.`);
  return lines.join('\n\n');
}

function kindFor(r) {
  let x = r.next();
  for (const [kind, share] of KIND_SHARE) {
    if ((x -= share) < 0) return kind;
  }
  return 'knowledge';
}

function writeCard(home, used, kind, meta, text) {
  const dir = path.join(home, 'memory', kind);
  let stem = slugify(meta.title, kind);
  // DeepScientist would overwrite a same-slug card; the generator keeps every card and names the clash apart.
  for (let i = 2; used.has(`${kind}/${stem}`); i++) stem = `${slugify(meta.title, kind)}-${i}`;
  used.add(`${kind}/${stem}`);
  const file = path.join(dir, `${stem}.md`);
  fs.writeFileSync(file, text);
  return file;
}

/**
 * Writes a home of `cards` global cards under `dir/home` and returns the planted queries:
 * `{ type, probe: { kind: 'draft'|'card', path, id, questId }, trueIds }`.
 */
export function generateHome(dir, { cards, seed }) {
  const r = rng(seed * 1000003 + cards);
  const home = path.join(dir, 'home');
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [kind] of KIND_SHARE) fs.mkdirSync(path.join(home, 'memory', kind), { recursive: true });
  fs.mkdirSync(path.join(home, 'quests'), { recursive: true });
  const used = new Set();

  // Quests with runs (20 x 50 at 10k cards, as issue 33 asks: main experiments with idea records and progress_eval,
  // so `distill mine` has work; analysis slices); drafts and card lineages point at these runs. The runs' outcomes come
  // from a second seeded stream, so they leave the cards' draws alone.
  const questCount = cards >= 10000 ? Math.round(cards / 500) : Math.max(3, Math.round(cards / 1000));
  const outcomes = rng(seed * 7919 + cards);
  const quests = [];
  for (let q = 0; q < questCount; q++) {
    const id = String(q + 1).padStart(3, '0');
    const root = path.join(home, 'quests', id);
    fs.mkdirSync(path.join(root, 'artifacts', 'runs'), { recursive: true });
    fs.mkdirSync(path.join(root, 'artifacts', 'ideas'), { recursive: true });
    fs.mkdirSync(path.join(root, 'memory', 'knowledge'), { recursive: true });
    const created = iso(r.int(40_000_000));
    fs.writeFileSync(
      path.join(root, 'quest.yaml'),
      `quest_id: '${id}'\ntitle: Synthetic quest ${id}\nquest_root: ${root}\nstatus: active\nactive_anchor: experiment\n` +
        `baseline_gate: confirmed\nconfirmed_baseline_ref: null\nrequested_baseline_ref: null\nstartup_contract: null\n` +
        `default_runner: codex\ncreated_at: '${created}'\nupdated_at: '${created}'\n`,
    );
    const runs = [];
    const index = [];
    const line = (record, file) =>
      JSON.stringify({ artifact_id: record.artifact_id, kind: record.kind, status: record.status, quest_id: id, path: file, summary: record.summary, updated_at: created }).replace(/","/g, '", "').replace(/":/g, '": ');
    const [metric, direction, baseline] = outcomes.pick(METRICS);
    const ideas = [];
    for (let i = 0; i < 8; i++) {
      const [spellings, pWin] = outcomes.pick(FAMILIES);
      const ideaId = `idea-${outcomes.hex()}`;
      const artifactId = `idea-${outcomes.hex()}`;
      const record = {
        kind: 'idea', schema_version: 1, artifact_id: artifactId, id: artifactId, quest_id: id, created_at: created, updated_at: created,
        source: { kind: 'agent' }, status: 'completed', summary: `Idea \`${ideaId}\` created.`, idea_id: ideaId, flow_type: 'idea_submission',
        details: {
          title: `Try ${spellings[0]} (${i + 1})`, hypothesis: `${spellings[0]} moves ${metric} the right way.`, mechanism: spellings[0],
          mechanism_family: outcomes.pick(spellings), change_layer: `Tier${1 + outcomes.int(3)}`, source_lens: 'orthogonal_mechanism', expected_gain: 'small',
        },
      };
      const file = path.join(root, 'artifacts', 'ideas', `${artifactId}.json`);
      fs.writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
      index.push(line(record, file));
      ideas.push({ ideaId, pWin });
    }
    for (let k = 0; k < RUNS_PER_QUEST; k++) {
      const artifactId = `run-${r.hex()}`;
      const campaign = `campaign-${k % 2}`;
      const main = k < RUNS_PER_QUEST - 10;
      const runId = main ? `main-${String(k + 1).padStart(3, '0')}` : `${campaign}:slice-${k}`;
      const runKind = main ? 'main_experiment' : 'analysis.slice';
      const file = path.join(root, 'artifacts', 'runs', `${artifactId}.json`);
      const record = {
        kind: 'run', schema_version: 1, artifact_id: artifactId, id: artifactId, quest_id: id,
        created_at: created, updated_at: created, source: { kind: 'agent' }, status: 'completed',
        run_id: runId, run_kind: runKind, summary: `Synthetic ${runKind} ${runId}`,
      };
      if (main) Object.assign(record, mainRunFields(outcomes, outcomes.pick(ideas), metric, direction, baseline));
      fs.writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
      index.push(line(record, file));
      runs.push({ artifactId, runId, campaign, slice: `slice-${k}` });
    }
    fs.writeFileSync(path.join(root, 'artifacts', '_index.jsonl'), index.join('\n') + '\n');
    quests.push({ id, root, runs });
  }

  // Global cards.
  const base = [];
  for (let i = 0; i < cards; i++) {
    const kind = kindFor(r);
    const lesson = drawLesson(r);
    const updated = r.int(40_000_000);
    const withLineage = kind === 'knowledge' && r.chance(0.3);
    const quest = r.pick(quests);
    const run = r.pick(quest.runs);
    const meta = {};
    if (kind === 'knowledge') {
      meta.subtype = 'experience';
      meta.claim = claim(lesson);
      meta.keywords = [V.METHODS[lesson.m][0], V.METRICS[lesson.t][0]];
      if (withLineage) meta.lineage = [{ quest: quest.id, run: run.artifactId, direction: 'main', note: `from ${run.runId}` }];
    }
    Object.assign(meta, {
      id: `${SINGULAR[kind]}-${r.hex()}`, type: kind, kind: SINGULAR[kind], title: title(lesson),
      quest_id: withLineage ? quest.id : null, tags: tagsOf(lesson, r),
      created_at: iso(updated - r.int(1_000_000)), updated_at: iso(updated), scope: 'global',
    });
    const file = writeCard(home, used, kind, meta, cardText(meta, body(r, withLineage ? run.artifactId : null)));
    base.push({ id: meta.id, kind, lesson, meta, file, lineage: withLineage ? { quest, run } : null });
  }

  // Planted neighbors: each query's true neighbor is one known base card.
  const knowledge = base.filter((c) => c.kind === 'knowledge');
  const withLineage = knowledge.filter((c) => c.lineage);
  const plantedCount = Math.min(300, Math.max(20, Math.round(cards / 50)));
  const types = ['exact-title', 'same-claim', 'paraphrase', 'dup-card', 'lineage'];
  const planted = [];
  const draftNames = new Set();
  for (let p = 0; p < plantedCount; p++) {
    const type = types[p % types.length];
    const target = type === 'lineage' && withLineage.length ? r.pick(withLineage) : r.pick(knowledge);
    const slotAlt = () => r.chance(0.5);
    const reorder = r.chance(0.5);
    let t;
    let c;
    if (type === 'exact-title') {
      t = target.meta.title.toUpperCase().replace(/ on /i, '  on ') + '.';
      c = claim(target.lesson, slotAlt, true);
    } else if (type === 'same-claim') {
      t = title(target.lesson, slotAlt, reorder);
      c = target.meta.claim;
    } else {
      t = title(target.lesson, slotAlt, reorder);
      c = claim(target.lesson, slotAlt, !reorder);
    }
    const tags = target.meta.tags.filter((_, i) => i === 0 || r.chance(0.75));
    const keywords = [r.pick(target.meta.keywords ?? [V.METHODS[target.lesson.m][0]])];
    if (type === 'dup-card') {
      const meta = {
        subtype: 'experience', claim: c, keywords,
        id: `knowledge-${r.hex()}`, type: 'knowledge', kind: 'knowledge', title: t, quest_id: null, tags,
        created_at: iso(1000), updated_at: iso(r.int(40_000_000)), scope: 'global',
      };
      const file = writeCard(home, used, 'knowledge', meta, cardText(meta, body(r, null)));
      planted.push({ type, probe: { kind: 'card', path: path.relative(home, file), id: meta.id, questId: null }, trueIds: [target.id] });
      continue;
    }
    const quest = type === 'lineage' ? target.lineage.quest : r.pick(quests);
    const run = type === 'lineage' ? target.lineage.run : r.pick(quest.runs);
    let name = `${run.campaign}__${run.slice}`;
    for (let i = 2; draftNames.has(`${quest.id}/${name}`); i++) name = `${run.campaign}__${run.slice}-${i}`;
    draftNames.add(`${quest.id}/${name}`);
    const meta = {
      title: t, subtype: 'experience', status: 'draft', claim: c, keywords, tags,
      lineage: [{ quest: quest.id, run: run.artifactId, direction: 'analysis', note: `draft from ${run.runId}` }],
    };
    const draftDir = path.join(home, 'drafts', 'experiences', quest.id);
    fs.mkdirSync(draftDir, { recursive: true });
    const file = path.join(draftDir, `${name}.md`);
    fs.writeFileSync(file, cardText(meta, body(r, run.artifactId)));
    planted.push({ type, probe: { kind: 'draft', path: path.relative(home, file), id: null, questId: quest.id }, trueIds: [target.id] });
  }
  const truth = { version: GENERATOR_VERSION, seed, cards, total: cards + planted.filter((p) => p.type === 'dup-card').length, planted };
  fs.writeFileSync(path.join(dir, 'truth.json'), JSON.stringify(truth, null, 1));
  return { home, truth };
}

/** Reuses a generated home when its truth file says it was made by this generator with the same size and seed. */
export function ensureHome(dir, options) {
  try {
    const truth = JSON.parse(fs.readFileSync(path.join(dir, 'truth.json'), 'utf8'));
    if (truth.version === GENERATOR_VERSION && truth.seed === options.seed && truth.cards === options.cards) {
      return { home: path.join(dir, 'home'), truth, reused: true };
    }
  } catch {
    /* generate */
  }
  return { ...generateHome(dir, options), reused: false };
}
