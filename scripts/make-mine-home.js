#!/usr/bin/env node
// Writes fixtures/mine-home: a home of several quests in DeepScientist's exact record formats (the shapes of
// ../shared/ds-sample-multi, written by DeepScientist's own artifact service), for `distill mine`. Deterministic: ids
// are hashes of names, times a fixed clock. Run `node scripts/make-mine-home.js [out-dir]`; commit the output.
//
// What it plants (docs/MINING.md says what the miner must make of it):
// - quests with their own task and metric, one where lower is better (perplexity);
// - idea families spelled differently across quests ("subword regularization", "Subword Regularisation", ...);
// - worktrees per idea that inherit copies of every earlier record and index line (copies must not inflate support),
//   and one run re-recorded under a second artifact_id (one episode by (quest_id, run_id));
// - runner-turn run records without metrics (not experiments), a run whose metric the baseline lacks
//   (beats_baseline null: unknown), a failed run and failed / smoke_failed optimization candidates;
// - patterns: subword regularization wins across quests, adapter tuning loses across quests, label smoothing wins on
//   span F1 only (disagrees overall: the narrower pattern), Tier1 changes win;
// - decoys: dropout schedule (inconsistent), length penalty tuning (one quest), gazetteer / OOM failures (too thin).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(here, '..', 'fixtures', 'mine-home'));
/** The absolute home the records were written in (stale on purpose, as in the samples). */
const WRITTEN_HOME = '/home/alice/DeepScientist';

const hex = (seed, n = 8) => crypto.createHash('sha256').update(seed).digest('hex').slice(0, n);
const BASE = Date.parse('2026-05-02T08:00:00Z');
let tick = 0;
/** The next instant of the fixed clock, as DeepScientist writes it. */
const nextTime = () => new Date(BASE + 37 * 60_000 * tick++).toISOString().replace(/\.\d{3}Z$/, '+00:00');

