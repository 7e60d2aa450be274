// Which completed runs still need a distill review (PRODUCT.md "candidate", "covered"; PR #60's gate rules).
import { scanArtifacts } from './artifacts.js';
import type { Artifact, Candidate, FileWarning, Quest, Run } from './model.js';

export const DEFAULT_RUN_KINDS = ['main_experiment', 'analysis.slice', 'experiment'] as const;
const COMPLETED = new Set(['completed', 'success', 'succeeded', 'done']);

export function isCompletedStatus(status: unknown): boolean {
  return typeof status === 'string' && COMPLETED.has(status.trim().toLowerCase());
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function runFromArtifact(artifact: Artifact): Run {
  const r = artifact.record;
  return {
    artifactId: artifact.artifactId,
    runId: str(r.run_id),
    runKind: str(r.run_kind),
    // The record is the truth; the index line can lag behind an in-place rewrite.
    status: str(r.status) ?? artifact.indexLine.status,
    summary: str(r.summary) ?? str(r.message) ?? artifact.indexLine.summary,
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at) ?? artifact.indexLine.updated_at,
    workspaceRel: artifact.workspace.rel,
    file: artifact.file,
    record: r,
  };
}

export function isDistillReview(artifact: Artifact): boolean {
  return artifact.kind === 'decision' && artifact.record.action === 'distill_review';
}

export function reviewedRunIds(review: Artifact): string[] {
  const ids = review.record.reviewed_run_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

export interface CoverageOptions {
  runKinds?: readonly string[];
}

export interface CoverageReport {
  quest: Quest;
  /** Candidate runs, oldest first, each marked covered or not. */
  candidates: Candidate[];
  /** The distill_review decisions found, oldest first. */
  reviews: Artifact[];
  /** Every run artifact of the quest by artifact_id, candidate or not. */
  runs: Map<string, Run>;
  runKinds: readonly string[];
  warnings: FileWarning[];
  brokenLines: number;
}

export function coverage(quest: Quest, options: CoverageOptions = {}): CoverageReport {
  const runKinds = options.runKinds?.length ? options.runKinds : DEFAULT_RUN_KINDS;
  const scan = scanArtifacts(quest, ['run', 'decision']);
  const runs = new Map<string, Run>();
  const reviews: Artifact[] = [];
  for (const artifact of scan.artifacts) {
    if (artifact.kind === 'run') runs.set(artifact.artifactId, runFromArtifact(artifact));
    else if (isDistillReview(artifact)) reviews.push(artifact);
  }
  const byTime = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');
  reviews.sort((a, b) => byTime(str(a.record.created_at), str(b.record.created_at)));
  const coveredBy = new Map<string, string[]>();
  for (const review of reviews) {
    for (const id of reviewedRunIds(review)) {
      const list = coveredBy.get(id) ?? [];
      list.push(review.artifactId);
      coveredBy.set(id, list);
    }
  }
  const candidates: Candidate[] = [];
  for (const run of runs.values()) {
    if (!run.runKind || !runKinds.includes(run.runKind) || !isCompletedStatus(run.status)) continue;
    const by = coveredBy.get(run.artifactId) ?? [];
    candidates.push({ ...run, covered: by.length > 0, coveredBy: by });
  }
  candidates.sort((a, b) => byTime(a.createdAt ?? a.updatedAt, b.createdAt ?? b.updatedAt) || a.artifactId.localeCompare(b.artifactId));
  return { quest, candidates, reviews, runs, runKinds, warnings: scan.warnings, brokenLines: scan.brokenLines };
}
