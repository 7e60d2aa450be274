// The lessons screen's edits (`e`): the editor works on a copy, the text is checked when it closes, and a good edit is
// staged. A refused one is kept at once in the home (`<home>/.distill/edits/%3Alessons/`, the error noted on top) and
// a question asks: reopen the editor on it, keep it and go back (Esc: never drops what was typed), or drop it. The
// copy outlives the session until the edit is saved or dropped; `e` on the card reopens it.
import { withErrorNote } from '../shared/edit-note.js';
import type { LessonsFacade, StagedAction } from './facade.js';
import type { CardMeta } from '../../core/index.js';
import type { LessonsState } from './state.js';

export interface EditActions {
  /** `e` on a card: the editor on its kept copy when one is kept, else on a copy of `base`. */
  startEdit(card: CardMeta, base: string): void;
  /** The editor closed on `text`: staged, or refused and kept. */
  stageEdit(path: string, cardId: string, text: string, base?: string): void;
  /** The editor failed (missing, non-zero exit): nothing changed; a kept copy stays kept and its question comes back. */
  editorFailed(cardId: string, problem: string): void;
  reopenEdit(): boolean;
  keepEdit(): boolean;
  dropEdit(): boolean;
}

type Set = (partial: Partial<LessonsState> | ((s: LessonsState) => Partial<LessonsState>)) => void;

export function editActions(set: Set, get: () => LessonsState, facade: LessonsFacade, stage: (action: StagedAction, status: string) => void): EditActions {
  return {
    startEdit(card, base) {
      const copy = facade.keptEdits?.find(card.path) ?? undefined;
      set({ exit: { kind: 'edit', path: card.path, cardId: card.id!, base, ...(copy ? { copy } : {}) } });
    },
    stageEdit(path, cardId, text, base) {
      const from = base ?? facade.readText(path);
      const error = facade.checkEdit(path, text);
      if (error) {
        // Kept in the home at once (the error noted on top), so nothing typed is lost whatever comes next.
        const copy = facade.keptEdits?.keep(path, withErrorNote(text, error));
        set(copy ? { status: `edit refused: ${error}`, editing: { path, cardId, base: from, copy, error }, modal: 'editError', scroll: 0 } : { status: `edit refused: ${error}` });
        return;
      }
      facade.keptEdits?.drop(path);
      set({ editing: null, modal: null });
      if (text === from) set({ status: `edit of ${cardId}: no change` });
      else stage({ kind: 'edit', paths: [path], ids: [cardId], text, ...(base !== undefined ? { base } : {}) }, `staged: edit ${cardId}`);
    },
    editorFailed(cardId, problem) {
      set({ exit: null, modal: get().editing ? 'editError' : get().modal, status: `edit of ${cardId}: ${problem}` });
    },
    reopenEdit() {
      const e = get().editing;
      if (!e) return false;
      set({ modal: null, exit: { kind: 'edit', path: e.path, cardId: e.cardId, base: e.base, copy: e.copy } });
      return true;
    },
    keepEdit() {
      const e = get().editing;
      if (!e) return false;
      set({ editing: null, modal: null, status: `your text is kept until saved or dropped (e on ${e.cardId} reopens it): ${e.copy}` });
      return true;
    },
    dropEdit() {
      const e = get().editing;
      if (!e) return false;
      facade.keptEdits?.drop(e.path);
      set({ editing: null, modal: null, status: `edit dropped; ${e.cardId} stays as it was (${e.error})` });
      return true;
    },
  };
}
