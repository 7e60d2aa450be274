// The distill_review decision of a plan: only the runs this write covers, with only their cards (earlier reviews'
// included) and neighbor entries, recorded in the workspace holding those runs. null when no run becomes covered.
import path from 'node:path';
import type { Quest, Run } from '../model.js';
import {
  artifactIndexLine,
  decisionPath,
  decisionRecord,
  decisionText,
  recordedEventLine,
  type CardWritten,
  type DraftDecisionNote,
  type NeighborDecision,
} from './decision.js';
import { gitHeadOf } from './gitref.js';
import { decisionWorkspace, earlierCards } from './plan-runs.js';
import type { ReviewRecord } from './records.js';

export interface PlannedDecision {
  path: string;
  content: string;
  indexFile: string;
  indexLine: string;
  eventsFile: string;
  eventLine: string;
}

export interface DecisionPlanInput {
  quest: Quest;
  runs: Map<string, Run>;
  reviewId: string;
  now: string;
  reviewer: string;
  git?: { branch: string; head: string | null };
  prior: Map<string, ReviewRecord>;
  covered: string[];
  cardsWritten: CardWritten[];
  neighborDecisions: NeighborDecision[];
  notes: DraftDecisionNote[];
}

const cardKey = (c: CardWritten) => `${c.card_id}\u0000${c.action}\u0000${c.target_run_id}`;

export function planDecision(input: DecisionPlanInput): PlannedDecision | null {
  const { quest, reviewId, now } = input;
  if (input.covered.length === 0) return null;
  const covered = new Set(input.covered);
  const cards: CardWritten[] = [];
  const seen = new Set<string>();
  for (const c of [...earlierCards(input.prior, quest.id, covered), ...input.cardsWritten.filter((c) => covered.has(c.target_run_id))]) {
    if (seen.has(cardKey(c))) continue;
    seen.add(cardKey(c));
    cards.push(c);
  }
  const notes = input.notes.filter((n) => covered.has(n.target_run_id));
  const counts = {
    new: cards.filter((c) => c.action === 'new').length,
    patch: cards.filter((c) => c.action === 'patch').length,
    reject: notes.filter((n) => n.decision === 'reject' && !n.draft_id.startsWith('run:')).length,
  };
  const summary = `Distill review of ${covered.size} run(s): ${counts.new} new card(s), ${counts.patch} patch(es), ${counts.reject} draft(s) rejected.`;
  const ws = decisionWorkspace(quest, input.runs, input.covered);
  const git = input.git ?? gitHeadOf(ws.root);
  const file = decisionPath(ws.root, reviewId);
  const reasons = notes
    .filter((n) => n.decision === 'reject')
    .map((n) => `${n.draft_id.startsWith('run:') ? n.target_run_id : n.draft_id}: ${n.reason || (n.draft_id.startsWith('run:') ? 'nothing to distill' : 'rejected')}`);
  const record = decisionRecord({
    id: reviewId, questId: quest.id, questRoot: quest.root, workspaceRoot: ws.root, workspaceRel: ws.rel, now,
    reviewer: input.reviewer, branch: git.branch, head: git.head,
    verdict: 'covered', action: 'distill_review',
    reason: `Reviewed by ${input.reviewer}. ${summary}`,
    summary,
    reviewedRunIds: input.covered, cardsWritten: cards,
    neighborDecisions: input.neighborDecisions.filter((n) => covered.has(n.target_run_id)),
    reasonIfEmpty: cards.length ? null : `No card written: ${reasons.join('; ') || 'every draft was rejected'}`,
    drafts: notes,
  });
  return {
    path: file, content: decisionText(record),
    indexFile: path.join(ws.root, 'artifacts', '_index.jsonl'), indexLine: artifactIndexLine(record, file),
    eventsFile: path.join(quest.root, '.ds', 'events.jsonl'), eventLine: recordedEventLine(record, file),
  };
}
