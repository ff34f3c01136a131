import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './grid-model';

/**
 * Column widths the user dragged, remembered per column title (spec §9) in localStorage, so a "数量" column keeps its
 * width on every list that has one, in this browser. One JSON object under one key; a corrupt or foreign value is
 * ignored rather than trusted.
 */
export const WIDTHS_KEY = 'grid-column-widths';

type Widths = Record<string, number>;

function read(storage: Storage): Widths {
  try {
    const v: unknown = JSON.parse(storage.getItem(WIDTHS_KEY) ?? '{}');
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    const out: Widths = {};
    for (const [k, w] of Object.entries(v)) if (typeof w === 'number' && Number.isFinite(w)) out[k] = clampWidth(w);
    return out;
  } catch {
    return {};
  }
}

export function clampWidth(w: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, w)));
}

/** The remembered width of each of these titles that has one. */
export function loadWidths(titles: readonly string[], storage: Storage = localStorage): Widths {
  const all = read(storage);
  const out: Widths = {};
  for (const t of titles) if (all[t] !== undefined) out[t] = all[t];
  return out;
}

/** Remembers widths by title, keeping those of other titles. Storage errors (quota, private mode) are ignored. */
export function saveWidths(widths: Readonly<Widths>, storage: Storage = localStorage): void {
  try {
    const all = read(storage);
    for (const [t, w] of Object.entries(widths)) all[t] = clampWidth(w);
    storage.setItem(WIDTHS_KEY, JSON.stringify(all));
  } catch {
    // The widths are a convenience: losing them must not break the page.
  }
}
