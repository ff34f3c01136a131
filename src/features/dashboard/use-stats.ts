import { useEffect, useState } from 'react';
import { fetchCount, type VisibleStat } from './stats';

/** A count: a number, `'error'` when its request failed, absent while it loads. */
export type Counts = Readonly<Record<string, number | 'error'>>;

/**
 * Fetches every visible count in parallel; requests still running when the list changes or the page closes are
 * cancelled. `stats` must be stable (memoised) between renders.
 */
export function useStats(stats: readonly VisibleStat[]): Counts {
  // Counts belong to the list they were fetched for: a new list starts empty without a reset inside the effect.
  const [state, setState] = useState<{ of: readonly VisibleStat[]; counts: Counts }>({ of: stats, counts: {} });
  useEffect(() => {
    const ctrl = new AbortController();
    const put = (key: string, v: number | 'error') => {
      if (ctrl.signal.aborted) return;
      setState(prev => ({ of: stats, counts: { ...(prev.of === stats ? prev.counts : {}), [key]: v } }));
    };
    for (const s of stats) fetchCount(s, ctrl.signal).then(n => put(s.key, n), () => put(s.key, 'error'));
    return () => ctrl.abort();
  }, [stats]);
  return state.of === stats ? state.counts : {};
}
