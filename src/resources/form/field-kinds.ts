import type { Field } from '../../domain/registry/fields';
import type { ResourceDef } from '../../domain/registry/resource';

/**
 * Which control edits a field, and which fields a form shows, derived from the declaration alone (DESIGN §3).
 *
 * Rules:
 * - A `json` field named `props` holds the dynamic property columns (spec §9): edited as ordered key/value rows.
 *   Any other `json` field is edited as JSON text.
 * - A `texts` field named `menus` holds menu paths (a role's permissions): edited as a tree of the route tree.
 * - A `json` field with `format: 'grants'` holds a role's grants: edited as a resource × action matrix.
 * - A text with `format: 'image'` holds an uploaded image's URL; `multiline` text gets a text area.
 * - `readOnly` fields are set by the server: shown read-only on edit, left out on create. System columns
 *   (`SYSTEM_COLUMNS`) are never form fields.
 * - A password is write-only: its input starts empty; on edit empty means "unchanged", on create it is required.
 */
export type ControlKind =
  | 'text' | 'textarea' | 'image' | 'password' | 'int' | 'number' | 'money' | 'bool' | 'date' | 'datetime'
  | 'enum' | 'ref' | 'refs' | 'texts' | 'menus' | 'props' | 'json' | 'grants';

export type FormMode = 'create' | 'edit';

export function controlKindOf(name: string, f: Field): ControlKind {
  switch (f.type) {
    case 'text': return f.format === 'image' ? 'image' : f.multiline ? 'textarea' : 'text';
    case 'json': return f.format === 'grants' ? 'grants' : name === 'props' ? 'props' : 'json';
    case 'texts': return name === 'menus' ? 'menus' : 'texts';
    default: return f.type;
  }
}

export interface FormField {
  name: string;
  field: Field;
  kind: ControlKind;
  /** Shown, not editable (server-set fields on edit). */
  readOnly: boolean;
  /** Marked required and checked before sending. */
  required: boolean;
  /** Takes the whole width of the form (lists, trees, long text). */
  wide: boolean;
}

const WIDE: ReadonlySet<ControlKind> = new Set(['textarea', 'refs', 'texts', 'menus', 'props', 'json', 'image', 'grants']);

/** The fields of a form, in declaration order. */
export function formFields(def: ResourceDef, mode: FormMode): FormField[] {
  const out: FormField[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.readOnly && mode === 'create') continue;
    const kind = controlKindOf(name, field);
    out.push({
      name, field, kind,
      readOnly: !!field.readOnly,
      required: !field.readOnly && (!!field.required || (kind === 'password' && mode === 'create')),
      wide: WIDE.has(kind),
    });
  }
  return out;
}

/** The i18n key of a field's label (`label` overrides the derived `resources.<name>.fields.<field>`). */
export function fieldLabelKey(def: ResourceDef, name: string): string {
  return def.fields[name]?.label ?? `resources.${def.name}.fields.${name}`;
}
