/**
 * What a kiosk or tablet tells the operator besides the panel (issue 13 point 2): a short high beep for a swipe taken,
 * a low double buzz for one refused, and a vibration on devices that have one. The sounds are synthesised with the
 * Web Audio API — no audio files to fetch or cache: the kiosk works offline.
 *
 * Browsers let a page start sound only after a user gesture (autoplay policy). The AudioContext is therefore made
 * lazily: on the first pointer or key gesture on the page (a swipe on a keyboard-wedge reader is a key gesture, so
 * the first swipe already sounds), or when a sound is asked for after the page has had one. Before that, or where
 * the browser has no Web Audio, the sounds are silently skipped: feedback never throws.
 *
 * The mute setting belongs to the device (a kiosk in a quiet room), kept in localStorage; it silences the sounds,
 * not the vibration.
 */

export type FeedbackKind = 'ok' | 'error';

export interface Tone {
  /** Start, in seconds after the sound is asked for. */
  at: number;
  /** Length in seconds. */
  duration: number;
  /** Hz. */
  frequency: number;
  type: OscillatorType;
  /** Peak gain (0–1). */
  gain: number;
}

/** The sounds: 'ok' one short high tone; 'error' two low buzzes, unmistakable from two metres. */
export const SOUNDS: Readonly<Record<FeedbackKind, readonly Tone[]>> = {
  ok: [{ at: 0, duration: 0.09, frequency: 1760, type: 'square', gain: 0.12 }],
  error: [
    { at: 0, duration: 0.16, frequency: 180, type: 'sawtooth', gain: 0.3 },
    { at: 0.24, duration: 0.16, frequency: 180, type: 'sawtooth', gain: 0.3 },
  ],
};

/** Vibration patterns (ms on, off, on …) for `navigator.vibrate`. */
export const VIBRATIONS: Readonly<Record<FeedbackKind, number | readonly number[]>> = {
  ok: 40,
  error: [120, 80, 120],
};

export const MUTED_KEY = 'ipos.scanner.muted';

/** What feedback needs of an AudioContext (so tests can pass a fake one). */
export type AudioContextLike = Pick<AudioContext, 'currentTime' | 'state' | 'destination' | 'resume' | 'createOscillator' | 'createGain' | 'close'>;

export interface FeedbackOptions {
  /** Makes the AudioContext; default: the browser's (`AudioContext`, or Safari's older `webkitAudioContext`). */
  createContext?: () => AudioContextLike | null;
  /** Default: `navigator.vibrate` where it exists. */
  vibrate?: ((pattern: number | number[]) => boolean) | null;
  /** Where the mute setting is kept; default localStorage (null: not kept). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Where the first gesture is awaited; default window (null: only `unlock()` and page activation). */
  gestureTarget?: EventTarget | null;
}

export interface ScanFeedback {
  /** The swipe was taken. */
  ok(): void;
  /** The swipe was refused. */
  error(): void;
  /** Makes (or resumes) the AudioContext; for a user gesture the automatic one does not see. */
  unlock(): void;
  isMuted(): boolean;
  setMuted(muted: boolean): void;
  /** For React's useSyncExternalStore(feedback.subscribe, feedback.isMuted). */
  subscribe(listener: () => void): () => void;
  /** Removes the gesture listeners and closes the AudioContext. */
  dispose(): void;
}

const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

function browserContext(): AudioContextLike | null {
  const g = globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
  const Ctor = g.AudioContext ?? g.webkitAudioContext;
  return Ctor ? new Ctor({ latencyHint: 'interactive' }) : null;
}

function browserVibrate(): ((pattern: number | number[]) => boolean) | null {
  const nav = globalThis.navigator as Navigator | undefined;
  return typeof nav?.vibrate === 'function' ? (p: number | number[]) => nav.vibrate(p) : null;
}

function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try { return globalThis.localStorage ?? null; } catch { return null; } // storage blocked by the browser
}

/** Whether the page has had a user gesture, where the browser says (navigator.userActivation). */
function pageActivated(): boolean {
  const ua = (globalThis.navigator as (Navigator & { userActivation?: { hasBeenActive: boolean } }) | undefined)?.userActivation;
  return ua?.hasBeenActive === true;
}

function play(ctx: AudioContextLike, tones: readonly Tone[]): void {
  // A few ms ahead, so the envelope's first point is not already in the past when the audio thread reads it.
  const t0 = ctx.currentTime + 0.005;
  for (const t of tones) {
    const start = t0 + t.at;
    const end = start + t.duration;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = t.type;
    osc.frequency.setValueAtTime(t.frequency, start);
    // 5 ms attack and 10 ms release: a sudden start or stop of a wave is heard as a click.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(t.gain, start + 0.005);
    gain.gain.setValueAtTime(t.gain, end - 0.01);
    gain.gain.linearRampToValueAtTime(0, end);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.onended = () => { osc.disconnect(); gain.disconnect(); };
    osc.start(start);
    osc.stop(end + 0.01);
  }
}

export function createFeedback(o: FeedbackOptions = {}): ScanFeedback {
  const createContext = o.createContext ?? browserContext;
  const vibrate = o.vibrate === undefined ? browserVibrate() : o.vibrate;
  const storage = o.storage === undefined ? browserStorage() : o.storage;
  const gestureTarget = o.gestureTarget === undefined ? (globalThis.window ?? null) : o.gestureTarget;
  const listeners = new Set<() => void>();

  let ctx: AudioContextLike | null = null;
  let gestured = false;
  let muted = false;
  try { muted = storage?.getItem(MUTED_KEY) === '1'; } catch { /* unreadable storage: not muted */ }

  function context(): AudioContextLike | null {
    if (!ctx && (gestured || pageActivated())) {
      try { ctx = createContext(); } catch { ctx = null; }
    }
    if (ctx?.state === 'suspended') ctx.resume().catch(() => undefined);
    return ctx;
  }

  const onGesture = () => {
    gestured = true;
    removeGestureListeners();
    if (!muted) context();
  };
  function removeGestureListeners(): void {
    for (const type of GESTURES) gestureTarget?.removeEventListener(type, onGesture, true);
  }
  for (const type of GESTURES) gestureTarget?.addEventListener(type, onGesture, { capture: true, passive: true });

  function give(kind: FeedbackKind): void {
    if (!muted) {
      try {
        const c = context();
        if (c) play(c, SOUNDS[kind]);
      } catch { /* audio failed (device gone): the panel still shows */ }
    }
    try {
      const p = VIBRATIONS[kind];
      vibrate?.(typeof p === 'number' ? p : [...p]);
    } catch { /* no vibration */ }
  }

  return {
    ok: () => give('ok'),
    error: () => give('error'),
    unlock() {
      gestured = true;
      removeGestureListeners();
      context();
    },
    isMuted: () => muted,
    setMuted(m: boolean) {
      if (m === muted) return;
      muted = m;
      try { storage?.setItem(MUTED_KEY, m ? '1' : '0'); } catch { /* not kept: the setting lasts this page */ }
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    dispose() {
      removeGestureListeners();
      listeners.clear();
      ctx?.close().catch(() => undefined);
      ctx = null;
    },
  };
}

let shared: ScanFeedback | null = null;

/** The page's one feedback (one AudioContext per page): made on first use, never at import. */
export function scanFeedback(): ScanFeedback {
  shared ??= createFeedback();
  return shared;
}
