// The patch diff of the preview (`d`): what a patch of the focused draft into the focused neighbor would write, with
// the draft's staged edit; cached per decision, as planning it reads the neighbor card.
import { stageDecision, targetRun } from './decisions.js';
import { withEditText } from './draft-edit.js';
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
        : withEditText(stageDecision(f.draft, 'patch', targetRun(f.draft, f.run), f.neighbors, f.neighbor), s.edits[f.draft.id]);
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
