// buildPlan: from loaded state and staged decisions to the exact bytes a review will write. Pure apart from the
// `exists` probe for free card file names and reading each card to patch (input.global); nothing is written here. describePlan (describe.ts) shows it and
// executePlan (execute.ts) writes it through the journal.
import fs from 'node:fs';
import { draftWithText } from '../quest/drafts.js';
import { UserError } from '../errors.js';
import { readReviewed, reviewedKey } from './reviewed.js';
import { deepScientistReadsFrontmatter } from '../format/serialize.js';
import { canonicalJson, reviewIdFor } from './ids.js';
import type { DraftDecisionNote } from './decision.js';
import { cardPlanState, planCardDecision, type CardPlanState } from './plan-card.js';
import { planDecision } from './plan-decision.js';
import { runCoverage } from './plan-runs.js';
import { draftFilesBasis, planBasis } from './basis.js';
import { readReviewRecords, type ReviewRecord } from './records.js';
import type { Plan, PlanInput } from './plan-types.js';
import { DRAFT_DECISIONS, notItsRun, type StagedDecision } from './staged.js';

export type { StagedDecision, StagedNeighbor, DraftDecision } from './staged.js';
export type { PlanRun } from './plan-runs.js';
export type { Plan, PlanInput, PlannedNewCard, PlannedPatch } from './plan-types.js';

function fail(message: string): never {
  throw new UserError(message);
}

export function canonicalStaged(staged: readonly StagedDecision[]): string {
  return canonicalJson(
    staged.map((s) => ({ ...s, neighbors: s.neighbors ?? [], overrides: s.overrides ?? {} })),
  );
}

/** The review id, salted past reviews of the same content that were reverted (so a re-apply writes anew). */
export function reviewIdOf(questId: string, staged: readonly StagedDecision[], prior: Map<string, ReviewRecord>): string {
  const text = canonicalStaged(staged);
  for (let n = 0; ; n++) {
    const id = reviewIdFor(questId, text, n === 0 ? '' : String(n));
    const record = prior.get(id);
    if (!record || record.status !== 'reverted') return id;
  }
}

/** `draftId` of a decision about a run itself rather than one of its drafts. */
export const RUN_LEVEL = 'run:';
/** `draftId` of a decision about a quest note (an episode, an idea with an outcome): `note:<note id>`. */
export const NOTE_LEVEL = 'note:';

/**
 * A quest note dismissed as not a lesson (reject): recorded in the reviewed ledger under the note's id (so
 * listQuestNotes and the home status stop listing it), in the review record and the audit line (so `distill revert`
 * lists it again). It is no draft: no run is reviewed through it, nothing goes into the distill_review decision, and
 * the note file itself is never written.
 */
function dismissNote(input: PlanInput, s: StagedDecision, reviewed: Map<string, { decision: string; review_id: string }>): DraftDecisionNote {
  const id = s.draftId.slice(NOTE_LEVEL.length);
  const where = `quest note ${id}`;
  if (s.decision !== 'reject') fail(`${where}: a note can only be dismissed as not a lesson (reject), not ${s.decision}; a writes a lesson draft from it`);
  const note = (input.notes ?? []).find((n) => n.id === id) ?? fail(`${where}: not a listed note of quest ${input.quest.id}`);
  const earlier = reviewed.get(reviewedKey(input.quest.id, id));
  if (earlier) fail(`${where}: already decided (${earlier.decision}) in review ${earlier.review_id}; distill revert ${earlier.review_id} to decide it again`);
  return { draft_id: id, draft_path: note.path, decision: 'reject', target_run_id: '', card_id: null, reason: s.reason ?? '' };
}

