// The plan of a quirks review (pseudo-quest `:quirks`): the drafts are the entries of the home's quirks files
// (quest/quirks.ts), decided against the global cards like any draft. There is no quest, no run and no gate, so no
// distill_review decision: a decided entry is recorded by its content id in reviewed.jsonl (quest `:quirks`), and
// the review record and audit line hold every decision. The quirks files themselves are never written.
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';
import type { Run } from '../model.js';
import { QUIRK_FILES, QUIRK_TAGS, QUIRKS_QUEST, quirkWithText, type QuirkDraft } from '../quest/quirks.js';
import { decidedIdsOfEdit } from '../quest/quirks-split.js';
import type { GlobalCards } from '../store/cardMeta.js';
import { unionList } from './card-new.js';
import type { DraftDecisionNote } from './decision.js';
import { cardPlanState, planCardDecision } from './plan-card.js';
import { finishPlan, reviewIdOf, RUN_LEVEL } from './plan.js';
import type { Plan } from './plan-types.js';
import { readReviewRecords, type ReviewRecord } from './records.js';
import { readReviewed, reviewedKey, type ReviewedEntry } from './reviewed.js';
import { DRAFT_DECISIONS, type StagedDecision } from './staged.js';

export interface QuirksPlanInput {
  home: string;
  /** Every entry of the quirks files, reviewed ones included (`listQuirkEntries(home, { includeReviewed: true })`). */
  entries: QuirkDraft[];
  global: GlobalCards;
  staged: StagedDecision[];
  reviewer: string;
  now: string;
  reviewed?: Map<string, ReviewedEntry>;
  priorReviews?: Map<string, ReviewRecord>;
  exists?: (file: string) => boolean;
}

function fail(message: string): never {
  throw new UserError(message);
}

/**
 * The entry as the "run" a card's lineage names: `{quest: <quirks file name>, run: <entry id>, direction:
 * framework-quirk | system-quirk, note: "<file> line <n>: <title>"}` (PR #60 requires quest and run).
 */
export function quirkRun(entry: QuirkDraft): Run {
  const file = QUIRK_FILES[entry.kind];
  return {
    artifactId: entry.id, runId: null, runKind: QUIRK_TAGS[entry.kind].replace(/^topic:/, ''),
    status: null, summary: `${file} line ${entry.line}: ${entry.title}`, createdAt: null, updatedAt: null,
    workspaceRel: '.', file: entry.file, record: {},
  };
}

export function buildQuirksPlan(input: QuirksPlanInput): Plan {
  const { home, now } = input;
  const prior = input.priorReviews ?? readReviewRecords(home);
  const reviewed = input.reviewed ?? readReviewed(home);
  const reviewId = reviewIdOf(QUIRKS_QUEST, input.staged, prior);
  const base: Plan = {
    reviewId, home, questId: QUIRKS_QUEST, questRoot: null, now, reviewer: input.reviewer, status: 'nothing',
    newCards: [], patches: [], memoryIndex: [], decision: null, reviewedEntries: [], deferred: [], runs: [], record: null, candidates: null,
  };
  if (prior.get(reviewId)?.status === 'applied') return { ...base, status: 'already_applied' };
  const byId = new Map(input.entries.map((e) => [e.id, e]));
  const state = cardPlanState(home, input.global, now, input.exists ?? ((file: string) => fs.existsSync(file)));
  const notes: DraftDecisionNote[] = [];
  const seen = new Set<string>();
  const closing: { file: string; reason: string }[] = [];
  const noted = new Set<string>();
  /** Records the entry as decided: by its id, or by the ids of the parts of it that reached an edited text (`ids`). */
  const record = (entry: QuirkDraft, decision: string, reason: string, cardId: string | null, ids = [entry.id]) => {
    noted.add(entry.id);
    for (const id of ids) {
      notes.push({ draft_id: id, draft_path: entry.file, decision, target_run_id: entry.id, card_id: cardId, reason });
      base.reviewedEntries.push({ draft_id: id, quest_id: QUIRKS_QUEST, review_id: reviewId, decision, at: now });
    }
  };

  for (const s of input.staged) {
    const where = `quirks entry ${s.draftId}`;
    if (!DRAFT_DECISIONS.includes(s.decision)) fail(`${where}: unknown decision ${JSON.stringify(s.decision)} (expected ${DRAFT_DECISIONS.join(', ')})`);
    if (seen.has(s.draftId)) fail(`${where}: decided twice in one review`);
    seen.add(s.draftId);
    if (s.draftId.startsWith(RUN_LEVEL)) {
      // The review screen groups a file's entries as its one "run": closing it rejects its undecided entries.
      const file = s.draftId.slice(RUN_LEVEL.length);
      if (!(Object.values(QUIRK_FILES) as string[]).includes(file)) fail(`${file}: not a quirks file (${Object.values(QUIRK_FILES).join(', ')})`);
      if (s.decision !== 'reject') fail(`${file}: a quirks file can only be closed with reject (its undecided entries rejected), not ${s.decision}`);
      closing.push({ file, reason: s.reason || 'nothing to distill' });
      continue;
    }
    const listed = byId.get(s.draftId) ?? fail(`${where}: not an entry of ${Object.values(QUIRK_FILES).join(' or ')} (distill quirks lists them)`);
    const entry = s.overrides?.text !== undefined ? quirkWithText(listed, s.overrides.text) : listed;
    const earlier = reviewed.get(reviewedKey(QUIRKS_QUEST, entry.id));
    if (earlier) fail(`${where}: already decided (${earlier.decision}) in review ${earlier.review_id}; distill revert ${earlier.review_id} to decide it again`);
    if (s.decision === 'defer') {
      base.deferred.push(entry.id);
      continue;
    }
    // The card always carries its file's topic tag, with whatever tags the reviewer adds.
    const tags = unionList([QUIRK_TAGS[entry.kind]], s.overrides?.tags ?? entry.tags);
    const staged: StagedDecision = { ...s, overrides: { ...s.overrides, tags } };
    const cardId = planCardDecision(state, {
      staged, draft: entry, run: quirkRun(entry), where, lineageQuest: QUIRK_FILES[entry.kind], cardQuestId: null,
    });
    // An edited entry: only what reached the card (or the rejection) is recorded; what the edit cut stays listed.
    const ids = s.overrides?.text !== undefined ? decidedIdsOfEdit(listed.kind, listed.card.raw, s.overrides.text) : [entry.id];
    record(entry, s.decision, s.reason ?? '', cardId, ids);
  }
  // Sets, not scans of what is noted so far: closing a file of 50,000 entries was quadratic (over 20 s).
  for (const { file, reason } of closing) {
    for (const entry of input.entries) {
      if (path.basename(entry.file) !== file || noted.has(entry.id) || reviewed.has(reviewedKey(QUIRKS_QUEST, entry.id))) continue;
      record(entry, 'reject', reason, null);
    }
  }
  if (closing.length) base.deferred = base.deferred.filter((d) => !noted.has(d));
  if (base.reviewedEntries.length === 0) return base;
  return finishPlan(base, state, input.staged, notes, home);
}
