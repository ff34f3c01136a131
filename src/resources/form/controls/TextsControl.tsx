import { TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextsField } from '../../../domain/registry/fields';
import type { ControlProps } from './control-props';

/** A list of short strings as tags, in the order typed; a tag is listed once. */
export function TextsControl(p: ControlProps<string[], TextsField>) {
  const { t } = useTranslation();
  return (
    <TagsInput label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled} value={p.value}
      onChange={v => p.onChange(v)} maxTags={p.field.maxItems} allowDuplicates={false} clearable withPillsReorder
      placeholder={t('forms.texts_placeholder')} data-testid={p.testId} />
  );
}
