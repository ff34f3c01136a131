import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formulasClient } from '../../data/formulas-client';
import { queryKeys } from '../../data/query-keys';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';
import { formulamaterials } from '../../domain/resources/formulas/formulamaterials';
import { formulas } from '../../domain/resources/formulas/formulas';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';

/**
 * /formulas/items: which current formulas use a material (`GET /formulas/items/?material_id=`): directly, with the
 * quantity per unit and loss rate of their lines, or through a sub-formula (named). A row opens its formula.
 */
export default function FormulaItems() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const [material, setMaterial] = useState<number | null>(null);
  const [label, setLabel] = useState<string | undefined>();
  const q = useQuery({
    queryKey: queryKeys.list(formulas.api, { items: 1, material_id: material }),
    queryFn: ({ signal }) => formulasClient.itemsUsing(material!, { signal }),
    enabled: material !== null,
  });
  const reachable = useReachable();
  const offline = offlineView(q, reachable);
  const rows = q.data ?? [];
  return (
    <Stack gap="sm" p="sm" data-testid="formula-items">
      <Group gap={8} align="flex-end" wrap="wrap">
        <div style={{ width: 280 }}>
          <RefSelect def={formulamaterials} name="item_id" field={formulamaterials.fields.item_id} label={t('formulas.material')}
            required={false} disabled={false} value={material} valueLabel={label}
            onLabel={(_id, l) => setLabel(l)} onChange={setMaterial} testId="formula-items-material" />
        </div>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching} disabled={material === null}
          onClick={() => void q.refetch()}>
          {t('formulas.refresh')}
        </Button>
      </Group>
      {material === null && <Text c="dimmed" size="sm">{t('formulas.pick_material')}</Text>}
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isError && q.data === undefined && !offline.offline && (
        <Alert color="red" title={t('formulas.load_failed')} py={6}>
          <Button size="xs" variant="light" onClick={() => void q.refetch()}>{t('lists.retry')}</Button>
        </Alert>
      )}
      {q.isSuccess && rows.length === 0 && <Text c="dimmed" size="sm">{t('formulas.used_by_none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder>
          <Table striped highlightOnHover withColumnBorders data-testid="formula-items-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('resources.formulas.fields.code')}</Table.Th>
                <Table.Th>{t('resources.formulas.fields.name')}</Table.Th>
                <Table.Th>{t('resources.formulas.fields.version_no')}</Table.Th>
                <Table.Th>{t('resources.formulas.fields.item_id')}</Table.Th>
                <Table.Th ta="right">{t('resources.formulamaterials.fields.quantity')}</Table.Th>
                <Table.Th>{t('resources.formulamaterials.fields.unit')}</Table.Th>
                <Table.Th ta="right">{t('resources.formulamaterials.fields.loss_rate')}</Table.Th>
                <Table.Th>{t('resources.formulamaterials.fields.sub_formula_id')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(r => (
                <Table.Tr key={r.formula_id} data-testid="formula-items-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/formulas/edit/${r.formula_id}`} size="sm" aria-label={t('formulas.open_formula')}>{r.code}</Anchor>
                  </Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.version_no}</Table.Td>
                  <Table.Td>{r.item_name}</Table.Td>
                  <Table.Td ta="right">{r.quantity === null ? '' : String(r.quantity)}</Table.Td>
                  <Table.Td>{r.unit}</Table.Td>
                  <Table.Td ta="right">{r.loss_rate === null ? '' : formatForReading(r.loss_rate, lang)}</Table.Td>
                  <Table.Td>{r.via === null ? t('formulas.direct') : t('formulas.via', { via: r.via })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
