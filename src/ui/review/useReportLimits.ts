// The scrolled view on screen reports its limits to the store, so the scroll keys stop at its end.
import { useCallback } from 'react';
import { useReviewStore } from './context.js';

export function useReportLimits(): (max: number, page: number) => void {
  const store = useReviewStore();
  return useCallback(
    (max: number, page: number) => {
      const v = store.getState().view;
      if (v.max !== max || v.page !== page) store.setState({ view: { max, page } });
    },
    [store],
  );
}