// Python's json.dumps(indent=2, ensure_ascii=False) + "\n" for these records (no integral floats are written).
const pretty = (value) => JSON.stringify(value, null, 2) + '\n';
// Python's compact json.dumps (separators ", " and ": ") of a flat index line.
const compact = (v) =>
  Array.isArray(v) ? `[${v.map(compact).join(', ')}]`
    : v && typeof v === 'object' ? `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${compact(x)}`).join(', ')}}`
      : JSON.stringify(v);
const line = (obj) => compact(obj) + '\n';

function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

// ---------------------------------------------------------------------------------------------------------------
// The home's plan. `better` is the run's relative change in the better direction (+0.02 = 2 % better); `value` is
// derived from it and the baseline. `worktree` names the idea worktree the run was recorded in.

const QUESTS = [
  {
    id: 'conll-ner-1k', title: 'CoNLL-2003 NER with 1k training sentences', baseline: 'bert-base-conll1k',
    metric: 'span_f1', direction: 'maximize', baselineValue: 0.862,
    ideas: [
      { key: 'sr', family: 'subword regularization', layer: 'Tier1', lens: 'orthogonal_mechanism', title: 'Sample subword segmentations during fine-tuning' },
      { key: 'ad', family: 'adapter tuning', layer: 'Tier2', lens: 'efficiency', title: 'Bottleneck adapters instead of full fine-tuning' },
      { key: 'ls', family: 'label smoothing', layer: 'Tier2', lens: 'regularization', title: 'Label smoothing 0.1 on the tag head' },
      { key: 'dr', family: 'Dropout Schedule', layer: 'Tier3', lens: 'regularization', title: 'Anneal dropout from 0.3 to 0.1' },
    ],
    runs: [
      { run: 'main-001', idea: 'sr', better: 0.0104 },
      { run: 'main-002', idea: 'sr', better: -0.0035 },
      { run: 'main-003', idea: 'ad', better: -0.0128 },
      { run: 'main-004', idea: 'ls', better: 0.0071 },
      { run: 'main-005', idea: 'dr', better: 0.0046 },
    ],
  },
  {
    id: 'iwslt-de-en', title: 'IWSLT14 German-English translation', baseline: 'transformer-iwslt-de-en',
    metric: 'bleu', direction: 'maximize', baselineValue: 34.6,
    ideas: [
      { key: 'sr', family: 'Subword Regularisation', layer: 'Tier1', lens: 'orthogonal_mechanism', title: 'BPE-dropout on source and target' },
      { key: 'ls', family: 'Label-Smoothing', layer: 'Tier2', lens: 'regularization', title: 'Raise label smoothing to 0.2' },
      { key: 'dr', family: 'dropout schedules', layer: 'Tier3', lens: 'regularization', title: 'Warm dropout up over the first epoch' },
    ],
    runs: [
      { run: 'mt-001', idea: 'sr', better: 0.0231 },
      { run: 'mt-002', idea: 'sr', better: 0.0145 },
      { run: 'mt-003', idea: 'ls', better: -0.0087 },
      { run: 'mt-004', idea: 'dr', better: -0.0058 },
    ],
    candidates: [
      { id: 'cand-bpe-dropout', idea: 'sr', strategy: 'simple-first', status: 'promoted', failure: null, linked: 'mt-002', plan: 'BPE-dropout p=0.1 on both sides.' },
    ],
  },
  {
    id: 'pubmed-lm', title: 'PubMed domain language model', baseline: 'gpt2-pubmed-ft',
    metric: 'perplexity', direction: 'minimize', baselineValue: 12.8,
    ideas: [
      { key: 'sr', family: 'subword-regularisation', layer: 'Tier1', lens: 'orthogonal_mechanism', title: 'Unigram-LM sampling of segmentations' },
      { key: 'ad', family: 'Adapter-Tuning', layer: 'Tier2', lens: 'efficiency', title: 'LoRA adapters on attention only' },
      { key: 'dr', family: 'dropout schedule', layer: 'Tier3', lens: 'regularization', title: 'Linear dropout decay' },
    ],
    runs: [
      // Recorded twice under two artifact ids (a re-record after a fix): one episode, the newer record.
      { run: 'main-001', idea: 'sr', better: 0.0234, rerecord: true },
      // The run's own progress_eval guessed "maximize" for perplexity and calls the worse run a win; the quest's
      // metric contract says minimize: a loss.
      { run: 'main-002', idea: 'ad', better: -0.0625, wrongDirection: true },
      { run: 'main-003', idea: 'ad', better: -0.0234 },
      { run: 'main-004', idea: 'dr', better: 0.0156 },
    ],
    candidates: [
      { id: 'cand-lora-attn', idea: 'ad', strategy: 'incumbent-deepening', status: 'failed', failure: 'no_gain', linked: 'main-003', plan: 'LoRA r=8 on q,v.' },
    ],
  },
  {
    id: 'wnut-ner', title: 'WNUT-17 emerging entities in social media', baseline: 'roberta-wnut17',
    metric: 'span_f1', direction: 'maximize', baselineValue: 0.481,
    ideas: [
      { key: 'sr', family: 'Subword regularizations', layer: 'Tier1', lens: 'orthogonal_mechanism', title: 'Subword sampling for noisy tokens' },
      { key: 'ad', family: 'adapter tuning', layer: 'Tier2', lens: 'efficiency', title: 'Adapters per entity type' },
      { key: 'ls', family: 'label smoothing', layer: 'Tier2', lens: 'regularization', title: 'Label smoothing on rare tags' },
      { key: 'gz', family: 'gazetteer features', layer: 'Tier2', lens: 'external_knowledge', title: 'Gazetteer match features' },
    ],
    runs: [
      { run: 'wnut-sr-a', idea: 'sr', better: 0.0333 },
      { run: 'wnut-ad-a', idea: 'ad', better: -0.0312 },
      { run: 'wnut-ad-b', idea: 'ad', better: 0.0083 },
      { run: 'wnut-ls-a', idea: 'ls', better: 0.0187 },
      { run: 'wnut-ls-b', idea: 'ls', better: 0.0104 },
      { run: 'wnut-gz-a', idea: 'gz', failed: true },
    ],
    candidates: [
      { id: 'cand-gazetteer', idea: 'gz', strategy: 'simple-first', status: 'smoke_failed', failure: 'oom', linked: 'wnut-gz-a', plan: 'Concatenate gazetteer one-hots to the token features.' },
    ],
  },
  {
    id: 'wikitext-lm', title: 'WikiText-103 small language model', baseline: 'gpt2-small-wt103',
    metric: 'perplexity', direction: 'minimize', baselineValue: 24.6,
    ideas: [
      { key: 'sr', family: 'subword regularization', layer: 'Tier1', lens: 'orthogonal_mechanism', title: 'Segmentation sampling with bits-per-byte eval' },
      { key: 'te', family: 'tied input-output embeddings', layer: 'Tier2', lens: 'parameter_sharing', title: 'Tie input and output embeddings' },
    ],
    runs: [
      // Measured in bits per byte, which the baseline lacks: beats_baseline null, unknown (never a loss).
      { run: 'main-001', idea: 'sr', unknownMetric: 'bits_per_byte' },
      { run: 'main-002', idea: 'te', better: 0.0285 },
    ],
  },
  {
    // No worktrees: every record in the quest root (as the sample's rag-calib).
    id: 'xsum-summ', title: 'XSum abstractive summarisation', baseline: 'bart-base-xsum', noWorktrees: true,
    metric: 'rouge_l', direction: 'maximize', baselineValue: 0.312,
    ideas: [
      { key: 'ls', family: 'Label Smoothing', layer: 'Tier2', lens: 'regularization', title: 'Label smoothing 0.1 on the decoder' },
      { key: 'lp', family: 'length penalty tuning', layer: 'Tier1', lens: 'search_widening', title: 'Tune beam length penalty on dev' },
      { key: 'dr', family: 'Dropout schedule', layer: 'Tier3', lens: 'regularization', title: 'Dropout off for the last epoch' },
      { key: 'cs', family: 'curriculum sampling', layer: 'Tier3', lens: 'data_order', title: 'Short documents first' },
    ],
    runs: [
      { run: 'main-001', idea: 'ls', better: -0.0096 },
      { run: 'main-002', idea: 'lp', better: 0.0128 },
      { run: 'main-003', idea: 'lp', better: 0.0064 },
      { run: 'main-004', idea: 'lp', better: 0.0096 },
      { run: 'main-005', idea: 'dr', better: -0.0032 },
    ],
    candidates: [
      // Failed its smoke test before any run was recorded: an episode of its own, a loss.
      { id: 'cand-curriculum', idea: 'cs', strategy: 'simple-first', status: 'smoke_failed', failure: 'oom', linked: null, plan: 'Sort by length, then anneal to random order.' },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------

const round = (x, digits) => Number(x.toFixed(digits));

function guidance(kind, id, anchor) {
  return {
    current_anchor: anchor, recommended_skill: 'decision', recommended_action: 'continue',
    summary: kind === 'run' ? 'Main run recorded. Interpret it against baseline before spending more compute.' : 'Saved.',
    why_now: 'A result only changes the quest once it is turned into a durable decision.',
    complete_when: ['The next route is chosen.'], alternative_routes: [], suggested_artifact_calls: [],
    requires_user_decision: false, pending_interaction_id: null, source_artifact_kind: kind, source_artifact_id: id,
    related_paths: [], stage_status: 'ready',
  };
}

function header(kind, id, quest, ws, status, branch, at) {
  return {
    kind, schema_version: 1, artifact_id: id, id, quest_id: quest.id, created_at: at, updated_at: at,
    source: { kind: 'agent' }, status, branch, head_commit: hex(`${id}:head`, 40),
    workspace_root: `${WRITTEN_HOME}/quests/${quest.id}${ws === '.' ? '' : `/${ws}`}`, workspace_rel_path: ws,
  };
}

function ideaRecord(quest, idea, ws, at) {
  const id = `idea-${hex(`${quest.id}:idea:${idea.key}:record`)}`;
  const root = `${WRITTEN_HOME}/quests/${quest.id}/${ws}`;
  return {
    ...header('idea', id, quest, ws, 'completed', `idea/${quest.id}-${idea.id}`, at),
    summary: `Idea \`${idea.id}\` created and promoted to the active research head.`,
    reason: 'Best ratio of expected gain to cost among the open briefs.',
    idea_id: idea.id, lineage_intent: 'continue_line', parent_branch: 'main', foundation_ref: null, foundation_reason: null,
    worktree_root: root, worktree_rel_path: ws, flow_type: 'idea_submission', protocol_step: 'create',
    paths: { idea_md: `${root}/memory/ideas/${idea.id}/idea.md`, idea_draft_md: `${root}/memory/ideas/${idea.id}/draft.md`, worktree_root: root },
    details: {
      title: idea.title, problem: `The ${quest.baseline} baseline leaves ${quest.metric} on the table.`,
      hypothesis: `${idea.title} moves ${quest.metric} in the right direction against the baseline.`,
      mechanism: `${idea.family}: ${idea.title.toLowerCase()}.`, method_brief: null, selection_scores: null,
      mechanism_family: idea.family, change_layer: idea.layer, source_lens: idea.lens, expected_gain: 'small but reliable',
      next_target: 'experiment', branch_no: '001', lineage_intent: 'continue_line', parent_branch: 'main', foundation_ref: null,
      foundation_reason: null, idea_draft_path: `${root}/memory/ideas/${idea.id}/draft.md`, evidence_paths: [], risks: [],
      submission_mode: 'line', source_candidate_id: null,
    },
    guidance_vm: guidance('idea', id, 'idea'),
  };
}

