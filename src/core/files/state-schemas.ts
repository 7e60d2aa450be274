// The shapes of distill's own JSON state files, checked where they are read: a damaged record (an array, a field of
// the wrong type, a list without its fields) is one line naming the file and the field, exit 2, never a crash deep in
// revert or restore. Objects keep fields we do not know (passthrough); the caller gets the file's value unchanged.
// Journals are checked by the write protocol itself (src/core/journal/journal.ts); the store cache is rebuilt silently.
import { z } from 'zod';
import { DRAFT_DECISIONS } from '../review/staged.js';

const text = z.string();

const stagedNeighbor = z.object({ cardId: text, decision: text, reason: text }).passthrough();

export const stagedDecisionSchema = z
  .object({
    draftId: text,
    decision: z.enum(DRAFT_DECISIONS as unknown as [string, ...string[]]),
    neighborId: text.optional(),
    reason: text,
    neighbors: z.array(stagedNeighbor),
    runId: text.optional(),
    overrides: z
      .object({ claim: text.optional(), title: text.optional(), tags: z.array(text).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

export const reviewRecordSchema = z
  .object({
    version: z.literal(1),
    review_id: text,
    quest_id: text,
    quest_root: text,
    status: z.enum(['applied', 'reverted']),
    applied_at: text,
    reviewer: text,
    decisions: z.array(stagedDecisionSchema),
    drafts: z.array(z.object({ draft_id: text, path: text, decision: text }).passthrough()),
    created: z.array(z.object({ card_id: text, path: text, content: text }).passthrough()),
    revised: z.array(z.object({ card_id: text, path: text, before: text, after: text }).passthrough()),
    /** null when the review covered no run (only decided drafts of runs that stay open). */
    decision: z.object({ path: text, content: text }).passthrough().nullable(),
    cards_written: z
      .array(z.object({ card_id: text, scope: z.literal('global'), action: z.enum(['new', 'patch']), target_run_id: text }).passthrough())
      .optional(),
    reverted_at: text.optional(),
    reverted_by: text.optional(),
  })
  .passthrough();

const revisedCard = z.object({ card_id: text, path: text, before: text, after: text }).passthrough();
const archivedCard = z
  .object({
    card_id: text,
    path: text,
    content: text,
    archive_path: text,
    archived_content: text,
    superseded_by: text.nullable(),
    restored_by: text.optional(),
  })
  .passthrough();

export const cleanupRecordSchema = z
  .object({
    version: z.literal(1),
    action_id: text,
    action: z.enum(['merge', 'archive', 'ignore', 'edit', 'restore']),
    status: z.enum(['applied', 'restored']),
    at: text,
    reviewer: text,
    why: text,
    cards: z.array(text),
    survivor: text.optional(),
    revised: z.array(revisedCard),
    archived: z.array(archivedCard),
    unarchived: z.array(archivedCard).optional(),
    restores: text.optional(),
    restored_at: text.optional(),
    restored_by: text.optional(),
  })
  .passthrough();

export const stagingSchema = z
  .object({ savedAt: text.optional(), quest_id: text.optional(), staged: z.array(stagedDecisionSchema) })
  .passthrough();

/** A row of `<home>/.distill/reviewed.jsonl`. */
export const reviewedRowSchema = z
  .object({ draft_id: text, quest_id: text, review_id: text, decision: text, at: text })
  .passthrough();

function fieldOf(issuePath: (string | number)[]): string {
  let out = '';
  for (const part of issuePath) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out || '(whole file)';
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Null when `value` fits `schema`, else `<field>: <problem>` for its first problem. */
export function schemaProblem(schema: z.ZodTypeAny, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  let problem = issue.message;
  if (issue.code === 'invalid_type') {
    problem = issue.received === 'undefined' ? 'missing' : `expected ${issue.expected}, got ${issue.received}`;
    if (issue.path.length === 0) problem = `expected a JSON object, got ${kindOf(value)}`;
  }
  return `${fieldOf(issue.path)}: ${problem}`;
}
