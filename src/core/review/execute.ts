// executePlan: writes a plan through the journal, under the home's write lock. Order: new cards, revised cards,
// memory index lines, then the decision artifact, its index line and its event (the decision last: only then is the
// review complete), then distill's own ledger, review record and audit line.
import fs from 'node:fs';
import { UserError } from '../errors.js';
import { parseCardText } from '../format/frontmatter.js';
import { QUIRKS_QUEST } from '../quest/quirks.js';
import { memoryIndexLine } from './card-new.js';
import { readReviewed, reviewedFile, reviewedKey } from './reviewed.js';
import { readBytesOrNull } from '../journal/atomic.js';
import { assertWritable } from '../journal/guard.js';
import { ConflictError, type Op } from '../journal/journal.js';
import { makeFault, type FaultOptions } from '../journal/fault.js';
import type { Plan } from './plan-types.js';
import { auditLine, auditPath } from '../journal/audit.js';
import { readReviewRecord, reviewRecordPath, reviewRecordText } from './records.js';
import type { RecoveryReport } from '../journal/recover.js';
import { journaledWrite } from '../journal/write.js';
import { currentBasis } from './basis.js';
import { PlanChangedError, planChanges } from './plan-changes.js';

export interface WriteResult {
  reviewId: string;
  status: 'written' | 'already_applied' | 'nothing' | 'rolled_back';
  created: string[];
  revised: string[];
  decisionPath: string | null;
  recovered: RecoveryReport[];
  message: string;
}

function sameBytes(file: string, expected: string): boolean {
  const bytes = readBytesOrNull(file);
  return bytes !== null && bytes.equals(Buffer.from(expected, 'utf8'));
}

export function planOps(plan: Plan): Op[] {
  if (!plan.record) return [];
  const ops: Op[] = [];
  for (const c of plan.newCards) ops.push({ op: 'create', path: c.path, content: c.content });
  for (const p of plan.patches) ops.push({ op: 'replace', path: p.path, before: p.before, after: p.after });
  for (const m of plan.memoryIndex) ops.push({ op: 'append', path: m.file, line: m.line });
  // No decision when the review covers no run (PRODUCT: a run counts as covered only when fully decided or closed).
  const d = plan.decision;
  if (d) {
    ops.push({ op: 'create', path: d.path, content: d.content });
    ops.push({ op: 'append', path: d.indexFile, line: d.indexLine });
    ops.push({ op: 'append', path: d.eventsFile, line: d.eventLine });
  }
  // The ledger's rows as one append (one lock, one fsync and two progress marks for them all, not for each: closing a
  // quirks file of 50,000 entries wrote 50,000 appends); undone or completed whole, as any append.
  if (plan.reviewedEntries.length) {
    ops.push({ op: 'append', path: reviewedFile(plan.home), line: plan.reviewedEntries.map((e) => JSON.stringify(e) + '\n').join('') });
  }
  ops.push({ op: 'create', path: reviewRecordPath(plan.home, plan.reviewId), content: reviewRecordText(plan.record, plan.home) });
  ops.push({
    op: 'append',
    path: auditPath(plan.home),
    line: auditLine({
      at: plan.now, action: 'apply', review_id: plan.reviewId, quest_id: plan.questId, reviewer: plan.reviewer,
      created: plan.newCards.map((c) => c.path), revised: plan.patches.map((p) => p.path), decision: d?.path ?? null,
      decisions: auditDecisions(plan),
    }),
  });
  return ops;
}

/** Every decision of the review with its reason, for `distill log` (a quirks review has no decision artifact). */
export function auditDecisions(plan: Plan): { draft: string; decision: string; card: string | null; reason: string }[] {
  const decided = (plan.record?.drafts ?? []).map((d) => ({ draft: d.draft_id, decision: d.decision, card: d.card_id ?? null, reason: d.reason ?? '' }));
  const reasons = new Map((plan.record?.decisions ?? []).map((s) => [s.draftId, s.reason]));
  return [...decided, ...plan.deferred.map((id) => ({ draft: id, decision: 'defer', card: null, reason: reasons.get(id) ?? '' }))];
}

/**
 * A new card's file name is picked when the plan is built; another distill (another quest's draft with the same title)
 * may have taken it since. Under the write lock, each such card gets the next free `<stem>-<n>.md` instead, with its
 * memory index line and review record entry to match. A file holding exactly our bytes is left to the preflight.
 */
export function withFreeCardNames(plan: Plan): Plan {
  const clashing = plan.newCards.filter((c) => {
    const bytes = readBytesOrNull(c.path);
    return bytes !== null && !bytes.equals(Buffer.from(c.content, 'utf8'));
  });
  if (clashing.length === 0) return plan;
  const renamed = new Map<string, string>();
  const taken = new Set(plan.newCards.map((c) => c.path));
  for (const c of clashing) {
    const stem = c.path.replace(/\.md$/, '');
    let n = 2;
    while (taken.has(`${stem}-${n}.md`) || fs.existsSync(`${stem}-${n}.md`)) n++;
    renamed.set(c.path, `${stem}-${n}.md`);
    taken.add(`${stem}-${n}.md`);
  }
  const to = (p: string) => renamed.get(p) ?? p;
  const indexLine = (file: string, content: string) => {
    const parsed = parseCardText(content);
    return memoryIndexLine(parsed.meta, file, parsed.body);
  };
  const byOldPath = new Map(plan.newCards.map((c) => [c.path, c]));
  return {
    ...plan,
    newCards: plan.newCards.map((c) => ({ ...c, path: to(c.path) })),
    memoryIndex: plan.memoryIndex.map((m) => {
      const old = (JSON.parse(m.line) as { path?: string }).path ?? '';
      const card = renamed.has(old) ? byOldPath.get(old) : undefined;
      return card ? { ...m, line: indexLine(to(old), card.content) } : m;
    }),
    record: plan.record && { ...plan.record, created: plan.record.created.map((c) => ({ ...c, path: to(c.path) })) },
  };
}