function metricContract(quest, metric = quest.metric, direction = quest.direction) {
  return {
    contract_id: quest.baseline, primary_metric_id: metric,
    metrics: [{ metric_id: metric, direction, label: metric, unit: null, decimals: null, chart_group: 'default' }],
  };
}

function runRecord(quest, run, idea, ws, at, artifactId) {
  const root = `${WRITTEN_HOME}/quests/${quest.id}${ws === '.' ? '' : `/${ws}`}`;
  const metric = run.unknownMetric ?? quest.metric;
  const decimals = quest.baselineValue < 1 ? 4 : 2;
  let direction = run.unknownMetric ? 'maximize' : quest.direction; // a metric the contract lacks: guessed from its name
  let value = null;
  let base = null;
  let delta = null;
  let rel = null;
  let beats = null;
  let verdict;
  if (run.failed) verdict = 'failed';
  else if (run.unknownMetric) {
    value = 1.083;
    verdict = 'inconclusive';
  } else {
    base = quest.baselineValue;
    const sign = quest.direction === 'minimize' ? -1 : 1;
    value = round(base * (1 + sign * run.better), decimals);
    delta = value - base;
    rel = delta / Math.abs(base);
    beats = sign * delta > 0;
    verdict = beats ? 'improved' : 'regressed';
    if (run.wrongDirection) {
      direction = 'maximize';
      beats = delta > 0;
    }
  }
  const level = beats ? 'minor' : 'none';
  const title = `${idea.title} (${run.run})`;
  const summary = run.failed
    ? `Main experiment \`${run.run}\` failed before evaluation.`
    : value !== null && base !== null
      ? `Main experiment \`${run.run}\` recorded on \`run/${run.run}\`. ${metric}=${value} vs baseline ${base} (Δ ${round(delta, 4)})`
      : `Main experiment \`${run.run}\` recorded on \`run/${run.run}\`. ${metric}=${value}; the baseline has no ${metric}.`;
  const item = {
    metric_id: metric, label: metric, direction, unit: null, decimals: null, chart_group: 'default', run_value: value,
    baseline_value: base, run_numeric: value, baseline_numeric: base, delta, relative_delta: rel, better: beats,
  };
  return {
    ...header('run', artifactId, quest, ws, run.failed ? 'failed' : 'completed', `run/${run.run}`, at),
    run_id: run.run, run_kind: 'main_experiment', summary,
    reason: run.failed ? 'CUDA out of memory during the first evaluation.' : `${metric} ${value} against baseline ${base ?? 'n/a'}.`,
    idea_id: idea.id, parent_branch: `idea/${quest.id}-${idea.id}`, worktree_root: root, worktree_rel_path: ws,
    flow_type: 'main_experiment', protocol_step: 'record',
    paths: { run_md: `${root}/experiments/main/${run.run}/RUN.md`, result_json: `${root}/experiments/main/${run.run}/RESULT.json` },
    details: {
      title, verdict, primary_metric_id: metric, primary_value: value, baseline_value: base, delta_vs_baseline: delta,
      breakthrough: Boolean(beats), breakthrough_level: level, need_research_paper: true,
      recommended_next_route: beats ? 'analysis_or_write' : 'revise_idea', auto_promoted_run_branch: true,
      changed_file_count: 1, evidence_count: 1, connector_chart_count: 0, evaluation_summary: null,
    },
    delivery_policy: { need_research_paper: true, recommended_next_route: beats ? 'analysis_or_write' : 'revise_idea', reason: 'Research paper mode is enabled.', startup_contract: {} },
    startup_contract: null,
    baseline_ref: { baseline_id: quest.baseline, variant_id: null, metric_contract_json_rel_path: `baselines/local/${quest.baseline}/json/metric_contract.json` },
    metrics_summary: run.failed ? {} : { [metric]: value },
    metric_rows: run.failed ? [] : [{ metric_id: metric, value, split: 'test', numeric_value: value }],
    metric_contract: run.unknownMetric
      ? { ...metricContract(quest), metrics: [...metricContract(quest).metrics, ...metricContract(quest, metric, direction).metrics] }
      : metricContract(quest, metric, direction),
    baseline_comparisons: {
      primary_metric_id: metric, items: run.failed ? [] : [item],
      summary: {
        comparable_metric_ids: base === null ? [] : [metric],
        improved_metric_ids: beats ? [metric] : [], regressed_metric_ids: beats === false ? [metric] : [],
      },
    },
    progress_eval: {
      primary_metric_id: metric, direction, run_value: value, baseline_value: base, delta_vs_baseline: delta,
      relative_delta_vs_baseline: rel, previous_best_value: null, delta_vs_previous_best: null, beats_baseline: beats,
      improved_over_previous_best: Boolean(beats), breakthrough: Boolean(beats), breakthrough_level: level,
      reason: beats ? 'Beats the active baseline.' : 'No verified breakthrough over the active baseline or previous best.',
    },
    evaluation_summary: null, metric_validation: null,
    files_changed: [`src/${idea.family.toLowerCase().replace(/[^a-z0-9]+/g, '_')}.py`],
    evidence_paths: [`outputs/${run.run}/metrics.json`], verdict,
    guidance_vm: guidance('run', artifactId, 'experiment'),
  };
}

