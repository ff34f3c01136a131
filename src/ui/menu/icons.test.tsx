// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { FALLBACK_ICON, MENU_ICONS, MenuIcon, menuIcon } from './icons';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('MenuIcon', () => {
  it('maps a known name to its icon and anything else to the fallback', () => {
    expect(menuIcon('IconUsers')).toBe(MENU_ICONS.IconUsers);
    expect(menuIcon('IconUsers')).not.toBe(FALLBACK_ICON);
    expect(menuIcon('IconNoSuchThing')).toBe(FALLBACK_ICON);
    expect(menuIcon('toString')).toBe(FALLBACK_ICON);
    expect(menuIcon(undefined)).toBe(FALLBACK_ICON);
  });

  it('renders an svg of the requested size', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<><MenuIcon name="IconUsers" size={30} /><MenuIcon name="nope" /></>));
    const svgs = host.querySelectorAll('svg');
    expect(svgs).toHaveLength(2);
    expect(svgs[0]!.getAttribute('width')).toBe('30');
    expect(svgs[0]!.getAttribute('class')).toContain('tabler-icon-users');
    expect(svgs[1]!.getAttribute('class')).toContain('tabler-icon-point');
    act(() => root.unmount());
  });
});
