// The review store, handed down through a context and read with selectors.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ReviewActions, ReviewState, ReviewStore } from './store.js';

export const StoreContext = createContext<ReviewStore | null>(null);

export function useReviewStore(): ReviewStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('review store missing: render inside <StoreContext.Provider>');
  return store;
}

/** Reads a slice of the store; pass object selectors through useShallow. */
export function useReview<T>(selector: (s: ReviewState & ReviewActions) => T): T {
  return useStore(useReviewStore(), selector);
}