function candidateReport(quest, cand, idea, ws, at) {
  const id = `report-${hex(`${quest.id}:cand:${cand.id}`)}`;
  return {
    ...header('report', id, quest, ws, cand.status, cand.linked ? `run/${cand.linked}` : `idea/${quest.id}-${idea.id}`, at),
    report_type: 'optimization_candidate', idea_id: idea.id, parent_candidate_id: null, candidate_id: cand.id,
    strategy: cand.strategy, failure_kind: cand.failure, linked_run_id: cand.linked, mechanism_family: idea.family,
    change_layer: idea.layer, source_lens: idea.lens, change_plan: cand.plan, expected_gain: 'small',
    metrics_snapshot: {},
    summary: cand.status === 'promoted' ? 'Passed smoke and full evaluation; promoted.' : `Candidate ${cand.status}${cand.failure ? ` (${cand.failure})` : ''}.`,
    semantic_key: `report:decision:optimization_candidate:none:${hex(`${id}:sk`, 64)}`,
    guidance_vm: guidance('report', id, 'optimize'),
  };
}

function runnerTurn(quest, skill, at) {
  const turn = `run-${hex(`${quest.id}:turn:${skill}`)}`;
  const id = `run-${hex(`${quest.id}:turn-record:${skill}`)}`;
  const root = `${WRITTEN_HOME}/quests/${quest.id}`;
  return {
    ...header('run', id, quest, '.', 'completed', 'main', at),
    run_id: turn, run_kind: skill, model: 'gpt-5.4', summary: `Finished the ${skill} turn and recorded its artifacts.`,
    history_root: `${root}/.ds/codex_history/${turn}`, run_root: `${root}/.ds/runs/${turn}`, exit_code: 0,
    guidance_vm: guidance('run', id, skill),
  };
}

