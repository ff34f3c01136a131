import { Alert, Anchor, Group, Loader, Paper, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ListQuery } from '../../domain/contract/list';
import type { ListRow } from '../../resources/list/list-columns';
import { itemlogs } from '../../domain/resources/warehouse/itemlogs';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { tracePath } from '../../domain/rules/trace';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable, useResourceList } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';

/** A lot's history is short (a card's lot moves a few times); more than this is said, not shown. */
const MOVES_READ = 1_000;

type Of = 'card' | 'package';

/**
 * /inventorydetails/flow (成品流水, decision 210): the in/out history of one lot across the warehouses — every ledger row
 * of a card's lot (semi-finished in, transfers, check-in, moves, packing, check-out, and their reversals), or of a
 * package (what was packed into it, moved in it and shipped in it), oldest first, with the place's balance after each.
 * The lot is in the address (`?card=` or `?package=`); a document opens its page, the lot its trace.
 */
export default function LotFlow() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The address decides; with nothing in it, what the user chose to pick.
  const [chosen, setOf] = useState<Of>('card');
  const of: Of = params.has('package') ? 'package' : params.has('card') ? 'card' : chosen;
  const raw = Number(params.get(of));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const field = of === 'card' ? 'card_id' : 'package_id';
  return (
    <Stack gap="sm" p="sm" data-testid="lot-flow">
      <Group gap={8} align="flex-end">
        <SegmentedControl size="xs" value={of} data-testid="lot-flow-of" onChange={v => { setOf(v as Of); setParams({}); }}
          data={[{ value: 'card', label: t('resources.itemlogs.fields.card_id') }, { value: 'package', label: t('resources.itemlogs.fields.package_id') }]} />
        <div style={{ width: 280 }}>
          <RefSelect key={of} def={itemlogs} name={field} field={itemlogs.fields[field]} label={t(`resources.itemlogs.fields.${field}`)}
            required={false} disabled={false} value={id} testId="lot-flow-pick"
            onChange={v => setParams(v === null ? {} : { [of]: String(v) })} />
        </div>
        {id !== null && (
          <Anchor component={Link} to={tracePath({ kind: of, id })} size="sm" data-testid="lot-flow-trace">{t('finishedviews.open_trace')}</Anchor>
        )}
      </Group>
      {id === null ? <Text c="dimmed" size="sm">{t('finishedviews.flow_hint')}</Text> : <Moves key={`${of}${id}`} field={field} id={id} />}
    </Stack>
  );
}

function Moves({ field, id }: { field: 'card_id' | 'package_id'; id: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const query: ListQuery<typeof itemlogs> = { filter: [{ field, op: 'eq', value: id }], sort: ['id'], page: 1, limit: MOVES_READ };
  const list = useResourceList(itemlogs, query);
  const offline = offlineView(list, useReachable());
  const rows = (list.data?.dt as ListRow[] | undefined) ?? [];
  const f = (name: string) => t(`resources.itemlogs.fields.${name}`);
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const name = (r: ListRow, k: string) => text(r[`${k}_name`] ?? r[k]);
  return (
    <>
      <OfflineNotice view={offline} hasData={list.data !== undefined} />
      {list.isPending && <Loader size="xs" />}
      {list.isError && list.data === undefined && !offline.offline && <Alert color="red" py={6}>{t('finishedviews.load_failed')}</Alert>}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed" size="sm" data-testid="lot-flow-none">{t('finishedviews.flow_none')}</Text>}
      {(list.data?.total ?? 0) > rows.length && <Text size="xs" c="orange">{t('finishedviews.flow_cut', { count: rows.length })}</Text>}
      {rows.length > 0 && (
        <Paper withBorder>
          <ScrollArea>
            <Table striped withColumnBorders fz="sm" data-testid="lot-flow-table">
              <Table.Thead>
                <Table.Tr>
                  {['at', 'kind', 'doc_show_id', 'item_id', 'warehouse_id', 'position_id', 'status_id', 'lot', 'package_id', 'quantity', 'balance']
                    .map(k => <Table.Th key={k}>{f(k)}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={String(r.id)} data-testid="lot-flow-row" data-kind={text(r.kind)}>
                    <Table.Td>{r.at ? localDateTimeString(new Date(String(r.at))) : ''}</Table.Td>
                    <Table.Td>{r.kind ? t(`resources.itemlogs.enums.kind.${String(r.kind)}`) : ''}</Table.Td>
                    <Table.Td>
                      {typeof r.doc_id === 'number'
                        ? <Anchor component={Link} to={`/stockdocs/edit/${r.doc_id}`} size="sm">{text(r.doc_show_id)}</Anchor> : text(r.doc_show_id)}
                    </Table.Td>
                    <Table.Td>{name(r, 'item_id')}</Table.Td>
                    <Table.Td>{name(r, 'warehouse_id')}</Table.Td>
                    <Table.Td>{name(r, 'position_id')}</Table.Td>
                    <Table.Td>{name(r, 'status_id')}</Table.Td>
                    <Table.Td>{text(r.lot)}</Table.Td>
                    <Table.Td>{name(r, 'package_id')}</Table.Td>
                    <Table.Td ta="right">{formatForReading(Number(r.quantity), lang)}</Table.Td>
                    <Table.Td ta="right">{formatForReading(Number(r.balance), lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
    </>
  );
}
