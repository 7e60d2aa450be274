// Session actions of the review store: write (W and its confirm), quit (Write / Discard / Cancel), restoring the
// staging of a closed session, handing a draft to $EDITOR, and re-reading the quest.
import { NOTE_LEVEL, RUN_LEVEL } from './decisions.js';
import { checkEditedDraft, keptKey, withEditText, withErrorNote, type Edits } from './draft-edit.js';
import type { ReviewFacade } from './facade.js';
import { writtenLine } from './quit-summary.js';
import { indexDrafts, runRowCount } from './lists.js';
import { focused, isEmpty, type ReviewActions, type ReviewState, type Staged } from './state.js';
import { clampCursor } from '../shared/window.js';
import { reasonActions } from './store-reason.js';
import { authorActions } from './store-author.js';

export interface StoreKit {
  set: (partial: Partial<ReviewState & ReviewActions>) => void;
  get: () => ReviewState & ReviewActions;
  facade: ReviewFacade;
  /** Sets the staged decisions as one undoable step. */
  commit: (staged: Staged, extra?: Partial<ReviewState>) => void;
  withNeighbors: (s: ReviewState) => ReviewState;
  diffCache: Map<string, string[]>;
  /** c / p / s ask for an optional reason first (store-reason.ts). */
  askReasons?: boolean;
}

type SessionActions = Pick<
  ReviewActions,
  | 'requestWrite' | 'writing' | 'confirmWrite' | 'requestQuit' | 'quitWrite' | 'quitDiscard' | 'acceptRestore' | 'discardRestore'
  | 'edit' | 'finishEdit' | 'editorFailed' | 'reopenEdit' | 'keepEdit' | 'dropEdit' | 'reload' | 'askDecide' | 'author' | 'finishAuthor'
>;

