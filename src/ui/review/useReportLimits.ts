// The scrolled view on screen reports its limits to the store, so the scroll keys stop at its end.
import { useCallback } from 'react';
import { useReviewStore } from './context.js';

export function useReportLimits(): (max: number, page: number, lines: readonly string[]) => void {
  const store = useReviewStore();
  return useCallback(
    (max: number, page: number, lines: readonly string[]) => {
      // A measurement no component draws: updated in place, so reporting it never wakes the store's subscribers
      // (a second pass over every selector after each frame).
      const v = store.getState().view;
      v.max = max;
      v.page = page;
      v.lines = lines;
    },
    [store],
  );
}
