// The confirm screen's text for a plan: every file to create, every card to revise with its unified diff, the
// decision artifact and every index line. The same text is what `distill apply` prints without --yes.
import path from 'node:path';
import { unifiedDiff } from './diff.js';
import { QUIRKS_QUEST } from '../quest/quirks.js';
import type { Plan, PlanCandidates } from './plan-types.js';
import { plural } from '../words.js';
import type { PlanRun } from './plan-runs.js';

export function relToHome(home: string, file: string): string {
  const rel = path.relative(home, file);
  return rel.startsWith('..') ? file : rel;
}

/** The plan as text; `withRuns: false` leaves out the run block (a caller that shows it apart, as the review's W view). */
export function describePlan(plan: Plan, options: { withRuns?: boolean } = {}): string {
  const withRuns = options.withRuns ?? true;
  const rel = (f: string) => relToHome(plan.home, f);
  const out: string[] = [];
  if (plan.status === 'already_applied') return `Review ${plan.reviewId} was already applied; nothing to write.\n`;
  if (plan.status === 'nothing') {
    return [`Nothing to write: every decision is defer (${plan.deferred.join(', ') || 'no decisions'}).`, ...(withRuns ? runLines(plan) : [])].join('\n') + '\n';
  }
  // The quirks files have entries, not runs; the mined patterns (quest `:mined`, core/mine) span quests: neither has
  // a quest, runs or a distill_review decision (issue 35).
  const quirks = plan.questId === QUIRKS_QUEST;
  out.push(
    quirks ? `Record ${plan.reviewId} of the quirks files by ${plan.reviewer} at ${plan.now}`
      : plan.questId === ':mined' ? `Review ${plan.reviewId} of the mined patterns (no quest: no distill_review decision, no gate changes) by ${plan.reviewer} at ${plan.now}`
        : `Review ${plan.reviewId} of quest ${plan.questId} by ${plan.reviewer} at ${plan.now}`,
  );
  // Which runs the write covers comes first: it is what the reviewer must see before saying yes.
  if (withRuns && plan.runs.length) out.push('', ...runLines(plan));
  for (const c of plan.newCards) {
    out.push('', `create ${rel(c.path)}  (${c.cardId}, ${c.decision}, ${quirks ? `entry ${c.draftId}` : `draft ${c.draftId}, run ${c.runId}`})`);
    for (const w of c.warnings) out.push(`  warning: ${w}`);
    for (const line of c.content.replace(/\n$/, '').split('\n')) out.push(`  + ${line}`);
  }
  for (const p of plan.patches) {
    // An accepted agent's draft (card-accept.ts) is revised in place, not patched: say which.
    const what = p.accepted ? (p.draftIds.includes(p.cardId) && p.draftIds.length === 1 ? 'new: the agent\'s draft accepted in place' : 'new: accepted in place, and patch') : 'patch';
    out.push('', `revise ${rel(p.path)}  (${p.cardId}, ${what}${p.crossQuest ? ', cross-quest' : ''}, draft ${p.draftIds.join(', ')})`);
    out.push(unifiedDiff(p.before, p.after, `a/${rel(p.path)}`, `b/${rel(p.path)}`).replace(/\n$/, ''));
  }
  if (plan.decision) {
    out.push('', `create ${rel(plan.decision.path)}  (decision ${plan.reviewId}, action distill_review)`);
    for (const line of plan.decision.content.replace(/\n$/, '').split('\n')) out.push(`  + ${line}`);
  }
  // A review that only dismisses quest notes or rejects drafts of open runs appends no index line: no empty heading.
  if (plan.memoryIndex.length || plan.decision) out.push('', 'append index lines:');
  for (const m of plan.memoryIndex) out.push(`  ${rel(m.file)}: ${m.line.replace(/\n$/, '')}`);
  if (plan.decision) {
    out.push(`  ${rel(plan.decision.indexFile)}: ${plan.decision.indexLine.replace(/\n$/, '')}`);
    out.push(`  ${rel(plan.decision.eventsFile)}: artifact.recorded ${plan.reviewId}`);
  }
  if (plan.reviewedEntries.length) {
    out.push('', `mark reviewed: ${plan.reviewedEntries.map((e) => `${e.draft_id} (${e.decision})`).join(', ')}`);
  }
  if (plan.deferred.length) out.push(`deferred (nothing written for them): ${plan.deferred.join(', ')}`);
  return out.join('\n') + '\n';
}


