import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAdjustments, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { stockAlertsClient, stockAlertsKey } from '../../data/stock-alerts-client';
import type {
  StockAlertItem, StockAlertParams, StockExcessReply, StockExcessRow, StockShortReply, StockShortRow,
} from '../../domain/contract/stock';
import { stocklimits } from '../../domain/resources/warehouse/stocklimits';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { limitPathOf, positiveParam } from './limit-path';

/**
 * /inventory/warn (库存预警) and /inventory/warn1 (积压预警), docs/stock.md "Alerts": the items below their minimum per
 * warehouse with the open demand on them, or the stock over its maximum or idle for config `stock_idle_days`; filtered
 * by warehouse and keyword; a row opens its item-in-warehouse with its limits (/inventory/edit/:id, or
 * /inventory/create for an item that never moved there). A message's link (`?warehouse_id=&item_id=`) opens the list
 * on its warehouse with its row marked. Offline it shows the last list it had, saying so.
 */
export default function StockAlerts() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const navigate = useNavigate();
  const kind = useLocation().pathname.endsWith('/warn1') ? 'excess' : 'short';
  const [search] = useSearchParams();
  const [warehouseId, setWarehouseId] = useState<number | null>(() => positiveParam(search.get('warehouse_id')));
  const [marked] = useState<number | null>(() => positiveParam(search.get('item_id')));
  const [keyword, setKeyword] = useState('');
  const params: StockAlertParams = {
    ...(warehouseId !== null ? { warehouse_id: warehouseId } : {}), ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  };
  const q = useQuery({
    queryKey: stockAlertsKey(kind, params),
    queryFn: ({ signal }): Promise<StockShortReply | StockExcessReply> =>
      (kind === 'short' ? stockAlertsClient.shortages(params, { signal }) : stockAlertsClient.excesses(params, { signal })),
  });
  const offline = offlineView(q, useReachable());
  const rows = (q.data?.dt ?? []) as (StockShortRow | StockExcessRow)[];
  const n = (x: number | null) => (x === null ? '' : formatForReading(x, lang, 4));

  return (
    <Stack gap="sm" p="sm" data-testid="stock-alerts" data-kind={kind}>
      <Group gap={8} align="flex-end" wrap="wrap">
        <div style={{ width: 220 }}>
          <RefSelect def={stocklimits} name="warehouse_id" field={stocklimits.fields.warehouse_id} label={t('stockalerts.warehouse')}
            required={false} disabled={false} value={warehouseId} onChange={setWarehouseId} testId="alerts-warehouse" />
        </div>
        <TextInput size="xs" w={220} label={t('stockalerts.keyword')} value={keyword} onChange={e => setKeyword(e.currentTarget.value)}
          data-testid="alerts-keyword" />
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching}
          onClick={() => void q.refetch()} data-testid="alerts-refresh">{t('stockalerts.refresh')}</Button>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => void navigate('/inventory/create')}
          data-testid="alerts-new-limit">{t('stockalerts.new_limit')}</Button>
        <Button size="xs" variant="subtle" leftSection={<IconAdjustments size={14} />} onClick={() => void navigate('/stocklimits/list')}
          data-testid="alerts-limits">{t('stockalerts.limits')}</Button>
      </Group>
      <Text size="xs" c="dimmed">
        {kind === 'short' ? t('stockalerts.demand_hint') : t('stockalerts.idle_rule', { days: q.data && 'idle_days' in q.data ? q.data.idle_days : '…' })}
        {q.data && ` · ${t('stockalerts.as_of', { time: localDateTimeString(new Date(q.data.asOf)) })}`}
      </Text>
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isError && q.data === undefined && !offline.offline && <Alert color="red" py={6}>{t('stockalerts.load_failed')}</Alert>}
      {q.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid="alerts-none">{t(kind === 'short' ? 'stockalerts.none_short' : 'stockalerts.none_excess')}</Text>
      )}
      {rows.length > 0 && (
        <>
          <Text size="sm" data-testid="alerts-total">
            {q.data!.total > rows.length ? t('stockalerts.truncated', { shown: rows.length, count: q.data!.total })
              : t('stockalerts.total', { count: q.data!.total })}
          </Text>
          <Paper withBorder style={{ overflowX: 'auto' }}>
            <Table striped highlightOnHover withColumnBorders data-testid="alerts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resources.items.fields.code')}</Table.Th>
                  <Table.Th>{t('stockalerts.item')}</Table.Th>
                  <Table.Th>{t('resources.items.fields.spec')}</Table.Th>
                  <Table.Th>{t('stockalerts.warehouse')}</Table.Th>
                  <Table.Th ta="right">{t('stockalerts.on_hand')}</Table.Th>
                  {kind === 'short' ? (
                    <>
                      <Table.Th ta="right">{t('stockalerts.minimum')}</Table.Th>
                      <Table.Th ta="right">{t('stockalerts.shortfall')}</Table.Th>
                      <Table.Th ta="right">{t('stockalerts.demand_orders')}</Table.Th>
                      <Table.Th ta="right">{t('stockalerts.demand_materials')}</Table.Th>
                    </>
                  ) : (
                    <>
                      <Table.Th ta="right">{t('stockalerts.maximum')}</Table.Th>
                      <Table.Th ta="right">{t('stockalerts.excess')}</Table.Th>
                      <Table.Th>{t('stockalerts.last_moved')}</Table.Th>
                      <Table.Th ta="right">{t('stockalerts.idle_days')}</Table.Th>
                      <Table.Th />
                    </>
                  )}
                  <Table.Th>{t('resources.items.fields.unit')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={`${r.item_id}:${r.warehouse_id}`} data-testid="alerts-row" data-item={r.item_id} data-warehouse={r.warehouse_id}
                    data-marked={marked === r.item_id ? 'true' : undefined}
                    style={marked === r.item_id ? { outline: '2px solid var(--mantine-color-orange-6)' } : undefined}>
                    <Table.Td>{r.item_code}</Table.Td>
                    <Table.Td>
                      <Anchor size="sm" onClick={() => void navigate(limitPathOf(r as StockAlertItem))}>{r.item_name}</Anchor>
                    </Table.Td>
                    <Table.Td>{r.spec}</Table.Td>
                    <Table.Td>{r.warehouse_name}</Table.Td>
                    <Table.Td ta="right" ff="monospace">{n(r.quantity)}</Table.Td>
                    {'shortfall' in r ? (
                      <>
                        <Table.Td ta="right" ff="monospace">{n(r.min_quantity)}</Table.Td>
                        <Table.Td ta="right" ff="monospace" c="red">{n(r.shortfall)}</Table.Td>
                        <Table.Td ta="right" ff="monospace">{n(r.demand_orders)}</Table.Td>
                        <Table.Td ta="right" ff="monospace">{n(r.demand_materials)}</Table.Td>
                      </>
                    ) : (
                      <>
                        <Table.Td ta="right" ff="monospace">{n(r.max_quantity)}</Table.Td>
                        <Table.Td ta="right" ff="monospace">{r.excess ? n(r.excess) : ''}</Table.Td>
                        <Table.Td>{r.moved_at ? localDateTimeString(new Date(r.moved_at)) : t('stockalerts.never_moved')}</Table.Td>
                        <Table.Td ta="right" ff="monospace">{r.idle_days ?? ''}</Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {r.reasons.map(x => (
                              <Badge key={x} size="sm" color={x === 'over_max' ? 'orange' : 'gray'}>{t(`stockalerts.reason_${x}`)}</Badge>
                            ))}
                          </Group>
                        </Table.Td>
                      </>
                    )}
                    <Table.Td>{r.unit}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
    </Stack>
  );
}

