import { createStore } from 'zustand/vanilla';
import { safeConfigs } from './shell-client';

/**
 * The public configs the shell shows (spec §3: software name, logo, banner, banner background, version class,
 * button names; plus units and formula traits for forms, and what the shop floor reads: the kiosk's lockout, the
 * inspection grades and defect reasons, and how a card number looks, which tells a card from a badge). Loaded from `/accounts/configslist_safe/` and retried every second until it
 * answers (spec §9), because a kiosk may start before the server does; the last values loaded are kept in
 * localStorage and shown meanwhile, so a kiosk or tablet started offline has them.
 */
export const SHELL_CONFIGS = ['software_name', 'site_name', 'logo', 'banner', 'banner_background', 'version_class',
  'buttons', 'units', 'formula_traits', 'tap_lockout_seconds', 'inspection_grades', 'defect_reasons', 'card_no_pattern',
  // A scanned package label is told from a card's by it (docs/delivery.md "Check-out").
  'package_no_pattern'] as const;

const KEPT_KEY = 'ipos.configs';

function keptValues(): Record<string, string> {
  try {
    const v = JSON.parse(localStorage.getItem(KEPT_KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, string> : {};
  } catch {
    return {};
  }
}

interface ConfigState {
  values: Record<string, string>;
  loaded: boolean;
  /** JSON configs (buttons, units …) parsed; undefined when absent or not JSON. */
  json<T>(name: string): T | undefined;
  start(): void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const configStore = createStore<ConfigState>((set, get) => ({
  values: typeof localStorage === 'undefined' ? {} : keptValues(),
  loaded: false,
  json: <T,>(name: string): T | undefined => {
    const v = get().values[name];
    if (v === undefined) return undefined;
    try { return JSON.parse(v) as T; } catch { return undefined; }
  },
  start: () => {
    if (timer !== undefined || get().loaded) return;
    const attempt = async () => {
      try {
        const values = await safeConfigs(SHELL_CONFIGS);
        set({ values, loaded: true });
        try { localStorage.setItem(KEPT_KEY, JSON.stringify(values)); } catch { /* storage full or blocked: shown, not kept */ }
        timer = undefined;
        const name = values.software_name;
        if (name) document.title = name;
      } catch {
        timer = setTimeout(() => void attempt(), 1000);
      }
    };
    timer = setTimeout(() => void attempt(), 0);
  },
}));
