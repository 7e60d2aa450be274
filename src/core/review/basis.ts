// A plan's basis: the inputs its run coverage and distill_review decision were derived from that no op of the plan
// checks at commit time. A plan is built before the home's write lock is taken, so another distill may write between
// (or be half-way through a write: ledger rows appended, review record not yet). Which runs are covered depends on the
// quest's rows of the reviewed ledger, and the decision's cards_written names the cards earlier applied reviews of the
// quest wrote; a plan built on an older ledger or record set would commit a decision that leaves a fully decided run
// uncovered or names only some of its cards. executePlan compares the basis again under the lock (after recovery).
import { readReviewed, type ReviewedEntry } from './reviewed.js';
import { readReviewRecords, type ReviewRecord } from './records.js';

export function planBasis(questId: string, reviewed: Map<string, ReviewedEntry>, prior: Map<string, ReviewRecord>): string {
  const rows = [...reviewed.values()]
    .filter((e) => e.quest_id === questId)
    .map((e) => `${e.draft_id}\u0000${e.review_id}\u0000${e.decision}`)
    .sort();
  const reviews = [...prior.values()]
    .filter((r) => r.quest_id === questId)
    .map((r) => `${r.review_id}\u0000${r.status}`)
    .sort();
  return JSON.stringify({ rows, reviews });
}

/** The basis of the home as it is now, for a plan of this quest. */
export function currentBasis(home: string, questId: string): string {
  return planBasis(questId, readReviewed(home), readReviewRecords(home));
}
