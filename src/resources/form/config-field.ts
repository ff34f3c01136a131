import {
  checkStored, configTypeOfRow, storedOf, TYPED_CONFIG, type ConfigDraft, type ConfigKind, type ConfigMapRow,
} from '../../domain/rules/config-types';
import type { FieldError } from '../../domain/registry/issue-keys';
import type { ResourceDef } from '../../domain/registry/resource';
import type { FormValues } from './form-values';

/**
 * Fields of the generic form whose control depends on another field's value (the minimal hook of FieldControl and
 * prepareSave): today only a config's `values`, typed by the config's `name` (src/domain/rules/config-types.ts).
 */
export function hasConfigValue(def: ResourceDef, name: string): boolean {
  return def.name === TYPED_CONFIG.resource && name === TYPED_CONFIG.valueField;
}

/** A typed input's value and the kind of input it was made for (a later change of the name may change the kind). */
export interface ConfigEdit { configKind: ConfigKind; draft: ConfigDraft }

export function isConfigEdit(v: unknown): v is ConfigEdit {
  return !!v && typeof v === 'object' && 'configKind' in v && 'draft' in v;
}

/** The form value as text: the stored text, or a typed input's value written as it would be stored (JSON). */
export function configText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (!isConfigEdit(v)) return '';
  const d = v.draft;
  if (typeof d === 'string') return d;
  if (Array.isArray(d) && v.configKind === 'map') {
    return JSON.stringify(Object.fromEntries((d as ConfigMapRow[]).map(r => [r.key, r.value])));
  }
  return JSON.stringify(d);
}

export type ConfigApiValue = { ok: true; value: string | null } | { ok: false; error: FieldError };

/**
 * The text a config's value is saved as, or why it is refused: a known type checks the typed input (or the stored text
 * when untouched); an unknown one saves the text as it is (empty = nothing), like any text field.
 */
export function configApiValue(value: unknown, values: FormValues): ConfigApiValue {
  const type = configTypeOfRow(values);
  if (type && isConfigEdit(value) && value.configKind === type.kind) return storedOf(type, value.draft);
  const text = configText(value);
  if (!type) return { ok: true, value: text === '' ? null : text };
  return checkStored(type, text === '' ? null : text);
}