function baselineRecord(quest, at) {
  const id = `baseline-${hex(`${quest.id}:baseline`)}`;
  return {
    ...header('baseline', id, quest, '.', 'confirmed', 'main', at),
    baseline_id: quest.baseline, summary: `Reproduced the ${quest.title} baseline.`,
    primary_metric: { name: quest.metric, value: quest.baselineValue, metric_id: quest.metric, direction: quest.direction },
    metrics_summary: { [quest.metric]: quest.baselineValue }, metric_contract: metricContract(quest),
    guidance_vm: guidance('baseline', id, 'baseline'),
  };
}

const DIRS = { baseline: 'baselines', idea: 'ideas', run: 'runs', report: 'reports' };

function indexLineFor(quest, record, ws) {
  const file = `${WRITTEN_HOME}/quests/${quest.id}${ws === '.' ? '' : `/${ws}`}/artifacts/${DIRS[record.kind]}/${record.artifact_id}.json`;
  return line({
    artifact_id: record.artifact_id, kind: record.kind, status: record.status, quest_id: quest.id, path: file,
    summary: record.summary ?? null, updated_at: record.updated_at,
  });
}

function writeQuest(quest) {
  const qroot = path.join(out, 'quests', quest.id);
  const created = nextTime();
  const contractRel = `baselines/local/${quest.baseline}/json/metric_contract.json`;
  write(path.join(qroot, 'quest.yaml'), [
    `quest_id: ${quest.id}`, `title: ${quest.title}`, `quest_root: ${WRITTEN_HOME}/quests/${quest.id}`, 'status: active',
    'active_anchor: decision', 'baseline_gate: confirmed', 'confirmed_baseline_ref:', `  baseline_id: ${quest.baseline}`,
    '  variant_id: null', `  baseline_path: ${WRITTEN_HOME}/quests/${quest.id}/baselines/local/${quest.baseline}`,
    `  baseline_root_rel_path: baselines/local/${quest.baseline}`,
    `  metric_contract_json_path: ${WRITTEN_HOME}/quests/${quest.id}/${contractRel}`,
    `  metric_contract_json_rel_path: ${contractRel}`, '  source_mode: local', `  confirmed_at: '${created}'`,
    '  comment: null', 'requested_baseline_ref: null', 'startup_contract: null', 'default_runner: codex',
    `created_at: '${created}'`, `updated_at: '${created}'`, '',
  ].join('\n'));
  write(path.join(qroot, contractRel), pretty({
    schema_version: 1, kind: 'baseline_metric_contract', baseline_id: quest.baseline, variant_id: null, source_mode: 'local',
    baseline_root_rel_path: `baselines/local/${quest.baseline}`, written_at: created, metric_contract: metricContract(quest),
    primary_metric: { name: quest.metric, value: quest.baselineValue, metric_id: quest.metric, direction: quest.direction },
    metrics_summary: { [quest.metric]: quest.baselineValue },
  }));
  // The quest root: its baseline and the runner turns an agent's turns leave (no metrics: not experiments).
  const rootRecords = [baselineRecord(quest, created), runnerTurn(quest, 'baseline', nextTime()), runnerTurn(quest, 'experiment', nextTime())];
  const rootLines = rootRecords.map((r) => indexLineFor(quest, r, '.'));
  for (const idea of quest.ideas) idea.id = `idea-${hex(`${quest.id}:idea:${idea.key}`)}`;
  // Each idea's worktree inherits every earlier worktree's records and index lines (paths still naming the original).
  const inherited = []; // { record, line }
  for (const idea of quest.ideas) {
    const ws = quest.noWorktrees ? '.' : `.ds/worktrees/idea-${idea.id}`;
    const own = [ideaRecord(quest, idea, ws, nextTime())];
    for (const run of quest.runs.filter((r) => r.idea === idea.key)) {
      const id = `run-${hex(`${quest.id}:run:${run.run}`)}`;
      if (run.rerecord) {
        const older = runRecord(quest, { ...run, better: run.better / 2 }, idea, ws, nextTime(), `run-${hex(`${quest.id}:run:${run.run}:first`)}`);
        own.push(older);
      }
      own.push(runRecord(quest, run, idea, ws, nextTime(), id));
    }
    for (const cand of (quest.candidates ?? []).filter((c) => c.idea === idea.key)) own.push(candidateReport(quest, cand, idea, ws, nextTime()));
    const ownLines = own.map((r) => ({ record: r, line: indexLineFor(quest, r, ws) }));
    if (quest.noWorktrees) {
      rootRecords.push(...own);
      rootLines.push(...ownLines.map((l) => l.line));
      continue;
    }
    const wroot = path.join(qroot, ws);
    const all = [...rootRecords.slice(0, 1).map((r) => ({ record: r, line: rootLines[0] })), ...inherited, ...ownLines];
    for (const { record } of all) write(path.join(wroot, 'artifacts', DIRS[record.kind], `${record.artifact_id}.json`), pretty(record));
    write(path.join(wroot, 'artifacts', '_index.jsonl'), all.map((l) => l.line).join(''));
    write(path.join(wroot, 'quest.yaml'), `quest_id: ${quest.id}\ntitle: ${quest.title}\nstatus: active\n`);
    inherited.push(...ownLines);
  }
  for (const record of rootRecords) write(path.join(qroot, 'artifacts', DIRS[record.kind], `${record.artifact_id}.json`), pretty(record));
  write(path.join(qroot, 'artifacts', '_index.jsonl'), rootLines.join(''));
  write(path.join(qroot, '.ds', 'research_state.json'), pretty({
    version: 1, active_idea_id: null, research_head_branch: null, research_head_worktree_root: null,
    current_workspace_branch: null, current_workspace_root: null, workspace_mode: 'quest', last_flow_type: null, updated_at: created,
  }));
}

