import { ActionIcon, Badge, Group, Input, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefsField } from '../../../domain/registry/fields';
import { resourceByName } from '../../../domain/resources/all';
import type { ControlProps } from './control-props';
import { useRefOptions } from './use-ref-options';

export interface RefsOrderedSelectProps extends ControlProps<number[], RefsField> {
  /** Display names by id (`<field>_names` of the row, plus what was picked here). */
  labels: Record<number, string>;
  onLabel: (id: number, label: string) => void;
}

/** Moves the item at `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveItem<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
}

/**
 * An ordered list of references (a workflow's work nodes, in the order cards pass them): each entry can move up
 * or down or be removed, and a searchable picker adds a row at the end. A row is listed once.
 */
export function RefsOrderedSelect(p: RefsOrderedSelectProps) {
  const { t } = useTranslation();
  const target = resourceByName(p.field.to);
  if (!target) throw new Error(`${p.def.name}.${p.name}: unknown resource ${p.field.to}`);
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const { options, loading } = useRefOptions(target, search, opened);
  const chosen = new Set(p.value);
  const full = p.field.max !== undefined && p.value.length >= p.field.max;
  const nameOf = (id: number) => p.labels[id] ?? `#${id}`;

  return (
    <Input.Wrapper label={p.label} withAsterisk={p.required} error={p.error} data-testid={p.testId}>
      <Stack gap={4} mt={4}>
        {p.value.length === 0 && <Text size="sm" c="dimmed">{t('forms.refs_empty')}</Text>}
        {p.value.map((id, i) => (
          <Paper key={id} withBorder px="xs" py={4} data-testid={`${p.testId}-item`} data-id={id}>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" circle>{i + 1}</Badge>
              <Text size="sm" style={{ flex: 1 }} truncate>{nameOf(id)}</Text>
              <ActionIcon variant="subtle" aria-label={t('forms.move_up')} title={t('forms.move_up')}
                disabled={p.disabled || i === 0} onClick={() => p.onChange(moveItem(p.value, i, -1))}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={t('forms.move_down')} title={t('forms.move_down')}
                disabled={p.disabled || i === p.value.length - 1} onClick={() => p.onChange(moveItem(p.value, i, 1))}>
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('forms.remove')} title={t('forms.remove')}
                disabled={p.disabled} onClick={() => p.onChange(p.value.filter(x => x !== id))}>
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
        <Select<number> searchable value={null} data={options.filter(o => !chosen.has(o.value))}
          searchValue={search} onSearchChange={setSearch} filter={({ options: all }) => all}
          onChange={(v, option) => {
            if (v === null) return;
            if (option) p.onLabel(v, option.label);
            p.onChange([...p.value, v]);
            setSearch('');
          }}
          onDropdownOpen={() => setOpened(true)} onDropdownClose={() => setOpened(false)}
          disabled={p.disabled || full} placeholder={t('forms.refs_add')} aria-label={`${p.label} ${t('forms.refs_add')}`}
          nothingFoundMessage={loading ? <Loader size="xs" /> : t('forms.ref_nothing_found')}
          data-testid={`${p.testId}-add`} />
      </Stack>
    </Input.Wrapper>
  );
}
