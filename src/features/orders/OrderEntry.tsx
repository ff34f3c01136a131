import { Alert, Button, Center, Loader } from '@mantine/core';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../data/errors';
import { historyKey, queryKeys } from '../../data/query-keys';
import type { Detailed, ListResult } from '../../data/resource-client';
import type { SaveWithLinesReply, TransitionReply } from '../../domain/contract/orders';
import { editPathOf, idFromPath } from '../../domain/menu/resource-paths';
import { cards } from '../../domain/resources/orders/cards';
import { details } from '../../domain/resources/orders/details';
import { orders } from '../../domain/resources/orders/orders';
import { NotFound } from '../../resources/screens/NotFound';
import { offlineView, useReachable, useResourceDetail, useResourceList } from '../../ui/data/use-resource';
import { OrderEditor } from './OrderEditor';
import { linesQuery } from './order-queries';

/** A query whose first fetch since the page opened has answered (or failed): cached data older than that is not edited. */
const settled = (q: UseQueryResult) => q.isFetchedAfterMount || !q.isFetching;

/**
 * `/orders/create` and `/orders/edit/:id`: one order with its lines (OrderEditor). A new order, once saved, opens
 * as `/orders/edit/<id>`; a saved one starts over from the server's reply after each save, move or card generation.
 * Offline, a saved order shows from the last visit, read-only.
 */
export default function OrderEntry() {
  const params = useParams();
  const { pathname } = useLocation();
  const raw = params.id ?? idFromPath(pathname);
  if (raw === undefined) return <NewOrder />;
  return <SavedOrder key={raw} rawId={raw} />;
}

function NewOrder() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reachable = useReachable();
  const onSaved = (reply: SaveWithLinesReply) => {
    remember(qc, reply);
    // The new order's tab becomes its edit tab (no stale "new order" tab is left beside it).
    void navigate(editPathOf(orders, reply.id) ?? `/orders/edit/${reply.id}`, { replace: true, state: { replacesTab: '/orders/create' } });
  };
  return (
    <OrderEditor lines={[]} offline={{ offline: false, asOf: null }} reachable={reachable} onSaved={onSaved}
      onTransitioned={() => {}} onReload={async () => {}} />
  );
}

/** The reply of a save as the detail and lines queries would have it, so the edit page starts from it. */
function remember(qc: ReturnType<typeof useQueryClient>, reply: SaveWithLinesReply) {
  qc.setQueryData<Detailed<typeof orders>>(queryKeys.detail(orders.api, reply.id), { row: reply.dt, source: 'server' });
  const lines: ListResult<typeof details> = { msg: reply.msg, dt: reply.lines, total: reply.lines.length, source: 'server' };
  qc.setQueryData(queryKeys.list(details.api, linesQuery(reply.id) as Record<string, unknown>), lines);
  void qc.invalidateQueries({ queryKey: queryKeys.lists(orders.api) });
  void qc.invalidateQueries({ queryKey: historyKey(orders.name, reply.id) });
}

function SavedOrder({ rawId }: { rawId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = /^\d+$/.test(rawId) ? Number(rawId) : undefined;
  const detail = useResourceDetail(orders, id);
  const lines = useResourceList(details, linesQuery(id ?? 0), { enabled: id !== undefined });
  const reachable = useReachable();
  // Bumped whenever the editor must start over from the cached order (after a save, a move, a reload).
  const [epoch, setEpoch] = useState(0);

  if (id === undefined || (isApiError(detail.error) && detail.error.status === 404)) return <NotFound def={orders} id={rawId} />;
  const order = detail.data?.row;
  const rows = lines.data?.dt;
  const ready = order && rows && settled(detail) && settled(lines);
  if (!ready) {
    if ((detail.isError && !order) || (lines.isError && !rows)) {
      return (
        <Alert m="md" color="red" title={t('forms.load_failed')}>
          <Button size="xs" variant="light" onClick={() => { void detail.refetch(); void lines.refetch(); }}>{t('forms.retry')}</Button>
        </Alert>
      );
    }
    return <Center py="xl"><Loader /></Center>;
  }

  const onSaved = (reply: SaveWithLinesReply) => {
    remember(qc, reply);
    void qc.invalidateQueries({ queryKey: queryKeys.lists(details.api), refetchType: 'none' });
    setEpoch(e => e + 1);
  };
  const onTransitioned = (reply: TransitionReply) => {
    qc.setQueryData<Detailed<typeof orders>>(queryKeys.detail(orders.api, id), { row: reply.dt, source: 'server' });
    void qc.invalidateQueries({ queryKey: queryKeys.lists(orders.api) });
    void qc.invalidateQueries({ queryKey: historyKey(orders.name, id) });
    setEpoch(e => e + 1);
  };
  const onReload = async () => {
    await Promise.all([detail.refetch(), lines.refetch()]);
    void qc.invalidateQueries({ queryKey: queryKeys.all(cards.api) });
    void qc.invalidateQueries({ queryKey: historyKey(orders.name, id) });
    setEpoch(e => e + 1);
  };
  return (
    <OrderEditor key={epoch} order={order} lines={rows} offline={offlineView(detail, reachable)} reachable={reachable}
      onSaved={onSaved} onTransitioned={onTransitioned} onReload={onReload} />
  );
}
