// distill's own record of each written review, `<home>/.distill/reviews/<review-id>.json`: what it created (with
// the bytes), what it revised (with pre- and post-images) and the decision it wrote. Revert works from this, and a
// re-run of an applied review is recognised by it. Audit lines go to `<home>/.distill/audit.jsonl`.
import fs from 'node:fs';
import path from 'node:path';
import { readStateFile } from '../state-file.js';
import { stateDir } from '../paths.js';
import type { CardWritten } from './decision.js';
import type { StagedDecision } from './staged.js';

export interface ReviewRecord {
  version: 1;
  review_id: string;
  quest_id: string;
  quest_root: string;
  status: 'applied' | 'reverted';
  applied_at: string;
  reviewer: string;
  decisions: StagedDecision[];
  drafts: { draft_id: string; path: string; decision: string }[];
  created: { card_id: string; path: string; content: string }[];
  revised: { card_id: string; path: string; before: string; after: string }[];
  /** null when the review covered no run (only decided drafts of runs that stay open). */
  decision: { path: string; content: string } | null;
  /** Every card this review wrote, with its run: a later review that covers the run names them too. */
  cards_written?: CardWritten[];
  reverted_at?: string;
  reverted_by?: string;
}

export function reviewsDir(home: string): string {
  return path.join(stateDir(home), 'reviews');
}

export function reviewRecordPath(home: string, id: string): string {
  return path.join(reviewsDir(home), `${id}.json`);
}

export function auditPath(home: string): string {
  return path.join(stateDir(home), 'audit.jsonl');
}

export function reviewRecordText(record: ReviewRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

export function readReviewRecord(home: string, id: string): ReviewRecord | null {
  return readStateFile<ReviewRecord>(reviewRecordPath(home, id), 'review record');
}

export function readReviewRecords(home: string): Map<string, ReviewRecord> {
  const out = new Map<string, ReviewRecord>();
  let names: string[] = [];
  try {
    names = fs.readdirSync(reviewsDir(home));
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    if (!/^decision-[0-9a-f]{8}\.json$/.test(name)) continue;
    const record = readReviewRecord(home, name.slice(0, -5));
    if (record) out.set(record.review_id, record);
  }
  return out;
}

export function auditLine(entry: Record<string, unknown>): string {
  return JSON.stringify(entry) + '\n';
}
