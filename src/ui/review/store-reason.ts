// The optional reason of c / p / s (issue 17): after the key, a one-line prompt "reason (Enter to skip)"; Enter
// stages the decision with the typed reason (or the default one), Esc stages nothing. A key that has nothing to act
// on says so at once, before anything is typed. Every prompt names the drafts it acts on (marks.ts).
import { editedDraft } from './draft-edit.js';
import { actingOn, namedDrafts } from './marks.js';
import type { DraftItem } from './facade.js';
import { focused, type ReviewActions, type ReviewState } from './state.js';

type Kit = {
  set: (partial: Partial<ReviewState>) => void;
  get: () => ReviewState & ReviewActions;
  askReasons: boolean;
};

export function reasonActions({ set, get, askReasons }: Kit): Pick<ReviewActions, 'askDecide'> {
  return {
    askDecide: (decision) => {
      if (!askReasons) return get().decide(decision);
      const s = get();
      const f = focused(s);
      const { ids, batch } = actingOn(s);
      const needsNeighbor = decision === 'patch' || decision === 'neighbor_but_separate';
      // The cases decide() refuses without a prompt: let it say why.
      const refused = batch ? needsNeighbor : !f.draft || (needsNeighbor && !f.neighbor) || editedDraft(f.draft, s.edits).needsEdit;
      if (refused) return get().decide(decision);
      set({ modal: 'reason', input: '', reasonFor: decision, rejecting: ids });
      return true;
    },
  };
}

const VERB: Record<string, string> = { new: 'new card from', patch: 'patch', neighbor_but_separate: 'separate card from', reject: 'Reject' };

/**
 * The prompt of c / p / s / x for the drafts it acts on, named to fit `width` with the text typed so far:
 * `Reject 2 drafts ('Warmup…', 'Seed…'), reason: `, `patch 'Warmup matters' into knowledge-n2: reason (Enter to skip): `.
 * The neighbor is named when there is room (the neighbors pane shows it too); the drafts always are.
 */
export function reasonPrompt(decision: string, ids: readonly string[], drafts: readonly DraftItem[], width: number, input: string, neighbor?: string): string {
  const verb = VERB[decision] ?? decision;
  const tail = decision === 'reject' ? ', reason: ' : ': reason (Enter to skip): ';
  const fixed = verb.length + tail.length + Array.from(input).length + 3;
  let into = decision === 'patch' && neighbor ? ` into ${neighbor}` : decision === 'neighbor_but_separate' && neighbor ? ` beside ${neighbor}` : '';
  if (width - fixed - into.length < 24) into = '';
  const room = Math.max(12, width - fixed - into.length);
  return `${verb} ${namedDrafts(ids, drafts, room)}${into}${tail}`;
}
