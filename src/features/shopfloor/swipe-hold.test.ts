import { describe, expect, it } from 'vitest';
import { SWIPE_HOLD_MAX_MS, SWIPE_QUIET_MS, swipeHold } from './swipe-hold';

describe('the kiosk\'s hold on background refreshes', () => {
  it('lets a refresh through when nobody has swiped for SWIPE_QUIET_MS, else says how long is left', () => {
    let now = 100_000;
    let last = 0;
    const hold = swipeHold(() => last, () => now);
    expect(hold()).toBe(0);
    last = now - 500;
    expect(hold()).toBe(SWIPE_QUIET_MS - 500);
    now = last + SWIPE_QUIET_MS;
    expect(hold()).toBe(0);
  });

  it('holds at most SWIPE_HOLD_MAX_MS while the swiping goes on, then lets one through and starts again', () => {
    let now = 100_000;
    let last = now;
    const hold = swipeHold(() => last, () => now);
    const start = now;
    // A swipe every second for two minutes: the refresh asked at the start waits until the bound, never longer.
    const released: number[] = [];
    for (; now < start + 2 * SWIPE_HOLD_MAX_MS; now += 1_000) {
      last = now;
      const wait = hold();
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(SWIPE_QUIET_MS);
      if (wait === 0) released.push(now - start);
    }
    expect(released).toEqual([SWIPE_HOLD_MAX_MS]);
    // Never a wait past the bound: near its end the wait is what is left of it.
    const h2 = swipeHold(() => last, () => now);
    last = now;
    expect(h2()).toBe(SWIPE_QUIET_MS);
    now += SWIPE_HOLD_MAX_MS - 500;
    last = now;
    expect(h2()).toBe(500);
  });
});
