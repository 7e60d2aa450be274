// The patch diff of the preview (`d`): what a patch of the focused draft into the focused neighbor would write, with
// the draft's staged edit; cached per decision, as planning it reads the neighbor card.
import { stageDecision, targetRun } from './decisions.js';
import { withEditText } from './draft-edit.js';
import { questTarget } from './lists.js';
import type { ReviewFacade } from './facade.js';
import { focused, type ReviewActions, type ReviewState } from './state.js';

export function patchDiffAction(
  get: () => ReviewState & ReviewActions,
  facade: ReviewFacade,
  diffCache: Map<string, string[]>,
): ReviewActions['patchDiff'] {
  return () => {
    const s = get();
    const f = focused(s);
    if (!f.draft || !f.neighbor) return null;
    const stagedPatch = s.staged[f.draft.id];
    const decision =
      stagedPatch?.decision === 'patch'
        ? stagedPatch
        : withEditText(stageDecision(f.draft, 'patch', targetRun(f.draft, f.run, questTarget(s.data, s.questRun)), f.neighbors, f.neighbor), s.edits[f.draft.id]);
    const key = JSON.stringify([decision.draftId, decision.neighborId, decision.runId, decision.reason, decision.overrides?.text ?? null]);
    let lines = diffCache.get(key);
    if (!lines) {
      try {
        lines = facade.patchDiff(decision);
      } catch (error) {
        lines = [`(no diff: ${(error as Error).message})`];
      }
      diffCache.set(key, lines);
    }
    const staged = stagedPatch?.decision === 'patch' ? ' (staged)' : '';
    return { title: `patch ${f.draft.title} into ${decision.neighborId}${staged}`, lines };
  };
}

/**
 * What `d` shows for a draft with a staged decision (i17r): the new card a staged new / separate decision writes, the
 * diff a staged patch writes, or why nothing is written; null when the draft has no staged decision.
 */
export function stagedWriteAction(
  get: () => ReviewState & ReviewActions,
  facade: ReviewFacade,
  cache: Map<string, string[]>,
): ReviewActions['stagedWrite'] {
  return () => {
    const s = get();
    const draft = focused(s).draft;
    const decision = draft ? s.staged[draft.id] : undefined;
    if (!draft || !decision) return null;
    if (decision.decision === 'patch') return get().patchDiff();
    if (decision.decision === 'reject' || decision.decision === 'defer') {
      const what = decision.decision === 'reject' ? `rejected (${decision.reason})` : 'deferred';
      return { title: `Staged ${decision.decision}: nothing written`, lines: [`${draft.title} is ${what}: no card is written for it.`, 'The decision artifact records it.'] };
    }
    const key = 'card:' + JSON.stringify(decision);
    let lines = cache.get(key);
    let title = cache.get(key + ':title')?.[0];
    if (!lines) {
      try {
        const card = facade.cardPreview(decision);
        lines = card.lines;
        title = card.accepted ? `${card.path} (the agent's draft, accepted in place)` : card.path;
      } catch (error) {
        lines = [`(no preview: ${(error as Error).message})`];
        title = '';
      }
      cache.set(key, lines);
      cache.set(key + ':title', [title ?? '']);
    }
    const label = decision.decision === 'new' ? 'c' : `s, related to ${decision.neighborId ?? '-'}`;
    return { title: `New card (staged ${label}): ${title}`, lines };
  };
}
