import { useEffect } from 'react';

/**
 * The attribute the app shell puts on its chrome — the sidebar and the header with its tab bar (src/app/layout) —
 * so that a screen drawn over the whole window can take it out of reach.
 */
export const SHELL_CHROME_ATTR = 'data-shell-chrome';

/**
 * For a screen that covers the whole window (the kiosk): while it is shown, the shell's chrome under it is `inert`,
 * so Tab never lands on a link or button nobody can see (WCAG 2.4.7 and 2.4.11) and a screen reader does not read it.
 */
export function useCoversShell(active = true): void {
  useEffect(() => {
    if (!active) return undefined;
    const chrome = [...document.querySelectorAll<HTMLElement>(`[${SHELL_CHROME_ATTR}]`)];
    for (const el of chrome) el.setAttribute('inert', '');
    return () => { for (const el of chrome) el.removeAttribute('inert'); };
  }, [active]);
}
