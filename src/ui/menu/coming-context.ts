import { createContext, useContext } from 'react';
import type { HasScreen } from '../../domain/menu/coming';

/**
 * How screens below the shell treat the pages still to come (src/domain/menu/coming.ts): which pages the router has a
 * screen for, and whether the user hides the others instead of seeing them marked. The shell provides it from the
 * router's table of screens and the settings (src/app/menu/ComingProvider.tsx): a feature cannot import the shell.
 */
export interface ComingPolicy {
  hasScreen: HasScreen;
  /** The user's setting "hide features still to come" (settings drawer). */
  hide: boolean;
}

/** Without the shell (a screen rendered on its own, unit tests) every page counts as built and nothing is hidden. */
export const ComingContext = createContext<ComingPolicy>({ hasScreen: () => true, hide: false });

export function useComingPolicy(): ComingPolicy {
  return useContext(ComingContext);
}
