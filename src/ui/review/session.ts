// Side effects of a review session, wired at the composition root: staged decisions are saved on every change so
// they survive a crash or a closed terminal. A home that cannot take the staging file (a read-only mount, a full disk)
// does not end the session: the decisions stay staged for it, and the status line says once that they are not saved
// (again after a save has worked since).
import type { ReviewFacade } from './facade.js';
import type { ReviewStore } from './store.js';

export function wireStaging(store: ReviewStore, facade: ReviewFacade): () => void {
  let said = false;
  return store.subscribe((s, prev) => {
    if (s.staged === prev.staged && s.edits === prev.edits) return;
    const list = Object.values(s.staged);
    try {
      if (list.length || Object.keys(s.edits).length) facade.saveStaging(list, s.edits);
      else facade.clearStaging();
      said = false;
    } catch (error) {
      if (said) return;
      said = true;
      const problem = error instanceof Error ? error.message : String(error);
      store.setState({ message: `staged for this session only, not saved for the next session (${problem})` });
    }
  });
}
