// The author key (`a`, issue 14): a lesson draft for a run that has none, pre-filled from the run's evidence, opened
// in $EDITOR; when the editor closes it is checked (a YAML error or a claim still a placeholder keeps the copy to
// reopen, as a refused edit does), saved as a PR #60 draft file, and focused with its neighbors.
import path from 'node:path';
import { MINED_QUEST, parseCardText } from '../../core/index.js';
import type { ReviewFacade } from './facade.js';
import { keptKey, withErrorNote } from './draft-edit.js';
import { questTarget } from './lists.js';
import { focused, type ReviewActions, type ReviewState } from './state.js';

interface AuthorKit {
  set: (partial: Partial<ReviewState & ReviewActions>) => void;
  get: () => ReviewState & ReviewActions;
  facade: ReviewFacade;
  withNeighbors: (s: ReviewState) => ReviewState;
}

type AuthorActions = Pick<ReviewActions, 'author' | 'finishAuthor'>;

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function authorActions({ set, get, facade, withNeighbors }: AuthorKit): AuthorActions {
  return {
    author: () => {
      const s = get();
      const f = focused(s);
      // On a quest note (drafts pane): the lesson is drafted from the note, under the focused run (in the quest-level
      // row: under its target run, the newest candidate run or the one picked with t).
      const note = s.focus === 'drafts' && f.draft?.note ? f.draft : null;
      const target = note && !f.run ? questTarget(s.data, s.questRun) : undefined;
      const run = f.run ?? s.data.runs.find((r) => r.artifactId === target);
      if (!facade.newDraft) {
        set({ message: `no lessons are written here (the ${s.data.quest.id === MINED_QUEST ? 'patterns' : 'entries'} are the lessons)` });
        return true;
      }
      if (!run) {
        set({ message: 'no run here: put the cursor on a run to write a lesson for it' });
        return true;
      }
      try {
        const draft = facade.newDraft(run.artifactId, note?.id);
        // A new lesson kept from a refused save (this session or an earlier one) is reopened instead.
        const kept = facade.keptEdits?.find(keptKey({ draftId: '', author: draft })) ?? undefined;
        set({ exit: { kind: 'edit', path: draft.name, draftId: `a new lesson for ${run.artifactId}`, text: draft.text, author: draft, copy: kept } });
      } catch (error) {
        set({ message: `cannot write a lesson ${note ? `from ${note.id} ` : ''}for ${run.artifactId}: ${problemOf(error)}` });
      }
      return true;
    },
    finishAuthor: (draft, text, copy) => {
      const draftId = `a new lesson for ${draft.runId}`;
      let problem = facade.draftProblem?.(text) ?? null;
      let file: string | null = null;
      if (!problem) {
        try {
          file = facade.saveDraft!(draft, text);
        } catch (error) {
          problem = `cannot save: ${problemOf(error)}`;
        }
      }
      const key = keptKey({ draftId, author: draft });
      if (!file) {
        const error = problem ?? 'not saved';
        const kept = facade.keptEdits?.keep(key, withErrorNote(text, error)) ?? copy;
        set({ exit: null, editing: { draftId, path: draft.name, copy: kept, error, author: draft }, modal: 'editError' });
        return;
      }
      facade.keptEdits?.drop(key);
      // The file's name first: a narrow message line cuts the folder, never the name. A lesson without tags is said
      // here, not only deep in the write plan: recall finds cards by tag.
      const tags = parseCardText(text).meta.tags;
      const untagged = Array.isArray(tags) && tags.length > 0 ? '' : '; it has no tags, so recall cannot find it: e adds some';
      get().reload(`wrote draft ${path.basename(file)}${untagged} in ${path.dirname(file)}`);
      // Focus the new draft under its run, with its neighbors.
      const s = get();
      const runRow = s.data.runs.findIndex((r) => r.artifactId === draft.runId);
      const at = { ...s, cursor: { ...s.cursor, runs: runRow >= 0 ? runRow : s.cursor.runs } };
      const row = focused(at).rows.findIndex((r) => r.draft.path === file);
      if (row < 0) return;
      const next: ReviewState = { ...at, focus: 'drafts', cursor: { ...at.cursor, drafts: row, neighbors: 0 } };
      set(withNeighbors(next));
    },
  };
}
