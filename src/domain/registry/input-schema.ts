import { z } from 'zod';
import '../contract/zod-config';
import { withinJsonDepth, MAX_JSON_DEPTH } from '../contract/json-depth';
import { formFieldsSchema } from '../contract/forms';
import { grantsSchema } from '../contract/permissions';
import { roundTo } from '../rules/numbers';
import { MONEY_SCALE, type Field } from './fields';
import type { ResourceDef } from './resource';

/**
 * Validators of a resource's input, shared by the server (every save) and the forms (before sending).
 *
 * Values arrive either typed (a JSON `item=` field) or as strings (plain form fields), so every validator first
 * normalises strings: numbers from numeric strings, booleans from 1/0/true/false/on/off, lists and objects from JSON.
 * An empty string means "no value" for every type but text. Text is kept verbatim (no trimming, no escaping):
 * what a person typed is what is stored and returned — except that text of white space only counts as empty, so a
 * required name cannot be a blank.
 */

const INT = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,40}(\.\d{1,40})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 date and time, with an optional zone (a device clock's reading). */
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/**
 * Dates start at year 1000: a year of one to three digits is a typo, and engines read such years differently
 * (a two-digit year becomes 19xx in some date parsers), so the value stored would not be the value sent.
 */
export const MIN_YEAR = 1000;
/** Real zone offsets lie within ±14:00 (Kiribati); beyond, a date-time cannot even be turned into an instant. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * Significant digits a decimal keeps exactly: values travel as JSON numbers (doubles), and a double holds any
 * decimal of at most 15 significant digits exactly through a parse and a print (17 would be needed for all doubles,
 * and a double holds only 15.95 digits: 12345678901234.5678 reads back as 12345678901234.568).
 */
export const DECIMAL_DIGITS = 15;

function emptyToNull(v: unknown): unknown {
  return v === '' ? null : v;
}
/** Text of white space only is no text. */
function blankToEmpty(v: unknown): unknown {
  return typeof v === 'string' && v.trim() === '' ? '' : v;
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
const yearInRange = (s: string) => Number(s.slice(0, 4)) >= MIN_YEAR;
function offsetInRange(s: string): boolean {
  const m = OFFSET.exec(s.slice(10));
  if (!m) return true;
  const minutes = Number(m[3]);
  return minutes < 60 && Number(m[2]) * 60 + minutes <= MAX_OFFSET_MINUTES;
}
function dateSchema(withTime: boolean) {
  const shape = withTime ? (s: string) => DATETIME.test(s) : (s: string) => DATE.test(s);
  return z.string().max(40)
    .refine(s => shape(s) && isRealDate(s.slice(0, 10)), { message: 'invalid_date', abort: true })
    .refine(yearInRange, { message: 'year_range', params: { min: MIN_YEAR }, abort: true })
    // A moment without its offset is ambiguous (the plant's, the server's or UTC?): refused, never guessed (docs/api.md).
    .refine(s => !withTime || /(Z|[+-]\d{2}:?\d{2})$/.test(s), { message: 'offset_required', abort: true })
    .refine(s => !withTime || offsetInRange(s), { message: 'invalid_offset' });
}

/** A JSON value nested at most MAX_JSON_DEPTH deep and at most `maxBytes` long once serialised. */
function jsonValue(maxBytes: number) {
  return z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    // Depth first, and aborting: serialising a value nested thousands deep would overflow the stack.
    .refine(v => withinJsonDepth(v), { message: 'too_deep', params: { max: MAX_JSON_DEPTH }, abort: true })
    .refine(v => JSON.stringify(v).length <= maxBytes, { message: 'too_long', params: { max: maxBytes } });
}

/**
 * Whether `n` has at most `scale` decimals, up to the binary noise of a double: 0.1 + 0.2 (0.30000000000000004) has
 * one, 1.23456 has five. The tolerance is a few units in the last place of n × 10^scale, never a decimal digit.
 */
export function hasAtMostDecimals(n: number, scale: number): boolean {
  const y = n * 10 ** scale;
  return Math.abs(y - Math.round(y)) <= Math.max(1e-7, Math.abs(y) * 8 * Number.EPSILON);
}

/**
 * A decimal stored as numeric(18, scale) (sql-shape.ts). It is rounded to its scale (half away from zero, on its
 * decimal value, as the column would) and must then keep at most DECIMAL_DIGITS significant digits, so the value
 * read back is exactly the value stored: the limit is 10^(15 − scale), and the error names the largest value below
 * it (99999999999.9999 for money). The column itself could hold 18 digits, which a double cannot carry.
 */
function decimalSchema(scale: number, min: number | undefined, max?: number, exact = false) {
  const digits = DECIMAL_DIGITS - scale;
  const limit = 10 ** digits;
  const largest = `${'9'.repeat(digits)}${scale > 0 ? `.${'9'.repeat(scale)}` : ''}`;
  let n0 = z.number().finite();
  if (exact) n0 = n0.refine(n => hasAtMostDecimals(n, scale), { message: 'too_many_decimals', params: { max: scale }, abort: true });
  let s = n0.transform(n => roundTo(n, scale))
    .refine(n => n < limit, { message: 'too_big', params: { max: largest } })
    .refine(n => n > -limit, { message: 'too_small', params: { min: `-${largest}` } });
  if (min !== undefined) s = s.refine(n => n >= min, { message: 'too_small', params: { min } });
  if (max !== undefined) s = s.refine(n => n <= max, { message: 'too_big', params: { max } });
  return z.preprocess(numeric(DECIMAL), s.nullable());
}

/** Validator of one field's value (null allowed; `required` is checked by the object schema). */
export function fieldSchema(f: Field): z.ZodType {
  switch (f.type) {
    case 'text': return z.preprocess(blankToEmpty, z.string().max(f.max).nullable());
    case 'password': return z.preprocess(emptyToNull, z.string().min(6).max(200).nullable());
    case 'int': {
      const s = z.number().int().min(f.min ?? -2147483648).max(f.max ?? 2147483647);
      return z.preprocess(numeric(INT), s.nullable());
    }
    case 'number': return decimalSchema(f.scale, f.min, f.max);
    // Money typed with more decimals than kept is refused, never rounded (DESIGN §8, docs/finance.md): an amount the
    // user wrote is either kept as written or sent back. A quantity or measure (a scale's reading) is rounded.
    case 'money': return decimalSchema(MONEY_SCALE, f.min, f.max, true);
    case 'bool': return z.preprocess(boolish, z.boolean().nullable());
    case 'date': return z.preprocess(emptyToNull, dateSchema(false).nullable());
    case 'datetime': return z.preprocess(emptyToNull, dateSchema(true).nullable());
    case 'enum': return z.preprocess(emptyToNull, z.enum(f.values as [string, ...string[]]).nullable());
    case 'ref': return z.preprocess(numeric(INT), z.number().int().positive().max(2147483647).nullable());
    case 'refs':
      return z.preprocess(listish, z.array(z.preprocess(numeric(INT), z.number().int().positive().max(2147483647)))
        .max(f.max ?? 1000).nullable());
    case 'texts':
      return z.preprocess(listish, z.array(z.string().min(1).max(f.maxLength ?? 200)
        .refine(s => s.trim() !== '', { message: 'required' })).max(f.maxItems ?? 2000).nullable());
    case 'json': {
      const value = jsonValue(f.maxBytes ?? 64 * 1024);
      const checked = f.format === 'grants' ? value.pipe(grantsSchema()) : f.format === 'formfields' ? value.pipe(formFieldsSchema) : value;
      return z.preprocess(jsonish, checked.nullable());
    }
  }
}

/** True when a value counts as given for a required field (white space alone does not). */
export function isPresent(v: unknown): boolean {
  return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0);
}

export type SaveMode = 'create' | 'update';

/**
 * The object validator of a save. Unknown keys are refused (a typo must not silently drop data). On create every
 * required field must be present — a required field left out takes its declared default when it has one; on update
 * only the fields sent are changed, and a required one may not be cleared.
 */
export function saveSchema(res: ResourceDef, mode: SaveMode): z.ZodType<Record<string, unknown>> {
  // Built once per resource and mode (a declaration does not change): a 500-line save parsed 500 lines with a schema
  // built for each, a third of its time (bench/orders).
  let built = SAVE_SCHEMAS.get(res);
  if (!built) SAVE_SCHEMAS.set(res, built = {});
  return built[mode] ??= buildSaveSchema(res, mode);
}

const SAVE_SCHEMAS = new WeakMap<ResourceDef, Partial<Record<SaveMode, z.ZodType<Record<string, unknown>>>>>();

function buildSaveSchema(res: ResourceDef, mode: SaveMode): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(res.fields)) {
    if (f.readOnly) continue;
    let s = fieldSchema(f);
    if (f.required) s = s.refine(isPresent, { message: 'required' });
    const dflt = 'default' in f ? f.default : undefined;
    if (mode === 'create' && f.required && dflt !== undefined) s = z.preprocess(v => (v === undefined ? dflt : v), s);
    shape[name] = mode === 'create' && f.required ? s : s.optional();
  }
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
}
