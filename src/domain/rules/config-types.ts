import type { FieldError } from '../registry/issue-keys';
import { SHIFT_HOURS_PATTERN, SHIFTS } from './shifts';

/**
 * The type of a config's value (the `configs` resource, 系统参数), for the configs whose type is known: the edit
 * screen shows a typed input (text, number, switch, choice, list, name/value rows) instead of the stored text, and
 * checks the value on save with a message in the user's language.
 *
 * Rules:
 * - A config keeps one text column (`values`); the type only decides how that text is read and written. Text and
 *   choices are stored as they are; numbers, switches, lists and maps as JSON (`30`, `true`, `["个","箱"]`,
 *   `{"add":"新增"}`), which is what their readers parse (src/data/config-store.ts `json`, the menus' colours).
 * - A config not in the table keeps the plain text area: its type is not known, so nothing is assumed.
 * - A stored value that does not fit its type is shown as it is, and refused on save until it is fixed: the form never
 *   silently replaces what an admin wrote.
 */
export type ConfigType =
  | { kind: 'text'; max: number; multiline?: boolean; pattern?: RegExp }
  | { kind: 'number'; min?: number; max?: number; integer?: boolean }
  | { kind: 'boolean' }
  | { kind: 'select'; options: readonly string[] }
  | { kind: 'list'; maxItems: number; maxLength: number }
  | { kind: 'map'; maxItems: number; maxLength: number; keys?: readonly string[]; valuePattern?: RegExp };

export type ConfigKind = ConfigType['kind'];

const PART = String.raw`(?:[A-Za-z0-9_\-./]|\{(?:yyyy|yy|MM|dd)\})*`;
/** A number pattern: one counter token among literal text and date tokens (numbering.ts). */
const NUMBER_PATTERN = new RegExp(String.raw`^${PART}\{seq(?::\d{1,2})?\}${PART}$`);

/** The configs whose type is known (the seed's and those the app reads: login page, shell, forms, menu). */
export const CONFIG_TYPES: Readonly<Record<string, ConfigType>> = {
  software_name: { kind: 'text', max: 100 },
  site_name: { kind: 'text', max: 100 },
  // A same-origin path or a data: URL of an image (src/domain/contract/login-branding.ts decides what it shows).
  logo: { kind: 'text', max: 65_536 },
  banner: { kind: 'text', max: 200 },
  banner_background: { kind: 'text', max: 300 },
  // A CSS class name the shell puts on the page.
  version_class: { kind: 'text', max: 50, pattern: /^[A-Za-z][A-Za-z0-9_-]*$/ },
  units: { kind: 'list', maxItems: 200, maxLength: 20 },
  formula_traits: { kind: 'list', maxItems: 100, maxLength: 50 },
  buttons: { kind: 'map', maxItems: 100, maxLength: 20 },
  // {menu path: CSS colour}
  menu_colors: { kind: 'map', maxItems: 500, maxLength: 300 },
  // Document numbers (src/domain/rules/numbering.ts): literal text, date tokens and exactly one {seq} or {seq:N}.
  order_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  card_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  stock_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  package_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  delivery_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  request_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  bill_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  receipt_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  payout_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  contract_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  form_no_pattern: { kind: 'text', max: 40, pattern: NUMBER_PATTERN },
  // The VAT rate an invoice takes unless another is typed (docs/finance.md "invoices"): 0.13 is China's general rate.
  vat_rate: { kind: 'number', min: 0, max: 1 },
  // Stock (docs/stock.md): whether goods out may take a place below zero (the plant books its goods in later).
  allow_negative_stock: { kind: 'boolean' },
  // Stock alerts (docs/stock.md "Alerts"): stock not moved for this many days is on the excess list (/inventory/warn1).
  stock_idle_days: { kind: 'number', min: 1, max: 3650, integer: true },
  // Size of a card label in millimetres, "width x height" (`60x40`; x, X, × or *; up to one decimal): the label
  // sheet's page size (server/lib/label-sheet.ts, which reads 10–1000 mm and falls back to 60x40 otherwise).
  label_size: { kind: 'text', max: 20, pattern: /^\s*\d{2,4}(\.\d)?\s*[xX×*]\s*\d{2,4}(\.\d)?\s*$/ },
  // The same for a package's label (docs/delivery.md "Package labels"; 100x100 when not set).
  package_label_size: { kind: 'text', max: 20, pattern: /^\s*\d{2,4}(\.\d)?\s*[xX×*]\s*\d{2,4}(\.\d)?\s*$/ },
  // The hours of the day and night shifts, `{"day":"08:00-20:00","night":"20:00-08:00"}` (src/domain/rules/shifts.ts).
  shift_hours: { kind: 'map', maxItems: SHIFTS.length, maxLength: 20, keys: SHIFTS, valuePattern: SHIFT_HOURS_PATTERN },
  // The shop floor (docs/shopfloor.md): a repeat of the same card within this many seconds is ignored by the kiosk;
  // the grades and defect reasons an inspector picks from.
  tap_lockout_seconds: { kind: 'number', min: 0, max: 3600, integer: true },
  inspection_grades: { kind: 'list', maxItems: 20, maxLength: 20 },
  defect_reasons: { kind: 'list', maxItems: 100, maxLength: 50 },
  // The demo module (/prod-api, docs/sales-office.md §6): off or absent, its calls answer 404 as unknown paths do.
  demo_module: { kind: 'boolean' },
};

