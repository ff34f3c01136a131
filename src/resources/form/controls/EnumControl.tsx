import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EnumField } from '../../../domain/registry/fields';
import type { ControlProps } from './control-props';

/** One of the declared values, labelled `resources.<name>.enums.<field>.<value>` (the value itself when unlabelled). */
export function EnumControl(p: ControlProps<string | null, EnumField>) {
  const { t } = useTranslation();
  const data = p.field.values.map(v => ({
    value: v, label: t(`resources.${p.def.name}.enums.${p.name}.${v}`, { defaultValue: v }),
  }));
  return (
    <Select label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled} data={data}
      value={p.value} onChange={v => p.onChange(v)} clearable={!p.required} allowDeselect={!p.required}
      data-testid={p.testId} />
  );
}
