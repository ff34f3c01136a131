import { z } from 'zod';
import './zod-config';
import type { Envelope } from './replies';
import { wireInt } from './wire';

/**
 * The fields of a form template (表单模板, docs/sales-office.md "Forms"): JSON data of a few declared kinds, validated
 * by `formFieldsSchema` on both sides (the registry's `json` format `formfields`, input-schema.ts) and judged by
 * `checkForm` (src/domain/rules/form-check.ts). Shared by the server, the template editor and the fill screen.
 */

export const FORM_FIELD_KINDS = ['text', 'number', 'choice', 'yesno', 'date', 'photo', 'signature', 'ref', 'section'] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];
/** What a `ref` field may name: a card by its number as scanned, a machine or a person by id. */
export const FORM_REF_TARGETS = ['cards', 'devices', 'persons'] as const;
export type FormRefTarget = (typeof FORM_REF_TARGETS)[number];

export const MAX_FORM_FIELDS = 100;
export const MAX_FORM_KEY = 40;
export const MAX_FORM_LABEL = 100;
export const MAX_FORM_TEXT = 500;
export const MAX_FORM_CHOICES = 50;
export const MAX_FORM_CHOICE = 50;
export const MAX_FORM_PHOTOS = 6;
/** The most decimals a number field keeps (its `scale`). */
export const MAX_FORM_SCALE = 4;
/** Bytes of a template's field list, serialised. */
export const MAX_FORM_FIELDS_BYTES = 32 * 1024;
/** Bytes of a form's values once its images are files (forms.values). */
export const MAX_FORM_VALUES_BYTES = 64 * 1024;

interface Base { key: string; label: string; required?: boolean; hint?: string }
export interface TextFormField extends Base { kind: 'text'; max?: number; multiline?: boolean }
/** `min` / `max` are the acceptance limits, inclusive; a value outside flags the form, never refuses it. */
export interface NumberFormField extends Base { kind: 'number'; scale: number; unit?: string; min?: number; max?: number }
/** `fail`: the choices that flag the form. */
export interface ChoiceFormField extends Base { kind: 'choice'; choices: string[]; multiple?: boolean; fail?: string[] }
export interface YesNoFormField extends Base { kind: 'yesno'; fail_on?: 'yes' | 'no' }
export interface DateFormField extends Base { kind: 'date' }
export interface PhotoFormField extends Base { kind: 'photo'; max: number }
export interface SignatureFormField extends Base { kind: 'signature' }
export interface RefFormField extends Base { kind: 'ref'; to: FormRefTarget }
/** A heading between fields; it takes no answer. */
export interface SectionFormField extends Base { kind: 'section' }

export type FormField = TextFormField | NumberFormField | ChoiceFormField | YesNoFormField | DateFormField
  | PhotoFormField | SignatureFormField | RefFormField | SectionFormField;

/** One answer as stored: photos are a list of file URLs, a signature one; a card is named by its number. */
export type FormValue = string | number | boolean | string[] | null;
export type FormValues = Record<string, FormValue>;

/** A value outside its limits or a failing answer (forms.flags). */
export interface FormFlag { key: string; label: string; value: FormValue; min?: number; max?: number }

const KEY = /^[a-z][a-z0-9_]*$/;
const decimalsOk = (n: number, scale: number) => {
  const y = n * 10 ** scale;
  return Math.abs(y - Math.round(y)) <= Math.max(1e-7, Math.abs(y) * 8 * Number.EPSILON);
};

const base = {
  key: z.string().min(1).max(MAX_FORM_KEY).regex(KEY),
  label: z.string().trim().min(1).max(MAX_FORM_LABEL),
  required: z.boolean().optional(),
  hint: z.string().max(200).optional(),
};
const limit = z.number().finite().min(-1e11).max(1e11);
const choice = z.string().trim().min(1).max(MAX_FORM_CHOICE);

const fieldShape = z.discriminatedUnion('kind', [
  z.strictObject({ ...base, kind: z.literal('text'), max: z.number().int().min(1).max(MAX_FORM_TEXT).optional(), multiline: z.boolean().optional() }),
  z.strictObject({ ...base, kind: z.literal('number'), scale: z.number().int().min(0).max(MAX_FORM_SCALE),
    unit: z.string().max(20).optional(), min: limit.optional(), max: limit.optional() }),
  z.strictObject({ ...base, kind: z.literal('choice'), choices: z.array(choice).max(MAX_FORM_CHOICES),
    multiple: z.boolean().optional(), fail: z.array(choice).max(MAX_FORM_CHOICES).optional() }),
  z.strictObject({ ...base, kind: z.literal('yesno'), fail_on: z.enum(['yes', 'no']).optional() }),
  z.strictObject({ ...base, kind: z.literal('date') }),
  z.strictObject({ ...base, kind: z.literal('photo'), max: z.number().int().min(1).max(MAX_FORM_PHOTOS) }),
  z.strictObject({ ...base, kind: z.literal('signature') }),
  z.strictObject({ ...base, kind: z.literal('ref'), to: z.enum(FORM_REF_TARGETS) }),
  z.strictObject({ ...base, kind: z.literal('section') }),
]);

