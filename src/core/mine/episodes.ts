// The episodes of a home: one per experiment run, however many workspaces hold a copy of it (formats §10 "Copies").
// Copies are folded by artifact_id by the quest scan (quest/artifacts.ts), then by (quest_id, run_id): a run re-recorded
// under a new artifact_id is one episode, its newest record. Runner turns (the run record an agent's turn leaves, with
// no metrics) are not experiments. A failed or smoke_failed optimization candidate with no run of its own is an
// episode too, a loss. Each episode carries its factors: the idea's mechanism_family and change_layer, the candidate's
// strategy and failure_kind.
import path from 'node:path';
import { scanArtifacts } from '../quest/artifacts.js';
import { UserError } from '../errors.js';
import { listQuestIds, resolveQuest } from '../quest/home.js';
import type { Artifact, FileWarning, Quest } from '../model.js';
import { obj, questDirections, runOutcome, text, type RunOutcome } from './outcome.js';

export const FACTOR_NAMES = ['mechanism_family', 'change_layer', 'strategy', 'failure_kind'] as const;
export type FactorName = (typeof FACTOR_NAMES)[number];

export interface Episode extends RunOutcome {
  questId: string;
  /** The run's run_id; for a candidate without a run, its linked_run_id or candidate_id. */
  runId: string;
  /** The run record's artifact_id (the candidate report's for a candidate without a run). */
  artifactId: string;
  source: 'run' | 'candidate';
  runKind: string | null;
  verdict: string | null;
  /** The quest's task (its quest.yaml title). */
  task: string | null;
  ideaId: string | null;
  ideaTitle: string | null;
  /** Factor values as the agent spelled them. */
  factors: Partial<Record<FactorName, string>>;
  /** The record's file, relative to the home. */
  file: string;
  createdAt: string;
}

export interface EpisodeScan {
  episodes: Episode[];
  quests: string[];
  /** Run records after folding copies by artifact_id. */
  runRecords: number;
  runnerTurns: number;
  /** Run records folded into another of the same (quest_id, run_id). */
  rerecords: number;
  /** Failed candidates with no run of their own, counted as episodes. */
  candidateEpisodes: number;
  warnings: FileWarning[];
}

const EXPERIMENT_KINDS = new Set(['main_experiment', 'analysis.slice']);
const FAILED_CANDIDATE = new Set(['failed', 'smoke_failed']);

/** A run record of an experiment, not an agent's turn: a main experiment or slice, or any run with metrics. */
export function isExperimentRecord(record: Record<string, unknown>): boolean {
  if (typeof record.run_kind === 'string' && EXPERIMENT_KINDS.has(record.run_kind)) return true;
  const pe = obj(record.progress_eval);
  return Object.keys(pe).length > 0 || text(obj(record.details).primary_metric_id) !== null || Object.keys(obj(record.metrics_summary)).length > 0;
}

const stamp = (r: Record<string, unknown>) => `${text(r.updated_at) ?? ''}\u0000${text(r.created_at) ?? ''}`;

function factorValues(...sources: Record<string, unknown>[]): Partial<Record<FactorName, string>> {
  const out: Partial<Record<FactorName, string>> = {};
  for (const name of FACTOR_NAMES) {
    for (const s of sources) {
      const v = text(s[name]);
      if (v) {
        out[name] = v;
        break;
      }
    }
  }
  return out;
}

