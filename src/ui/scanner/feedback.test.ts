// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFeedback, MUTED_KEY, SOUNDS, VIBRATIONS, type AudioContextLike } from './feedback';

/** A recording stand-in for an AudioContext: which oscillators were started, at what frequency and when. */
function fakeContext(state: AudioContextState = 'running') {
  const started: { frequency: number; type: OscillatorType; start: number; stop: number }[] = [];
  const resume = vi.fn(async () => undefined);
  const param = () => ({ setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() });
  const ctx = {
    currentTime: 10,
    state,
    destination: {},
    resume,
    close: vi.fn(async () => undefined),
    createGain: () => ({ gain: param(), connect: vi.fn(), disconnect: vi.fn() }),
    createOscillator: () => {
      const rec = { frequency: 0, type: 'sine' as OscillatorType, start: 0, stop: 0 };
      const osc = {
        get type() { return rec.type; },
        set type(t: OscillatorType) { rec.type = t; },
        frequency: { setValueAtTime: (f: number) => { rec.frequency = f; } },
        connect: vi.fn(), disconnect: vi.fn(), onended: null,
        start: (at: number) => { rec.start = at; started.push(rec); },
        stop: (at: number) => { rec.stop = at; },
      };
      return osc;
    },
  };
  // Only the members feedback uses are faked; the cast says so.
  return { ctx: ctx as unknown as AudioContextLike, started, resume };
}

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); }, m };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('scan feedback', () => {
  it('does not throw without Web Audio or vibration (jsdom has neither)', () => {
    expect(globalThis.AudioContext).toBeUndefined();
    const f = createFeedback({ storage: null });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(() => { f.ok(); f.error(); f.unlock(); }).not.toThrow();
    f.dispose();
  });

  it('makes no AudioContext before a gesture, and one on the first', () => {
    const { ctx, started } = fakeContext();
    const createContext = vi.fn(() => ctx);
    const f = createFeedback({ createContext, storage: null, vibrate: null });
    f.ok();
    expect(createContext).not.toHaveBeenCalled();
    expect(started).toEqual([]);
    window.dispatchEvent(new PointerEvent('pointerdown'));
    expect(createContext).toHaveBeenCalledOnce();
    f.ok();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x' }));
    f.ok();
    expect(createContext).toHaveBeenCalledOnce();
    expect(started).toHaveLength(2);
    f.dispose();
  });

  it("plays one high tone for 'ok' and two low ones for 'error', and vibrates with their patterns", () => {
    const { ctx, started } = fakeContext();
    const vibrate = vi.fn(() => true);
    const f = createFeedback({ createContext: () => ctx, storage: null, vibrate, gestureTarget: null });
    f.unlock();
    f.ok();
    expect(started.map(s => s.frequency)).toEqual([SOUNDS.ok[0]!.frequency]);
    expect(started[0]!.frequency).toBeGreaterThan(1000);
    expect(started[0]!.start).toBeGreaterThanOrEqual(10);
    started.length = 0;
    f.error();
    expect(started).toHaveLength(2);
    expect(started.every(s => s.frequency < 400)).toBe(true);
    expect(started[1]!.start).toBeGreaterThan(started[0]!.stop);
    expect(vibrate.mock.calls).toEqual([[VIBRATIONS.ok], [[...VIBRATIONS.error as number[]]]]);
  });

  it('resumes a suspended context before playing', () => {
    const { ctx, resume } = fakeContext('suspended');
    const f = createFeedback({ createContext: () => ctx, storage: null, vibrate: null, gestureTarget: null });
    f.unlock();
    f.ok();
    expect(resume).toHaveBeenCalled();
  });

  it('mute silences the sounds, not the vibration, and is kept on the device', () => {
    const { ctx, started } = fakeContext();
    const storage = memoryStorage();
    const vibrate = vi.fn(() => true);
    const f = createFeedback({ createContext: () => ctx, storage, vibrate, gestureTarget: null });
    const changed = vi.fn();
    const stop = f.subscribe(changed);
    f.unlock();
    f.setMuted(true);
    f.setMuted(true);
    expect(changed).toHaveBeenCalledOnce();
    expect(storage.m.get(MUTED_KEY)).toBe('1');
    f.error();
    expect(started).toEqual([]);
    expect(vibrate).toHaveBeenCalledOnce();
    stop();
    // A new page on the same device starts muted.
    expect(createFeedback({ storage, gestureTarget: null }).isMuted()).toBe(true);
    f.setMuted(false);
    f.ok();
    expect(started).toHaveLength(1);
  });

  it('survives an AudioContext that cannot be made, storage that throws and a vibrate that throws', () => {
    const f = createFeedback({
      createContext: () => { throw new Error('NotAllowedError'); },
      storage: { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('QuotaExceededError'); } },
      vibrate: () => { throw new Error('nope'); },
      gestureTarget: null,
    });
    expect(() => { f.unlock(); f.ok(); f.error(); f.setMuted(true); }).not.toThrow();
    expect(f.isMuted()).toBe(true);
  });
});
