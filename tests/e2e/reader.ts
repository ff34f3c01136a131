import type { BrowserContext, Page } from 'playwright-core';

/**
 * A keyboard-wedge reader typing `code` then Enter into the page: keys 8 ms apart, each stamped with the time the
 * reader "pressed" it (CDP's `timestamp`, which becomes the event's timeStamp, as a real key's OS time does).
 * Playwright's own typing sends a key only once the page handled the one before, so on a busy machine its keys are
 * as far apart as a person's (decision 126). Used by the kiosk's browser test and by bench/swipe.
 */
export async function scanAsReader(context: BrowserContext, page: Page, code: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  let at = Date.now() / 1000;
  const key = async (k: { key: string; code: string; text: string; vk: number }) => {
    at += 0.008;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k.key, code: k.code, text: k.text, unmodifiedText: k.text,
      windowsVirtualKeyCode: k.vk, timestamp: at });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k.key, code: k.code, windowsVirtualKeyCode: k.vk, timestamp: at + 0.002 });
  };
  for (const ch of code) {
    const upper = ch.toUpperCase();
    await key({ key: ch, code: /[0-9]/.test(ch) ? `Digit${ch}` : `Key${upper}`, text: ch, vk: upper.charCodeAt(0) });
  }
  await key({ key: 'Enter', code: 'Enter', text: '\r', vk: 13 });
  await cdp.detach();
}
