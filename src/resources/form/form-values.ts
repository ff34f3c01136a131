import type { Field } from '../../domain/registry/fields';
import type { ResourceDef } from '../../domain/registry/resource';
import { localDateTimeString } from '../../domain/rules/date-single';
import { grantsOf } from './controls/grants-matrix';
import { formFields, type FormMode } from './field-kinds';

/**
 * Conversion between a row as the API sends it and the values the controls edit, and back.
 *
 * Form values per control: text, password, JSON text → string ('' = nothing); int, number, money → number or the
 * text being typed ('' = nothing; money as text with at least 2 decimals); bool → boolean; date → `YYYY-MM-DD`;
 * date-time → `YYYY-MM-DD HH:mm:ss` in the user's local time; enum → string; ref → id; refs → ids in order;
 * texts → strings; props → ordered `{key, value}` rows; a role's grants → the grants object ({} = none); all of them
 * null or empty when there is no value.
 */
export type FormValues = Record<string, unknown>;
export type Row = Record<string, unknown>;
/** Display names of referenced rows, per field and id (from `<ref>_name` / `<refs>_names`, and what was picked). */
export type RefLabels = Record<string, Record<number, string>>;

export interface PropRow { key: string; value: string }

/** Money shows 2 decimals and keeps up to the 4 the column stores: 12.5 → "12.50", 12.3456 → "12.3456". */
export function moneyText(v: number): string {
  return v.toFixed(4).replace(/(\.\d{2}\d*?)0+$/, '$1');
}

const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An API date-time (ISO, any zone) as the local `YYYY-MM-DD HH:mm:ss` a picker edits; unparsable text is kept. */
export function isoToLocal(v: string): string {
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : localDateTimeString(d);
}

/**
 * A local `YYYY-MM-DD HH:mm:ss` as an ISO instant with its zone, so the server stores the moment the user meant
 * whatever its own time zone; anything else is passed on for the validator to judge.
 */
export function localToIso(v: string): string {
  const m = DATETIME_LOCAL.exec(v.trim());
  if (!m) return v;
  const [, y, mo, d, h, mi, s] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  return Number.isNaN(date.getTime()) ? v : date.toISOString();
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function propsToRows(v: unknown): PropRow[] {
  if (!isPlainObject(v)) return [];
  return Object.entries(v).map(([key, val]) => ({
    key,
    value: val === null || val === undefined ? '' : typeof val === 'object' ? JSON.stringify(val) : String(val),
  }));
}

/** A plain decimal ("12", "-0.5") becomes a number so sums work; "007" or "1e3" stay text (codes, not numbers). */
const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;

export type PropsResult = { ok: true; value: Record<string, unknown> | null } | { ok: false; error: 'duplicate' | 'required' };

/** Rows → the stored object, in row order. Blank rows are dropped; a key twice or a value without key is refused. */
export function rowsToProps(rows: readonly PropRow[]): PropsResult {
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    const key = r.key.trim();
    if (!key && !r.value.trim()) continue;
    if (!key) return { ok: false, error: 'required' };
    if (key in out) return { ok: false, error: 'duplicate' };
    out[key] = PLAIN_NUMBER.test(r.value.trim()) ? Number(r.value.trim()) : r.value;
  }
  return { ok: true, value: Object.keys(out).length ? out : null };
}

function defaultOf(f: Field): unknown {
  return 'default' in f ? f.default : undefined;
}

