// The shapes of a review's write plan: what buildPlan (plan.ts) produces, describePlan (describe.ts) shows and
// executePlan (execute.ts) writes. Types only, so those three import it without importing each other.
import type { Draft, Quest, Run } from '../model.js';
import type { GlobalCards } from '../store/cardMeta.js';
import type { ReviewedEntry } from './reviewed.js';
import type { PlanRun } from './plan-runs.js';
import type { ReviewRecord } from './records.js';
import type { StagedDecision } from './staged.js';

export interface PlanInput {
  home: string;
  quest: Quest;
  /** The quest's drafts, reviewed ones included (`listDrafts(quest, { includeReviewed: true })`). */
  drafts: Draft[];
  /** The global cards (an open Store): metadata of all; a card to patch is read whole when planned. */
  global: GlobalCards;
  runs: Map<string, Run>;
  staged: StagedDecision[];
  /** The quest's notes still listed (listQuestNotes): a `note:<id>` decision dismisses one as not a lesson. */
  notes?: { id: string; path: string }[];
  reviewer: string;
  now: string;
  reviewed?: Map<string, ReviewedEntry>;
  priorReviews?: Map<string, ReviewRecord>;
  git?: { branch: string; head: string | null };
  exists?: (file: string) => boolean;
  /** The quest's gate before this write (loadPlanSource reads it), so the plan can say what stays open. */
  candidates?: PlanCandidates;
  /** The quest's draft files when `drafts` was listed (draftFilesBasis, taken before the listing); now when absent. */
  draftFiles?: string[];
}

/** The quest's candidate runs not covered before the write, and how many files keep its gate from answering. */
export interface PlanCandidates {
  uncovered: string[];
  unreadable: number;
}

export interface PlannedNewCard {
  draftId: string;
  cardId: string;
  decision: 'new' | 'neighbor_but_separate';
  runId: string;
  path: string;
  content: string;
  /** Things the reviewer should know before writing (e.g. a card without tags, which recall cannot find). */
  warnings: string[];
}

export interface PlannedPatch {
  draftIds: string[];
  cardId: string;
  runIds: string[];
  path: string;
  before: string;
  after: string;
  crossQuest: boolean;
  /** Accepts an agent's draft that already is this global card (card-accept.ts), with or without a patch. */
  accepted?: boolean;
}

export interface Plan {
  reviewId: string;
  home: string;
  questId: string;
  /** null for the quirks files' review (quest/quirks.ts): no quest, so nothing is written in one. */
  questRoot: string | null;
  now: string;
  reviewer: string;
  /** ready: something to write; already_applied: this exact review was written before; nothing: only defers. */
  status: 'ready' | 'already_applied' | 'nothing';
  newCards: PlannedNewCard[];
  patches: PlannedPatch[];
  memoryIndex: { file: string; line: string }[];
  decision: { path: string; content: string; indexFile: string; indexLine: string; eventsFile: string; eventLine: string } | null;
  reviewedEntries: ReviewedEntry[];
  deferred: string[];
  /** Every run this review touches and whether this write covers it (plan-runs.ts has the rule). */
  runs: PlanRun[];
  /** The quest's gate before the write; null when not known (the quirks review has no runs). */
  candidates: PlanCandidates | null;
  record: ReviewRecord | null;
  /**
   * What the plan's run coverage and decision were derived from besides the files its ops check: the quest's rows
   * of the reviewed ledger, its review records and its draft files (planBasis, basis.ts). executePlan compares it under
   * the write lock.
   */
  basis?: string;
}
