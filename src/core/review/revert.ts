// `distill revert <review-id>`: revised cards get their pre-images back, new cards move to
// `<home>/.distill/archive/<review-id>/` (outside `memory/`, which DeepScientist's id lookup searches recursively),
// and the decision is neutralised the way DeepScientist re-records an artifact: the same file is rewritten with
// `action: distill_review_reverted` and no reviewed runs (the original is archived), and a new index line and
// event are appended, so DeepScientist's artifact cache sees the change and no coverage reader counts it. The
// ledger re-opens the drafts, the review record turns `reverted`, and an audit line is appended.
import path from 'node:path';
import { UserError } from '../errors.js';
import { parseCardText } from '../format/frontmatter.js';
import { stateDir } from '../files/paths.js';
import { reviewedFile } from './reviewed.js';
import { readBytesOrNull } from '../journal/atomic.js';
import { memoryIndexLine } from './card-new.js';
import { artifactIndexLine, decisionText, recordedEventLine } from './decision.js';
import { makeFault, type FaultOptions } from '../journal/fault.js';
import { assertReviewId } from './ids.js';
import { ConflictError, type Journal, type Op } from '../journal/journal.js';
import { auditLine, auditPath } from '../journal/audit.js';
import { readReviewRecord, reviewRecordPath, reviewRecordText, type ReviewRecord } from './records.js';
import { journaledWrite } from '../journal/write.js';
import { laterCoveringReview, laterReviser } from './revert-later.js';

export interface RevertResult {
  reviewId: string;
  status: 'reverted' | 'rolled_back';
  restored: string[];
  archived: string[];
  message: string;
}

export function archivePath(home: string, reviewId: string, file: string): string {
  return path.join(stateDir(home), 'archive', reviewId, path.relative(home, file));
}

function same(file: string, content: string): boolean {
  const bytes = readBytesOrNull(file);
  return bytes !== null && bytes.equals(Buffer.from(content, 'utf8'));
}

export function tombstone(original: Record<string, unknown>, reviewer: string, now: string): Record<string, unknown> {
  const reason = `Reverted by ${reviewer} at ${now}: revised cards restored, new cards archived; the runs are no longer covered by this review.`;
  const out: Record<string, unknown> = { ...original };
  out.updated_at = now;
  out.status = 'reverted';
  out.action = 'distill_review_reverted';
  out.verdict = 'reverted';
  out.reason = reason;
  out.summary = `Reverted distill review ${String(original.artifact_id)}.`;
  out.reviewed_run_ids = [];
  out.cards_written = [];
  out.neighbor_decisions = [];
  delete out.reason_if_empty;
  const { semantic_key, guidance_vm, ...rest } = out;
  const vm = { ...(guidance_vm as Record<string, unknown>), why_now: reason, recommended_action: 'distill_review_reverted' };
  return {
    ...rest,
    reverted: {
      at: now,
      by: reviewer,
      reviewed_run_ids: original.reviewed_run_ids ?? [],
      cards_written: original.cards_written ?? [],
    },
    semantic_key,
    guidance_vm: vm,
  };
}

function revertOps(home: string, record: ReviewRecord, reviewer: string, now: string): Op[] {
  const ops: Op[] = [];
  for (const r of record.revised) ops.push({ op: 'replace', path: r.path, before: r.after, after: r.before });
  for (const c of record.created) ops.push({ op: 'move', path: c.path, to: archivePath(home, record.review_id, c.path), content: c.content });
  for (const r of record.revised) {
    const parsed = parseCardText(r.before);
    if (parsed.hasFrontmatter && !parsed.error) {
      ops.push({ op: 'append', path: path.join(path.dirname(r.path), '_index.jsonl'), line: memoryIndexLine(parsed.meta, r.path, parsed.body) });
    }
  }
  const d = record.decision;
  if (d) {
    const original = JSON.parse(d.content) as Record<string, unknown>;
    const neutral = tombstone(original, reviewer, now);
    ops.push({ op: 'create', path: archivePath(home, record.review_id, d.path), content: d.content });
    ops.push({ op: 'replace', path: d.path, before: d.content, after: decisionText(neutral) });
    // The decision lives in the artifacts folder of its workspace (<ws>/artifacts/decisions/<id>.json).
    ops.push({ op: 'append', path: path.join(path.dirname(path.dirname(d.path)), '_index.jsonl'), line: artifactIndexLine(neutral, d.path) });
    ops.push({ op: 'append', path: path.join(record.quest_root, '.ds', 'events.jsonl'), line: recordedEventLine(neutral, d.path) });
  }
  // One append for the ledger's rows, as the apply writes them (one per draft was one journaled append each).
  const rows = record.drafts.map((dr) => JSON.stringify({ draft_id: dr.draft_id, quest_id: record.quest_id, review_id: record.review_id, decision: 'reverted', at: now }) + '\n');
  if (rows.length) ops.push({ op: 'append', path: reviewedFile(home), line: rows.join('') });
  const updated: ReviewRecord = { ...record, status: 'reverted', reverted_at: now, reverted_by: reviewer };
  // The record's bytes as they are on disk (an older record may hold absolute paths): the last step cannot conflict.
  const recordFile = reviewRecordPath(home, record.review_id);
  const onDisk = readBytesOrNull(recordFile)?.toString('utf8') ?? reviewRecordText(record, home);
  ops.push({ op: 'replace', path: recordFile, before: onDisk, after: reviewRecordText(updated, home) });
  ops.push({
    op: 'append',
    path: auditPath(home),
    line: auditLine({
      at: now, action: 'revert', review_id: record.review_id, quest_id: record.quest_id, reviewer,
      restored: record.revised.map((r) => r.path), archived: record.created.map((c) => c.path),
    }),
  });
  return ops;
}

