import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JsonField } from '../../../domain/registry/fields';
import type { PropRow } from '../form-values';
import type { ControlProps } from './control-props';
import { moveItem } from './RefsOrderedSelect';

/**
 * The dynamic property columns of a row (`props`): name/value rows whose order is the order the columns are
 * shown and exported in, so rows can be moved. Blank rows are dropped on save; a name used twice is refused.
 */
export function PropsEditor(p: ControlProps<PropRow[], JsonField>) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<PropRow>) => p.onChange(p.value.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Input.Wrapper label={p.label} withAsterisk={p.required} error={p.error} data-testid={p.testId}>
      <Stack gap={4} mt={4}>
        {p.value.length === 0 && <Text size="sm" c="dimmed">{t('forms.props_empty')}</Text>}
        {p.value.map((r, i) => (
          // Rows have no identity but their place; the list is short and re-keyed only by moving rows.
          <Group key={i} gap="xs" wrap="nowrap" data-testid={`${p.testId}-row`}>
            <TextInput aria-label={t('forms.props_key')} placeholder={t('forms.props_key')} value={r.key}
              disabled={p.disabled} onChange={e => set(i, { key: e.currentTarget.value })} style={{ flex: 1 }}
              data-testid={`${p.testId}-key-${i}`} />
            <TextInput aria-label={t('forms.props_value')} placeholder={t('forms.props_value')} value={r.value}
              disabled={p.disabled} onChange={e => set(i, { value: e.currentTarget.value })} style={{ flex: 2 }}
              data-testid={`${p.testId}-value-${i}`} />
            <ActionIcon variant="subtle" aria-label={t('forms.move_up')} title={t('forms.move_up')}
              disabled={p.disabled || i === 0} onClick={() => p.onChange(moveItem(p.value, i, -1))}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={t('forms.move_down')} title={t('forms.move_down')}
              disabled={p.disabled || i === p.value.length - 1} onClick={() => p.onChange(moveItem(p.value, i, 1))}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t('forms.remove')} title={t('forms.remove')}
              disabled={p.disabled} onClick={() => p.onChange(p.value.filter((_, j) => j !== i))}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={p.disabled}
            onClick={() => p.onChange([...p.value, { key: '', value: '' }])} data-testid={`${p.testId}-add`}>
            {t('forms.props_add')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