/** A problem of a field list, as a message key with where it is (1-based position and key). */
export interface FormFieldsProblem { message: string; params: Record<string, string | number> }

/**
 * The first problem of a field list, or null. Rules: a list of at most MAX_FORM_FIELDS fields; each of a known kind
 * with the settings of its kind (snake_case key of at most 40, a label); keys unique; a number's limits within its
 * scale and min not above max; a choice field with choices (distinct), its `fail` among them; a list of at most
 * MAX_FORM_FIELDS_BYTES.
 */
export function formFieldsProblem(v: unknown): FormFieldsProblem | null {
  if (!Array.isArray(v) || v.length > MAX_FORM_FIELDS) return { message: 'formfields_list', params: { max: MAX_FORM_FIELDS } };
  if (JSON.stringify(v).length > MAX_FORM_FIELDS_BYTES) return { message: 'too_long', params: { max: MAX_FORM_FIELDS_BYTES } };
  const seen = new Set<string>();
  for (const [i, raw] of v.entries()) {
    const at = i + 1;
    const key = raw && typeof raw === 'object' && typeof (raw as { key?: unknown }).key === 'string'
      ? String((raw as { key: string }).key).slice(0, MAX_FORM_KEY) : '?';
    const parsed = fieldShape.safeParse(raw);
    if (!parsed.success) return { message: 'formfield_invalid', params: { at, key } };
    const f = parsed.data as FormField;
    if (seen.has(f.key)) return { message: 'formfield_duplicate_key', params: { at, key } };
    seen.add(f.key);
    if (f.kind === 'number') {
      if ((f.min !== undefined && !decimalsOk(f.min, f.scale)) || (f.max !== undefined && !decimalsOk(f.max, f.scale))) {
        return { message: 'formfield_invalid', params: { at, key } };
      }
      if (f.min !== undefined && f.max !== undefined && f.min > f.max) return { message: 'formfield_min_max', params: { at, key } };
    }
    if (f.kind === 'choice') {
      if (f.choices.length === 0) return { message: 'formfield_no_choices', params: { at, key } };
      if (new Set(f.choices).size !== f.choices.length) return { message: 'formfield_invalid', params: { at, key } };
      const bad = (f.fail ?? []).find(c => !f.choices.includes(c));
      if (bad !== undefined) return { message: 'formfield_fail_unknown', params: { at, key, choice: bad } };
    }
  }
  return null;
}

/** The message keys `formFieldsProblem` answers (kept as field errors by issue-keys.ts). */
export const FORM_FIELDS_MESSAGES = ['formfields_list', 'formfield_invalid', 'formfield_duplicate_key', 'formfield_min_max',
  'formfield_no_choices', 'formfield_fail_unknown'] as const;

/** Validator of a template's `fields`, a parsed JSON value (a 422 on `fields` naming what and where). */
export const formFieldsSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).transform((v, ctx): FormField[] => {
  const p = formFieldsProblem(v);
  if (p) {
    ctx.addIssue({ code: 'custom', message: p.message, params: p.params });
    return z.NEVER;
  }
  return v as FormField[];
});

/** `GET /forms/counts/`: per category, the forms filled today and the flagged ones not yet reviewed (row scope). */
export interface FormCountRow { category_id: number; today: number; flagged_open: number }
export interface FormCountsReply extends Envelope { dt: FormCountRow[] }

const ID_MAX = 2_147_483_647;

/** `POST /forms/review/`: a review of a form at its version; a comment is required when the form is flagged. */
export const formReviewSchema = z.looseObject({
  id: wireInt(1, ID_MAX),
  version: wireInt(1, ID_MAX),
  comment: z.string({ message: 'bad_request' }).max(500, { message: 'too_long' }).optional().nullable(),
});
export type FormReviewParams = z.infer<typeof formReviewSchema>;
export interface FormReviewReply extends Envelope { id: number; version: number; status: string }

/** `GET /forms/counts/`: no parameters (today is the server's day in the plant's zone). */
export const formCountsParamsSchema = z.looseObject({});
