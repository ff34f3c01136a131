import { Alert, Anchor, Badge, Group, Loader, Pagination, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Filter } from '../../domain/contract/list';
import { editPathOf } from '../../domain/menu/resource-paths';
import { packages } from '../../domain/resources/warehouse/packages';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import { warehouses } from '../../domain/resources/warehouse/warehouses';
import { formatForReading } from '../../domain/rules/numbers';
import { useResourceList } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';

const PAGE = 50;
type Stage = 'all' | 'semi' | 'finished';

/**
 * /warehouses/packingpres (打包记录, docs/delivery.md "Packing"): the packing documents (stock documents of kind `pack`,
 * the generic list of stockdocs with that filter, paged by the server), newest first, each with its package (opened on
 * the package's form), store, quantity, who posted it and when; cancelled ones struck through. Narrowed to the
 * semi-finished or finished stores by the warehouses' type.
 */
export default function PackingRecords() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const [page, setPage] = useState(1);
  const [stage, setStage] = useState<Stage>('all');
  const stores = useResourceList(warehouses, { limit: -1 }, { staleTime: 60_000 });
  const storeIds = useMemo(() => (stores.data?.dt ?? []).filter(w => w.kind === stage).map(w => w.id), [stores.data, stage]);
  const filter = useMemo<Filter<typeof stockdocs>[]>(() => [
    { field: 'kind', op: 'eq', value: 'pack' },
    ...(stage === 'all' ? [] : [{ field: 'warehouse_id', op: 'in', value: storeIds } as Filter<typeof stockdocs>]),
  ], [stage, storeIds]);
  const list = useResourceList(stockdocs, { page, limit: PAGE, sort: ['-id'], filter }, { keepPrevious: true });
  const rows = list.data?.dt ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE));
  return (
    <Stack p="md" gap="sm" data-testid="packing-records">
      <Group justify="space-between">
        <SegmentedControl size="xs" value={stage} onChange={v => { setStage(v as Stage); setPage(1); }} data-testid="records-stage"
          data={(['all', 'semi', 'finished'] as const).map(s => ({ value: s, label: t(`packing.stage_${s}`) }))} />
        {list.isFetching && <Loader size="xs" />}
      </Group>
      {list.isError && <Alert color="red" py={6}>{t('packing.load_failed')}</Alert>}
      <Paper withBorder>
        <Table striped fz="sm" data-testid="records-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('resources.stockdocs.fields.show_id')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.date')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.package_id')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.warehouse_id')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.quantity')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.posted_by')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.posted_at')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.status')}</Table.Th>
              <Table.Th>{t('resources.stockdocs.fields.remark')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !list.isPending && (
              <Table.Tr><Table.Td colSpan={9}><Text size="sm" c="dimmed">{t('packing.none_yet')}</Text></Table.Td></Table.Tr>
            )}
            {rows.map(r => {
              const packagePath = r.package_id == null ? null : editPathOf(packages, r.package_id);
              return (
                <Table.Tr key={r.id} data-testid={`record-${r.show_id}`} style={r.canceled ? { textDecoration: 'line-through' } : undefined}>
                  <Table.Td>{r.show_id}</Table.Td>
                  <Table.Td>{r.date ?? ''}</Table.Td>
                  <Table.Td>{packagePath ? <Anchor component={Link} to={packagePath} size="sm">{r.package_id_name ?? r.package_id}</Anchor> : ''}</Table.Td>
                  <Table.Td>{r.warehouse_id_name ?? ''}</Table.Td>
                  <Table.Td>{formatForReading(Number(r.quantity ?? 0), lang, 4)}</Table.Td>
                  <Table.Td>{r.posted_by_name ?? ''}</Table.Td>
                  <Table.Td>{r.posted_at ? new Date(r.posted_at).toLocaleString(lang) : ''}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={r.canceled ? 'gray' : r.status === 'posted' ? 'green' : 'blue'}>
                      {r.canceled ? t('packing.canceled') : t(`resources.stockdocs.enums.status.${r.status ?? 'draft'}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.remark ?? ''}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} data-testid="records-pages" />}
    </Stack>
  );
}
