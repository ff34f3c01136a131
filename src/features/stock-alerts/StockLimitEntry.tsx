import { Alert, Button, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import { idFromPath } from '../../domain/menu/resource-paths';
import { inventory } from '../../domain/resources/warehouse/inventory';
import { stocklimits } from '../../domain/resources/warehouse/stocklimits';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { useReaderLang } from '../../ui/use-reader-lang';
import { limitValues, positiveParam } from './limit-path';

const inventoryClient = resourceClient(inventory);
const limitsClient = resourceClient(stocklimits);

/**
 * /inventory/edit/:id and /inventory/create (decision 188): an item in a warehouse with its stock limits. On the edit
 * page the item-in-warehouse balance (库存, written by posting only) is shown read-only — quantity, value, average
 * cost, last movement — and its minimum and maximum are edited below it; the create page sets the limits of an item
 * in a warehouse chosen on it (or named by the link, `?item_id=&warehouse_id=`, from an alert of an item that never
 * moved there). The limits are the `stocklimits` row of the pair: saved as an update when it exists, else created, or
 * cleared (deleted). Every read and write goes through the resources' clients.
 */
export default function StockLimitEntry() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  // The route tree does not name the parameter: the id is read from the path (/inventory/edit/12).
  const id = idFromPath(useLocation().pathname);
  const [search] = useSearchParams();
  const editing = id !== undefined;
  const bin = useQuery({
    queryKey: queryKeys.detail(inventory.api, id ?? 0),
    queryFn: ({ signal }) => inventoryClient.detail(Number(id), { signal }),
    enabled: editing,
  });
  const [itemId, setItemId] = useState<number | null>(() => positiveParam(search.get('item_id')));
  const [warehouseId, setWarehouseId] = useState<number | null>(() => positiveParam(search.get('warehouse_id')));
  const row = bin.data?.row as Record<string, unknown> | undefined;
  const pair = editing
    ? (row ? { item: Number(row.item_id), warehouse: Number(row.warehouse_id) } : null)
    : (itemId !== null && warehouseId !== null ? { item: itemId, warehouse: warehouseId } : null);

  const limit = useQuery({
    queryKey: queryKeys.list(stocklimits.api, { item_id: pair?.item, warehouse_id: pair?.warehouse }),
    queryFn: async ({ signal }) => (await limitsClient.list({
      limit: 1, filter: [{ field: 'item_id', op: 'eq', value: pair!.item }, { field: 'warehouse_id', op: 'eq', value: pair!.warehouse }],
    }, { signal })).dt[0] ?? null,
    enabled: pair !== null,
  });
  const stored = limit.data as Record<string, unknown> | null | undefined;
  const n = (x: unknown, scale = 4) => (x == null ? '' : formatForReading(Number(x), lang, scale));

  return (
    <Stack gap="sm" p="sm" maw={760} data-testid="stock-limit-entry">
      <Title order={4}>{t('stockalerts.entry_title')}</Title>
      {editing ? (
        <Paper withBorder p="sm" data-testid="limit-stock">
          {bin.isPending && <Loader size="sm" />}
          {bin.isError && <Alert color="red" py={6}>{t('stockalerts.load_failed')}</Alert>}
          {row && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
              <Text size="sm"><b>{t('stockalerts.item')}</b> {String(row.item_id_name ?? row.item_id)}</Text>
              <Text size="sm"><b>{t('stockalerts.warehouse')}</b> {String(row.warehouse_id_name ?? row.warehouse_id)}</Text>
              <Text size="sm" data-testid="limit-on-hand"><b>{t('stockalerts.on_hand')}</b> {n(row.quantity)}</Text>
              <Text size="sm"><b>{t('stockalerts.value')}</b> {n(row.value, 2)}</Text>
              <Text size="sm"><b>{t('stockalerts.average')}</b> {n(row.unit_cost)}</Text>
              <Text size="sm"><b>{t('stockalerts.last_moved')}</b> {row.moved_at ? localDateTimeString(new Date(String(row.moved_at))) : ''}</Text>
            </SimpleGrid>
          )}
        </Paper>
      ) : (
        <Group gap={8} align="flex-end" wrap="wrap">
          <div style={{ width: 280 }}>
            <RefSelect def={stocklimits} name="item_id" field={stocklimits.fields.item_id} label={t('stockalerts.item')}
              required disabled={false} value={itemId} onChange={setItemId} testId="limit-item" />
          </div>
          <div style={{ width: 220 }}>
            <RefSelect def={stocklimits} name="warehouse_id" field={stocklimits.fields.warehouse_id} label={t('stockalerts.warehouse')}
              required disabled={false} value={warehouseId} onChange={setWarehouseId} testId="limit-warehouse" />
          </div>
        </Group>
      )}
      {!editing && pair === null && <Text c="dimmed" size="sm">{t('stockalerts.entry_pick')}</Text>}
      {pair !== null && (
        <Paper withBorder p="sm">
          {limit.isPending ? <Loader size="sm" /> : (
            // Keyed by the stored row and its version: a save or a clear starts the form again from what is stored.
            <LimitForm key={stored ? `${String(stored.id)}:${String(stored.version)}` : 'none'} pair={pair} stored={stored ?? null} />
          )}
        </Paper>
      )}
    </Stack>
  );
}

/** The minimum, maximum and remark of one item in one warehouse: saved to its limits row, made when it has none. */
function LimitForm({ pair, stored }: { pair: { item: number; warehouse: number }; stored: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [min, setMin] = useState<number | string>(stored?.min_quantity == null ? '' : Number(stored.min_quantity));
  const [max, setMax] = useState<number | string>(stored?.max_quantity == null ? '' : Number(stored.max_quantity));
  const [remark, setRemark] = useState(stored?.remark == null ? '' : String(stored.remark));
  const [busy, setBusy] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.all(stocklimits.api) });
  const run = async (write: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await write();
      await refresh();
    } catch {
      // The data layer has shown why (a maximum under the minimum, a pair that has limits already …).
    } finally {
      setBusy(false);
    }
  };
  const save = () => run(() => {
    const values = limitValues(min, max, remark);
    return stored ? limitsClient.save(values, { id: Number(stored.id), version: Number(stored.version) })
      : limitsClient.save({ item_id: pair.item, warehouse_id: pair.warehouse, ...values });
  });
  const clear = () => run(() => limitsClient.remove({ id: Number(stored!.id), version: Number(stored!.version) }));
  return (
    <Stack gap="xs">
      {stored === null && <Text size="xs" c="dimmed" data-testid="limit-none">{t('stockalerts.saved_none')}</Text>}
      <Group gap={8} align="flex-end" wrap="wrap">
        <NumberInput size="xs" w={160} min={0} decimalScale={4} label={t('stockalerts.minimum')} value={min} onChange={setMin}
          data-testid="limit-min" />
        <NumberInput size="xs" w={160} min={0} decimalScale={4} label={t('stockalerts.maximum')} value={max} onChange={setMax}
          data-testid="limit-max" />
        <TextInput size="xs" w={260} label={t('stockalerts.remark')} value={remark} maxLength={200}
          onChange={e => setRemark(e.currentTarget.value)} data-testid="limit-remark" />
      </Group>
      <Group gap={8}>
        <Button size="xs" leftSection={<IconDeviceFloppy size={14} />} loading={busy} onClick={() => void save()}
          data-testid="limit-save">{t('stockalerts.save')}</Button>
        {stored && (
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} disabled={busy}
            onClick={() => void clear()} data-testid="limit-clear">{t('stockalerts.remove')}</Button>
        )}
      </Group>
    </Stack>
  );
}
