// The store and the colour theme, handed down through contexts.
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

export interface Theme {
  /** A colour name, or undefined when colours are off (NO_COLOR). */
  color(name: string): string | undefined;
}

export function makeTheme(env: NodeJS.ProcessEnv): Theme {
  const off = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return { color: (name) => (off ? undefined : name) };
}

export const ThemeContext = createContext<Theme>(makeTheme({}));

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
