import { createTheme, DEFAULT_THEME as MANTINE_THEME, type CSSVariablesResolver, type MantineColorsTuple, type MantineSize, type MantineThemeOverride } from '@mantine/core';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { accessiblePalette, DARK_SURFACES, untilContrast } from './contrast';
import { paletteOf } from './palette';

/**
 * The shell's settings (spec §2 "Settings drawer", §4, §9): theme colour, tags view, fixed header, sidebar logo,
 * component size, whether pages still to come are hidden and the wide sidebar are stored in localStorage (per
 * device, like the language: a shared kiosk PC keeps its own); whether the sidebar is open is stored in the cookie `sidebarStatus`
 * (spec §4); the device (desktop/mobile) follows the viewport and is not stored.
 */
export const THEME_PRESETS = ['#1890ff', '#409EFF', '#304156', '#11a983', '#13c2c2', '#6959CD', '#f5222d', '#fa8c16'] as const;
/** Spec §9 names both #1890ff and #409EFF as the default; #1890ff is used, #409EFF is one of the presets. */
export const DEFAULT_THEME = '#1890ff';
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type SizeName = (typeof SIZES)[number];
export type Device = 'desktop' | 'mobile';

export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SETTINGS_KEY = 'ipos-settings';

/** The settings the drawer changes; all of them are kept in localStorage. */
export interface StoredSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  size: SizeName;
  /** Menu entries and dashboard tiles of screens still to come are hidden instead of shown greyed (issue 15). */
  hideComing: boolean;
  /** The sidebar is wide (SIDEBAR_WIDTHS.wide) instead of the spec's 120 px, for long menu titles (issue 30). */
  wideSidebar: boolean;
}

export interface SettingsValues extends StoredSettings {
  sidebarOpened: boolean;
  device: Device;
}

export interface SettingsState extends SettingsValues {
  change<K extends keyof StoredSettings>(key: K, value: StoredSettings[K]): void;
  toggleSidebar(): void;
  setSidebar(opened: boolean): void;
  setDevice(device: Device): void;
  /** Back to the defaults (the sidebar and device are left as they are). */
  resetSettings(): void;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  theme: DEFAULT_THEME,
  tagsView: true,
  // A header that stays in view: list pages fill the window height (spec §9), so nothing should scroll it away.
  fixedHeader: true,
  sidebarLogo: true,
  size: 'medium',
  // Shown, marked as coming: the menu stays complete, and a new user sees what the product will hold.
  hideComing: false,
  // The spec's 120 px column: it fits every language's menu labels (wrapped on two lines at most, the longest
  // shortened in the catalogues); the wide one is a choice for those who prefer whole titles on one line.
  wideSidebar: false,
};

function readSidebarCookie(): boolean {
  if (typeof document === 'undefined') return true;
  const hit = document.cookie.split('; ').find(c => c.startsWith(`${SIDEBAR_COOKIE}=`));
  // Open unless the user closed it: '0' = closed, anything else (or no cookie) = open.
  return hit ? hit.slice(SIDEBAR_COOKIE.length + 1) !== '0' : true;
}

function writeSidebarCookie(opened: boolean): void {
  if (typeof document === 'undefined') return;
  // A session cookie, as in the original: the choice lasts while the browser is open.
  document.cookie = `${SIDEBAR_COOKIE}=${opened ? '1' : '0'}; path=/; samesite=lax`;
}

/** Only valid stored values are taken; anything else (an old or hand-edited entry) falls back to the default. */
function sanitize(stored: unknown): Partial<StoredSettings> {
  if (typeof stored !== 'object' || stored === null) return {};
  const s = stored as Record<string, unknown>;
  const out: Partial<StoredSettings> = {};
  if (typeof s.theme === 'string' && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(s.theme)) out.theme = s.theme;
  for (const k of ['tagsView', 'fixedHeader', 'sidebarLogo', 'hideComing', 'wideSidebar'] as const) if (typeof s[k] === 'boolean') out[k] = s[k];
  if (typeof s.size === 'string' && (SIZES as readonly string[]).includes(s.size)) out.size = s.size as SizeName;
  return out;
}

