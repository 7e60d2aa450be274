// Which completed runs still need a distill review (PRODUCT.md "candidate", "covered"; PR #60's gate rules).
import path from 'node:path';
import { type ArtifactCopy, copyStamp, newestByKey, scanCopies } from './artifact-copies.js';
import type { Artifact, Candidate, FileWarning, Quest, Run, RunCopy } from '../model.js';
import { pyStrip } from '../format/pyread.js';

export const DEFAULT_RUN_KINDS = ['main_experiment', 'analysis.slice', 'experiment'] as const;
const COMPLETED = new Set(['completed', 'success', 'succeeded', 'done']);
/** The action `distill revert` leaves on a review's file (src/core/review/revert.ts). */
const REVERTED = 'distill_review_reverted';

export function isCompletedStatus(status: unknown): boolean {
  return typeof status === 'string' && COMPLETED.has(pyStrip(status).toLowerCase());
}

/** PR #60's `_is_distill_candidate`: the record (not the index line) is a run of a counted kind, completed. */
export function isCandidateRecord(record: Record<string, unknown>, runKinds: readonly string[]): boolean {
  return (
    record.kind === 'run' &&
    typeof record.run_kind === 'string' &&
    runKinds.includes(record.run_kind) &&
    isCompletedStatus(record.status)
  );
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
  /** The distill_review decisions found, oldest first (the newest copy of each). */
  reviews: Artifact[];
  /** Every run artifact of the quest by artifact_id, candidate or not (the newest copy of each). */
  runs: Map<string, Run>;
  runKinds: readonly string[];
  warnings: FileWarning[];
  /** Files that keep the gate from answering "closed" (artifact-copies.ts CopyScan.unreadable): never closed with any. */
  unreadable: FileWarning[];
  brokenLines: number;
}

/**
 * The candidates and their coverage, never more lenient than PR #60's `evaluate_distill_gate_for_quest`: a run is a
 * candidate when ANY copy of it is a completed run of a counted kind, and it is covered when a distill_review names
 * it and, if PR #60's gate reads a candidate copy of it, a review PR #60's gate also reads names it.
 */
export function coverage(quest: Quest, options: CoverageOptions = {}): CoverageReport {
  const runKinds = options.runKinds?.length ? options.runKinds : DEFAULT_RUN_KINDS;
  const scan = scanCopies(quest, ['run', 'decision']);
  const runCopies = new Map<string, ArtifactCopy[]>();
  const decisionCopies: ArtifactCopy[] = [];
  for (const copy of scan.copies) {
    if (copy.kind !== 'run') decisionCopies.push(copy);
    else if (runCopies.has(copy.artifactId)) runCopies.get(copy.artifactId)?.push(copy);
    else runCopies.set(copy.artifactId, [copy]);
  }
  // A review counts in every copy (PR #60 takes the union of reviewed_run_ids), except a copy no newer than
  // distill's revert tombstone of the same id: a worktree may keep an older copy of a reverted review.
  const revokedAt = new Map<string, string>();
  for (const copy of decisionCopies) {
    if (copy.record.action !== REVERTED) continue;
    const at = revokedAt.get(copy.artifactId);
    if (at === undefined || copyStamp(copy) > at) revokedAt.set(copy.artifactId, copyStamp(copy));
  }
  const counting = decisionCopies.filter((c) => isDistillReview(c) && !(copyStamp(c) <= (revokedAt.get(c.artifactId) ?? '')));
  const byTime = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');
  const reviews: Artifact[] = [...newestByKey(counting).values()];
  reviews.sort((a, b) => byTime(str(a.record.created_at), str(b.record.created_at)));
  const namedBy = new Map<string, string[]>();
  for (const review of counting) {
    for (const id of reviewedRunIds(review)) namedBy.set(id, [...(namedBy.get(id) ?? []), review.artifactId]);
  }
  const namedForPr60 = new Set<string>();
  for (const copy of decisionCopies) {
    if (copy.pr60 && isDistillReview(copy)) for (const id of reviewedRunIds(copy)) namedForPr60.add(id);
  }
  const runs = new Map<string, Run>();
  const candidates: Candidate[] = [];
  for (const [id, copies] of runCopies) {
    const newest = newestByKey(copies).get(id) as ArtifactCopy;
    const run: Run = { ...runFromArtifact(newest), ...describeCopies(copies, runKinds) };
    runs.set(id, run);
    const counted = copies.filter((c) => isCandidateRecord(c.record, runKinds));
    if (!counted.length) continue;
    const seenByPr60 = counted.filter((c) => c.pr60 && !c.noRecordId);
    const by = [...new Set(namedBy.get(id) ?? [])];
    let coverageNote: string | null = null;
    let covered = by.length > 0;
    if (covered && seenByPr60.some((c) => c.opaqueId)) {
      covered = false;
      coverageNote = 'a copy of it has a number, list or dict as artifact_id, which distill cannot match to a review';
    } else if (covered && seenByPr60.length && !namedForPr60.has(id)) {
      covered = false;
      coverageNote = `named by ${by.join(', ')}, but DeepScientist's gate cannot read that review (its index line is missing, torn or has a stale path, or it lies outside the quest root and .ds/worktrees)`;
    }
    candidates.push({ ...run, covered, coveredBy: covered ? by : [], coverageNote });
  }
  candidates.sort((a, b) => byTime(a.createdAt ?? a.updatedAt, b.createdAt ?? b.updatedAt) || a.artifactId.localeCompare(b.artifactId));
  // Every listing shows them (as warnings); the gate says them as its verdict.
  return { quest, candidates, reviews, runs, runKinds, warnings: [...scan.warnings, ...scan.unreadable], unreadable: scan.unreadable, brokenLines: scan.brokenLines };
}

function workspaceLabel(copy: ArtifactCopy): string {
  const ws = copy.workspace;
  if (!copy.file.startsWith(ws.root + path.sep)) return copy.file;
  if (ws.origin === 'quest_root') return 'root';
  return ws.origin === 'worktree' ? path.basename(ws.root) : ws.rel;
}

/** One entry per file, and a note when the files disagree on the status ("root: succeeded, wt-0: running"). */
function describeCopies(copies: readonly ArtifactCopy[], runKinds: readonly string[]): { copies: RunCopy[]; disagreement: string | null } {
  const byFile = new Map<string, RunCopy>();
  for (const c of copies) {
    if (byFile.has(c.file)) continue;
    byFile.set(c.file, {
      workspace: workspaceLabel(c),
      file: c.file,
      status: str(c.record.status),
      runKind: str(c.record.run_kind),
      updatedAt: str(c.record.updated_at),
      candidate: isCandidateRecord(c.record, runKinds),
    });
  }
  const list = [...byFile.values()];
  const statuses = new Set(list.map((c) => pyStrip(c.status ?? '').toLowerCase()));
  const disagreement =
    statuses.size > 1 ? list.map((c) => `${c.workspace}: ${c.status === null || c.status.trim() === '' ? 'no status' : c.status}`).join(', ') : null;
  return { copies: list, disagreement };
}
