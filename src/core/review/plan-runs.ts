// When a review covers a run (README "When a run counts as covered"): a run is covered only when every one of its
// drafts is decided (new / patch / neighbor_but_separate / reject, in this review or an earlier one; defer is not a
// decision), or when the reviewer closes it with a run-level reject, which records every still-undecided draft of
// it as rejected with that reason. Cards of a run that stays open are written, but only covered runs go into the
// distill_review decision, which then names every card that came from them, earlier reviews' included.
import path from 'node:path';
import { activeWorkspace, listWorkspaces } from '../quest/artifacts.js';
import type { Draft, Quest, Run, Workspace } from '../model.js';
import { reviewedKey, type ReviewedEntry } from './reviewed.js';
import type { CardWritten } from './decision.js';
import type { ReviewRecord } from './records.js';

export interface PlanRun {
  runId: string;
  covered: boolean;
  closed: boolean;
  /** Draft ids of the run still undecided after this write (empty when covered). */
  undecided: string[];
  /** Closed: the draft ids the close records as rejected (its undecided ones, deferred included). */
  rejected: string[];
}

export interface RunCoverageInput {
  questId: string;
  drafts: readonly Draft[];
  reviewed: Map<string, ReviewedEntry>;
  /** Runs this review touches, in order (decided, deferred or closed drafts). */
  touched: readonly string[];
  /** Drafts decided (not deferred) in this review. */
  decidedNow: ReadonlySet<string>;
  /** Runs closed in this review (run-level reject). */
  closed: ReadonlySet<string>;
}

/** Every touched run with whether it is covered, and the drafts a close rejects (run id -> draft ids). */
export function runCoverage(input: RunCoverageInput): { runs: PlanRun[]; closing: Map<string, string[]> } {
  const runs: PlanRun[] = [];
  const closing = new Map<string, string[]>();
  for (const runId of input.touched) {
    const open = input.drafts
      .filter((d) => d.runIds.includes(runId))
      .filter((d) => !input.decidedNow.has(d.id) && !input.reviewed.has(reviewedKey(input.questId, d.id)))
      .map((d) => d.id);
    const closed = input.closed.has(runId);
    if (closed) closing.set(runId, open);
    runs.push({ runId, closed, covered: closed || open.length === 0, undecided: closed ? [] : open, rejected: closed ? open : [] });
  }
  return { runs, closing };
}

/** Cards earlier applied reviews wrote for these runs, so the decision covering a run names all of them. */
export function earlierCards(prior: Map<string, ReviewRecord>, questId: string, runIds: ReadonlySet<string>): CardWritten[] {
  const out: CardWritten[] = [];
  for (const record of prior.values()) {
    if (record.status !== 'applied' || record.quest_id !== questId) continue;
    let cards = record.cards_written;
    if (!cards && record.decision) {
      try {
        cards = (JSON.parse(record.decision.content) as { cards_written?: CardWritten[] }).cards_written;
      } catch {
        cards = [];
      }
    }
    for (const c of cards ?? []) if (runIds.has(c.target_run_id)) out.push(c);
  }
  return out;
}

/**
 * The workspace the decision goes to: the one holding the reviewed runs' records, or the active one when they span
 * several (so PR #60's list_distill_candidates, which reads only the active workspace, agrees with its gate).
 */
export function decisionWorkspace(quest: Quest, runs: Map<string, Run>, covered: readonly string[]): Workspace {
  const rels = new Set(covered.map((id) => runs.get(id)?.workspaceRel ?? '.'));
  if (rels.size === 1) {
    const rel = [...rels][0];
    const found = listWorkspaces(quest).find((w) => w.rel === rel);
    if (found) return found;
    if (rel === '.') return { root: quest.root, rel: '.', origin: 'quest_root' };
    return { root: path.isAbsolute(rel) ? rel : path.join(quest.root, rel), rel, origin: 'worktree' };
  }
  return activeWorkspace(quest);
}