/** One field's form value from its API value (`undefined` on create: the declared default, else empty). */
export function toFormValue(name: string, f: Field, v: unknown): unknown {
  const given = v !== undefined && v !== null;
  const value = given ? v : defaultOf(f);
  switch (f.type) {
    case 'password': return '';
    case 'text': return typeof value === 'string' ? value : value == null ? '' : String(value);
    case 'int': case 'number': return typeof value === 'number' ? value : value == null ? '' : Number(value);
    case 'money': return typeof value === 'number' ? moneyText(value) : value == null ? '' : String(value);
    case 'bool': return value === true;
    case 'date': return typeof value === 'string' ? value.slice(0, 10) : null;
    case 'datetime': return typeof value === 'string' ? isoToLocal(value) : null;
    case 'enum': return typeof value === 'string' ? value : null;
    case 'ref': return typeof value === 'number' ? value : null;
    case 'refs': return Array.isArray(value) ? value.filter((x): x is number => typeof x === 'number') : [];
    case 'texts': return Array.isArray(value) ? value.map(String) : [];
    case 'json':
      if (f.format === 'grants') return grantsOf(value);
      if (name === 'props') return propsToRows(value);
      return value == null ? '' : JSON.stringify(value, null, 2);
  }
}

/** The form values of a row (edit) or of the declared defaults (create, `row` undefined). */
export function toFormValues(def: ResourceDef, row: Row | undefined, mode: FormMode): FormValues {
  const out: FormValues = {};
  for (const { name, field } of formFields(def, mode)) out[name] = toFormValue(name, field, row?.[name]);
  return out;
}

/** The display names the row carries for its references. */
export function refLabelsOf(def: ResourceDef, row: Row | undefined): RefLabels {
  const out: RefLabels = {};
  for (const [name, f] of Object.entries(def.fields)) {
    const labels: Record<number, string> = {};
    if (f.type === 'ref') {
      const id = row?.[name], label = row?.[`${name}_name`];
      if (typeof id === 'number' && label != null) labels[id] = String(label);
    } else if (f.type === 'refs') {
      const ids = row?.[name], names = row?.[`${name}_names`];
      if (Array.isArray(ids) && Array.isArray(names)) {
        // `<refs>_names` lists the names of the ids that still exist, in order; a deleted one leaves a gap.
        if (ids.length === names.length) ids.forEach((id, i) => { if (typeof id === 'number') labels[id] = String(names[i]); });
      }
    } else continue;
    out[name] = labels;
  }
  return out;
}

/**
 * One field's API value from its form value; what a person typed is passed on as typed when it is not a valid
 * value, so the shared validator reports it in its own words.
 */
export type ApiValue = { ok: true; value: unknown } | { ok: false; error: 'duplicate' | 'required' | 'invalid_json' };

export function toApiValue(name: string, f: Field, v: unknown): ApiValue {
  const ok = (value: unknown): ApiValue => ({ ok: true, value });
  switch (f.type) {
    // Empty text is stored as nothing, so a cleared field and an untouched empty one are the same value.
    case 'text': return ok(typeof v === 'string' && v !== '' ? v : null);
    case 'password': return ok(typeof v === 'string' && v !== '' ? v : null);
    case 'int': case 'number': case 'money': {
      if (typeof v === 'number') return ok(v);
      const s = typeof v === 'string' ? v.trim() : '';
      return ok(s === '' ? null : s);
    }
    case 'bool': return ok(v === true);
    case 'date': case 'enum': return ok(typeof v === 'string' && v !== '' ? v : null);
    case 'datetime': return ok(typeof v === 'string' && v !== '' ? localToIso(v) : null);
    case 'ref': return ok(typeof v === 'number' ? v : null);
    case 'refs': return ok(Array.isArray(v) ? [...v] : []);
    case 'texts': return ok(Array.isArray(v) ? [...v] : []);
    case 'json': {
      if (f.format === 'grants') return ok(v && typeof v === 'object' && Object.keys(v).length ? v : null);
      if (name === 'props') {
        const r = rowsToProps(Array.isArray(v) ? (v as PropRow[]) : []);
        return r.ok ? ok(r.value) : r;
      }
      const s = typeof v === 'string' ? v.trim() : '';
      if (s === '') return ok(null);
      try {
        return ok(JSON.parse(s) as unknown);
      } catch {
        return { ok: false, error: 'invalid_json' };
      }
    }
  }
}
