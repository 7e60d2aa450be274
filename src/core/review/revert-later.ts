// A review that a later review built on. A review's covering decision counts the drafts earlier reviews of the quest
// decided (a run is covered once all its drafts are decided, whichever review decided them) and names their cards
// (plan-runs.ts earlierCards). Reverting the earlier review alone would re-open its drafts and take its cards away
// while the later decision still says their run is covered, naming those cards: the gate closed on a run whose
// drafts are listed again. So such a revert is refused, naming the later review to revert first (as `distill restore`
// names a later cleanup). Checked under the write lock, so a review landing after `distill revert` started is seen.
import { readJsonl } from '../format/jsonl.js';
import { listDrafts } from '../quest/drafts.js';
import { resolveQuest } from '../quest/home.js';
import { openStoreSync } from '../store/load.js';
import type { CardWritten, DraftDecisionNote } from './decision.js';
import { readReviewRecords, type ReviewRecord } from './records.js';
import { reviewedFile, type ReviewedEntry } from './reviewed.js';

interface DecisionFields {
  reviewed_run_ids?: unknown;
  draft_decisions?: DraftDecisionNote[];
  cards_written?: CardWritten[];
}

function decisionOf(record: ReviewRecord): DecisionFields | null {
  if (!record.decision) return null;
  try {
    return JSON.parse(record.decision.content) as DecisionFields;
  } catch {
    return null;
  }
}

function coveredRuns(record: ReviewRecord): string[] {
  const ids = decisionOf(record)?.reviewed_run_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The order reviews were written in: the line of each review's first row in the reviewed ledger. */
function ledgerOrder(home: string): Map<string, number> {
  const order = new Map<string, number>();
  readJsonl<ReviewedEntry>(reviewedFile(home)).rows.forEach((row, i) => {
    if (typeof row.review_id === 'string' && !order.has(row.review_id)) order.set(row.review_id, i);
  });
  return order;
}

/** The runs whose drafts `record` decided (a reject of a review that covered nothing is looked up in the drafts). */
function runsDecided(home: string, record: ReviewRecord): Set<string> {
  const runs = new Set<string>(coveredRuns(record));
  const byDraft = new Map<string, string>();
  const decision = decisionOf(record);
  for (const n of decision?.draft_decisions ?? []) if (n.target_run_id) byDraft.set(n.draft_id, n.target_run_id);
  const byCard = new Map([...(record.cards_written ?? decision?.cards_written ?? [])].map((c) => [c.card_id, c.target_run_id]));
  for (const s of record.decisions) if (s.runId) byDraft.set(s.draftId, s.runId);
  const unknown: string[] = [];
  for (const d of record.drafts) {
    if (d.draft_id.startsWith('run:')) runs.add(d.draft_id.slice(4));
    const run = byDraft.get(d.draft_id) ?? (d.card_id ? byCard.get(d.card_id) : undefined);
    if (run) runs.add(run);
    else if (!d.draft_id.startsWith('run:')) unknown.push(d.draft_id);
  }
  // A dismissed quest note (recorded under its id) is no draft: the lookup finds it in no run.
  if (unknown.length) {
    try {
      const quest = resolveQuest(home, record.quest_id);
      const drafts = listDrafts(quest, { global: openStoreSync(home), includeReviewed: true }).drafts;
      for (const d of drafts) if (unknown.includes(d.id)) for (const run of d.runIds) runs.add(run);
    } catch {
      // The quest or its drafts cannot be read: only the runs the record names count.
    }
  }
  return runs;
}

/** A later applied review of the quest whose decision covers a run `record` decided drafts of, or null. */
export function laterCoveringReview(home: string, record: ReviewRecord): { reviewId: string; runId: string } | null {
  if (record.quest_id.startsWith(':')) return null; // quirks and mined reviews cover no run
  const order = ledgerOrder(home);
  const mine = order.get(record.review_id);
  const later = [...readReviewRecords(home).values()].filter((r) => {
    if (r.review_id === record.review_id || r.status !== 'applied' || r.quest_id !== record.quest_id || !r.decision) return false;
    const theirs = order.get(r.review_id);
    return mine !== undefined && theirs !== undefined ? theirs > mine : r.applied_at > record.applied_at;
  });
  if (later.length === 0) return null;
  const runs = runsDecided(home, record);
  for (const r of later) {
    const run = coveredRuns(r).find((id) => runs.has(id));
    if (run) return { reviewId: r.review_id, runId: run };
  }
  return null;
}

/** A later applied review that revised `file` from the bytes `after` (what the reverted review left there), or null. */
export function laterReviser(home: string, reviewId: string, file: string, after: string): string | null {
  for (const r of readReviewRecords(home).values()) {
    if (r.review_id === reviewId || r.status !== 'applied') continue;
    if (r.revised.some((x) => x.path === file && x.before === after)) return r.review_id;
  }
  return null;
}
