// A reviewer's decision about one draft, as the TUI stages it and `distill apply` reads it from JSONL.
export type DraftDecision = 'new' | 'patch' | 'neighbor_but_separate' | 'reject' | 'defer';
export const DRAFT_DECISIONS: readonly DraftDecision[] = ['new', 'patch', 'neighbor_but_separate', 'reject', 'defer'];
/** PR #60's DISTILL_NEIGHBOR_DECISIONS. */
export const NEIGHBOR_DECISIONS = ['patch', 'new', 'neighbor_but_separate'] as const;
export type NeighborVerdict = (typeof NEIGHBOR_DECISIONS)[number];
/** A neighbor entry's reason when the reviewer gave none: PR #60's gate requires a non-empty one. */
export const NEIGHBOR_REASON: Record<NeighborVerdict, string> = {
  patch: 'patched into',
  neighbor_but_separate: 'kept separate',
  new: 'looked at, not related',
};

export interface StagedNeighbor {
  cardId: string;
  decision: string;
  reason: string;
}

export interface StagedDecision {
  draftId: string;
  decision: DraftDecision;
  /** The card to patch (patch), or the neighbor kept separate (neighbor_but_separate). */
  neighborId?: string;
  reason: string;
  neighbors: StagedNeighbor[];
  /** Target run artifact_id; default the draft's only run. Required for quest-level drafts. */
  runId?: string;
  /** `text`: the whole edited draft file (frontmatter + body), used instead of the draft file's content. */
  overrides?: { claim?: string; title?: string; tags?: string[]; text?: string };
}

/** Why a decision's run is refused for a draft tied to other runs (decisions-file.ts names the line, plan.ts the draft). */
export function notItsRun(draftId: string, runId: string, draftRuns: readonly string[]): string {
  return `draft ${draftId}: run ${runId} is not a run this draft comes from (its run${draftRuns.length === 1 ? '' : 's'}: ${draftRuns.join(', ')}); leave "run" out or give one of those`;
}
