import { useMemo, type ReactNode } from 'react';
import { ComingContext, type ComingPolicy } from '../../ui/menu/coming-context';
import { useSettings } from '../settings/settings-store';
import { routedScreen } from './coming';

/** Gives the screens inside the shell (the dashboard's tiles) the router's answer and the user's setting. */
export function ComingProvider({ children }: { children: ReactNode }) {
  const hide = useSettings(s => s.hideComing);
  const value = useMemo<ComingPolicy>(() => ({ hasScreen: routedScreen, hide }), [hide]);
  return <ComingContext.Provider value={value}>{children}</ComingContext.Provider>;
}
