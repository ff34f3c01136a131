/**
 * What the request layer shows and where it sends the user, injected by the UI at startup (main.tsx) so that the
 * layer stays UI-agnostic and testable. Until then nothing is shown: tests and early startup are safe.
 */
export interface Notifier {
  /** A mutating call succeeded (操作成功). */
  success(msg: string): void;
  /** `msg1` of a successful reply, or "executing, please do not click repeatedly". */
  warning(msg: string, ms: number): void;
  /** A failed call: the server's msg for 2 s, or a transport message (network / 404 / 500) for 0.5 s. */
  error(msg: string, ms: number): void;
  /**
   * Codes 50008 / 50012 / 50014: offer the dialog "You have been logged out" with Re-Login (reset the token and
   * reload) or Cancel. Several calls failing together each call this; the UI shows one dialog.
   */
  loggedOut(msg: string): void;
}

export const silentNotifier: Notifier = {
  success: () => {},
  warning: () => {},
  error: () => {},
  loggedOut: () => {},
};

let current: Notifier = silentNotifier;
let needLogin: (currentPath: string) => void = () => {};

/** Installs the UI's notifier; `null` restores the silent one. */
export function setNotifier(n: Notifier | null): void {
  current = n ?? silentNotifier;
}

export function getNotifier(): Notifier {
  return current;
}

/**
 * Called after a `needlogin` reply, once the login state has been cleared, with the page the user was on; the router
 * sends the user to /login?redirect=<path>.
 */
export function setOnNeedLogin(fn: ((currentPath: string) => void) | null): void {
  needLogin = fn ?? (() => {});
}

export function notifyNeedLogin(currentPath: string): void {
  needLogin(currentPath);
}
