import { create } from 'zustand';
import { apiGet } from '../../api/http';

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

export const useConfig = create<ConfigState>((set, get) => ({
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
        const r = await apiGet<{ dt: { name: string; values: string | null }[] }>('/accounts/configslist_safe/',
          { name: SHELL_CONFIGS.join(','), limit: -1, returndt: 1 }, { quiet: true });
        set({ values: Object.fromEntries(r.dt.map(c => [c.name, c.values ?? ''])), loaded: true });
        timer = undefined;
        const name = r.dt.find(c => c.name === 'software_name')?.values;
        if (name) document.title = name;
      } catch {
        timer = setTimeout(() => void attempt(), 1000);
      }
    };
    timer = setTimeout(() => void attempt(), 0);
  },
}));
