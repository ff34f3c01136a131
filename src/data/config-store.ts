import { createStore } from 'zustand/vanilla';
import { safeConfigs } from './shell-client';

/**
 * The public configs the shell shows (spec §3: software name, logo, banner, banner background, version class,
 * button names; plus units and formula traits for forms). Loaded from `/accounts/configslist_safe/` and retried
 * every second until it answers (spec §9), because a kiosk may start before the server does.
 */
export const SHELL_CONFIGS = ['software_name', 'site_name', 'logo', 'banner', 'banner_background', 'version_class',
  'buttons', 'units', 'formula_traits'] as const;

interface ConfigState {
  values: Record<string, string>;
  loaded: boolean;
  /** JSON configs (buttons, units …) parsed; undefined when absent or not JSON. */
  json<T>(name: string): T | undefined;
  start(): void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const configStore = createStore<ConfigState>((set, get) => ({
  values: {},
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