function writeCards() {
  const dir = path.join(out, 'memory', 'knowledge');
  const cards = [
    {
      id: 'knowledge-1190cc07', title: 'Adapters rarely beat full fine-tuning when the target domain is narrow',
      tags: ['domain:nlp', 'topic:peft', 'type:reuse-rule'], at: '2026-04-13T12:30:33+00:00',
      body: 'Context: parameter-efficient tuning on small in-domain sets.\n\nObservation: adapters saved memory but lost 0.5-1.5 points to full fine-tuning in two earlier quests.\n\nBoundary: only measured on encoders under 400M parameters.\n',
      file: 'adapters-rarely-beat-full-fine-tuning-when-the-target-domain-is-narrow.md',
    },
    {
      id: 'knowledge-5be0a2d4', title: 'Subword sampling helps most where tokens are noisy',
      tags: ['domain:nlp', 'topic:tokenization'], at: '2026-04-15T09:12:40+00:00',
      body: 'Observation: sampling segmentations (BPE-dropout, unigram sampling) helped on social-media text more than on newswire.\n',
      file: 'subword-sampling-helps-most-where-tokens-are-noisy.md',
    },
  ];
  const lines = [];
  for (const c of cards) {
    const text = ['---', `id: ${c.id}`, 'type: knowledge', 'kind: knowledge', `title: ${c.title}`, 'quest_id: null', 'tags:',
      ...c.tags.map((t) => `- ${t}`), `created_at: '${c.at}'`, `updated_at: '${c.at}'`, 'scope: global', '---', c.body].join('\n');
    write(path.join(dir, c.file), text);
    lines.push(line({
      id: c.id, title: c.title, type: 'knowledge', path: `${WRITTEN_HOME}/memory/knowledge/${c.file}`, quest_id: null, scope: 'global',
      tags: c.tags, updated_at: c.at, excerpt: c.body.split('\n')[0],
    }));
  }
  write(path.join(dir, '_index.jsonl'), lines.join(''));
}

fs.rmSync(out, { recursive: true, force: true });
for (const quest of QUESTS) writeQuest(quest);
writeCards();
console.log(`wrote ${path.relative(process.cwd(), out)}`);
