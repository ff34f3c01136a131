import { z } from 'zod';
import './zod-config';
import { parseJson } from './json';
import { withinJsonDepth } from './json-depth';

/**
 * Zod building blocks for request parameters as they travel (DESIGN §4): a GET's query and a form body carry text,
 * a JSON body carries typed values, and structured values come as one JSON-string field. Each block accepts both and
 * gives the typed value. Issue messages are message keys (src/domain/messages/catalog.ts), so the server can answer
 * in the caller's language with the exact reason.
 */

/** A whole number in [min, max], from a number or its decimal text. */
export function wireInt(min: number, max: number, message = 'bad_request') {
  return z.union([
    z.number(),
    z.string().trim().regex(/^-?\d{1,15}$/, { message }).transform(Number),
  ], { message }).pipe(z.number({ message }).int({ message }).min(min, { message }).max(max, { message }));
}

/** An empty text is no value: `page=` asks for the default page as much as leaving `page` out does. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional whole number in [min, max]; an empty text counts as absent. */
export function optionalInt(min: number, max: number, message = 'bad_request') {
  return z.preprocess(blankToUndefined, wireInt(min, max, message).optional());
}

/** A yes/no flag: true, false, 1, 0, 'true', 'false', '' (no). */
export const wireFlag = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z.enum(['0', '1', 'true', 'false', '']).transform(v => v === '1' || v === 'true'),
], { message: 'bad_request' });

/** Short text (tokens, paths echoed back). */
export const wireText = (max: number) => z.string({ message: 'bad_request' }).max(max, { message: 'bad_request' });

/**
 * A structured value sent as one JSON-string field (or already parsed, from a JSON body), within the depth limit,
 * then checked by `schema`.
 */
export function wireJson<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((v, ctx) => {
    if (typeof v === 'string') {
      const r = parseJson(v);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.reason === 'too_deep' ? 'too_deep' : 'invalid_json' });
      return z.NEVER;
    }
    if (withinJsonDepth(v)) return v;
    ctx.addIssue({ code: 'custom', message: 'too_deep' });
    return z.NEVER;
  }).pipe(schema);
}

/**
 * The message key of a refused request: the first issue's message when it is a key, else the key its parameter
 * names in `byParam` (an invalid `filter` is `bad_filter`), else `bad_request`.
 */
export function issueKey(error: z.ZodError, byParam: Readonly<Record<string, string>> = {}): string {
  const issue = error.issues[0];
  const m = issue?.message;
  if (m && /^[a-z][a-z0-9_]*$/.test(m)) return m;
  const param = issue?.path[0];
  return (typeof param === 'string' && byParam[param]) || 'bad_request';
}

/**
 * A decimal in [min, max] with at most `scale` decimals, from a number or its text (quantities travel as text in a
 * form). More decimals than the column keeps are refused rather than silently rounded.
 */
export function wireDecimal(min: number, max: number, scale = 4, message = 'bad_request') {
  const text = new RegExp(`^-?\\d{1,15}(\\.\\d{1,${scale}})?$`);
  return z.union([
    z.number().refine(n => Number.isFinite(n) && text.test(String(n)), { message }),
    z.string().trim().regex(text, { message }).transform(Number),
  ], { message }).pipe(z.number({ message }).min(min, { message }).max(max, { message }));
}

/** An optional decimal; an empty text counts as absent. */
export function optionalDecimal(min: number, max: number, scale = 4, message = 'bad_request') {
  return z.preprocess(blankToUndefined, wireDecimal(min, max, scale, message).optional());
}

/** A calendar date `YYYY-MM-DD` that exists (from year 1000 on); an empty text is absent. */
export const optionalDay = z.preprocess(v => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ message: 'invalid_date' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' })
    .refine(s => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1000-01-01';
    }, { message: 'invalid_date' }).optional());

export const DAY_MS = 86_400_000;

/** Days from `from` to `to` (`YYYY-MM-DD`), 0 for the same day. */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
}