/** Everything that must still hold when the write starts; any failure means nothing is written. */
function preflight(plan: Plan): void {
  const roots = { home: plan.home, questRoot: plan.questRoot };
  for (const op of planOps(plan)) assertWritable(roots, op.path);
  for (const c of plan.newCards) {
    if (readBytesOrNull(c.path) !== null) {
      throw new ConflictError(`${c.path}: a file appeared where new card ${c.cardId} goes; nothing written (plan again)`);
    }
  }
  for (const p of plan.patches) {
    if (!sameBytes(p.path, p.before)) {
      throw new ConflictError(`card ${p.cardId} (${p.path}) changed on disk since it was read; nothing written (review it again)`);
    }
  }
  if (plan.decision && readBytesOrNull(plan.decision.path) !== null) {
    throw new ConflictError(`${plan.decision.path}: decision ${plan.reviewId} exists already; nothing written`);
  }
  const ledger = readReviewed(plan.home);
  for (const e of plan.reviewedEntries) {
    const earlier = ledger.get(reviewedKey(e.quest_id, e.draft_id));
    if (earlier) throw new ConflictError(`draft ${e.draft_id} was decided meanwhile in review ${earlier.review_id}; nothing written`);
  }
}

export interface ExecuteOptions extends FaultOptions {
  /**
   * Builds the same decisions' plan again from the home as it is now; called under the write lock when another
   * review of the quest was written since the plan was read (basis.ts). Without it such a plan is refused.
   */
  replan?: (shown: Plan) => Plan;
  /**
   * The plan was shown to a person who confirmed it (the review screen's y): when the plan made again under the lock
   * (or a new card's file name taken meanwhile) differs from it in anything they saw, nothing is written and a
   * PlanChangedError carries the new plan to show (plan-changes.ts).
   */
  asShown?: boolean;
}

const alreadyApplied = (id: string) => `review ${id} was already applied; nothing written`;

export async function executePlan(home: string, plan: Plan, options: ExecuteOptions = {}): Promise<WriteResult> {
  const fault = makeFault(options);
  const result: WriteResult = {
    reviewId: plan.reviewId, status: 'nothing', created: [], revised: [], decisionPath: null, recovered: [],
    message: '',
  };
  if (plan.home !== home) throw new UserError(`plan was built for ${plan.home}, not ${home}`);
  if (plan.status === 'already_applied') return { ...result, status: 'already_applied', message: alreadyApplied(plan.reviewId) };
  if (plan.status === 'nothing') return { ...result, message: 'every decision is defer; nothing written' };
  return journaledWrite<WriteResult>(
    home,
    (recovered) => {
      result.recovered = recovered;
      if (readReviewRecord(home, plan.reviewId)?.status === 'applied') {
        return { done: { ...result, status: 'already_applied', message: alreadyApplied(plan.reviewId) } };
      }
      const shown = plan;
      if (plan.basis !== undefined && currentBasis(home, plan.questId, plan.questRoot) !== plan.basis) {
        if (!options.replan) {
          throw new ConflictError(`another review of quest ${plan.questId} was written since this plan was read; nothing written (plan again)`);
        }
        plan = options.replan(shown);
        result.reviewId = plan.reviewId;
        if (plan.home !== home) throw new UserError(`plan was built for ${plan.home}, not ${home}`);
        if (plan.status === 'already_applied') return { done: { ...result, status: 'already_applied', message: alreadyApplied(plan.reviewId) } };
        if (plan.status === 'nothing') return { done: { ...result, message: 'every decision is defer; nothing written' } };
      }
      plan = withFreeCardNames(plan);
      if (options.asShown && plan !== shown) {
        const changes = planChanges(shown, plan);
        if (changes.length) throw new PlanChangedError(shown, plan, changes);
      }
      preflight(plan);
      return {
        journal: { version: 1, id: plan.reviewId, kind: 'apply', home, questRoot: plan.questRoot, createdAt: plan.now, ops: planOps(plan) },
      };
    },
    (run) => {
      if (run.outcome === 'rolled_back') return { ...result, status: 'rolled_back', message: `write rolled back: ${run.error}` };
      return {
        ...result,
        status: 'written',
        created: plan.newCards.map((c) => c.path),
        revised: plan.patches.map((p) => p.path),
        decisionPath: plan.decision?.path ?? null,
        // "review decision-…" only when a distill_review decision was written (issue 35).
        message: plan.decision
          ? `review ${plan.reviewId} written`
          : plan.questId === QUIRKS_QUEST
            ? `quirks entries recorded as ${plan.reviewId}`
            : plan.questRoot === null
              ? `mined patterns recorded as ${plan.reviewId} (no quest: no distill_review decision)`
            : `${writtenCards(plan.newCards.length + plan.patches.length)}, no distill_review decision (no run covered); record ${plan.reviewId}`,
      };
    },
    fault,
  );
}

/** What a write without a decision wrote: a review that only dismisses notes or rejects drafts writes no card. */
function writtenCards(n: number): string {
  return n === 0 ? 'no card written' : 'cards written';
}
