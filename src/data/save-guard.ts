import { i18n } from '../i18n';
import { getNotifier } from './notifier';

/**
 * One save at a time per form: while a save is pending, another click does not run it again but says
 * "executing, please do not click repeatedly". The flag is set synchronously, so even two clicks in the same tick
 * (before React re-renders a disabled button) run the save once.
 */
export const BUSY_WARNING_MS = 2000;

export interface SaveGuard {
  /**
   * Runs `fn` unless a previous run is still pending; then resolves `undefined` without running it. A failure of
   * `fn` is passed on to the caller (after the guard is released).
   */
  run<T>(fn: () => Promise<T> | T): Promise<T | undefined>;
  /** True while a run is pending. */
  readonly busy: boolean;
  /** Called whenever `busy` changes (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
}

export function createSaveGuard(): SaveGuard {
  let busy = false;
  const listeners = new Set<() => void>();
  const setBusy = (b: boolean) => {
    busy = b;
    for (const l of listeners) l();
  };
  // Closures, not methods: `run` and `subscribe` are passed around detached from the guard.
  const run = async <T,>(fn: () => Promise<T> | T): Promise<T | undefined> => {
    if (busy) {
      getNotifier().warning(i18n.t('api.busy'), BUSY_WARNING_MS);
      return undefined;
    }
    setBusy(true);
    try {
      return await fn();
    } finally {
      setBusy(false);
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    run,
    subscribe,
    get busy() {
      return busy;
    },
  };
}
