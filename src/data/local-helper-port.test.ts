import { afterEach, describe, expect, it } from 'vitest';
import { ensureHelper, helperStatusStore, installHelperPort, sendToHelper, type HelperPort, type HelperStatus } from './local-helper-port';

/** A helper whose status the test moves; it records what it is sent. */
function fake(initial: HelperStatus) {
  let status = initial;
  const listeners = new Set<(s: HelperStatus) => void>();
  const sent: string[] = [];
  const port: HelperPort = {
    ensure: () => Promise.resolve(status === 'connected'),
    send: action => { sent.push(action); return status === 'connected'; },
    status: () => status,
    onStatus: fn => { listeners.add(fn); return () => listeners.delete(fn); },
  };
  const move = (s: HelperStatus) => { status = s; for (const fn of listeners) fn(s); };
  return { port, sent, move, listeners };
}

afterEach(() => installHelperPort(null));

describe('local helper port', () => {
  it('without a helper is idle and every call answers false', async () => {
    expect(helperStatusStore.getState().status).toBe('idle');
    await expect(ensureHelper()).resolves.toBe(false);
    expect(sendToHelper('print', { ds: [] })).toBe(false);
  });

  it('mirrors the installed helper’s status and passes calls through', async () => {
    const h = fake('absent');
    installHelperPort(h.port);
    expect(helperStatusStore.getState().status).toBe('absent');
    h.move('connected');
    expect(helperStatusStore.getState().status).toBe('connected');
    await expect(ensureHelper()).resolves.toBe(true);
    expect(sendToHelper('print')).toBe(true);
    expect(h.sent).toEqual(['print']);
  });

  it('stops following a helper it no longer holds', () => {
    const h = fake('connecting');
    installHelperPort(h.port);
    installHelperPort(null);
    expect(h.listeners.size).toBe(0);
    h.move('connected');
    expect(helperStatusStore.getState().status).toBe('idle');
  });
});
