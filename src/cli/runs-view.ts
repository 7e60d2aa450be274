// How runs are shown on the command line and in --json.
import { type Candidate, type Run } from '../core/index.js';

export function runJson(run: Run | Candidate): Record<string, unknown> {
  const base: Record<string, unknown> = {
    artifact_id: run.artifactId,
    run_id: run.runId,
    run_kind: run.runKind,
    status: run.status,
    summary: run.summary,
    workspace: run.workspaceRel,
    created_at: run.createdAt,
    updated_at: run.updatedAt,
  };
  if ('covered' in run) {
    base.covered = run.covered;
    base.covered_by = run.coveredBy;
    if (run.coverageNote) base.coverage_note = run.coverageNote;
  }
  if (run.copies) {
    base.copies = run.copies.map((c) => ({ workspace: c.workspace, status: c.status, run_kind: c.runKind, updated_at: c.updatedAt, candidate: c.candidate }));
  }
  base.disagreement = run.disagreement ?? null;
  return base;
}

function oneLine(text: string | null, width: number): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > width ? flat.slice(0, width - 1) + '…' : flat;
}

/** Aligned lines: artifact id, run id, run kind, summary; a note under a run whose copies disagree or that a review names in vain. */
export function runLines(runs: readonly (Run | Candidate)[], indent = '  '): string {
  const w1 = Math.max(...runs.map((r) => (r.runId ?? '-').length), 6);
  const w2 = Math.max(...runs.map((r) => (r.runKind ?? '-').length), 8);
  return runs
    .map((r) => {
      const mark = 'covered' in r ? (r.covered ? '✓ ' : '• ') : '';
      const line = `${indent}${mark}${r.artifactId}  ${(r.runId ?? '-').padEnd(w1)}  ${(r.runKind ?? '-').padEnd(w2)}  ${oneLine(r.summary, 90)}`;
      const notes = [r.disagreement ? `copies disagree: ${r.disagreement}` : null, 'coverageNote' in r ? r.coverageNote : null];
      return [line, ...notes.filter((n): n is string => Boolean(n)).map((n) => `${indent}${mark ? '  ' : ''}  ${n}`)].join('\n');
    })
    .join('\n');
}