export function sessionActions({ set, get, facade, commit, withNeighbors, diffCache, askReasons }: StoreKit): SessionActions {
  return {
    ...reasonActions({ set, get, askReasons: askReasons ?? false }),
    ...authorActions({ set, get, facade, withNeighbors }),
    requestWrite: () => {
      const list = Object.values(get().staged);
      if (!list.length) {
        set({ message: 'nothing staged to write', quitAfterWrite: false, modal: null });
        return true;
      }
      try {
        set({ plan: facade.describe(list), planScroll: 0, modal: 'write' });
      } catch (error) {
        set({ message: `cannot plan the write: ${(error as Error).message}`, modal: null, quitAfterWrite: false });
      }
      return true;
    },
    writing: null,
    confirmWrite: () => {
      const s = get();
      if (s.writing) return true;
      const run = async () => {
        try {
          const result = await facade.write(Object.values(s.staged));
          if (result.changed) {
            // Nothing written: the new plan is shown with what changed; the decisions stay staged, y confirms again.
            set({ plan: result.changed, planScroll: 0, modal: 'write', message: 'not written: the plan changed since it was shown; y writes the new one' });
            return;
          }
          const done = writtenLine(result);
          // Edits of drafts not in this write stay staged for the next one.
          const edits: Edits = {};
          for (const [id, text] of Object.entries(get().edits)) if (!s.staged[id]) edits[id] = text;
          const written = result.reviewId ? [...get().written, { reviewId: result.reviewId, cards: result.cards ?? 0, ...(result.decision === false ? { decision: false } : {}), ...(result.quirks ? { quirks: true } : {}) }] : get().written;
          set({ staged: {}, edits, past: [], future: [], marks: {}, plan: null, modal: null, written });
          get().reload(done);
          if (s.quitAfterWrite) set({ exit: { kind: 'quit' } });
        } catch (error) {
          // The whole message stays on screen, with a way on: reload the changed files and plan again (i17r).
          const text = (error as Error).message;
          set({ message: `write failed: ${text}`, writeError: text, helpScroll: 0, modal: 'writeError', plan: null, quitAfterWrite: false });
        } finally {
          set({ writing: null });
        }
      };
      set({ message: 'writing…', writing: run() });
      return true;
    },
    requestQuit: () => {
      if (Object.keys(get().staged).length || Object.keys(get().edits).length) set({ modal: 'quit', quitChoice: 0 });
      else set({ exit: { kind: 'quit' } });
      return true;
    },
    quitWrite: () => {
      set({ quitAfterWrite: true });
      get().requestWrite();
      return true;
    },
    quitDiscard: () => {
      set({ staged: {}, edits: {}, past: [], future: [], modal: null, exit: { kind: 'quit' } });
      return true;
    },
    acceptRestore: () => {
      const s = get();
      const known = new Set([...s.data.drafts.map((d) => d.id), ...s.data.runs.map((r) => RUN_LEVEL + r.artifactId), ...(s.data.notes ?? []).map((n) => NOTE_LEVEL + n.id)]);
      const staged: Staged = {};
      for (const d of s.restore?.staged ?? []) if (known.has(d.draftId)) staged[d.draftId] = d;
      const dropped = (s.restore?.staged.length ?? 0) - Object.keys(staged).length;
      const edits: Edits = {};
      for (const [id, text] of Object.entries(s.restore?.edits ?? {})) if (known.has(id) && typeof text === 'string') edits[id] = text;
      commit(staged, {
        edits,
        modal: null,
        restore: null,
        message: `restored ${Object.keys(staged).length} staged decision(s)${dropped ? `; ${dropped} no longer apply` : ''}`,
      });
      return true;
    },
    discardRestore: () => {
      facade.clearStaging();
      set({ restore: null, modal: isEmpty(get().data) ? 'empty' : null, message: 'discarded the staged decisions of the last session' });
      return true;
    },
    edit: () => {
      const s = get();
      const draft = focused(s).draft;
      if (!draft) {
        set({ message: 'no draft here to edit' });
        return true;
      }
      // A copy kept from a refused edit (this session or an earlier one) is reopened, its error noted on top.
      const kept = facade.keptEdits?.find(draft.id);
      if (kept) {
        set({ exit: { kind: 'edit', path: draft.path, draftId: draft.id, text: '', copy: kept } });
        return true;
      }
      // The editor starts from the staged edit when there is one, so a second edit builds on the first.
      set({ exit: { kind: 'edit', path: draft.path, draftId: draft.id, text: s.edits[draft.id] ?? draft.text } });
      return true;
    },
    finishEdit: (draftId, text, copy) => {
      const s = get();
      const draft = s.data.drafts.find((d) => d.id === draftId);
      if (!draft) {
        set({ exit: null, message: `draft ${draftId} is gone; edit dropped` });
        return;
      }
      const before = s.edits[draftId] ?? draft.text;
      if (text === before) {
        facade.keptEdits?.drop(draftId);
        set({ exit: null, editing: null, modal: null, message: `edit of ${draft.title}: no change` });
        return;
      }
      const check = checkEditedDraft(draft, text);
      if (!check.ok) {
        // Kept in the home at once (the error noted on top), so nothing typed is lost whatever comes next.
        const kept = facade.keptEdits?.keep(draftId, withErrorNote(text, check.error)) ?? copy;
        set({ exit: null, editing: { draftId, path: draft.path, copy: kept, error: check.error }, modal: 'editError' });
        return;
      }
      facade.keptEdits?.drop(draftId);
      const edits = { ...s.edits };
      if (text === draft.text) delete edits[draftId];
      else edits[draftId] = text;
      const staged = { ...s.staged };
      if (staged[draftId]) staged[draftId] = withEditText(staged[draftId], edits[draftId]);
      commit(staged, {
        edits,
        exit: null,
        editing: null,
        modal: null,
        message: `edit of ${check.title} staged (u undoes; the write uses the edited text, the draft file itself is never changed)`,
      });
    },
    editorFailed: (problem) => {
      set({ exit: null, modal: get().editing ? 'editError' : null, message: problem });
    },
    reopenEdit: () => {
      const e = get().editing;
      if (!e) return false;
      set({ modal: null, exit: { kind: 'edit', path: e.path, draftId: e.draftId, text: '', copy: e.copy, error: e.error, author: e.author } });
      return true;
    },
    keepEdit: () => {
      const e = get().editing;
      if (!e) return false;
      const again = e.author ? `a on ${e.author.runId} reopens it` : 'e on the draft reopens it';
      set({ editing: null, modal: null, message: `your text is kept until saved or dropped (${again}): ${e.copy}` });
      return true;
    },
    dropEdit: () => {
      const e = get().editing;
      if (e) facade.keptEdits?.drop(keptKey(e));
      const dropped = e?.author ? `new lesson dropped; nothing written (${e.error})` : `edit dropped; the draft stays as it was (${e?.error})`;
      set({ editing: null, modal: null, message: e ? dropped : null });
      return true;
    },
    reload: (message) => {
      diffCache.clear();
      const s = get();
      const fresh = facade.load();
      const ids = new Set(fresh.drafts.map((d) => d.id));
      const edits: Edits = {};
      for (const [id, text] of Object.entries(s.edits)) if (ids.has(id)) edits[id] = text;
      const cursor = {
        runs: clampCursor(s.cursor.runs, runRowCount(fresh, indexDrafts(fresh))),
        drafts: s.cursor.drafts,
        neighbors: s.cursor.neighbors,
      };
      const next: ReviewState = {
        ...s,
        data: fresh,
        edits,
        index: indexDrafts(fresh),
        neighbors: {},
        cursor,
        exit: null,
        modal: s.modal === 'restore' ? 'restore' : isEmpty(fresh) ? 'empty' : s.modal,
        message: message ?? null,
      };
      next.cursor.drafts = clampCursor(cursor.drafts, focused(next).rows.length);
      set(withNeighbors(next));
    },
  };
}