/** The episodes of one quest. */
export function questEpisodes(quest: Quest): Omit<EpisodeScan, 'quests'> {
  const scan = scanArtifacts(quest, ['run', 'idea', 'report']);
  const directions = questDirections(quest);
  const task = text(quest.yaml.title);
  const ideas = new Map<string, Record<string, unknown>>();
  const candidates: Artifact[] = [];
  const byRunId = new Map<string, Artifact>();
  let runRecords = 0;
  let runnerTurns = 0;
  let rerecords = 0;
  for (const a of scan.artifacts) {
    if (a.kind === 'idea') {
      const id = text(a.record.idea_id) ?? text(obj(a.record.details).idea_id);
      if (id && (!ideas.has(id) || stamp(a.record) > stamp(ideas.get(id)!))) ideas.set(id, a.record);
    } else if (a.kind === 'report' && a.record.report_type === 'optimization_candidate') candidates.push(a);
    else if (a.kind === 'run') {
      runRecords += 1;
      if (!isExperimentRecord(a.record)) {
        runnerTurns += 1;
        continue;
      }
      const runId = text(a.record.run_id) ?? a.artifactId;
      const previous = byRunId.get(runId);
      if (previous) rerecords += 1;
      if (!previous || stamp(a.record) > stamp(previous.record)) byRunId.set(runId, a);
    }
  }
  const rel = (file: string) => path.relative(quest.home, file);
  const episodes = new Map<string, Episode>();
  for (const [runId, a] of byRunId) {
    const r = a.record;
    const ideaId = text(r.idea_id);
    const idea = ideaId ? ideas.get(ideaId) : undefined;
    const details = obj(idea?.details);
    episodes.set(runId, {
      ...runOutcome(r, directions), questId: quest.id, runId, artifactId: a.artifactId, source: 'run', runKind: text(r.run_kind),
      verdict: text(r.verdict) ?? text(obj(r.details).verdict), task, ideaId, ideaTitle: text(details.title) ?? text(obj(r.details).title),
      factors: factorValues(details, r), file: rel(a.file), createdAt: text(r.created_at) ?? '',
    });
  }
  let candidateEpisodes = 0;
  // Oldest first, so a candidate re-recorded with a later status decides last.
  for (const c of [...candidates].sort((x, y) => (stamp(x.record) < stamp(y.record) ? -1 : 1))) {
    const r = c.record;
    const linked = text(r.linked_run_id);
    const status = (text(r.status) ?? '').toLowerCase();
    const ideaId = text(r.idea_id);
    const idea = obj(ideaId ? ideas.get(ideaId)?.details : undefined);
    const episode = linked ? episodes.get(linked) : undefined;
    if (episode) {
      // The candidate's strategy and failure kind are factors of its run; the idea's family stays the run's.
      episode.factors = { ...factorValues(r), ...episode.factors, ...pick(factorValues(r), ['strategy', 'failure_kind']) };
      if (episode.outcome === 'unknown' && FAILED_CANDIDATE.has(status)) Object.assign(episode, { outcome: 'loss', basis: status });
      continue;
    }
    if (!FAILED_CANDIDATE.has(status)) continue;
    const runId = linked ?? text(r.candidate_id) ?? c.artifactId;
    if (episodes.has(runId)) continue;
    candidateEpisodes += 1;
    episodes.set(runId, {
      outcome: 'loss', basis: status as 'failed' | 'smoke_failed', metric: null, direction: null, value: null, baseline: null, delta: null,
      questId: quest.id, runId, artifactId: c.artifactId, source: 'candidate', runKind: null, verdict: status, task, ideaId,
      ideaTitle: text(idea.title), factors: factorValues(r, idea), file: rel(c.file), createdAt: text(r.created_at) ?? '',
    });
  }
  const list = [...episodes.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.runId < b.runId ? -1 : 1));
  return { episodes: list, runRecords, runnerTurns, rerecords, candidateEpisodes, warnings: scan.warnings };
}

function pick<T extends object>(o: T, keys: (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** The episodes of every quest of the home (or of the one quest named). A quest that cannot be read is a warning. */
export function homeEpisodes(home: string, questId?: string): EpisodeScan {
  const out: EpisodeScan = { episodes: [], quests: [], runRecords: 0, runnerTurns: 0, rerecords: 0, candidateEpisodes: 0, warnings: [] };
  const ids = questId === undefined ? listQuestIds(home) : [questId];
  for (const id of ids) {
    let quest: Quest;
    try {
      quest = resolveQuest(home, id);
    } catch (error) {
      if (questId !== undefined || !(error instanceof UserError)) throw error;
      out.warnings.push({ file: path.join(home, 'quests', id), message: `${error.message}; quest skipped` });
      continue;
    }
    const q = questEpisodes(quest);
    out.quests.push(quest.id);
    out.episodes.push(...q.episodes);
    out.runRecords += q.runRecords;
    out.runnerTurns += q.runnerTurns;
    out.rerecords += q.rerecords;
    out.candidateEpisodes += q.candidateEpisodes;
    out.warnings.push(...q.warnings);
  }
  return out;
}

/** Stable id of an episode across re-mines. */
export function episodeKey(e: Pick<Episode, 'questId' | 'runId'>): string {
  return `${e.questId}/${e.runId}`;
}
