// A run added to a copy of fixtures/mine-home, as DeepScientist records one: a copy of an existing episode's run record
// (same idea, so the same factors) under a new run_id and artifact_id, with a value that beats the baseline or not,
// written in the same workspace with its index line appended. Only tests' temp copies are written.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { homeEpisodes } from '../../src/core/mine/episodes.js';

let clock = 0;

/** Adds run `runId` to quest `questId`, copied from its run `from`; `wins`: beats the baseline by 2 % or falls 2 % short. */
export function addRun(home: string, questId: string, from: string, runId: string, wins: boolean): string {
  const source = homeEpisodes(home, questId).episodes.find((e) => e.runId === from && e.source === 'run');
  if (!source) throw new Error(`no run ${from} in ${questId}`);
  const record = JSON.parse(fs.readFileSync(path.join(home, source.file), 'utf8'));
  const artifactId = `run-${crypto.createHash('sha256').update(`${questId}/${runId}`).digest('hex').slice(0, 8)}`;
  const at = new Date(Date.parse('2026-07-01T00:00:00Z') + 60_000 * clock++).toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const pe = record.progress_eval;
  const sign = (source.direction ?? pe.direction) === 'minimize' ? -1 : 1;
  const rel = (wins ? 1 : -1) * sign * 0.02;
  const value = Math.round(pe.baseline_value * (1 + rel) * 10000) / 10000;
  Object.assign(record, { artifact_id: artifactId, id: artifactId, run_id: runId, created_at: at, updated_at: at, status: 'completed' });
  Object.assign(pe, { run_value: value, relative_delta_vs_baseline: rel, delta_vs_baseline: value - pe.baseline_value, beats_baseline: wins });
  if (record.details) Object.assign(record.details, { primary_value: value });
  const dir = path.dirname(path.join(home, source.file));
  const file = path.join(dir, `${artifactId}.json`);
  fs.writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
  const index = path.join(path.dirname(dir), '_index.jsonl');
  const line = { artifact_id: artifactId, kind: 'run', status: 'completed', quest_id: questId, path: file, summary: `added ${runId}`, updated_at: at };
  fs.appendFileSync(index, JSON.stringify(line) + '\n');
  return file;
}
