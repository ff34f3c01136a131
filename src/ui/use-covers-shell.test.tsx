// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { SHELL_CHROME_ATTR, useCoversShell } from './use-covers-shell';

// Tells React that this test drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Cover() {
  useCoversShell();
  return null;
}

describe('useCoversShell', () => {
  it('makes the shell\'s chrome inert while the covering screen is shown, and gives it back after', async () => {
    const chrome = document.createElement('nav');
    chrome.setAttribute(SHELL_CHROME_ATTR, '');
    const other = document.createElement('div');
    const host = document.createElement('div');
    document.body.append(chrome, other, host);
    const root = createRoot(host);
    await act(async () => root.render(<Cover />));
    expect(chrome.hasAttribute('inert')).toBe(true);
    expect(other.hasAttribute('inert')).toBe(false);
    await act(async () => root.unmount());
    expect(chrome.hasAttribute('inert')).toBe(false);
  });
});
