import { Alert, Anchor, Group, Loader, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formulasClient } from '../../data/formulas-client';
import { queryKeys } from '../../data/query-keys';
import type { ResourceDef } from '../../domain/registry/resource';
import { formulas } from '../../domain/resources/formulas/formulas';
import { items } from '../../domain/resources/items/items';
import { details } from '../../domain/resources/orders/details';
import { orders } from '../../domain/resources/orders/orders';
import { inventory } from '../../domain/resources/warehouse/inventory';
import { itemlogs } from '../../domain/resources/warehouse/itemlogs';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable, useResourceDetail, useResourceList } from '../../ui/data/use-resource';
import { useCan } from '../../ui/data/use-permissions';
import { useReaderLang } from '../../ui/use-reader-lang';
import {
  byPlaceQuery, byWarehouseQuery, linesQuery, openLines, openOrdersQuery, orderIdsOf, recentMovesQuery, RECENT_MOVES,
} from './item-query';

/**
 * /items/query (物料查询, decision 183): one item's stock everywhere — per warehouse with its value, per exact place and
 * lot — its recent movements, the open orders naming it and the formulas using it, each read through its resource's
 * list (or the formulas' declared call) and shown only to a role that may view it. The item is in the address
 * (`?item=<id>`), so a link or a reload opens the same item.
 */
export default function ItemQuery() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('item'));
  const item = Number.isInteger(raw) && raw > 0 ? raw : null;
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  // Opened by its address: the item's name from its row (items are kept offline), until one is picked here.
  const detail = useResourceDetail(items, item ?? undefined);
  const shown = picked?.id === item ? picked.label : (detail.data ? String(detail.data.row.name ?? '') || undefined : undefined);
  return (
    <Stack gap="sm" p="sm" data-testid="item-query">
      <div style={{ width: 320 }}>
        <RefSelect def={stocklots} name="item_id" field={stocklots.fields.item_id} label={t('stockviews.pick_item')} required={false}
          disabled={false} value={item} valueLabel={shown} onLabel={(id, l) => setPicked({ id, label: l })} testId="item-query-item"
          onChange={id => setParams(id === null ? {} : { item: String(id) })} />
      </div>
      {item === null ? <Text c="dimmed" size="sm">{t('stockviews.pick_item_hint')}</Text> : <ItemViews key={item} item={item} />}
    </Stack>
  );
}

function ItemViews({ item }: { item: number }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <ByWarehouse item={item} />
        <ByPlace item={item} />
      </SimpleGrid>
      <RecentMoves item={item} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <OpenOrders item={item} />
        <FormulaUses item={item} />
      </SimpleGrid>
    </>
  );
}

const num = (v: unknown, lang: ReturnType<typeof useReaderLang>, decimals?: number) =>
  (v === null || v === undefined || v === '' ? '' : formatForReading(Number(v), lang, decimals ?? 4, decimals));

