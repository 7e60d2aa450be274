// The one review flow `distill apply` and the review screen share: what a plan is built from (the quest's runs and
// its drafts, decided ones included, against the global cards; or the quirks files' entries, quest `:quirks`), then the plan with the reviewer and the time worked
// out by one rule. Writing is executePlan (execute.ts) for both.
import { uniqueWarnings, type Draft, type FileWarning, type Quest, type Run } from '../model.js';
import { coverage } from '../quest/coverage.js';
import { listDrafts } from '../quest/drafts.js';
import { listQuestNotes } from '../quest/quest-notes.js';
import type { GlobalCards } from '../store/cardMeta.js';
import { isoNow } from './ids.js';
import { buildPlan } from './plan.js';
import { draftFilesBasis } from './basis.js';
import { buildQuirksPlan } from './plan-quirks.js';
import { listQuirkEntries, QUIRKS_QUEST, quirksQuest, type QuirkDraft } from '../quest/quirks.js';
import type { Plan, PlanCandidates } from './plan-types.js';

import { reviewerName } from './reviewer.js';
import type { StagedDecision } from './staged.js';

export interface PlanSource {
  quest: Quest;
  global: GlobalCards;
  runs: Map<string, Run>;
  /** The quest's drafts, decided ones included: a re-apply and a patch of an earlier review's card need them. */
  drafts: Draft[];
  /** The gate before the write (candidate runs not covered, files it cannot read): the plan says what stays open. */
  candidates?: PlanCandidates;
  /** The quest's notes still listed, which a `note:<id>` decision dismisses (plan.ts NOTE_LEVEL). */
  notes?: { id: string; path: string }[];
  /**
   * A review of something other than a quest's drafts plans its own way (the mined patterns, core/mine/flow-mined.ts):
   * the folders above the review hand their planner in, so the review imports none of them.
   */
  build?: (staged: StagedDecision[], reviewer: string, now: string) => Plan;
  /** The quest's draft files as they were when `drafts` was listed (basis.ts): a draft written since makes a replan. */
  draftFiles?: string[];
}

/** The gate's state for a plan, from a coverage report. */
export function planCandidates(report: Pick<ReturnType<typeof coverage>, 'candidates' | 'unreadable'>): PlanCandidates {
  return { uncovered: report.candidates.filter((c) => !c.covered).map((c) => c.artifactId), unreadable: report.unreadable.length };
}

/** Reads what a plan of this quest is built from; the warnings name the files that were skipped. */
export function loadPlanSource(quest: Quest, global: GlobalCards): PlanSource & { warnings: FileWarning[] } {
  const draftFiles = draftFilesBasis(quest.home, quest.id, quest.root);
  const report = coverage(quest);
  const listed = listDrafts(quest, { runs: report.runs, global, includeReviewed: true });
  // Dismissed notes too, as decided drafts: a re-apply of the same file names them (the plan refuses a second dismissal).
  const noted = listQuestNotes(quest, { runs: report.runs, global, includeReviewed: true });
  const notes = noted.notes.flatMap(({ card }) => (card.id ? [{ id: card.id, path: card.path }] : []));
  return {
    quest, global, runs: report.runs, drafts: listed.drafts, candidates: planCandidates(report), notes, draftFiles,
    warnings: uniqueWarnings([...report.warnings, ...listed.warnings, ...noted.warnings]),
  };
}

/** The quirks review's source (quest `:quirks`): every entry of the home's quirks files, decided ones included. */
export function loadQuirksPlanSource(home: string, global: GlobalCards): PlanSource & { warnings: FileWarning[] } {
  const listed = listQuirkEntries(home, { includeReviewed: true });
  return { quest: quirksQuest(home), global, runs: new Map(), drafts: listed.entries, warnings: listed.warnings };
}

/**
 * The plan for these decisions; the reviewer is `--reviewer` or the one rule of reviewer.ts, the time `isoNow`, or
 * `who.now` (a plan made again under the write lock keeps the time of the plan it replaces, so only what changed on
 * disk makes the two differ).
 */
export function planReview(source: PlanSource, staged: StagedDecision[], who: { reviewer?: string; env: NodeJS.ProcessEnv; now?: string }): Plan {
  const { quest, global, runs, drafts, candidates, notes, draftFiles } = source;
  const reviewer = reviewerName(who.reviewer, who.env);
  const now = who.now ?? isoNow(who.env);
  if (source.build) return source.build(staged, reviewer, now);
  if (quest.id === QUIRKS_QUEST) {
    const entries = drafts.filter((d): d is QuirkDraft => d.source === 'quirk');
    return buildQuirksPlan({ home: quest.home, entries, global, staged, reviewer, now });
  }
  return buildPlan({ home: quest.home, quest, drafts, global, runs, staged, notes, reviewer, now, candidates, draftFiles });
}
