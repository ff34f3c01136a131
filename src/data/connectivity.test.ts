import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore, onReconnect, PROBE_INTERVAL_MS, probeNow, setReachabilityProbe } from './connectivity';

const state = () => connectivityStore.getState();
const unsubscribers: (() => void)[] = [];
function listen(fn: () => void): void {
  unsubscribers.push(onReconnect(fn));
}

interface Deferred<T> { promise: Promise<T>; resolve(v: T): void }
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>(res => { resolve = res; });
  return { promise, resolve };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2024-06-01T08:00:00.000Z'));
});

afterEach(() => {
  for (const off of unsubscribers.splice(0)) off();
  // Back to reachable through the transition, which also stops a pending probe timer of the module.
  connectivityStore.setState({ reachable: false });
  state().markReachable();
  connectivityStore.setState({ reachable: true });
  setReachabilityProbe(null);
  vi.useRealTimers();
});

describe('reachability', () => {
  it('starts reachable', () => {
    expect(state().reachable).toBe(true);
  });

  it('runs the reconnect listeners only on the unreachable → reachable transition', () => {
    const a = vi.fn();
    listen(a);
    state().markReachable();
    expect(a).not.toHaveBeenCalled();

    state().markUnreachable();
    expect(state().reachable).toBe(false);
    state().markUnreachable();
    expect(a).not.toHaveBeenCalled();

    state().markReachable();
    expect(state().reachable).toBe(true);
    expect(a).toHaveBeenCalledTimes(1);
    state().markReachable();
    expect(a).toHaveBeenCalledTimes(1);

    state().markUnreachable();
    state().markReachable();
    expect(a).toHaveBeenCalledTimes(2);
  });

  it('records when reachability last changed', () => {
    state().markUnreachable();
    const lost = state().since;
    expect(lost).toBe(Date.parse('2024-06-01T08:00:00.000Z'));
    vi.setSystemTime(new Date('2024-06-01T08:01:00.000Z'));
    state().markUnreachable();
    expect(state().since).toBe(lost);
    state().markReachable();
    expect(state().since).toBe(Date.parse('2024-06-01T08:01:00.000Z'));
  });

  it('an unsubscribed listener no longer runs; a failing listener does not keep the others from running', () => {
    const gone = vi.fn();
    const off = onReconnect(gone);
    const failing = vi.fn(() => { throw new Error('boom'); });
    const after = vi.fn();
    listen(failing);
    listen(after);
    off();
    state().markUnreachable();
    state().markReachable();
    expect(gone).not.toHaveBeenCalled();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
  });
});

describe('probeNow', () => {
  it('a probe whose answer comes after newer news (a call succeeded meanwhile) is dropped', async () => {
    const reconnected = vi.fn();
    listen(reconnected);
    let answer: (ok: boolean) => void = () => undefined;
    setReachabilityProbe(() => new Promise<boolean>(r => { answer = r; }));
    state().markUnreachable();
    const probing = probeNow();
    state().markReachable();
    answer(false);
    await probing;
    expect(state().reachable).toBe(true);
    state().markReachable();
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('without a probe answers the current state and changes nothing', async () => {
    state().markUnreachable();
    expect(await probeNow()).toBe(false);
    expect(state().reachable).toBe(false);
  });

  it('a failed probe keeps the server unreachable and runs no listener', async () => {
    const reconnected = vi.fn();
    listen(reconnected);
    state().markUnreachable();
    setReachabilityProbe(async () => false);
    expect(await probeNow()).toBe(false);
    expect(state().reachable).toBe(false);
    setReachabilityProbe(async () => { throw new Error('fetch failed'); });
    expect(await probeNow()).toBe(false);
    expect(state().reachable).toBe(false);
    expect(reconnected).not.toHaveBeenCalled();
  });

  it('a probe that answers marks the server reachable and runs the listeners once', async () => {
    const reconnected = vi.fn();
    listen(reconnected);
    state().markUnreachable();
    setReachabilityProbe(async () => true);
    expect(await probeNow()).toBe(true);
    expect(state().reachable).toBe(true);
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(await probeNow()).toBe(true);
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('a failed probe while reachable marks the server unreachable', async () => {
    setReachabilityProbe(async () => false);
    expect(await probeNow()).toBe(false);
    expect(state().reachable).toBe(false);
  });

  it('runs at most one probe at a time', async () => {
    state().markUnreachable();
    const answer = deferred<boolean>();
    const probe = vi.fn(() => answer.promise);
    setReachabilityProbe(probe);
    const first = probeNow();
    const second = await probeNow();
    expect(second).toBe(false);
    expect(probe).toHaveBeenCalledTimes(1);
    answer.resolve(true);
    expect(await first).toBe(true);
    expect(state().reachable).toBe(true);
  });
});

describe('probing while unreachable', () => {
  it('probes every PROBE_INTERVAL_MS while unreachable and stops once reachable', async () => {
    const reconnected = vi.fn();
    listen(reconnected);
    let answer = false;
    const probe = vi.fn(async () => answer);
    setReachabilityProbe(probe);

    state().markUnreachable();
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS - 1);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(state().reachable).toBe(false);

    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(reconnected).not.toHaveBeenCalled();

    answer = true;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(4);
    expect(state().reachable).toBe(true);
    expect(reconnected).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 5);
    expect(probe).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one timer however many calls fail', async () => {
    const probe = vi.fn(async () => false);
    setReachabilityProbe(probe);
    state().markUnreachable();
    await vi.advanceTimersByTimeAsync(10_000);
    state().markUnreachable();
    state().markUnreachable();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS - 10_000);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('a call that succeeds in between stops the probing', async () => {
    const probe = vi.fn(async () => false);
    setReachabilityProbe(probe);
    state().markUnreachable();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS / 2);
    state().markReachable();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(probe).not.toHaveBeenCalled();
  });

  it('schedules nothing when no probe is installed', async () => {
    state().markUnreachable();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2);
    expect(state().reachable).toBe(false);
  });
});
