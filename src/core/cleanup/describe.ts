// A cleanup plan as text and as JSON, the way the review's plan is shown (describe.ts in core/review): every card
// rewritten with its unified diff, every card moved into the archive (with the diff of what the archive copy adds).
// The lessons screen's W view and `distill lessons apply` print the same lines.
import { relToHome } from '../review/describe.js';
import { unifiedDiff } from '../review/diff.js';
import type { CleanupPlan } from './plan.js';

export function describeCleanup(plan: CleanupPlan): string[] {
  const rel = (f: string) => relToHome(plan.home, f);
  const { record } = plan;
  const out = [plan.summary];
  if (record.why) out.push(`  why: ${record.why.replace(/\s+/g, ' ')}`);
  for (const r of record.revised) {
    out.push(`revise ${rel(r.path)}  (${r.card_id})`);
    out.push(...unifiedDiff(r.before, r.after, `a/${rel(r.path)}`, `b/${rel(r.path)}`).replace(/\n$/, '').split('\n'));
  }
  for (const a of record.archived) {
    const by = a.superseded_by ? `, superseded_by ${a.superseded_by}` : '';
    out.push(`archive ${rel(a.path)} -> ${rel(a.archive_path)}  (${a.card_id}${by})`);
    if (a.archived_content !== a.content) {
      out.push(...unifiedDiff(a.content, a.archived_content, `a/${rel(a.path)}`, `b/${rel(a.archive_path)}`).replace(/\n$/, '').split('\n'));
    }
  }
  return out;
}

export function cleanupPlanJson(plan: CleanupPlan): Record<string, unknown> {
  const { record } = plan;
  return {
    action_id: record.action_id,
    action: record.action,
    summary: plan.summary,
    why: record.why,
    cards: record.cards,
    ...(record.survivor ? { survivor: record.survivor } : {}),
    revise: record.revised.map((r) => ({ card_id: r.card_id, path: r.path, diff: unifiedDiff(r.before, r.after, 'a', 'b') })),
    archive: record.archived.map((a) => ({ card_id: a.card_id, path: a.path, archive_path: a.archive_path, superseded_by: a.superseded_by })),
  };
}