export function buildPlan(input: PlanInput): Plan {
  const { home, quest, now } = input;
  const questId = quest.id;
  const prior = input.priorReviews ?? readReviewRecords(home);
  const reviewed = input.reviewed ?? readReviewed(home);
  const exists = input.exists ?? ((file: string) => fs.existsSync(file));
  const reviewId = reviewIdOf(questId, input.staged, prior);
  const base: Plan = {
    reviewId, home, questId, questRoot: quest.root, now, reviewer: input.reviewer, status: 'nothing',
    newCards: [], patches: [], memoryIndex: [], decision: null, reviewedEntries: [], deferred: [], runs: [], record: null,
    candidates: input.candidates ?? null, basis: planBasis(questId, reviewed, prior, input.draftFiles ?? draftFilesBasis(home, questId, quest.root)),
  };
  if (prior.get(reviewId)?.status === 'applied') return { ...base, status: 'already_applied' };

  const byId = new Map(input.drafts.map((d) => [d.id, d]));
  const state = cardPlanState(home, input.global, now, exists);
  const seenDrafts = new Set<string>();
  const reviewedRuns: string[] = [];
  const notes: DraftDecisionNote[] = [];
  const dismissed: DraftDecisionNote[] = [];

  for (const s of input.staged) {
    const where = `draft ${s.draftId}`;
    if (!DRAFT_DECISIONS.includes(s.decision)) fail(`${where}: unknown decision ${JSON.stringify(s.decision)} (expected ${DRAFT_DECISIONS.join(', ')})`);
    if (seenDrafts.has(s.draftId)) fail(`${where}: decided twice in one review`);
    seenDrafts.add(s.draftId);
    if (s.draftId.startsWith(NOTE_LEVEL)) {
      const note = dismissNote(input, s, reviewed);
      dismissed.push(note);
      base.reviewedEntries.push({ draft_id: note.draft_id, quest_id: questId, review_id: reviewId, decision: 'reject', at: now });
      continue;
    }
    if (s.draftId.startsWith(RUN_LEVEL)) {
      // Closing a run: reviewed, and every draft of it still undecided is rejected with this reason (below).
      const runId = s.draftId.slice(RUN_LEVEL.length);
      if (s.decision !== 'reject') fail(`run ${runId}: a run can only be closed with reject (its undecided drafts rejected), not ${s.decision}`);
      const run = input.runs.get(runId) ?? fail(`run ${runId} is not a run artifact of quest ${questId}`);
      if (!reviewedRuns.includes(run.artifactId)) reviewedRuns.push(run.artifactId);
      notes.push({ draft_id: s.draftId, draft_path: '', decision: 'reject', target_run_id: run.artifactId, card_id: null, reason: s.reason ?? '' });
      continue;
    }
    const listed = byId.get(s.draftId) ?? fail(`${where}: not a draft of quest ${questId}`);
    const draft = s.overrides?.text !== undefined ? draftWithText(listed, s.overrides.text) : listed;
    const earlier = reviewed.get(reviewedKey(questId, draft.id));
    if (earlier) fail(`${where}: already decided (${earlier.decision}) in review ${earlier.review_id}; distill revert ${earlier.review_id} to decide it again`);
    if (s.decision === 'defer') {
      base.deferred.push(draft.id);
      continue;
    }
    let runId = s.runId;
    if (!runId) {
      if (draft.runIds.length === 1) runId = draft.runIds[0];
      else if (draft.runIds.length === 0) fail(`${where}: tied to no run of the quest; give "run": <run artifact_id>`);
      else fail(`${where}: tied to several runs (${draft.runIds.join(', ')}); give "run": <run artifact_id>`);
    }
    const run = input.runs.get(runId!) ?? fail(`${where}: run ${runId} is not a run artifact of quest ${questId}`);
    // A draft tied to runs is decided for one of them: its card's lineage names the run its evidence came from, and
    // no other run counts as reviewed through it (a staged TUI decision carries its run too).
    if (draft.runIds.length && !draft.runIds.includes(run.artifactId)) fail(notItsRun(draft.id, run.artifactId, draft.runIds));
    if (!reviewedRuns.includes(run.artifactId)) reviewedRuns.push(run.artifactId);

    const cardId = planCardDecision(state, { staged: s, draft, run, where, lineageQuest: questId });
    notes.push({ draft_id: draft.id, draft_path: draft.path, decision: s.decision, target_run_id: run.artifactId, card_id: cardId, reason: s.reason ?? '' });
    base.reviewedEntries.push({ draft_id: draft.id, quest_id: questId, review_id: reviewId, decision: s.decision, at: now });
  }
  const closingRuns = new Map<string, string>();
  for (const n of notes) if (n.draft_id.startsWith(RUN_LEVEL)) closingRuns.set(n.target_run_id, n.reason);
  const decidedNow = new Set(notes.map((n) => n.draft_id));
  const touched = [...reviewedRuns];
  for (const id of base.deferred) for (const r of byId.get(id)?.runIds ?? []) if (!touched.includes(r)) touched.push(r);
  const { runs, closing } = runCoverage({ questId, drafts: input.drafts, reviewed, touched, decidedNow, closed: new Set(closingRuns.keys()) });
  base.runs = runs;
  // Only notes dismissed: the ledger, the record and the audit line, no decision (no run was reviewed).
  if (reviewedRuns.length === 0) return dismissed.length ? finishPlan(base, state, input.staged, dismissed, quest.root) : base;
  // Closing a run records each of its undecided drafts (deferred ones included) as rejected with the close's reason.
  for (const [runId, ids] of closing) {
    const reason = closingRuns.get(runId) || 'run closed';
    for (const id of ids) {
      const draft = byId.get(id)!;
      base.deferred = base.deferred.filter((d) => d !== id);
      notes.push({ draft_id: id, draft_path: draft.path, decision: 'reject', target_run_id: runId, card_id: null, reason });
      base.reviewedEntries.push({ draft_id: id, quest_id: questId, review_id: reviewId, decision: 'reject', at: now });
    }
  }

  base.decision = planDecision({
    quest, runs: input.runs, reviewId, now, reviewer: input.reviewer, git: input.git, prior,
    covered: runs.filter((r) => r.covered).map((r) => r.runId), cardsWritten: state.cardsWritten, neighborDecisions: state.neighborDecisions, notes,
  });
  return finishPlan(base, state, input.staged, [...notes, ...dismissed], quest.root);
}

/** The plan's cards, index lines and review record from what its decisions planned (`base.decision` already set). */
export function finishPlan(base: Plan, state: CardPlanState, staged: StagedDecision[], notes: DraftDecisionNote[], questRoot: string): Plan {
  for (const p of state.patches.values()) {
    if (!deepScientistReadsFrontmatter(p.after.replace(/\r\n/g, '\n'))) fail(`card ${p.cardId}: a value contains "---", where DeepScientist would cut the frontmatter`);
  }
  base.newCards = state.newCards;
  base.patches = [...state.patches.values()].map(({ card: _card, ...p }) => p);
  base.memoryIndex = state.memoryIndex;
  base.status = 'ready';
  base.record = {
    version: 1, review_id: base.reviewId, quest_id: base.questId, quest_root: questRoot, status: 'applied', applied_at: base.now,
    reviewer: base.reviewer, decisions: staged,
    drafts: notes.map((n) => ({ draft_id: n.draft_id, path: n.draft_path, decision: n.decision, card_id: n.card_id, reason: n.reason })),
    created: base.newCards.map((c) => ({ card_id: c.cardId, path: c.path, content: c.content })),
    revised: base.patches.map((p) => ({ card_id: p.cardId, path: p.path, before: p.before, after: p.after })),
    decision: base.decision ? { path: base.decision.path, content: base.decision.content } : null,
    cards_written: state.cardsWritten,
  };
  return base;
}


// The plan's other two entry points, for callers that import only this module (the TUI facade).