/**
 * "Runs after this write:", one line per run the review touches (whether this write covers it, the rule is in
 * plan-runs.ts; which drafts keep an uncovered run open; how many a close rejects), then what stays of the gate.
 */
export function runLines(plan: Pick<Plan, 'runs' | 'status' | 'decision'> & { candidates?: Plan['candidates'] }): string[] {
  if (!plan.runs.length) return [];
  const out = ['Runs after this write:'];
  for (const r of plan.runs) {
    const n = r.closed ? r.rejected.length : r.undecided.length;
    if (r.closed) out.push(`  ${r.runId} will count as covered (closed${n ? `: ${plural(n, 'undecided draft')} recorded as rejected` : ''})`);
    else if (r.covered) out.push(`  ${r.runId} will count as covered`);
    else out.push(`  ${r.runId} stays uncovered: ${plural(n, 'draft')} still undecided (x on the run closes it): ${r.undecided.join(', ')}`);
  }
  if (plan.status === 'ready' && !plan.decision) out.push('  no run is covered by this write; no distill_review decision is written');
  const gate = gateAfter(plan.runs, plan.candidates ?? null);
  if (gate) out.push(`  ${gate.line}`);
  return out;
}

/**
 * What the write leaves of the quest's gate: the candidate runs still uncovered after it (the ones this review does
 * not touch first), and whether it closes. Null when the candidates are not known (the quirks review).
 */
export function gateAfter(runs: readonly PlanRun[], candidates: PlanCandidates | null): { uncovered: string[]; closes: boolean; line: string } | null {
  if (!candidates) return null;
  const touched = new Map(runs.map((r) => [r.runId, r.covered]));
  const uncovered = candidates.uncovered.filter((id) => touched.get(id) !== true);
  const others = uncovered.filter((id) => !touched.has(id)).length;
  const closes = uncovered.length === 0 && candidates.unreadable === 0;
  let line: string;
  if (others) line = `${plural(others, 'other candidate run')} stay${others === 1 ? 's' : ''} uncovered: the gate stays open`;
  else if (uncovered.length) line = `no other candidate run is uncovered: the gate stays open until the ${uncovered.length === 1 ? 'run above is' : 'runs above are'} covered`;
  else if (candidates.unreadable) line = `this write covers every candidate run, but the gate cannot answer: ${plural(candidates.unreadable, 'file')} it cannot read (distill gate names them)`;
  else line = 'this write covers every candidate run: the gate closes';
  return { uncovered, closes, line };
}

/** A compact JSON form of the plan for `--json`. */
export function planSummary(plan: Plan): Record<string, unknown> {
  return {
    review_id: plan.reviewId,
    quest_id: plan.questId,
    status: plan.status,
    create: plan.newCards.map((c) => ({ path: c.path, card_id: c.cardId, decision: c.decision, draft_id: c.draftId, run: c.runId, warnings: c.warnings })),
    revise: plan.patches.map((p) => ({
      path: p.path, card_id: p.cardId, cross_quest: p.crossQuest, draft_ids: p.draftIds, accepted: p.accepted === true,
      diff: unifiedDiff(p.before, p.after, 'a', 'b'),
    })),
    decision: plan.decision ? { path: plan.decision.path, content: plan.decision.content } : null,
    index_lines: [
      ...plan.memoryIndex.map((m) => ({ file: m.file, line: m.line })),
      ...(plan.decision ? [{ file: plan.decision.indexFile, line: plan.decision.indexLine }, { file: plan.decision.eventsFile, line: plan.decision.eventLine }] : []),
    ],
    reviewed: plan.reviewedEntries,
    deferred: plan.deferred,
    runs: plan.runs.map((r) => ({ run: r.runId, covered: r.covered, closed: r.closed, undecided: r.undecided, rejected_by_close: r.rejected })),
    gate: gateOf(plan),
  };
}

function gateOf(plan: Plan): { uncovered_after: string[]; closes: boolean } | null {
  const gate = gateAfter(plan.runs, plan.candidates);
  return gate && { uncovered_after: gate.uncovered, closes: gate.closes };
}
