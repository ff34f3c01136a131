import { create } from 'zustand';
import { localHelper, type LocalHelper } from './local-helper';

/**
 * Full screen and closing the system (spec §2, §4): through the local helper when it answers (it controls the
 * browser window of a kiosk), else with what the browser allows. Full screen is "a local flag and a message to the
 * local helper": the flag drives the header icon. Both are needs of the helper: they connect it on demand
 * (`ensure`), which answers within a second, well inside the 5 s a click's user activation lasts for the browser's
 * own full screen.
 */
export const useFullscreen = create<{ on: boolean }>(() => ({ on: false }));

type Helper = Pick<LocalHelper, 'ensure' | 'send'>;

let listening = false;
function followBrowserFullscreen(doc: Document): void {
  if (listening) return;
  listening = true;
  // Leaving full screen with Esc does not go through the toggle: follow the browser's own state.
  doc.addEventListener('fullscreenchange', () => useFullscreen.setState({ on: doc.fullscreenElement !== null }));
}

export type FullscreenResult = 'helper' | 'browser' | 'unsupported';

export async function toggleFullScreen(helper: Helper = localHelper, doc: Document = document): Promise<FullscreenResult> {
  // The browser's own full screen is left by the browser: no need to reach the helper for that.
  if (!doc.fullscreenElement && await helper.ensure()) {
    const on = !useFullscreen.getState().on;
    if (helper.send(on ? 'fullscreen' : 'exitfullscreen')) {
      useFullscreen.setState({ on });
      return 'helper';
    }
  }
  followBrowserFullscreen(doc);
  if (doc.fullscreenElement) {
    void doc.exitFullscreen().catch(() => {});
    useFullscreen.setState({ on: false });
    return 'browser';
  }
  const el = doc.documentElement;
  if (typeof el.requestFullscreen !== 'function' || doc.fullscreenEnabled === false) return 'unsupported';
  void el.requestFullscreen().catch(() => useFullscreen.setState({ on: false }));
  useFullscreen.setState({ on: true });
  return 'browser';
}

export type CloseResult = 'helper' | 'window' | 'unsupported';

/**
 * Closes the system: the helper closes the kiosk's browser; else `window.close()`, which browsers honour only for a
 * window a script opened; else 'unsupported', and the caller tells the user to close the window.
 */
export async function closeSystem(helper: Helper = localHelper, win: Pick<Window, 'close' | 'closed'> = window): Promise<CloseResult> {
  if (await helper.ensure() && helper.send('close_system')) return 'helper';
  try { win.close(); } catch { /* not allowed */ }
  // `closed` turns true at once when the browser accepted the close.
  return win.closed ? 'window' : 'unsupported';
}
