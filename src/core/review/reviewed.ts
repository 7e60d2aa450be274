// The ledger of drafts a review already decided: `<home>/.distill/reviewed.jsonl`. PR #60 drafts live outside the
// places we may write, so instead of editing or deleting them we remember them here; a listed draft is done.
// Only the write protocol appends to it (src/core/review/execute.ts, through the journal, under the write lock).
import path from 'node:path';
import { UserError } from '../errors.js';
import { readJsonl } from '../format/jsonl.js';
import { reviewedRowSchema, schemaProblem } from '../files/state-schemas.js';
import { stateDir } from '../files/paths.js';

export interface ReviewedEntry {
  draft_id: string;
  quest_id: string;
  review_id: string;
  decision: string;
  at: string;
}

export function reviewedFile(home: string): string {
  return path.join(stateDir(home), 'reviewed.jsonl');
}

export function reviewedKey(questId: string, draftId: string): string {
  return `${questId}\u0000${draftId}`;
}

/** Latest entry per (quest, draft). Reverted reviews append entries with decision `reverted`, which re-open drafts. */
export function readReviewed(home: string): Map<string, ReviewedEntry> {
  const map = new Map<string, ReviewedEntry>();
  const file = reviewedFile(home);
  const jsonl = readJsonl<ReviewedEntry>(file);
  // A damaged ledger is said, not skipped: a skipped line would silently re-open drafts a review already decided.
  if (jsonl.unreadable) throw new UserError(`${file}: cannot read the reviewed ledger (${jsonl.unreadable})`);
  if (jsonl.broken) throw new UserError(`${file}: ${jsonl.warnings[0].message.replace('; skipped', '')} (damaged reviewed ledger)`);
  jsonl.rows.forEach((row, i) => {
    const problem = schemaProblem(reviewedRowSchema, row);
    if (problem) throw new UserError(`${file}: line ${jsonl.lineNumbers[i]}: ${problem} (damaged reviewed ledger)`);
  });
  for (const row of jsonl.rows) {
    const key = reviewedKey(row.quest_id, row.draft_id);
    if (row.decision === 'reverted') map.delete(key);
    else map.set(key, row);
  }
  return map;
}
