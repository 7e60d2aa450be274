// The optional reason of c / p / s (issue 17): after the key, a one-line prompt "reason (Enter to skip)"; Enter
// stages the decision with the typed reason (or the default one), Esc stages nothing. A key that has nothing to act
// on says so at once, before anything is typed.
import { editedDraft } from './draft-edit.js';
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
      const batch = decision !== 'patch' && Object.keys(s.marks).length > 0;
      // The cases decide() refuses without a prompt: let it say why.
      const refused = !f.draft || ((decision === 'patch' || decision === 'neighbor_but_separate') && !f.neighbor) || editedDraft(f.draft, s.edits).needsEdit;
      if (!batch && refused) return get().decide(decision);
      set({ modal: 'reason', input: '', reasonFor: decision, rejecting: [] });
      return true;
    },
  };
}

/** What the status line shows while a c / p / s waits for its reason. */
export function reasonPrompt(decision: string, count: number, input: string): string {
  const what = decision === 'neighbor_but_separate' ? 'separate' : decision;
  return `${what}${count > 1 ? ` (${count} marked drafts)` : ''}: reason (Enter to skip, Esc cancels): ${input}█`;
}