/**
 * Where a typed value lives: the resource, the field naming the config and the field holding its text. The form's
 * typed input (src/resources/form/config-field.ts) and the server's check of every write (server/resources/
 * config-values.ts) both ask this, so neither writes the configs' shape again.
 */
export const TYPED_CONFIG = { resource: 'configs', nameField: 'name', valueField: 'values' } as const;

/** The type of the value a row of `TYPED_CONFIG.resource` holds, from its name; undefined when not known. */
export function configTypeOfRow(row: Readonly<Record<string, unknown>>): ConfigType | undefined {
  return configTypeOf(row[TYPED_CONFIG.nameField]);
}

export function configTypeOf(name: unknown, table: Readonly<Record<string, ConfigType>> = CONFIG_TYPES): ConfigType | undefined {
  return typeof name === 'string' && Object.hasOwn(table, name.trim()) ? table[name.trim()] : undefined;
}

/** One name/value row of a map config. */
export interface ConfigMapRow { key: string; value: string }

/** What a typed input edits, by kind: text and numbers as typed, a switch's state, a list, a map's rows. */
export type ConfigDraft = string | boolean | string[] | ConfigMapRow[];

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function parseJson(s: string): { ok: true; value: unknown } | { ok: false } {
  try { return { ok: true, value: JSON.parse(s) as unknown }; } catch { return { ok: false }; }
}

/**
 * The typed input's starting value for a stored value, or `ok: false` when the stored text does not fit the type (the
 * screen then shows the text as it is). Nothing stored is the type's empty value.
 */
export function draftOf(type: ConfigType, stored: string | null | undefined): { ok: true; draft: ConfigDraft } | { ok: false } {
  const s = stored ?? '';
  switch (type.kind) {
    case 'text': case 'select': case 'number':
      return { ok: true, draft: s };
    case 'boolean': {
      if (s.trim() === '') return { ok: true, draft: false };
      const v = parseJson(s.trim());
      return v.ok && typeof v.value === 'boolean' ? { ok: true, draft: v.value } : { ok: false };
    }
    case 'list': {
      if (s.trim() === '') return { ok: true, draft: [] };
      const v = parseJson(s);
      return v.ok && Array.isArray(v.value) && v.value.every(x => typeof x === 'string' || typeof x === 'number')
        ? { ok: true, draft: v.value.map(String) } : { ok: false };
    }
    case 'map': {
      if (s.trim() === '') return { ok: true, draft: [] };
      const v = parseJson(s);
      return v.ok && isPlainObject(v.value) && Object.values(v.value).every(x => typeof x === 'string' || typeof x === 'number')
        ? { ok: true, draft: Object.entries(v.value).map(([key, value]) => ({ key, value: String(value) })) } : { ok: false };
    }
  }
}