export const useSettings = create<SettingsState>()(persist(
  set => ({
    ...DEFAULT_SETTINGS,
    sidebarOpened: readSidebarCookie(),
    device: 'desktop',
    change: (key, value) => set({ [key]: value } as Pick<StoredSettings, typeof key>),
    toggleSidebar: () => set(s => {
      writeSidebarCookie(!s.sidebarOpened);
      return { sidebarOpened: !s.sidebarOpened };
    }),
    setSidebar: opened => {
      writeSidebarCookie(opened);
      set({ sidebarOpened: opened });
    },
    setDevice: device => set({ device }),
    resetSettings: () => set({ ...DEFAULT_SETTINGS }),
  }),
  {
    name: SETTINGS_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: (s): StoredSettings => ({
      theme: s.theme, tagsView: s.tagsView, fixedHeader: s.fixedHeader, sidebarLogo: s.sidebarLogo, size: s.size,
      hideComing: s.hideComing, wideSidebar: s.wideSidebar,
    }),
    merge: (stored, current) => ({ ...current, ...sanitize(stored) }),
  },
));

/** Mantine's size for each settings size: default→md, medium→sm, small→xs, mini→xs with a smaller font. */
export const MANTINE_SIZE: Record<SizeName, MantineSize> = { default: 'md', medium: 'sm', small: 'xs', mini: 'xs' };

/**
 * Components that take the settings size as their default. Names are Mantine's theme keys (`@mantine/dates` inputs
 * included); a name no component uses is harmless.
 */
const SIZED_COMPONENTS = [
  'Button', 'TextInput', 'PasswordInput', 'NumberInput', 'Textarea', 'Select', 'MultiSelect', 'Autocomplete',
  'TagsInput', 'NativeSelect', 'Checkbox', 'Radio', 'Switch', 'SegmentedControl', 'Pagination', 'Chip', 'FileInput',
  'ColorInput', 'InputBase', 'Input', 'DateInput', 'DatePickerInput', 'DateTimePicker', 'MonthPickerInput',
] as const;

/**
 * Mantine's own palettes held to AA as the theme colour's is (contrast.ts, decision 160): a badge, an alert, a `c="red"`
 * text is readable in both schemes. `dark` is left alone: it is the dark scheme's surfaces, not a text colour.
 */
const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = Object.fromEntries(Object.entries(MANTINE_THEME.colors)
  .filter(([name]) => name !== 'dark').map(([name, p]) => [name, accessiblePalette(p)]));

/**
 * CSS variables of the theme beyond Mantine's: `dimmed` text lighter in the dark scheme (Mantine's dark-2 is 4.0:1 on
 * its body), and `--ipos-page-bg`, the background of the pages without the shell (login, the public order query) that
 * cards stand out from, in each scheme.
 */
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--ipos-page-bg': 'var(--mantine-color-gray-0)' },
  dark: { '--mantine-color-dimmed': untilContrast(MANTINE_THEME.colors.dark[2], DARK_SURFACES, '#ffffff'), '--ipos-page-bg': 'var(--mantine-color-dark-8)' },
});
export { cssVariables as themeCssVariables };

/**
 * Inputs with a clear button (an icon, no text): the theme names it for all of them, in the user's language
 * (Mantine leaves it nameless, a critical axe violation). Names are Mantine's theme keys, as above.
 */
const CLEARABLE_COMPONENTS = [
  'Select', 'MultiSelect', 'TagsInput', 'Autocomplete', 'FileInput', 'DateInput', 'DatePickerInput', 'DateTimePicker',
  'MonthPickerInput', 'YearPickerInput', 'TimePicker',
] as const;

/** The theme's own words, in the user's language: the name of the inputs' clear button. */
export interface ThemeLabels { clear: string }

/**
 * The Mantine theme of the current settings: the theme colour as primary colour, the size as component default.
 * Every palette meets AA (contrast.ts): the theme colour's shade 6 is the colour picked, darkened as far as white
 * text on it and it as text on white need (#1890ff, 3.2:1, becomes a deeper blue).
 */
export function themeFor(settings: Pick<SettingsValues, 'theme' | 'size'>, labels: ThemeLabels = { clear: '' }): MantineThemeOverride {
  const size = MANTINE_SIZE[settings.size];
  const defaults = (name: string): Record<string, unknown> => ({
    ...((SIZED_COMPONENTS as readonly string[]).includes(name) ? { size } : {}),
    ...((CLEARABLE_COMPONENTS as readonly string[]).includes(name) && labels.clear ? { clearButtonProps: { 'aria-label': labels.clear } } : {}),
  });
  return createTheme({
    colors: { ...ACCESSIBLE_COLORS, brand: accessiblePalette(paletteOf(settings.theme)) },
    primaryColor: 'brand',
    primaryShade: 6,
    // mini: the same components as small, with 11 px text instead of 12 px.
    ...(settings.size === 'mini' ? { fontSizes: { xs: '0.6875rem' } } : {}),
    components: Object.fromEntries([...new Set([...SIZED_COMPONENTS, ...CLEARABLE_COMPONENTS])].map(name => [name, { defaultProps: defaults(name) }])),
    other: { sizeName: settings.size },
  });
}
