// Side effects of a review session, wired at the composition root: staged decisions are saved on every change so
// they survive a crash or a closed terminal.
import type { ReviewFacade } from './facade.js';
import type { ReviewStore } from './store.js';

export function wireStaging(store: ReviewStore, facade: ReviewFacade): () => void {
  return store.subscribe((s, prev) => {
    if (s.staged === prev.staged && s.edits === prev.edits) return;
    const list = Object.values(s.staged);
    if (list.length || Object.keys(s.edits).length) facade.saveStaging(list, s.edits);
    else facade.clearStaging();
  });
}