export type ConfigStored = { ok: true; value: string | null } | { ok: false; error: FieldError };

const fail = (key: FieldError['key'], params?: FieldError['params']): ConfigStored =>
  ({ ok: false, error: params ? { key, params } : { key } });

/** A number typed as text: a plain decimal, nothing else ("1e3", "0x10", "1,5" are not numbers here). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The text to store for a typed input's value, or the reason it is refused (a message key with its parameters).
 * An empty text, number or choice stores nothing; an empty list or map stores `[]` / `{}`; a switch stores true/false.
 */
export function storedOf(type: ConfigType, draft: ConfigDraft): ConfigStored {
  switch (type.kind) {
    case 'text': {
      if (typeof draft !== 'string') return fail('invalid_value');
      if (draft === '') return { ok: true, value: null };
      if (draft.length > type.max) return fail('too_long', { max: type.max });
      if (type.pattern && !type.pattern.test(draft)) return fail('invalid_value');
      return { ok: true, value: draft };
    }
    case 'select': {
      if (typeof draft !== 'string') return fail('invalid_choice');
      if (draft === '') return { ok: true, value: null };
      return type.options.includes(draft) ? { ok: true, value: draft } : fail('invalid_choice');
    }
    case 'number': {
      const s = typeof draft === 'string' ? draft.trim() : '';
      if (typeof draft !== 'string') return fail('not_number');
      if (s === '') return { ok: true, value: null };
      if (!DECIMAL.test(s)) return fail('not_number');
      const n = Number(s);
      if (type.integer && !Number.isInteger(n)) return fail('not_integer');
      if (type.min !== undefined && n < type.min) return fail('too_small', { min: type.min });
      if (type.max !== undefined && n > type.max) return fail('too_big', { max: type.max });
      return { ok: true, value: JSON.stringify(n) };
    }
    case 'boolean':
      return typeof draft === 'boolean' ? { ok: true, value: JSON.stringify(draft) } : fail('invalid_value');
    case 'list': {
      if (!Array.isArray(draft) || !draft.every(x => typeof x === 'string')) return fail('invalid_value');
      const items = (draft as string[]).map(x => x.trim()).filter(Boolean);
      if (items.length > type.maxItems) return fail('too_many', { max: type.maxItems });
      if (items.some(x => x.length > type.maxLength)) return fail('too_long', { max: type.maxLength });
      if (new Set(items).size !== items.length) return fail('duplicate');
      return { ok: true, value: JSON.stringify(items) };
    }
    case 'map': {
      if (!Array.isArray(draft) || !draft.every(r => isPlainObject(r))) return fail('invalid_value');
      const out: Record<string, string> = {};
      let count = 0;
      for (const r of draft as ConfigMapRow[]) {
        const key = r.key.trim();
        if (!key && !r.value.trim()) continue; // a blank row is no entry
        if (!key) return fail('required');
        if (Object.hasOwn(out, key)) return fail('duplicate');
        if (key.length > type.maxLength || r.value.length > type.maxLength) return fail('too_long', { max: type.maxLength });
        if (type.keys && !type.keys.includes(key)) return fail('invalid_value');
        if (type.valuePattern && !type.valuePattern.test(r.value)) return fail('invalid_value');
        out[key] = r.value;
        count++;
      }
      if (count > type.maxItems) return fail('too_many', { max: type.maxItems });
      return { ok: true, value: JSON.stringify(out) };
    }
  }
}

/**
 * Checks a stored text against the type (what a save of the plain text would store): the text itself when it fits,
 * else the reason. Used for values that did not come from a typed input (shown as text because they did not fit).
 */
export function checkStored(type: ConfigType, stored: string | null): ConfigStored {
  const d = draftOf(type, stored);
  if (!d.ok) return fail(type.kind === 'boolean' ? 'invalid_value' : 'invalid_json');
  return storedOf(type, d.draft);
}
