import { Alert, Group, Input, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsOf, type Grants, type ResourceGrant } from '../../../domain/contract/permissions';
import type { JsonField } from '../../../domain/registry/fields';
import type { ResourceDef } from '../../../domain/registry/resource';
import { RESOURCES } from '../../../domain/resources/all';
import type { ControlProps } from './control-props';
import {
  COLUMNS, hasAction, rowState, setAction, setOwn, setRow, specialActions,
} from './grants-matrix';

export interface GrantsMatrixProps extends ControlProps<Grants, JsonField> {
  /** The role is an administrator: it may do everything whatever is ticked (the matrix stays editable). */
  allActions?: boolean;
}

/**
 * A role's grants (src/domain/contract/permissions.ts) as a matrix: one row per declared resource, one column per
 * standard action (a cell only where the resource has the action), the resource's special actions, and "own rows
 * only" where the resource has an owner field. Editing rules: grants-matrix.ts. A filter narrows the rows by the
 * resource's label or name.
 */
export function GrantsMatrix(p: GrantsMatrixProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q) return RESOURCES;
    return RESOURCES.filter(r => r.name.includes(q) || t(`resources.${r.name}.name`).toLowerCase().includes(q));
  }, [filter, t]);
  // Rows re-render only when their own grant changes (a role form re-renders on every keystroke elsewhere), so they
  // get one stable way to change the value: a function of the latest value, applied to it.
  const latest = useRef({ value: p.value, onChange: p.onChange });
  useLayoutEffect(() => { latest.current = { value: p.value, onChange: p.onChange }; });
  const apply = useCallback((change: (g: Grants) => Grants) => {
    latest.current.onChange(change(latest.current.value));
  }, []);

  return (
    <Input.Wrapper label={p.label} withAsterisk={p.required} error={p.error} data-testid={p.testId}>
      {p.allActions && <Alert color="blue" py="xs" mt={4}>{t('forms.grants_admin_hint')}</Alert>}
      <Group gap="xs" my="xs">
        <TextInput placeholder={t('forms.grants_filter')} aria-label={t('forms.grants_filter')} value={filter}
          onChange={e => setFilter(e.currentTarget.value)} leftSection={<IconSearch size={14} />} w={240} />
        <Text size="sm" c="dimmed" data-testid={`${p.testId}-count`}>
          {t('forms.grants_count', { count: Object.keys(p.value).length })}
        </Text>
        <Text size="xs" c="dimmed">{t('forms.grants_hint')}</Text>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('forms.grants_resource')}</Table.Th>
              <Table.Th>{t('forms.grants_row_all')}</Table.Th>
              {COLUMNS.map(a => <Table.Th key={a}>{t(`forms.grants_actions.${a}`)}</Table.Th>)}
              <Table.Th>{t('forms.grants_special')}</Table.Th>
              <Table.Th>{t('forms.grants_own')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(res => <GrantRow key={res.name} res={res} grant={p.value[res.name]} disabled={p.disabled} apply={apply} />)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Input.Wrapper>
  );
}

interface GrantRowProps {
  res: ResourceDef;
  grant: ResourceGrant | undefined;
  disabled: boolean;
  apply: (change: (g: Grants) => Grants) => void;
}

/**
 * A native checkbox: the matrix holds some 300 of them, and Mantine's Checkbox (several elements each) made a role's
 * form several times slower to render.
 */
function Box(p: { label: string; checked: boolean; indeterminate?: boolean; disabled: boolean; testId: string; onChange: (on: boolean) => void }) {
  return (
    <input type="checkbox" aria-label={p.label} title={p.label} checked={p.checked} disabled={p.disabled} data-testid={p.testId}
      ref={el => { if (el) el.indeterminate = !!p.indeterminate; }} onChange={e => p.onChange(e.currentTarget.checked)} />
  );
}

const GrantRow = memo(function GrantRow({ res, grant, disabled, apply }: GrantRowProps) {
  const { t } = useTranslation();
  const mine: Grants = grant ? { [res.name]: grant } : {};
  const has = actionsOf(res);
  const state = rowState(mine, res);
  const label = t(`resources.${res.name}.name`);
  const id = (what: string) => `grant-${res.name}-${what}`;
  const tick = (a: string) => (on: boolean) => apply(g => setAction(g, res, a, on));
  return (
    <Table.Tr data-testid={id('row')}>
      <Table.Td><Text size="sm">{label}</Text></Table.Td>
      <Table.Td>
        <Box label={`${label} ${t('forms.grants_row_all')}`} checked={state === 'all'} indeterminate={state === 'some'}
          disabled={disabled} testId={id('all')} onChange={on => apply(g => setRow(g, res, on))} />
      </Table.Td>
      {COLUMNS.map(a => (
        <Table.Td key={a}>
          {has.includes(a) && (
            <Box label={`${label} ${t(`forms.grants_actions.${a}`)}`} checked={hasAction(mine, res, a)} disabled={disabled}
              testId={id(a)} onChange={tick(a)} />
          )}
        </Table.Td>
      ))}
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {specialActions(res).map(a => {
            const name = t(`forms.grants_special_actions.${a}`, { defaultValue: a });
            return (
              <label key={a} style={{ display: 'inline-flex', gap: 4, alignItems: 'center', whiteSpace: 'nowrap' }}>
                <Box label={`${label} ${name}`} checked={hasAction(mine, res, a)} disabled={disabled} testId={id(a)} onChange={tick(a)} />
                <Text size="xs" span>{name}</Text>
              </label>
            );
          })}
        </Group>
      </Table.Td>
      <Table.Td>
        {res.owner && (
          <Box label={`${label} ${t('forms.grants_own')}`} checked={grant?.scope === 'own'} disabled={disabled || !grant}
            testId={id('own')} onChange={own => apply(g => setOwn(g, res, own))} />
        )}
      </Table.Td>
    </Table.Tr>
  );
});
