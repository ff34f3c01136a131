// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accessiblePalette } from './contrast';
import { paletteOf } from './palette';
import { DEFAULT_SETTINGS, SETTINGS_KEY, THEME_PRESETS, themeFor, useSettings } from './settings-store';

function clearCookie() {
  document.cookie = 'sidebarStatus=; path=/; max-age=0';
}

beforeEach(() => {
  localStorage.clear();
  clearCookie();
  useSettings.getState().resetSettings();
  useSettings.getState().setSidebar(true);
});

describe('settings', () => {
  it('has the defaults of the spec', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ theme: '#1890ff', tagsView: true, size: 'medium' });
    expect(THEME_PRESETS).toHaveLength(8);
    expect(THEME_PRESETS).toContain('#409EFF');
    expect(THEME_PRESETS).toContain('#1890ff');
  });

  it('keeps the drawer settings in localStorage across a reload', async () => {
    useSettings.getState().change('theme', '#409EFF');
    useSettings.getState().change('tagsView', false);
    useSettings.getState().change('size', 'mini');
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY)!) as { state: Record<string, unknown> };
    expect(stored.state).toEqual({
      theme: '#409EFF', tagsView: false, fixedHeader: true, sidebarLogo: true, size: 'mini', hideComing: false,
      wideSidebar: false,
    });
    vi.resetModules();
    const reloaded = await import('./settings-store');
    expect(reloaded.useSettings.getState()).toMatchObject({ theme: '#409EFF', tagsView: false, size: 'mini' });
  });

  it('shows pages still to come by default, and keeps the choice to hide them', async () => {
    expect(DEFAULT_SETTINGS.hideComing).toBe(false);
    useSettings.getState().change('hideComing', true);
    vi.resetModules();
    const reloaded = await import('./settings-store');
    expect(reloaded.useSettings.getState().hideComing).toBe(true);
    reloaded.useSettings.getState().resetSettings();
    expect(reloaded.useSettings.getState().hideComing).toBe(false);
  });

  it('keeps the spec\'s narrow sidebar by default, and the choice of the wide one (issue 30)', async () => {
    expect(DEFAULT_SETTINGS.wideSidebar).toBe(false);
    useSettings.getState().change('wideSidebar', true);
    vi.resetModules();
    const reloaded = await import('./settings-store');
    expect(reloaded.useSettings.getState().wideSidebar).toBe(true);
    reloaded.useSettings.getState().resetSettings();
    expect(reloaded.useSettings.getState().wideSidebar).toBe(false);
  });

  it('ignores invalid stored values', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ state: { theme: 'red; x', size: 'huge', tagsView: 'yes', fixedHeader: false, hideComing: 1, wideSidebar: 'wide' }, version: 0 }));
    vi.resetModules();
    const reloaded = await import('./settings-store');
    expect(reloaded.useSettings.getState()).toMatchObject({ theme: '#1890ff', size: 'medium', tagsView: true, fixedHeader: false, hideComing: false, wideSidebar: false });
  });

  it('stores the sidebar state in the sidebarStatus cookie', async () => {
    useSettings.getState().toggleSidebar();
    expect(useSettings.getState().sidebarOpened).toBe(false);
    expect(document.cookie).toContain('sidebarStatus=0');
    expect(localStorage.getItem(SETTINGS_KEY) ?? '').not.toContain('sidebarOpened');
    vi.resetModules();
    let reloaded = await import('./settings-store');
    expect(reloaded.useSettings.getState().sidebarOpened).toBe(false);
    reloaded.useSettings.getState().toggleSidebar();
    expect(document.cookie).toContain('sidebarStatus=1');
    vi.resetModules();
    reloaded = await import('./settings-store');
    expect(reloaded.useSettings.getState().sidebarOpened).toBe(true);
  });

  it('opens the sidebar when there is no cookie', async () => {
    clearCookie();
    vi.resetModules();
    const reloaded = await import('./settings-store');
    expect(reloaded.useSettings.getState().sidebarOpened).toBe(true);
  });
});

describe('theme', () => {
  it('builds a 10-shade palette with the chosen colour at shade 6, lighter before, darker after', () => {
    const p = paletteOf('#1890ff');
    expect(p).toHaveLength(10);
    expect(p[6]).toBe('#1890ff');
    const lum = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    for (let i = 1; i < 10; i++) expect(lum(p[i]!)).toBeLessThan(lum(p[i - 1]!));
    expect(paletteOf('#fff')[6]).toBe('#ffffff');
  });

  it('uses the theme colour as primary colour and the size as default component size', () => {
    const t = themeFor({ theme: '#409EFF', size: 'default' });
    expect(t.primaryColor).toBe('brand');
    // The colour picked, darkened as far as AA needs (contrast.test.ts).
    expect(t.colors?.brand?.[6]).toBe(accessiblePalette(paletteOf('#409EFF'))[6]);
    expect(t.components?.Button?.defaultProps).toEqual({ size: 'md' });
    expect(themeFor({ theme: '#409EFF', size: 'medium' }).components?.TextInput?.defaultProps).toEqual({ size: 'sm' });
    expect(themeFor({ theme: '#409EFF', size: 'small' }).components?.Select?.defaultProps).toEqual({ size: 'xs' });
    const mini = themeFor({ theme: '#409EFF', size: 'mini' });
    expect(mini.components?.Select?.defaultProps).toEqual({ size: 'xs' });
    expect(mini.fontSizes?.xs).toBe('0.6875rem');
    expect(themeFor({ theme: '#409EFF', size: 'small' }).fontSizes).toBeUndefined();
  });

  it('names the inputs\' clear button in the language given', () => {
    const t = themeFor({ theme: '#409EFF', size: 'medium' }, { clear: 'Clear' });
    expect(t.components?.Select?.defaultProps).toEqual({ size: 'sm', clearButtonProps: { 'aria-label': 'Clear' } });
    expect(t.components?.TimePicker?.defaultProps).toEqual({ clearButtonProps: { 'aria-label': 'Clear' } });
    expect(t.components?.Button?.defaultProps).toEqual({ size: 'sm' });
  });
});