export async function revertReview(
  home: string,
  reviewId: string,
  opts: {
    reviewer: string;
    now: string;
    /**
     * Another writer (a lesson cleanup: core/cleanup sits above the review) that left `file` changed from `bytes`, as
     * its id and the command that undoes it; asked when a card is not what the review left.
     */
    laterWriter?: (file: string, bytes: string) => { id: string; undo: string } | null;
  } & FaultOptions,
): Promise<RevertResult> {
  assertReviewId(reviewId);
  const fault = makeFault(opts);
  let record: ReviewRecord | null = null;
  return journaledWrite<RevertResult>(home, () => {
    record = readReviewRecord(home, reviewId);
    if (!record) throw new UserError(`review ${reviewId}: no record in ${path.join(stateDir(home), 'reviews')} (only reviews written by distill can be reverted)`);
    if (record.status === 'reverted') throw new UserError(`review ${reviewId} was already reverted at ${record.reverted_at}`);
    // A card a later review patched names that review (revert it first); any other change is said as such.
    const changed = (cardId: string, file: string, bytes: string, how: string) => {
      const by = laterReviser(home, reviewId, file, bytes);
      if (by) throw new UserError(`card ${cardId} (${file}) was revised since by review ${by}; revert that first: distill revert ${by} (nothing reverted)`);
      const other = opts.laterWriter?.(file, bytes);
      if (other) throw new UserError(`card ${cardId} (${file}) was changed since by ${other.id}; undo that first: ${other.undo} (nothing reverted)`);
      return new ConflictError(`card ${cardId} (${file}) ${how} since review ${reviewId} wrote it; nothing reverted`);
    };
    for (const r of record.revised) {
      if (!same(r.path, r.after)) throw changed(r.card_id, r.path, r.after, 'changed');
    }
    for (const c of record.created) {
      if (!same(c.path, c.content)) throw changed(c.card_id, c.path, c.content, 'changed or moved');
    }
    if (record.decision && !same(record.decision.path, record.decision.content)) {
      throw new ConflictError(`${record.decision.path}: decision ${reviewId} changed since it was written; nothing reverted`);
    }
    const later = laterCoveringReview(home, record);
    if (later) {
      throw new UserError(
        `review ${reviewId}: review ${later.reviewId} was written after it and covers run ${later.runId} counting the drafts ${reviewId} decided; revert that first: distill revert ${later.reviewId} (nothing reverted)`,
      );
    }
    const journal: Journal = {
      version: 1, id: `${reviewId}.revert`, kind: 'revert', home,
      // A review under a pseudo-quest (`:quirks`, `:mined`: no quest id starts with ":") wrote nothing in a quest (its
      // record's quest_root is the home).
      questRoot: record.quest_id.startsWith(':') ? null : record.quest_root, createdAt: opts.now,
      ops: revertOps(home, record, opts.reviewer, opts.now),
    };
    return { journal };
  }, (run) => {
    if (run.outcome === 'rolled_back') {
      return { reviewId, status: 'rolled_back', restored: [], archived: [], message: `revert rolled back: ${run.error}` };
    }
    const done = record!;
    return {
      reviewId,
      status: 'reverted',
      restored: done.revised.map((r) => r.path),
      archived: done.created.map((c) => archivePath(home, reviewId, c.path)),
      message: `review ${reviewId} reverted`,
    };
  }, fault);
}
