import { z } from 'zod';
import { MONEY_SCALE, type Field } from './fields';
import type { ResourceDef } from './resource';

/**
 * Validators of a resource's input, shared by the server (every save) and the forms (before sending).
 *
 * Values arrive either typed (a JSON `item=` field) or as strings (plain form fields), so every validator first
 * normalises strings: numbers from numeric strings, booleans from 1/0/true/false/on/off, lists and objects from JSON.
 * An empty string means "no value" for every type but text. Text is kept verbatim (no trimming, no escaping):
 * what a person typed is what is stored and returned.
 */

const INT = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,15}(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 date and time, with an optional zone (a device clock's reading). */
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function emptyToNull(v: unknown): unknown {
  return v === '' ? null : v;
}
function numeric(re: RegExp) {
  return (v: unknown): unknown => {
    if (v === '' ) return null;
    if (typeof v === 'string' && re.test(v.trim())) return Number(v.trim());
    return v;
  };
}
function boolish(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (s === '1' || s === 'true' || s === 'on') return true;
  if (s === '0' || s === 'false' || s === 'off' || s === '') return false;
  return v;
}
/** Parses a JSON string; leaves anything unparsable as it is so the validator reports the type. */
function jsonish(v: unknown): unknown {
  if (v === '') return null;
  if (typeof v !== 'string') return v;
  try { return JSON.parse(v) as unknown; } catch { return v; }
}
/** Lists also accept `1,2,3`, as a scanner or a spreadsheet cell gives them. */
function listish(v: unknown): unknown {
  if (typeof v === 'string' && !v.trim().startsWith('[')) return v.trim() === '' ? [] : v.split(',').map(s => s.trim());
  return jsonish(v);
}
function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * A decimal stored as numeric(18, scale) (sql-shape.ts) holds values below 10^(18 − scale); a double holds whole
 * numbers exactly only below 2^53 ≈ 9·10^15, and form text is read with at most 15 integer digits (DECIMAL). So the
 * limit is 10^min(18 − scale, 15), and the error names the largest value below it (99999999999999.9999 for money).
 * A double at or above the limit cannot round below it, and at that magnitude no double lies between the largest
 * decimal and the limit, so comparing with the limit is exact. Beyond it the database would refuse the row after
 * validation passed.
 */
function decimalSchema(scale: number, min: number | undefined) {
  const digits = Math.min(18 - scale, 15);
  const limit = 10 ** digits;
  const largest = `${'9'.repeat(digits)}${scale > 0 ? `.${'9'.repeat(scale)}` : ''}`;
  let s = z.number().finite()
    .refine(n => n < limit, { message: 'too_big', params: { max: largest } })
    .refine(n => n > -limit, { message: 'too_small', params: { min: `-${largest}` } });
  if (min !== undefined) s = s.refine(n => n >= min, { message: 'too_small', params: { min } });
  return z.preprocess(numeric(DECIMAL), s.nullable());
}

/** Validator of one field's value (null allowed; `required` is checked by the object schema). */
export function fieldSchema(f: Field): z.ZodType {
  switch (f.type) {
    case 'text': return z.string().max(f.max).nullable();
    case 'password': return z.preprocess(emptyToNull, z.string().min(6).max(200).nullable());
    case 'int': {
      const s = z.number().int().min(f.min ?? -2147483648).max(f.max ?? 2147483647);
      return z.preprocess(numeric(INT), s.nullable());
    }
    case 'number': return decimalSchema(f.scale, f.min);
    case 'money': return decimalSchema(MONEY_SCALE, undefined);
    case 'bool': return z.preprocess(boolish, z.boolean().nullable());
    case 'date': return z.preprocess(emptyToNull, z.string().regex(DATE).refine(isRealDate, { message: 'invalid_date' }).nullable());
    case 'datetime':
      return z.preprocess(emptyToNull, z.string().max(40)
        .refine(s => DATETIME.test(s) && isRealDate(s.slice(0, 10)), { message: 'invalid_date' }).nullable());
    case 'enum': return z.preprocess(emptyToNull, z.enum(f.values as [string, ...string[]]).nullable());
    case 'ref': return z.preprocess(numeric(INT), z.number().int().positive().max(2147483647).nullable());
    case 'refs':
      return z.preprocess(listish, z.array(z.preprocess(numeric(INT), z.number().int().positive().max(2147483647)))
        .max(f.max ?? 1000).nullable());
    case 'texts':
      return z.preprocess(listish, z.array(z.string().min(1).max(f.maxLength ?? 200)).max(f.maxItems ?? 2000).nullable());
    case 'json': {
      const maxBytes = f.maxBytes ?? 64 * 1024;
      return z.preprocess(jsonish, z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
        .refine(v => JSON.stringify(v).length <= maxBytes, { message: 'too_long', params: { max: maxBytes } }).nullable());
    }
  }
}

/** True when a value counts as given for a required field. */
export function isPresent(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
}

export type SaveMode = 'create' | 'update';

/**
 * The object validator of a save. Unknown keys are refused (a typo must not silently drop data). On create every
 * required field must be present; on update only the fields sent are changed, and a required one may not be cleared.
 */
export function saveSchema(res: ResourceDef, mode: SaveMode): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(res.fields)) {
    if (f.readOnly) continue;
    let s = fieldSchema(f);
    if (f.required) s = s.refine(isPresent, { message: 'required' });
    shape[name] = mode === 'create' && f.required ? s : s.optional();
  }
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
}
