// The plan of a review of mined patterns (pseudo-quest `:mined`): each pattern is decided like a draft against the
// global cards. A new card's lineage names every run of the pattern's evidence; a patch appends those entries and
// raises occurrences (card-patch.ts). No quest is written in and no distill_review decision is recorded, so no quest's
// coverage or gate changes: the decision goes to the reviewed ledger with the evidence seen (ledger.ts), the review
// record and the audit log, through the journal like every review.
import fs from 'node:fs';
import { UserError } from '../errors.js';
import type { GlobalCards } from '../store/cardMeta.js';
import type { DraftDecisionNote } from '../review/decision.js';
import { cardPlanState, planCardDecision } from '../review/plan-card.js';
import { finishPlan, reviewIdOf, RUN_LEVEL } from '../review/plan.js';
import type { Plan } from '../review/plan-types.js';
import { readReviewRecords, type ReviewRecord } from '../review/records.js';
import { DRAFT_DECISIONS, type StagedDecision } from '../review/staged.js';
import { episodeLineage, minedWithText, patternRun, type MinedDraft } from './draft.js';
import { FACTOR_NAMES } from './episodes.js';
import { MINED_QUEST, patternEpisodes, type MinedLedgerEntry } from './ledger.js';

export interface MinedPlanInput {
  home: string;
  /** Every mined pattern as a draft, decided and suppressed ones included. */
  drafts: MinedDraft[];
  global: GlobalCards;
  staged: StagedDecision[];
  reviewer: string;
  now: string;
  priorReviews?: Map<string, ReviewRecord>;
  exists?: (file: string) => boolean;
}

function fail(message: string): never {
  throw new UserError(message);
}

/** The lineage quest a pattern's patch paragraph names: `Patch (mined/<pattern id>): ...`. */
const LINEAGE_QUEST = 'mined';

export function buildMinedPlan(input: MinedPlanInput): Plan {
  const { home, now } = input;
  const prior = input.priorReviews ?? readReviewRecords(home);
  const reviewId = reviewIdOf(MINED_QUEST, input.staged, prior);
  const base: Plan = {
    reviewId, home, questId: MINED_QUEST, questRoot: null, now, reviewer: input.reviewer, status: 'nothing',
    newCards: [], patches: [], memoryIndex: [], decision: null, reviewedEntries: [], deferred: [], runs: [], record: null, candidates: null,
  };
  if (prior.get(reviewId)?.status === 'applied') return { ...base, status: 'already_applied' };
  const byId = new Map(input.drafts.map((d) => [d.id, d]));
  const state = cardPlanState(home, input.global, now, input.exists ?? ((file: string) => fs.existsSync(file)));
  const notes: DraftDecisionNote[] = [];
  const seen = new Set<string>();
  const closing: { group: string; reason: string }[] = [];
  const record = (draft: MinedDraft, decision: string, reason: string, cardId: string | null) => {
    const p = draft.pattern;
    notes.push({ draft_id: draft.id, draft_path: draft.path, decision, target_run_id: p.id, card_id: cardId, reason });
    const entry: MinedLedgerEntry = {
      draft_id: draft.id, quest_id: MINED_QUEST, review_id: reviewId, decision, at: now,
      pattern_id: p.id, key: p.key, support: p.support, quests: p.quests, episodes: patternEpisodes(p),
      card_id: cardId, outcome: p.outcome, consistency: p.consistency,
    };
    base.reviewedEntries.push(entry);
  };
  for (const s of input.staged) {
    const where = `pattern ${s.draftId}`;
    if (!DRAFT_DECISIONS.includes(s.decision)) fail(`${where}: unknown decision ${JSON.stringify(s.decision)} (expected ${DRAFT_DECISIONS.join(', ')})`);
    if (s.draftId.startsWith(RUN_LEVEL)) {
      // The review screen groups patterns by kind of factor as its "runs": closing one rejects its undecided patterns.
      const group = s.draftId.slice(RUN_LEVEL.length);
      if (!(FACTOR_NAMES as readonly string[]).includes(group)) fail(`${group}: not a kind of factor (${FACTOR_NAMES.join(', ')})`);
      if (s.decision !== 'reject') fail(`${group}: a group of patterns can only be closed with reject, not ${s.decision}`);
      closing.push({ group, reason: s.reason || 'not a lesson' });
      continue;
    }
    const listed = byId.get(s.draftId) ?? fail(`${where}: not a pattern distill mine proposes now (distill mine --all lists them)`);
    if (seen.has(listed.pattern.key)) fail(`${where}: decided twice in one review`);
    seen.add(listed.pattern.key);
    const p = listed.pattern;
    if (p.state !== 'proposed') {
      const d = p.decided!;
      fail(`${where}: ${p.state === 'decided' ? `already decided (${d.decision})` : `rejected with this evidence`} in review ${d.review_id}; distill revert ${d.review_id} to decide it again`);
    }
    if (s.decision === 'defer') {
      base.deferred.push(listed.id);
      continue;
    }
    const draft = s.overrides?.text !== undefined ? minedWithText(listed, s.overrides.text) : listed;
    let cardId: string | null = null;
    if (s.decision !== 'reject') {
      // The card carries the pattern's tags unless the reviewer gave others (in the edit or as "tags").
      // A follow-up patches the card it was written into unless another is named, with the runs since as lineage.
      const follow = s.decision === 'patch' ? p.followUp : null;
      const neighborId = s.neighborId ?? follow?.cardId ?? undefined;
      const staged: StagedDecision = { ...s, ...(neighborId ? { neighborId } : {}), overrides: { ...s.overrides, tags: s.overrides?.tags ?? draft.tags } };
      const lineage = (follow ? follow.newEvidence : p.evidence).map(episodeLineage);
      cardId = planCardDecision(state, { staged, draft, run: patternRun(draft), where, lineageQuest: LINEAGE_QUEST, cardQuestId: null, lineage });
    }
    record(draft, s.decision, s.reason ?? '', cardId);
  }
  for (const { group, reason } of closing) {
    for (const d of input.drafts) {
      if (d.pattern.factor.name !== group || d.pattern.state !== 'proposed' || seen.has(d.pattern.key)) continue;
      seen.add(d.pattern.key);
      base.deferred = base.deferred.filter((id) => id !== d.id);
      record(d, 'reject', reason, null);
    }
  }
  if (base.reviewedEntries.length === 0) return base;
  return finishPlan(base, state, input.staged, notes, home);
}
