// The top of the W plan view: which runs the write will count as covered and which stay uncovered. Read from the
// plan's `runs` (the core's coverage rule: covered when every draft of the run is decided, or the run is closed),
// when the plan has them; the view puts these lines first so they are never scrolled out of sight at 80x24.

export interface PlanRun {
  runId: string;
  covered: boolean;
  closed: boolean;
  undecided: string[];
}

export function planRunLines(runs: readonly PlanRun[] | undefined): string[] {
  if (!runs?.length) return [];
  const lines = ['Runs after this write:'];
  for (const r of runs) {
    if (r.closed) lines.push(`  covered    ${r.runId} (closed${r.undecided.length ? `; ${r.undecided.length} undecided draft(s) recorded as rejected` : ''})`);
    else if (r.covered) lines.push(`  covered    ${r.runId}`);
    else lines.push(`  uncovered  ${r.runId} (${r.undecided.length} draft(s) undecided: ${r.undecided.join(', ')})`);
  }
  return [...lines, ''];
}
