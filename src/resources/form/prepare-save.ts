import { saveSchema } from '../../domain/registry/input-schema';
import { fieldErrorsOf, type FieldError } from '../../domain/registry/issue-keys';
import type { ResourceDef } from '../../domain/registry/resource';
import { LANGS, translate, type Lang } from '../../domain/messages/catalog';
import { configApiValue, hasConfigValue } from './config-field';
import { formFields, type FormMode } from './field-kinds';
import { toApiValue, type FormValues } from './form-values';

/**
 * What a Save sends, checked before sending with the same validator the server runs (src/domain/registry), so a
 * person sees the server's own messages without a round trip.
 *
 * Rules:
 * - Every editable field is checked, so a required field left empty is marked even on edit.
 * - On edit only the fields that differ from the loaded row are sent (plus nothing else: the screen adds `id` and
 *   `version`); a write-only password is sent only when typed.
 * - Values sent are the validator's normalised output (numbers as numbers, date-times as ISO instants).
 */
export interface SavePlan {
  /** The values to send; empty when `errors` is not. */
  values: Record<string, unknown>;
  errors: Record<string, FieldError>;
}

export function prepareSave(def: ResourceDef, form: FormValues, initial: FormValues, mode: FormMode): SavePlan {
  const raw: Record<string, unknown> = {};
  const errors: Record<string, FieldError> = {};
  const fields = formFields(def, mode).filter(f => !f.readOnly);
  for (const { name, field, kind } of fields) {
    const v = hasConfigValue(def, name) ? configApiValue(form[name], form) : toApiValue(name, field, form[name]);
    if (!v.ok) { errors[name] = typeof v.error === 'string' ? { key: v.error } : v.error; continue; }
    if (kind === 'password' && v.value === null) {
      if (mode === 'create') errors[name] = { key: 'required' };
      continue;
    }
    raw[name] = v.value;
  }
  const parsed = saveSchema(def, mode === 'create' ? 'create' : 'update').safeParse(raw);
  if (!parsed.success) {
    for (const [k, e] of Object.entries(fieldErrorsOf(parsed.error, raw))) if (!(k in errors)) errors[k] = e;
  }
  if (Object.keys(errors).length || !parsed.success) return { values: {}, errors };

  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parsed.data)) {
    if (v === undefined) continue;
    if (mode === 'edit' && def.fields[k]?.type !== 'password') {
      const before = toApiValue(k, def.fields[k]!, initial[k]);
      const was = before.ok ? saveSchema(def, 'update').safeParse({ [k]: before.value }) : undefined;
      if (was?.success && sameValue(was.data[k], v)) continue;
    }
    values[k] = v;
  }
  return { values, errors };
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The language of the UI as a catalogue language (zh when i18next reports something else, like `cimode`). */
export function catalogLang(language: string | undefined): Lang {
  const code = (language ?? '').slice(0, 2);
  return (LANGS as readonly string[]).includes(code) ? (code as Lang) : 'zh';
}

/** Field errors as text in the UI's language. */
export function errorTexts(errors: Record<string, FieldError>, lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, e] of Object.entries(errors)) out[k] = translate(lang, e.key, e.params);
  return out;
}
