import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import { warehouses } from '../../domain/resources/warehouse/warehouses';
import { warerooms } from '../../domain/resources/warehouse/warerooms';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable, useResourceList } from '../../ui/data/use-resource';
import { CountSheet } from './CountSheet';

/**
 * `/warehouses/count` (库存盘点, docs/stock.md "Stocktake"): the open stocktakes and a new one, then the count itself
 * (CountSheet). The count chosen is in the address (`?doc=`), so the handheld reloads — online or not — into it.
 */
export default function StocktakeScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const doc = Number(search.get('doc'));
  const open = (id: number | null) => setSearch(id === null ? {} : { doc: String(id) });
  return (
    <Stack p="md" gap="md" data-testid="stocktake">
      <Title order={3}>{t('stocktake.title')}</Title>
      {Number.isSafeInteger(doc) && doc > 0 ? <CountSheet docId={doc} onBack={() => open(null)} /> : <CountPicker onOpen={open} />}
    </Stack>
  );
}

function CountPicker({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const reachable = useReachable();
  const mayCreate = useCan(stockdocs, 'create');
  const counts = useResourceList(stockdocs, {
    filter: [{ field: 'kind', op: 'eq', value: 'count' }, { field: 'status', op: 'eq', value: 'draft' }], sort: ['-id'], limit: 50,
  });
  const stores = useResourceList(warehouses, { limit: 200 });
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  const rooms = useResourceList(warerooms, { filter: [{ field: 'warehouse_id', op: 'eq', value: Number(warehouse ?? 0) }], limit: 200 },
    { enabled: warehouse !== null });
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async () => {
    if (!warehouse) return;
    setBusy(true);
    try {
      const saved = await resourceClient(stockdocs).save({
        kind: 'count', warehouse_id: Number(warehouse), room_id: room === null ? null : Number(room), remark: remark.trim() || null,
      });
      await qc.invalidateQueries({ queryKey: queryKeys.all(stockdocs.api) });
      onOpen(Number(saved.id));
    } catch (e) {
      // The request layer has said why.
      if (!isAbort(e) && !isApiError(e)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const rows = counts.data?.dt ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Title order={5} mb="sm">{t('stocktake.open_counts')}</Title>
        {rows.length === 0
          ? <Text c="dimmed">{counts.isError && !counts.data ? t('stocktake.load_failed') : t('stocktake.no_open_counts')}</Text>
          : (
            <Table data-testid="stocktake-open">
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={String(r.id)}>
                    <Table.Td>{String(r.show_id ?? '')}</Table.Td>
                    <Table.Td>{String(r.warehouse_id_name ?? '')}</Table.Td>
                    <Table.Td>{String(r.date ?? '')}</Table.Td>
                    <Table.Td>{String(r.remark ?? '')}</Table.Td>
                    <Table.Td><Button size="md" onClick={() => onOpen(Number(r.id))}>{t('stocktake.open')}</Button></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
      </Paper>
      {mayCreate && (
        <Paper withBorder p="md">
          <Title order={5} mb="sm">{t('stocktake.new_count')}</Title>
          <Group align="end">
            <Select label={t('stocktake.warehouse')} data-testid="stocktake-warehouse" value={warehouse} searchable
              onChange={v => { setWarehouse(v); setRoom(null); }}
              data={(stores.data?.dt ?? []).map(w => ({ value: String(w.id), label: `${String(w.code ?? '')} ${String(w.name ?? '')}`.trim() }))} />
            <Select label={t('stocktake.room')} data-testid="stocktake-room" value={room} onChange={setRoom} clearable
              placeholder={t('stocktake.whole_warehouse')} disabled={warehouse === null}
              data={(rooms.data?.dt ?? []).map(r => ({ value: String(r.id), label: `${String(r.code ?? '')} ${String(r.name ?? '')}`.trim() }))} />
            <TextInput label={t('stocktake.remark')} value={remark} onChange={e => setRemark(e.currentTarget.value)} maxLength={200} />
            <Button size="md" onClick={() => void create()} loading={busy} disabled={!warehouse || !reachable} data-testid="stocktake-create">
              {t('stocktake.create')}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
