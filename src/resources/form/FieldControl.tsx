import type {
  EnumField, IntField, JsonField, MoneyField, NumberField, RefField, RefsField, TextField, TextsField,
} from '../../domain/registry/fields';
import type { Grants } from '../../domain/contract/permissions';
import type { ResourceDef } from '../../domain/registry/resource';
import { TYPED_CONFIG } from '../../domain/rules/config-types';
import { hasConfigValue } from './config-field';
import { BoolControl } from './controls/BoolControl';
import { ConfigValueControl } from './controls/ConfigValueControl';
import { DateControl } from './controls/DateControl';
import { DateTimeControl } from './controls/DateTimeControl';
import { EnumControl } from './controls/EnumControl';
import { GrantsMatrix } from './controls/GrantsMatrix';
import { ImageControl } from './controls/ImageControl';
import { JsonControl } from './controls/JsonControl';
import { MoneyControl } from './controls/MoneyControl';
import { NumberControl } from './controls/NumberControl';
import { PasswordControl } from './controls/PasswordControl';
import { PropsEditor } from './controls/PropsEditor';
import { ReadOnlyControl } from './controls/ReadOnlyControl';
import { RefSelect } from './controls/RefSelect';
import { RefsOrderedSelect } from './controls/RefsOrderedSelect';
import { TextControl } from './controls/TextControl';
import { TextsControl } from './controls/TextsControl';
import type { FormField, FormMode } from './field-kinds';
import type { FormValues, PropRow } from './form-values';
import { MenuTreeEditor } from './MenuTreeEditor';

export interface FieldControlProps {
  def: ResourceDef;
  spec: FormField;
  mode: FormMode;
  label: string;
  values: FormValues;
  error?: string;
  disabled: boolean;
  refLabels: Record<number, string>;
  onChange: (name: string, value: unknown) => void;
  onRefLabel: (name: string, id: number, label: string) => void;
}

/**
 * The control of one field, chosen by its kind (field-kinds.ts). Each form value has the shape its control edits
 * (form-values.ts); the casts below restate that pairing, which the kind guarantees.
 */
export function FieldControl(p: FieldControlProps) {
  const { spec, def } = p;
  const { name, field } = spec;
  const testId = `field-${name}`;
  const value = p.values[name];
  const base = { def, name, label: p.label, required: spec.required, error: p.error, disabled: p.disabled, testId };
  const set = (v: unknown) => p.onChange(name, v);

  if (spec.readOnly) return <ReadOnlyControl {...base} field={field} value={value} refNames={p.refLabels} />;
  // A config's value is typed by the config's name (config-field.ts).
  if (hasConfigValue(def, name)) {
    return <ConfigValueControl {...base} field={field as TextField} value={value} configName={p.values[TYPED_CONFIG.nameField]} onChange={set} />;
  }

  switch (spec.kind) {
    case 'text': case 'textarea':
      return <TextControl {...base} field={field as TextField} value={value as string} onChange={set} />;
    case 'image':
      return <ImageControl {...base} field={field as TextField} value={value as string} onChange={set} />;
    case 'password':
      return <PasswordControl {...base} field={field} mode={p.mode} value={value as string} onChange={set} />;
    case 'int': case 'number':
      return <NumberControl {...base} field={field as IntField | NumberField} value={value as number | string} onChange={set} />;
    case 'money':
      return <MoneyControl {...base} field={field as MoneyField} value={value as number | string} onChange={set} />;
    case 'bool':
      return <BoolControl {...base} field={field} value={value as boolean} onChange={set} />;
    case 'date':
      return <DateControl {...base} field={field} value={value as string | null} onChange={set} />;
    case 'datetime':
      return <DateTimeControl {...base} field={field} value={value as string | null} onChange={set} />;
    case 'enum':
      return <EnumControl {...base} field={field as EnumField} value={value as string | null} onChange={set} />;
    case 'ref': {
      const id = value as number | null;
      return (
        <RefSelect {...base} field={field as RefField} value={id} onChange={set}
          valueLabel={id === null ? undefined : p.refLabels[id]} onLabel={(i, l) => p.onRefLabel(name, i, l)} />
      );
    }
    case 'refs':
      return (
        <RefsOrderedSelect {...base} field={field as RefsField} value={value as number[]} onChange={set}
          labels={p.refLabels} onLabel={(i, l) => p.onRefLabel(name, i, l)} />
      );
    case 'texts':
      return <TextsControl {...base} field={field as TextsField} value={value as string[]} onChange={set} />;
    case 'menus':
      return (
        <MenuTreeEditor {...base} field={field as TextsField} value={value as string[]} onChange={set}
          allMenus={p.values.is_admin === true} />
      );
    case 'props':
      return <PropsEditor {...base} field={field as JsonField} value={value as PropRow[]} onChange={set} />;
    case 'json':
      return <JsonControl {...base} field={field as JsonField} value={value as string} onChange={set} />;
    case 'grants':
      return (
        <GrantsMatrix {...base} field={field as JsonField} value={value as Grants} onChange={set}
          allActions={p.values.is_admin === true} />
      );
  }
}
