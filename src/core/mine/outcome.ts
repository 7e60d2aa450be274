// A run's outcome against its baseline (formats §10): win, loss or unknown, with the metric's direction taken from
// the quest's metric contract first (a run's own progress_eval may carry a direction guessed from the metric's name).
import path from 'node:path';
import { readRegularText } from '../files/read-file.js';
import type { Quest } from '../model.js';

export type Outcome = 'win' | 'loss' | 'unknown';
export type Direction = 'maximize' | 'minimize';

/** Why an outcome is what it is: a measured comparison, a failed run or candidate, or nothing to compare. */
export type OutcomeBasis = 'metric' | 'failed' | 'smoke_failed' | 'no_baseline' | 'no_metric';

export interface RunOutcome {
  outcome: Outcome;
  basis: OutcomeBasis;
  metric: string | null;
  direction: Direction | null;
  value: number | null;
  baseline: number | null;
  /** Relative change against the baseline, signed so that positive is better whatever the direction. */
  delta: number | null;
}

export function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function directionOf(value: unknown): Direction | null {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (/^(max|higher|greater|up)/.test(v)) return 'maximize';
  if (/^(min|lower|less|down)/.test(v)) return 'minimize';
  return null;
}

/** The directions the quest's confirmed baseline's metric contract gives, by metric id (empty when none is readable). */
export function questDirections(quest: Quest): Map<string, Direction> {
  const out = new Map<string, Direction>();
  const ref = obj(quest.yaml.confirmed_baseline_ref);
  const rel = text(ref.metric_contract_json_rel_path);
  if (!rel || path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) return out;
  let contract: Record<string, unknown>;
  try {
    contract = obj(JSON.parse(readRegularText(path.join(quest.root, rel))));
  } catch {
    return out;
  }
  const metrics = obj(contract.metric_contract).metrics;
  for (const m of Array.isArray(metrics) ? metrics.map(obj) : []) {
    const id = text(m.metric_id);
    const dir = directionOf(m.direction);
    if (id && dir) out.set(id, dir);
  }
  return out;
}

const FAILED = new Set(['failed', 'error', 'errored', 'crashed', 'smoke_failed']);

export function isFailedStatus(status: unknown): boolean {
  return typeof status === 'string' && FAILED.has(status.trim().toLowerCase());
}

/** A main experiment's (or slice's) outcome from its record; `directions` is the quest's contract. */
export function runOutcome(record: Record<string, unknown>, directions: Map<string, Direction>): RunOutcome {
  const pe = obj(record.progress_eval);
  const details = obj(record.details);
  const metric = text(pe.primary_metric_id) ?? text(details.primary_metric_id) ?? text(obj(record.baseline_comparisons).primary_metric_id);
  const direction = (metric ? directions.get(metric) : undefined) ?? directionOf(pe.direction);
  const value = num(pe.run_value) ?? num(details.primary_value);
  const baseline = num(pe.baseline_value) ?? num(details.baseline_value);
  const base: RunOutcome = { outcome: 'unknown', basis: 'no_baseline', metric, direction, value, baseline, delta: null };
  if (isFailedStatus(record.status)) return { ...base, outcome: 'loss', basis: 'failed' };
  if (value === null && baseline === null && pe.beats_baseline == null) return { ...base, basis: 'no_metric' };
  if (value !== null && baseline !== null && direction) {
    const sign = direction === 'minimize' ? -1 : 1;
    const rel = num(pe.relative_delta_vs_baseline) ?? (baseline !== 0 ? (value - baseline) / Math.abs(baseline) : null);
    const delta = rel === null ? null : sign * rel;
    // Relative delta is `(run - baseline) / |baseline|`; a guessed direction flips only its sign, not its size.
    return { ...base, basis: 'metric', outcome: sign * (value - baseline) > 0 ? 'win' : 'loss', delta };
  }
  if (pe.beats_baseline === true || pe.beats_baseline === false) {
    const rel = num(pe.relative_delta_vs_baseline);
    const delta = rel === null || !direction ? null : (direction === 'minimize' ? -1 : 1) * rel;
    return { ...base, basis: 'metric', outcome: pe.beats_baseline ? 'win' : 'loss', delta };
  }
  return base;
}
