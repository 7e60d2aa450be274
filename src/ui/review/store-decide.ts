// The review store's deciding actions: Space (mark), the decision keys (c p s x -) and the reject / close prompt.
// Which drafts a key acts on is marks.ts's rule; after a decision the cursor goes to the next undecided draft, and a
// decision that replaces a staged one says so.
import { NOTE_LEVEL, RUN_LEVEL, stageDecision, stagedKey, WRITES_CARD, targetRun } from './decisions.js';
import { editedDraft, withEditText } from './draft-edit.js';
import type { Decision } from './facade.js';
import { questTarget, runProgress } from './lists.js';
import { actingOn, batchRefusal, namedDrafts, nextUndecided, replacedText } from './marks.js';
import { focused, type ReviewActions, type ReviewState, type Staged } from './state.js';

interface DecideKit {
  set: (partial: Partial<ReviewState & ReviewActions>) => void;
  get: () => ReviewState & ReviewActions;
  commit: (staged: Staged, extra?: Partial<ReviewState>) => void;
  ensureNeighbors: () => void;
  scheduleNeighbors: () => void;
}

const DONE: Record<Decision, string> = { new: 'new', patch: 'patched', neighbor_but_separate: 'separate', reject: 'rejected', defer: 'deferred' };

export function decideActions({ set, get, commit, ensureNeighbors, scheduleNeighbors }: DecideKit): Pick<ReviewActions, 'toggleMark' | 'decide' | 'askReject'> {
  /** The close of a run (x on a run): its undecided drafts recorded as rejected with the reason. */
  const closeRun = (runLevel: string, reason: string | undefined) => {
    const s = get();
    const runId = runLevel.slice(RUN_LEVEL.length);
    const run = s.data.runs.find((r) => r.artifactId === runId);
    const open = run ? runProgress(s.index, run, s.staged).undecided.length : 0;
    const why = reason?.trim() || (open ? 'closed by the reviewer' : 'nothing to distill');
    const staged = { ...s.staged, [runLevel]: { draftId: runLevel, decision: 'reject' as const, reason: why, neighbors: [], runId } };
    const message = open
      ? `${runId}: closed; ${open} undecided draft(s) will be recorded as rejected (${why})`
      : `${runId}: reviewed, nothing to distill (${why})`;
    commit(staged, { message, modal: null, rejecting: [] });
    return true;
  };

  /** x on a quest note: dismissed as not a lesson, staged under `note:<id>` like a decision (u undoes it). */
  const dismissNote = (key: string, reason: string | undefined) => {
    const s = get();
    const f = focused(s);
    const note = s.data.notes?.find((n) => NOTE_LEVEL + n.id === key);
    const staged: Staged = { ...s.staged, [key]: { draftId: key, decision: 'reject', reason: reason?.trim() || 'not a lesson', neighbors: [] } };
    const cursor = { ...s.cursor };
    if (s.focus === 'drafts') Object.assign(cursor, { drafts: nextUndecided(f.rows, cursor.drafts, staged), neighbors: 0 });
    const message = `not a lesson: ${namedDrafts([key.slice(NOTE_LEVEL.length)], note ? [note] : [], 60)} (recorded when written; the note file stays as it is; u undoes)`;
    commit(staged, { message, cursor, modal: null, rejecting: [] });
    scheduleNeighbors();
    return true;
  };

  return {
    toggleMark: () => {
      const s = get();
      const f = focused(s);
      if (!f.draft) {
        set({ message: 'no draft here to mark' });
        return true;
      }
      const marks = { ...s.marks };
      if (f.draft.id in marks) delete marks[f.draft.id];
      else marks[f.draft.id] = targetRun(f.draft, f.run, questTarget(s.data, s.questRun));
      set({ marks });
      return true;
    },
    decide: (decision, reason) => {
      ensureNeighbors();
      const s = get();
      const f = focused(s);
      const runLevel = s.rejecting.length === 1 && s.rejecting[0].startsWith(RUN_LEVEL) ? s.rejecting[0] : null;
      if (decision === 'reject' && runLevel) return closeRun(runLevel, reason);
      const noteLevel = s.rejecting.length === 1 && s.rejecting[0].startsWith(NOTE_LEVEL) ? s.rejecting[0] : null;
      if (decision === 'reject' && noteLevel) return dismissNote(noteLevel, reason);
      const { ids, batch } = actingOn(s);
      if (ids.length === 0) {
        set({ message: 'no draft here to decide', modal: null, rejecting: [], reasonFor: null });
        return true;
      }
      const needsNeighbor = decision === 'patch' || decision === 'neighbor_but_separate';
      if (needsNeighbor && batch) {
        set({ message: batchRefusal(decision, namedDrafts(ids, s.data.drafts, 60)), modal: null, rejecting: [], reasonFor: null });
        return true;
      }
      if (needsNeighbor && !f.neighbor) {
        set({ message: `no neighbor to ${decision === 'patch' ? 'patch into' : 'keep it separate from'}; use c for a new card` });
        return true;
      }
      const staged = { ...s.staged };
      const skipped: string[] = [];
      const replaced: { id: string; was: Decision }[] = [];
      for (const id of ids) {
        const found = s.data.drafts.find((d) => d.id === id);
        if (!found) continue;
        const draft = editedDraft(found, s.edits);
        if (WRITES_CARD.has(decision) && draft.needsEdit) {
          skipped.push(draft.title);
          continue;
        }
        const listed = s.neighbors[id] ?? [];
        // A batch never relates or patches (refused above): no neighbor is picked for a draft not in view.
        const target = batch ? undefined : f.neighbor;
        const runId = batch ? s.marks[id] : targetRun(draft, f.run, questTarget(s.data, s.questRun));
        const before = staged[id];
        staged[id] = withEditText(stageDecision(draft, decision, runId, listed, target, reason), s.edits[id]);
        // Another decision, or the same one on another neighbor, replaces what was staged: said in the status line.
        if (before && (before.decision !== decision || before.neighborId !== staged[id].neighborId)) replaced.push({ id, was: before.decision });
      }
      const done = ids.length - skipped.length;
      const message = [
        skipped.length ? `needs an edit first (empty or TODO claim; press e): ${skipped.join(', ')}` : null,
        batch && done ? `${DONE[decision]}: ${namedDrafts(ids.filter((id) => staged[id]?.decision === decision), s.data.drafts, 100)}` : null,
        replacedText(replaced, decision, s.data.drafts),
      ].filter(Boolean).join('; ') || null;
      const cursor = { ...s.cursor };
      if (!batch && !skipped.length && s.focus === 'drafts') {
        const next = nextUndecided(f.rows, cursor.drafts, staged);
        if (next !== cursor.drafts) Object.assign(cursor, { drafts: next, neighbors: 0 });
      }
      // A batch uses its marks up; so does a decision on the one marked draft (it was no batch, but it is decided).
      const marks = batch || ids[0] in s.marks ? {} : s.marks;
      commit(staged, { marks, message, cursor, modal: null, rejecting: [], reasonFor: null });
      scheduleNeighbors();
      return true;
    },
    askReject: () => {
      const s = get();
      const f = focused(s);
      const { ids, batch } = actingOn(s);
      // x on a run closes it: rejected as a whole with a reason, its undecided drafts recorded as rejected (the
      // reason line says how many, as the confirm). A run without drafts is reviewed this way too.
      if (!batch && s.focus === 'runs' && f.run) {
        const open = runProgress(s.index, f.run, s.staged).undecided.length;
        if (!f.run.covered || open) {
          set({ modal: 'reason', input: '', rejecting: [RUN_LEVEL + f.run.artifactId], reasonFor: null });
          return true;
        }
        // Never a draft picked unseen from the runs pane (it would override its decision).
        if (f.draft) {
          set({ message: `${f.run.artifactId} is covered and every draft of it decided; go to its drafts (l) to change one` });
          return true;
        }
      }
      if (!batch && s.focus === 'runs' && !f.run && f.draft) {
        set({ message: 'this is the quest-level row, not a run: go to its drafts (l) to reject one' });
        return true;
      }
      // On a quest note: "not a lesson", with a reason, as a reject.
      if (!batch && f.draft?.note) {
        set({ modal: 'reason', input: '', rejecting: [stagedKey(f.draft)], reasonFor: null });
        return true;
      }
      if (!ids.length) {
        set({ message: 'no draft here to reject' });
        return true;
      }
      set({ modal: 'reason', input: '', rejecting: ids, reasonFor: null });
      return true;
    },
  };
}

