/**
 * The kiosk's hold on the offline copy's background refreshes (sync-engine `setSyncHold`, decision 128): a refresh
 * writes the copy and makes the kiosk reload its rows, which slowed the swipes it overlapped from 20 ms to 300 ms
 * (bench/swipe). So refreshes wait for a pause in the swiping, within a bound.
 *
 * The copy's background refreshes wait until the operator has not swiped for this long (sync-engine `setSyncHold`)…
 */
export const SWIPE_QUIET_MS = 2_000;
/** …but never longer than this: a kiosk swiped without a pause still learns what others changed. */
export const SWIPE_HOLD_MAX_MS = 60_000;

/**
 * The hold, given the time of the last swipe: how many ms a refresh asked now should wait (0: go now). A hold that
 * has lasted SWIPE_HOLD_MAX_MS lets one refresh through and starts again.
 */
export function swipeHold(lastSwipeAt: () => number, now: () => number = Date.now): () => number {
  let heldSince: number | null = null;
  return () => {
    const t = now();
    const wait = lastSwipeAt() + SWIPE_QUIET_MS - t;
    if (wait <= 0) { heldSince = null; return 0; }
    heldSince ??= t;
    if (t - heldSince >= SWIPE_HOLD_MAX_MS) { heldSince = null; return 0; }
    return Math.min(wait, heldSince + SWIPE_HOLD_MAX_MS - t);
  };
}
