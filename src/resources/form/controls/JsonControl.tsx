import { JsonInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JsonField } from '../../../domain/registry/fields';
import type { ControlProps } from './control-props';

/** Free structured data (e.g. a warehouse's position map) as JSON text; parsed and checked on save. */
export function JsonControl(p: ControlProps<string, JsonField>) {
  const { t } = useTranslation();
  return (
    <JsonInput label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled} value={p.value}
      onChange={v => p.onChange(v)} description={t('forms.json_hint')} autosize minRows={4} maxRows={20}
      formatOnBlur data-testid={p.testId} />
  );
}
