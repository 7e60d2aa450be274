// Turning a key press into a StagedDecision: which run it targets and what each listed neighbor gets.
import { NEIGHBOR_REASON, NOTE_LEVEL } from '../../core/index.js';
import type { Decision, DraftItem, NeighborItem, RunItem, StagedDecision } from './facade.js';

/** Staged under `run:<artifact id>`: a run without drafts, reviewed and rejected as a whole; `note:<id>`: a quest
 *  note dismissed as not a lesson. */
export { NOTE_LEVEL, RUN_LEVEL } from '../../core/index.js';

/** The key a draft row's decision is staged under: a quest note's is `note:<id>` (it is no draft). */
export function stagedKey(draft: Pick<DraftItem, 'id' | 'note'>): string {
  return draft.note ? NOTE_LEVEL + draft.id : draft.id;
}

export const DECISION_LABEL: Record<Decision, string> = {
  new: 'new',
  patch: 'patch',
  neighbor_but_separate: 'separate',
  reject: 'reject',
  defer: 'defer',
};

/** Decisions that turn the draft into card content, which a draft with an empty or TODO claim cannot. */
export const WRITES_CARD: ReadonlySet<Decision> = new Set<Decision>(['new', 'patch', 'neighbor_but_separate']);

/**
 * The run a decision targets: the focused run when the draft is shown under it, else the draft's own first run (a
 * draft tied to runs is never recorded under another: the plan refuses it); a draft tied to no run goes under the
 * focused run, or on the quest-level row under the group's target run (`groupRun`, picked with t).
 */
export function targetRun(draft: DraftItem, focusedRun: RunItem | undefined, groupRun?: string): string | undefined {
  if (focusedRun && (draft.runIds.length === 0 || draft.runIds.includes(focusedRun.artifactId))) {
    return focusedRun.artifactId;
  }
  return draft.runIds[0] ?? focusedRun?.artifactId ?? groupRun;
}

/**
 * Every neighbor listed beside the draft was looked at and gets an entry (PR #60's patch / new /
 * neighbor_but_separate): the chosen one (patch target or the card kept separate) with that decision and the
 * reason the reviewer typed (`patched into` / `kept separate` when none was), every other one `new` with "looked at,
 * not related", so the new card's `related` names only the chosen neighbor.
 */
export function neighborEntries(
  decision: Decision,
  reason: string,
  neighbors: readonly NeighborItem[],
  targetId: string | undefined,
  typed = '',
): StagedDecision['neighbors'] {
  return neighbors.map((n) => {
    if (n.cardId === targetId && (decision === 'patch' || decision === 'neighbor_but_separate')) {
      return { cardId: n.cardId, decision, reason: typed || NEIGHBOR_REASON[decision] };
    }
    // Looked at but not chosen: PR #60's `new` (never neighbor_but_separate, which would relate the card to it).
    switch (decision) {
      case 'new':
      case 'patch':
      case 'neighbor_but_separate':
        return { cardId: n.cardId, decision: 'new', reason: 'looked at, not related' };
      case 'reject':
        return { cardId: n.cardId, decision: 'new', reason: `looked at; draft rejected: ${reason}` };
      case 'defer':
        return { cardId: n.cardId, decision: 'new', reason: 'looked at; draft deferred' };
    }
  });
}

export function defaultReason(decision: Decision, neighbor: NeighborItem | undefined): string {
  switch (decision) {
    case 'new':
      return 'new lesson';
    case 'patch':
      return `patched into ${neighbor?.cardId ?? 'neighbor'}`;
    case 'neighbor_but_separate':
      return `related to ${neighbor?.cardId ?? 'neighbor'} but a separate lesson`;
    case 'reject':
      return 'rejected';
    case 'defer':
      return 'deferred';
  }
}

export function stageDecision(
  draft: DraftItem,
  decision: Decision,
  runId: string | undefined,
  neighbors: readonly NeighborItem[],
  target: NeighborItem | undefined,
  reason?: string,
): StagedDecision {
  const typed = reason?.trim() ?? '';
  const why = typed || defaultReason(decision, target);
  const staged: StagedDecision = {
    draftId: draft.id,
    decision,
    reason: why,
    neighbors: neighborEntries(decision, why, neighbors, target?.cardId, typed),
  };
  if (target && (decision === 'patch' || decision === 'neighbor_but_separate')) staged.neighborId = target.cardId;
  if (runId) staged.runId = runId;
  return staged;
}

/** Header counts: `2 new, 1 patch`. */
export function stagedCounts(staged: readonly StagedDecision[]): string {
  const counts = new Map<Decision, number>();
  for (const s of staged) counts.set(s.decision, (counts.get(s.decision) ?? 0) + 1);
  const parts: string[] = [];
  for (const d of Object.keys(DECISION_LABEL) as Decision[]) {
    const n = counts.get(d);
    if (n) parts.push(`${n} ${DECISION_LABEL[d]}`);
  }
  return parts.length ? parts.join(', ') : 'nothing';
}
