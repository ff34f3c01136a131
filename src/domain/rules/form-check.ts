import {
  MAX_FORM_TEXT, type FormField, type FormFlag, type FormValue, type FormValues, type NumberFormField,
} from '../contract/forms';
import type { FieldError } from '../registry/issue-keys';

/**
 * Judging a filled form against its template's fields (docs/sales-office.md "Judging a form", decision 266). One
 * pure function, run by the fill screen before a `form` fact is queued, by the office screen, and by the forms
 * behaviour on the server, so the three never disagree.
 *
 * - Errors refuse (keyed by the field's key; the server answers them as `values.<key>`): a required answer missing,
 *   a value of the wrong kind or a choice not offered, more decimals than the field's scale, text too long, more photos
 *   than allowed, an answer to no field (or to a heading).
 * - Flags never refuse (a measurement is a fact): a number below `min` or above `max`, a choice among `fail`, a yes/no
 *   equal to `fail_on`. Numbers are compared in integer units of the field's scale, so 14.0 is not above 14 and
 *   0.1 + 0.2 is not above 0.3.
 *
 * Whether a `ref` names a live row is the server's question (it needs the database): `refsOf` lists them.
 */

export interface FormCheck {
  errors: Record<string, FieldError>;
  flags: FormFlag[];
}

/** The stored URL of an uploaded file, or an image still inside a fact (a data URL, stored as a file by the push). */
const FILE_URL = /^(?:https?:\/\/[^\s]*)?\/files\/\?action=download&id=[A-Za-z0-9_-]{16,128}$/;
const DATA_URL = /^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CARD_NO = 40;

/** An answer left empty: nothing, an empty text or an empty list. */
export function isEmptyAnswer(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

export function isImageValue(v: unknown): v is string {
  return typeof v === 'string' && (FILE_URL.test(v) || DATA_URL.test(v));
}

/** `n` in whole units of 10^-scale, or null when it has more decimals than that (up to a double's binary noise). */
export function unitsOf(n: number, scale: number): number | null {
  const y = n * 10 ** scale;
  const r = Math.round(y);
  return Math.abs(y - r) <= Math.max(1e-7, Math.abs(y) * 8 * Number.EPSILON) ? r : null;
}

function realDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && Number(s.slice(0, 4)) >= 1000;
}

/** The number limit a value breaks, as a flag, or null. */
function numberFlag(f: NumberFormField, units: number, value: number): FormFlag | null {
  const below = f.min !== undefined && units < (unitsOf(f.min, f.scale) ?? Math.round(f.min * 10 ** f.scale));
  const above = f.max !== undefined && units > (unitsOf(f.max, f.scale) ?? Math.round(f.max * 10 ** f.scale));
  if (!below && !above) return null;
  return {
    key: f.key, label: f.label, value,
    ...(f.min !== undefined ? { min: f.min } : {}), ...(f.max !== undefined ? { max: f.max } : {}),
  };
}

/** Judges one answer: an error key, or its flag (null: fine). */
function judge(f: FormField, v: unknown): { error?: FieldError; flag?: FormFlag } {
  const bad = { error: { key: 'invalid_value' } as FieldError };
  switch (f.kind) {
    case 'section': return bad;
    case 'text': {
      if (typeof v !== 'string') return bad;
      const max = f.max ?? MAX_FORM_TEXT;
      return v.length > max ? { error: { key: 'too_long', params: { max } } } : {};
    }
    case 'number': {
      if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) >= 1e11) return bad;
      const units = unitsOf(v, f.scale);
      if (units === null) return { error: { key: 'too_many_decimals', params: { max: f.scale } } };
      const flag = numberFlag(f, units, v);
      return flag ? { flag } : {};
    }
    case 'choice': {
      const picked = f.multiple ? v : [v];
      if (!Array.isArray(picked) || picked.some(c => typeof c !== 'string' || !f.choices.includes(c))) return bad;
      if (new Set(picked).size !== picked.length) return bad;
      const failing = (picked as string[]).some(c => (f.fail ?? []).includes(c));
      return failing ? { flag: { key: f.key, label: f.label, value: v as FormValue } } : {};
    }
    case 'yesno': {
      if (typeof v !== 'boolean') return bad;
      const failing = f.fail_on !== undefined && (f.fail_on === 'yes') === v;
      return failing ? { flag: { key: f.key, label: f.label, value: v } } : {};
    }
    case 'date': return typeof v === 'string' && realDate(v) ? {} : bad;
    case 'photo': {
      if (!Array.isArray(v) || !v.every(isImageValue)) return bad;
      return v.length > f.max ? { error: { key: 'too_many', params: { max: f.max } } } : {};
    }
    case 'signature': return isImageValue(v) ? {} : bad;
    case 'ref':
      if (f.to === 'cards') return typeof v === 'string' && v.trim() !== '' && v.length <= CARD_NO ? {} : bad;
      return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? {} : bad;
  }
}

/** Judges `values` (answers by field key) against `fields`; see the rules above. */
export function checkForm(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): FormCheck {
  const errors: Record<string, FieldError> = {};
  const flags: FormFlag[] = [];
  const byKey = new Map(fields.map(f => [f.key, f]));
  for (const k of Object.keys(values)) {
    if (!byKey.has(k)) errors[k] = { key: 'form_unknown_field' };
  }
  for (const f of fields) {
    const v = values[f.key];
    if (isEmptyAnswer(v)) {
      if (f.required && f.kind !== 'section') errors[f.key] = { key: 'required' };
      continue;
    }
    const { error, flag } = judge(f, v);
    if (error) errors[f.key] = error;
    else if (flag) flags.push(flag);
  }
  return { errors, flags };
}

/** The answers of `ref` fields, by what they name (a card's number, a machine's or person's id), in field order. */
export function refsOf(fields: readonly FormField[], values: Readonly<Record<string, unknown>>): {
  cards: string[]; devices: number[]; persons: number[];
} {
  const out = { cards: [] as string[], devices: [] as number[], persons: [] as number[] };
  for (const f of fields) {
    if (f.kind !== 'ref' || isEmptyAnswer(values[f.key])) continue;
    const v = values[f.key];
    if (f.to === 'cards' && typeof v === 'string') out.cards.push(v.trim());
    else if (f.to !== 'cards' && typeof v === 'number') out[f.to].push(v);
  }
  return out;
}

/** The answers with empty ones dropped (what a form stores): `''`, `[]` and null say nothing. */
export function compactValues(values: Readonly<Record<string, unknown>>): FormValues {
  const out: FormValues = {};
  for (const [k, v] of Object.entries(values)) if (!isEmptyAnswer(v)) out[k] = v as FormValue;
  return out;
}
