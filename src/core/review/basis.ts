// A plan's basis: the inputs its run coverage and distill_review decision were derived from that no op of the plan
// checks at commit time. A plan is built before the home's write lock is taken, so another distill may write between
// (or be half-way through a write: ledger rows appended, review record not yet). Which runs are covered depends on the
// quest's rows of the reviewed ledger and on the drafts each run has, and the decision's cards_written names the cards
// earlier applied reviews of the quest wrote; a plan built on an older ledger, record set or draft list would commit a
// decision that covers a run with an undecided draft, leaves a fully decided run uncovered or names only some of its
// cards. executePlan compares the basis again under the lock (after recovery).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { listCardFiles } from '../cards.js';
import { readBytesOrNull } from '../journal/atomic.js';
import { draftsDir } from '../quest/drafts.js';
import { readReviewed, type ReviewedEntry } from './reviewed.js';
import { readReviewRecords, type ReviewRecord } from './records.js';

/**
 * The quest's draft files as they are now (name and a hash of the bytes): the agent's PR #60 drafts and the quest's memory cards,
 * where listDrafts finds the drafts of its runs. A draft written (or rewritten) after this was taken changes it. Global
 * `status: draft` cards naming the quest are not in it (the store would have to be opened under the lock).
 */
export function draftFilesBasis(home: string, questId: string, questRoot: string | null): string[] {
  if (questRoot === null) return [];
  const out: string[] = [];
  const add = (file: string) => {
    // By content, not mtime: a copied home (a backup restored) holds the same drafts.
    let hash: string;
    try {
      const bytes = readBytesOrNull(file);
      if (bytes === null) return; // gone meanwhile: absent from the basis
      hash = crypto.createHash('sha1').update(bytes).digest('hex');
    } catch {
      hash = 'unreadable'; // a FIFO, a file too large: listDrafts skips it with a warning
    }
    out.push(`${path.relative(home, file)}\u0000${hash}`);
  };
  const dir = draftsDir(home, questId);
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.md'));
  } catch {
    /* no drafts folder */
  }
  for (const name of names) add(path.join(dir, name));
  for (const { file } of listCardFiles(path.join(questRoot, 'memory'))) add(file);
  return out.sort();
}

export interface Basis {
  rows: string[];
  reviews: string[];
  drafts: string[];
}

export function planBasis(questId: string, reviewed: Map<string, ReviewedEntry>, prior: Map<string, ReviewRecord>, drafts: string[] = []): string {
  const rows = [...reviewed.values()]
    .filter((e) => e.quest_id === questId)
    .map((e) => `${e.draft_id}\u0000${e.review_id}\u0000${e.decision}`)
    .sort();
  const reviews = [...prior.values()]
    .filter((r) => r.quest_id === questId)
    .map((r) => `${r.review_id}\u0000${r.status}`)
    .sort();
  return JSON.stringify({ rows, reviews, drafts } satisfies Basis);
}

/** The basis of the home as it is now, for a plan of this quest. */
export function currentBasis(home: string, questId: string, questRoot: string | null): string {
  return planBasis(questId, readReviewed(home), readReviewRecords(home), draftFilesBasis(home, questId, questRoot));
}

export function parseBasis(text: string | undefined): Basis {
  try {
    const b = JSON.parse(text ?? '{}') as Partial<Basis>;
    return { rows: b.rows ?? [], reviews: b.reviews ?? [], drafts: b.drafts ?? [] };
  } catch {
    return { rows: [], reviews: [], drafts: [] };
  }
}
