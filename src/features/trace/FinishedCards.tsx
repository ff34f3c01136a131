import { Alert, Anchor, Button, Group, Loader, Paper, Pagination, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { traceClient, traceKeys } from '../../data/trace-client';
import { MAX_FINISHED_CARD_ROWS, type FinishedCardRow, type FinishedCardsParams } from '../../domain/contract/trace';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { tracePath } from '../../domain/rules/trace';
import { saveBytes } from '../../resources/export/download';
import { exportFileName } from '../../resources/export/export-rows';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { buildSpreadsheet } from '../../workers/spreadsheet';

const PAGE = 100;

/**
 * /warehouses/cards (成品按流程卡, decision 210): the finished goods on hand by card — each place of a finished-goods
 * store whose lot is a card, with the card's order and customer, the item, where it lies and the package it is packed
 * in; narrowed by warehouse, customer, packed or loose and a keyword (card, order, item, package number, customer);
 * paged by the server with the whole list's count and quantity; exported (every row, up to 5,000). A card opens its
 * trace, its number its lot's flow. Offline it shows the last pages it read.
 */
export default function FinishedCards() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [packed, setPacked] = useState<'all' | 'packed' | 'loose'>('all');
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filters: FinishedCardsParams = {
    ...(warehouseId !== null ? { warehouse_id: warehouseId } : {}), ...(customerId !== null ? { customer_id: customerId } : {}),
    ...(packed !== 'all' ? { packed } : {}), ...(debounced ? { keyword: debounced } : {}),
  };
  const params: FinishedCardsParams = { ...filters, page, limit: PAGE };
  const q = useQuery({
    queryKey: traceKeys.finishedCards(params), placeholderData: keepPreviousData,
    queryFn: ({ signal }) => traceClient.finishedCards(params, { signal }),
  });
  const offline = offlineView(q, useReachable());
  const rows = q.data?.dt ?? [];
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE));
  const n = (v: number | null) => formatForReading(v, lang);
  const f = (res: string, name: string) => t(`resources.${res}.fields.${name}`);
  const head = [f('cards', 'show_id'), f('cards', 'order_show_id'), f('deliveries', 'customer_id'), f('stocklots', 'item_id'),
    f('stocklots', 'warehouse_id'), f('stocklots', 'position_id'), f('stocklots', 'status_id'), f('stocklots', 'package_id'),
    f('stocklots', 'quantity'), f('stocklots', 'moved_at')];
  const cells = (r: FinishedCardRow) => [r.card_show_id ?? '', r.order_show_id ?? '', r.customer_name ?? '',
    `${r.item_code ?? ''} ${r.item_name ?? ''}`.trim(), r.warehouse_name ?? '', r.position_name ?? '', r.status_name ?? '',
    r.package_show_id ?? '', r.quantity, r.moved_at ? localDateTimeString(new Date(r.moved_at)) : ''];
  const change = <T,>(set: (v: T) => void) => (v: T) => { set(v); setPage(1); };

  const exportAll = async () => {
    setExporting(true);
    try {
      const all = await traceClient.finishedCards({ ...filters, limit: MAX_FINISHED_CARD_ROWS });
      saveBytes(await buildSpreadsheet(head, all.dt.map(cells)), exportFileName(t('menu.warehouse_cards')));
    } catch {
      // The data layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm" p="sm" data-testid="finished-cards">
      <Group gap={8} align="flex-end" wrap="wrap">
        <div style={{ width: 200 }}>
          <RefSelect def={stocklots} name="warehouse_id" field={stocklots.fields.warehouse_id} label={f('stocklots', 'warehouse_id')}
            required={false} disabled={false} value={warehouseId} onChange={change(setWarehouseId)} testId="finished-cards-warehouse" />
        </div>
        <div style={{ width: 220 }}>
          <RefSelect def={stockdocs} name="customer_id" field={stockdocs.fields.customer_id} label={f('stockdocs', 'customer_id')}
            required={false} disabled={false} value={customerId} onChange={change(setCustomerId)} testId="finished-cards-customer" />
        </div>
        <SegmentedControl size="xs" value={packed} onChange={v => change(setPacked)(v as typeof packed)} data-testid="finished-cards-packed"
          data={[{ value: 'all', label: t('finishedviews.all') }, { value: 'packed', label: t('finishedviews.packed') },
            { value: 'loose', label: t('finishedviews.loose') }]} />
        <TextInput size="xs" w={220} label={t('finishedviews.keyword')} placeholder={t('finishedviews.keyword_hint')} value={keyword}
          onChange={e => { setKeyword(e.currentTarget.value); setPage(1); }} data-testid="finished-cards-keyword" />
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching} onClick={() => void q.refetch()}
          data-testid="finished-cards-refresh">{t('finishedviews.refresh')}</Button>
        <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={exporting} disabled={rows.length === 0}
          onClick={() => void exportAll()} data-testid="finished-cards-export">{t('finishedviews.export')}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t('finishedviews.cards_note')}</Text>
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isPending && <Loader size="xs" />}
      {q.isError && q.data === undefined && !offline.offline && <Alert color="red" py={6}>{t('finishedviews.load_failed')}</Alert>}
      {q.data && (
        <Text size="sm" data-testid="finished-cards-total">
          {t('finishedviews.cards_total', { count: q.data.total, quantity: n(q.data.quantity) })}
          {` · ${t('finishedviews.as_of', { time: localDateTimeString(new Date(q.data.asOf)) })}`}
        </Text>
      )}
      {q.isSuccess && rows.length === 0 && <Text c="dimmed" size="sm" data-testid="finished-cards-none">{t('finishedviews.cards_none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder>
          <ScrollArea>
            <Table striped highlightOnHover withColumnBorders fz="sm" data-testid="finished-cards-table">
              <Table.Thead><Table.Tr>{head.map((h, i) => <Table.Th key={i}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.id} data-testid="finished-cards-row" data-card={r.card_show_id ?? ''}>
                    <Table.Td>
                      <Anchor component={Link} to={tracePath({ kind: 'card', id: r.card_id })} size="sm">{r.card_show_id}</Anchor>
                    </Table.Td>
                    <Table.Td>{r.order_show_id}</Table.Td>
                    <Table.Td>{r.customer_name}</Table.Td>
                    <Table.Td>{`${r.item_code ?? ''} ${r.item_name ?? ''}`.trim()}</Table.Td>
                    <Table.Td>{r.warehouse_name}</Table.Td>
                    <Table.Td>{r.position_name}</Table.Td>
                    <Table.Td>{r.status_name}</Table.Td>
                    <Table.Td>
                      {r.package_id !== null && (
                        <Anchor component={Link} to={tracePath({ kind: 'package', id: r.package_id })} size="sm">{r.package_show_id}</Anchor>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{n(r.quantity)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/inventorydetails/flow?card=${r.card_id}`} size="sm">
                        {r.moved_at ? localDateTimeString(new Date(r.moved_at)) : ''}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} data-testid="finished-cards-pages" />}
    </Stack>
  );
}
