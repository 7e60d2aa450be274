// The review's mouse: a click focuses a pane and puts its cursor on the row clicked; the wheel over a list focuses
// it and moves its cursor a row a notch; over the preview (or a scrolling dialog) it scrolls three lines a notch.
// Like a key, a mouse action clears the last message; while a dialog or prompt is open only its view scrolls.
import type { PaneId } from '../shared/keys/table.js';
import type { ReviewStore } from './store.js';
import type { ModalKind } from '../shared/keys/table.js';

/** Lines a wheel notch scrolls a view. */
export const WHEEL_LINES = 3;

const SCROLLING: readonly (ModalKind | null)[] = [null, 'help', 'write', 'warnings', 'writeError'];

export interface ReviewMouse {
  click(pane: PaneId, item: number | null): void;
  wheelList(pane: PaneId, step: number): void;
  wheelView(step: number): void;
}

export function reviewMouse(store: ReviewStore): ReviewMouse {
  const a = () => store.getState();
  const ready = (modals: readonly (ModalKind | null)[]) => {
    const s = a();
    if (s.exit || !modals.includes(s.modal)) return false;
    if (s.message && !s.writing) store.setState({ message: null });
    return true;
  };
  return {
    click: (pane, item) => {
      if (ready([null])) a().pick(pane, item);
    },
    wheelList: (pane, step) => {
      if (!ready([null]) || !step) return;
      a().pick(pane, null);
      a().move(step);
    },
    wheelView: (step) => {
      if (ready(SCROLLING) && step) a().scroll(step * WHEEL_LINES);
    },
  };
}
