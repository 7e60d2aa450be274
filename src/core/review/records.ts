// distill's own record of each written review, `<home>/.distill/reviews/<review-id>.json`: what it created (with
// the bytes), what it revised (with pre- and post-images) and the decision it wrote. Revert works from this, and a
// re-run of an applied review is recognised by it. Audit lines go to `<home>/.distill/audit.jsonl` (journal/audit.ts).
import fs from 'node:fs';
import path from 'node:path';
import { isInside } from '../quest/home.js';
import { readStateFile } from '../files/state-file.js';
import { reviewRecordSchema } from '../files/state-schemas.js';
import { stateDir } from '../files/paths.js';
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
  /** Every draft decided (`run:<id>` for a closed run), with its card and the reviewer's reason (older records: neither). */
  drafts: { draft_id: string; path: string; decision: string; card_id?: string | null; reason?: string }[];
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

/** Every path a record holds, rewritten by `map` (paths are stored relative to the home, used absolute). */
function mapPaths(record: ReviewRecord, map: (p: string) => string): ReviewRecord {
  return {
    ...record,
    quest_root: map(record.quest_root),
    drafts: record.drafts.map((d) => ({ ...d, path: map(d.path) })),
    created: record.created.map((c) => ({ ...c, path: map(c.path) })),
    revised: record.revised.map((r) => ({ ...r, path: map(r.path) })),
    decision: record.decision ? { ...record.decision, path: map(record.decision.path) } : null,
  };
}

/** The record's text, its paths relative to `home` so a moved home can still be reverted. */
export function reviewRecordText(record: ReviewRecord, home: string): string {
  const rel = (p: string) => (path.isAbsolute(p) && isInside(home, p) ? path.relative(home, p).split(path.sep).join('/') : p);
  return JSON.stringify(mapPaths(record, rel), null, 2) + '\n';
}

/** The record with absolute paths in `home`; old records with absolute paths from where the home was are mapped in. */
export function readReviewRecord(home: string, id: string): ReviewRecord | null {
  const record = readStateFile<ReviewRecord>(reviewRecordPath(home, id), 'review record', reviewRecordSchema);
  if (!record) return null;
  const questsDir = path.dirname(record.quest_root);
  const oldHome = path.isAbsolute(record.quest_root) && path.basename(questsDir) === 'quests' ? path.dirname(questsDir) : null;
  return mapPaths(record, (p) => {
    if (!path.isAbsolute(p)) return path.join(home, p);
    if (oldHome && isInside(oldHome, p)) return path.join(home, path.relative(oldHome, p));
    return p;
  });
}

export function readReviewRecords(home: string): Map<string, ReviewRecord> {
  const out = new Map<string, ReviewRecord>();
  let names: string[];
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

