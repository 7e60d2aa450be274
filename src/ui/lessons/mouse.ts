// The lessons screen's mouse: a click focuses the clusters or the cards and puts the cursor on the row or card
// clicked; the wheel over a list focuses it and moves a row a notch; over a scrolling view (the whole card, the
// write plan, the help, a confirm's details) it scrolls three lines a notch. Nothing while leaving, or while loading
// with nothing drawn yet (the persisted clusters shown during a refresh take clicks and the wheel).
import type { LessonsModal, LessonsPane } from './keys.js';
import { currentCluster, type LessonsStore } from './store.js';

export const WHEEL_LINES = 3;

export interface LessonsMouse {
  click(pane: LessonsPane | 'all', item: number | null): void;
  wheel(pane: LessonsPane | 'all', step: number): void;
  wheelView(step: number): void;
}

export function lessonsMouse(store: LessonsStore): LessonsMouse {
  const a = () => store.getState();
  const ready = (modals: readonly (LessonsModal | null)[]) => {
    const s = a();
    return !s.exit && !(s.loading && !s.early) && modals.includes(s.modal);
  };
  const focus = (pane: LessonsPane | 'all') => {
    if (pane !== 'all' && a().pane !== pane && currentCluster(a())) store.setState({ pane });
  };
  return {
    click: (pane, item) => {
      if (!ready([null])) return;
      focus(pane);
      if (item === null) return;
      if (pane === 'all') store.setState({ allCursor: item });
      else if (pane === 'clusters') store.setState({ clusterCursor: item, cardCursor: 0 });
      else store.setState({ cardCursor: item });
    },
    wheel: (pane, step) => {
      if (!ready([null]) || !step) return;
      focus(pane);
      a().move(step);
    },
    wheelView: (step) => {
      if (ready(['help', 'card', 'write', 'confirm']) && step) a().scrollBy(step * WHEEL_LINES);
    },
  };
}
