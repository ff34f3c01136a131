import { createStore } from 'zustand/vanilla';

/**
 * The port through which screens reach the local helper program (spec §1, §7) without importing the shell: the
 * shell's websocket client (src/app/local-helper/local-helper.ts) installs itself here; features read its status
 * and send it jobs. Without an installed helper (tests, the public pages) it is `idle` and every call answers false,
 * so callers fall back to the browser.
 */

/** Where the connection stands; `absent`: the last attempt failed and the backoff window runs. */
export type HelperStatus = 'idle' | 'connecting' | 'connected' | 'absent';

/** The actions the helper understands (spec §7) plus `print`: a print job of label sheets (`ds` with `print_url`). */
export type HelperAction = 'hello' | 'online' | 'fullscreen' | 'exitfullscreen' | 'close_system' | 'startone' | 'print';

export interface HelperPort {
  /** Connects on a need: true once connected, false when absent (the caller falls back). */
  ensure(): Promise<boolean>;
  /** Sends `{action, sessionid, client, ...data}`; false when not connected. */
  send(action: HelperAction, data?: Record<string, unknown>): boolean;
  status(): HelperStatus;
  onStatus(fn: (status: HelperStatus) => void): () => void;
}

export const helperStatusStore = createStore<{ status: HelperStatus }>(() => ({ status: 'idle' }));

let port: HelperPort | null = null;
let unfollow: (() => void) | null = null;

/** The shell's helper becomes the one screens use; its status is mirrored into `helperStatusStore`. */
export function installHelperPort(p: HelperPort | null): void {
  unfollow?.();
  unfollow = null;
  port = p;
  helperStatusStore.setState({ status: p?.status() ?? 'idle' });
  if (p) unfollow = p.onStatus(status => helperStatusStore.setState({ status }));
}

export function ensureHelper(): Promise<boolean> {
  return port ? port.ensure() : Promise.resolve(false);
}

export function sendToHelper(action: HelperAction, data: Record<string, unknown> = {}): boolean {
  return port?.send(action, data) ?? false;
}
