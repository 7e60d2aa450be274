// The colour theme (off under NO_COLOR), handed down through a context to every screen.
import { createContext, useContext } from 'react';

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