/** A titled part of the screen: its state (not permitted, loading, failed, offline copy, empty) or its table. */
function Section({ title, testId, def, query, empty, children, extra }: {
  title: string; testId: string; def: ResourceDef; query: UseQueryResult<unknown> | null; empty: boolean; children: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const allowed = useCan(def, 'view');
  const reachable = useReachable();
  const offline = query ? offlineView(query, reachable) : null;
  return (
    <Paper withBorder p="xs" data-testid={testId}>
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h5">{title}</Title>
        {extra}
      </Group>
      {!allowed ? <Text size="sm" c="dimmed" data-testid={`${testId}-denied`}>{t('stockviews.not_allowed')}</Text>
        : query === null || query.isPending ? <Loader size="xs" />
          : query.isError && query.data === undefined ? <Alert color="red" py={6}>{t('stockviews.load_failed')}</Alert>
            : (
              <>
                {offline && <OfflineNotice view={offline} hasData={query.data !== undefined} />}
                {empty ? <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>{t('stockviews.none')}</Text>
                  : <ScrollArea>{children}</ScrollArea>}
              </>
            )}
    </Paper>
  );
}

const th = (label: string, right = false) => <Table.Th ta={right ? 'right' : undefined}>{label}</Table.Th>;

function ByWarehouse({ item }: { item: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const allowed = useCan(inventory, 'view');
  const q = useResourceList(inventory, byWarehouseQuery(item), { enabled: allowed });
  const rows = q.data?.dt ?? [];
  const f = (name: string) => t(`resources.inventory.fields.${name}`);
  return (
    <Section title={t('stockviews.by_warehouse')} testId="item-query-warehouses" def={inventory} query={allowed ? q : null} empty={rows.length === 0}>
      <Table striped withColumnBorders>
        <Table.Thead><Table.Tr>{th(f('warehouse_id'))}{th(f('quantity'), true)}{th(f('unit_cost'), true)}{th(f('value'), true)}</Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map(r => (
            <Table.Tr key={r.id} data-testid="item-query-warehouse" data-warehouse={r.warehouse_id ?? ''}>
              <Table.Td>{r.warehouse_id_name ?? ''}</Table.Td>
              <Table.Td ta="right" data-testid="quantity">{num(r.quantity, lang)}</Table.Td>
              <Table.Td ta="right">{num(r.unit_cost, lang, 2)}</Table.Td>
              <Table.Td ta="right" data-testid="value">{num(r.value, lang, 2)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700} data-testid="item-query-warehouse-total">
            <Table.Td>{t('stockviews.total')}</Table.Td>
            <Table.Td ta="right" data-testid="quantity">{num(q.data?.totals?.quantity, lang)}</Table.Td>
            <Table.Td />
            <Table.Td ta="right" data-testid="value">{num(q.data?.totals?.value, lang, 2)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function ByPlace({ item }: { item: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const allowed = useCan(stocklots, 'view');
  const q = useResourceList(stocklots, byPlaceQuery(item), { enabled: allowed });
  const rows = q.data?.dt ?? [];
  const f = (name: string) => t(`resources.stocklots.fields.${name}`);
  return (
    <Section title={t('stockviews.by_place')} testId="item-query-places" def={stocklots} query={allowed ? q : null} empty={rows.length === 0}>
      <Table striped withColumnBorders>
        <Table.Thead>
          <Table.Tr>{th(f('warehouse_id'))}{th(f('position_id'))}{th(f('status_id'))}{th(f('lot'))}{th(f('quantity'), true)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(r => (
            <Table.Tr key={r.id} data-testid="item-query-place">
              <Table.Td>{r.warehouse_id_name ?? ''}</Table.Td>
              <Table.Td>{r.position_id_name ?? ''}</Table.Td>
              <Table.Td>{r.status_id_name ?? ''}</Table.Td>
              <Table.Td>
                {r.card_id ? <Anchor component={Link} to={`/cards/query/${r.card_id}`} size="sm">{r.lot}</Anchor> : r.lot}
              </Table.Td>
              <Table.Td ta="right" data-testid="quantity">{num(r.quantity, lang)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td colSpan={4}>{t('stockviews.total')}</Table.Td>
            <Table.Td ta="right" data-testid="item-query-place-total">{num(q.data?.totals?.quantity, lang)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function RecentMoves({ item }: { item: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const allowed = useCan(itemlogs, 'view');
  const q = useResourceList(itemlogs, recentMovesQuery(item), { enabled: allowed });
  const rows = q.data?.dt ?? [];
  const f = (name: string) => t(`resources.itemlogs.fields.${name}`);
  return (
    <Section title={t('stockviews.recent_moves', { count: RECENT_MOVES })} testId="item-query-moves" def={itemlogs}
      query={allowed ? q : null} empty={rows.length === 0}
      extra={<Anchor component={Link} to="/itemlogs/list" size="xs">{t('stockviews.all_moves')}</Anchor>}>
      <Table striped withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            {th(f('at'))}{th(f('kind'))}{th(f('doc_show_id'))}{th(f('warehouse_id'))}{th(f('position_id'))}{th(f('lot'))}
            {th(f('quantity'), true)}{th(f('balance'), true)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(r => (
            <Table.Tr key={r.id} data-testid="item-query-move">
              <Table.Td>{r.at ? localDateTimeString(new Date(r.at)) : ''}</Table.Td>
              <Table.Td>{r.kind ? t(`resources.itemlogs.enums.kind.${r.kind}`) : ''}</Table.Td>
              <Table.Td>
                {r.doc_id ? <Anchor component={Link} to={`/stockdocs/edit/${r.doc_id}`} size="sm">{r.doc_show_id}</Anchor> : r.doc_show_id}
              </Table.Td>
              <Table.Td>{r.warehouse_id_name ?? ''}</Table.Td>
              <Table.Td>{r.position_id_name ?? ''}</Table.Td>
              <Table.Td>{r.lot ?? ''}</Table.Td>
              <Table.Td ta="right" data-testid="quantity">{num(r.quantity, lang)}</Table.Td>
              <Table.Td ta="right">{num(r.balance, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function OpenOrders({ item }: { item: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const linesAllowed = useCan(details, 'view');
  const ordersAllowed = useCan(orders, 'view');
  const allowed = linesAllowed && ordersAllowed;
  const lines = useResourceList(details, linesQuery(item), { enabled: allowed });
  const ids = useMemo(() => orderIdsOf(lines.data?.dt ?? []), [lines.data]);
  const open = useResourceList(orders, openOrdersQuery(ids), { enabled: allowed && ids.length > 0 });
  const rows = useMemo(() => openLines(lines.data?.dt ?? [], open.data?.dt ?? []), [lines.data, open.data]);
  // No lines at all: nothing more to ask.
  const q = lines.isSuccess && ids.length > 0 ? open : lines;
  const f = (res: string, name: string) => t(`resources.${res}.fields.${name}`);
  return (
    <Section title={t('stockviews.open_orders')} testId="item-query-orders" def={details} query={allowed ? q : null} empty={rows.length === 0}>
      <Table striped withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            {th(f('orders', 'show_id'))}{th(f('orders', 'customer_id'))}{th(f('orders', 'status'))}{th(f('details', 'due_date'))}
            {th(f('details', 'quantity'), true)}{th(t('stockviews.remaining'), true)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ line, order, remaining }) => (
            <Table.Tr key={line.id} data-testid="item-query-order">
              <Table.Td><Anchor component={Link} to={`/orders/edit/${order.id}`} size="sm">{order.show_id ?? line.code}</Anchor></Table.Td>
              <Table.Td>{order.customer_id_name ?? ''}</Table.Td>
              <Table.Td>{order.status ? t(`resources.orders.enums.status.${order.status}`) : ''}</Table.Td>
              <Table.Td>{line.due_date ?? order.due_date ?? ''}</Table.Td>
              <Table.Td ta="right">{num(line.quantity, lang)}</Table.Td>
              <Table.Td ta="right">{num(remaining, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function FormulaUses({ item }: { item: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const allowed = useCan(formulas, 'view');
  const q = useQuery({
    queryKey: queryKeys.list(formulas.api, { items: 1, material_id: item }),
    queryFn: ({ signal }) => formulasClient.itemsUsing(item, { signal }),
    enabled: allowed,
  });
  const rows = q.data ?? [];
  const f = (res: string, name: string) => t(`resources.${res}.fields.${name}`);
  return (
    <Section title={t('stockviews.formula_uses')} testId="item-query-formulas" def={formulas} query={allowed ? q : null} empty={rows.length === 0}>
      <Table striped withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            {th(f('formulas', 'code'))}{th(f('formulas', 'name'))}{th(f('formulas', 'item_id'))}
            {th(f('formulamaterials', 'quantity'), true)}{th(t('stockviews.via_sub'))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(r => (
            <Table.Tr key={r.formula_id} data-testid="item-query-formula">
              <Table.Td><Anchor component={Link} to={`/formulas/edit/${r.formula_id}`} size="sm">{r.code}</Anchor></Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>{r.item_name}</Table.Td>
              <Table.Td ta="right">{r.quantity === null ? '' : `${num(r.quantity, lang)} ${r.unit ?? ''}`}</Table.Td>
              <Table.Td>{r.via ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
