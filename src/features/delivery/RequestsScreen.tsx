import { Alert, Anchor, Badge, Button, Group, Loader, NumberInput, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { deliveryClient } from '../../data/delivery-client';
import { isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import type { ListQuery } from '../../domain/contract/list';
import type { ListRow } from '../../domain/contract/rows';
import { deliveries } from '../../domain/resources/delivery/deliveries';
import { deliveryrequestlines } from '../../domain/resources/delivery/deliveryrequestlines';
import { deliveryrequests } from '../../domain/resources/delivery/deliveryrequests';
import { details } from '../../domain/resources/orders/details';
import { REQUEST_STATUSES } from '../../domain/rules/delivery';
import { formatForReading } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable, useResourceList } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { RequestForm } from './RequestForm';

/** How many requests the list shows (the newest of the status chosen; the generic list has them all). */
const SHOWN = 100;
type Shown = 'all' | (typeof REQUEST_STATUSES)[number];
type RequestRow = ListRow<typeof deliveryrequests>;

/**
 * `/deliveryrequests/list` (发货申请, docs/delivery.md "Requests"): the requests, newest first, by status (those still
 * requested first). Sales writes a request of its customers' open order lines (RequestForm) and may cancel one still
 * requested; the shipping office opens one and accepts it — from a warehouse, each line in full or in part, the rest
 * left as a request split off — or refuses it with a reply. A request opens by `?id=` so a link shows it.
 */
export default function RequestsScreen() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const [shown, setShown] = useState<Shown>('requested');
  const [writing, setWriting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const mayCreate = useCan(deliveryrequests, 'create');
  const filter: ListQuery<typeof deliveryrequests>['filter'] = shown === 'all' ? [] : [{ field: 'status', op: 'eq', value: shown }];
  const list = useResourceList(deliveryrequests, { limit: SHOWN, sort: ['-id'], filter });
  const rows = (list.data?.dt ?? []).filter(r => shown === 'all' || !r.canceled);

  return (
    <Group align="flex-start" p="md" gap="md" wrap="wrap" data-testid="requests-screen">
      <Stack flex="1 1 420px" maw={560} gap="xs">
        <Group justify="space-between">
          <SegmentedControl size="xs" value={shown} onChange={v => setShown(v as Shown)} data-testid="requests-status"
            data={[...REQUEST_STATUSES.map(s => ({ value: s, label: t(`resources.deliveryrequests.enums.status.${s}`) })),
              { value: 'all', label: t('delivery.all') }]} />
          {mayCreate && (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setWriting(true)} data-testid="request-new">
              {t('delivery.requests.new')}
            </Button>
          )}
        </Group>
        {notice && <Alert color="blue" py={6} withCloseButton onClose={() => setNotice(null)} data-testid="requests-notice">{notice}</Alert>}
        <Paper withBorder p="xs">
          {list.isLoading ? <Loader size="sm" /> : rows.length === 0 ? <Text size="sm" c="dimmed">{t('delivery.requests.none')}</Text> : (
            <Table verticalSpacing={2} fz="sm" data-testid="requests-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resources.deliveryrequests.fields.show_id')}</Table.Th>
                  <Table.Th>{t('resources.deliveryrequests.fields.customer_id')}</Table.Th>
                  <Table.Th>{t('resources.deliveryrequests.fields.date')}</Table.Th>
                  <Table.Th>{t('resources.deliveryrequests.fields.quantity')}</Table.Th>
                  <Table.Th>{t('resources.deliveryrequests.fields.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.id} bg={r.id === id ? 'var(--mantine-color-blue-light)' : undefined} data-testid={`request-${r.show_id ?? r.id}`}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" onClick={() => setSearch({ id: String(r.id) })}>{r.show_id ?? r.id}</Anchor>
                    </Table.Td>
                    <Table.Td>{r.customer_id_name ?? ''}</Table.Td>
                    <Table.Td>{r.date ?? ''}</Table.Td>
                    <Table.Td ta="right">{formatForReading(Number(r.quantity ?? 0), lang, 4)}</Table.Td>
                    <Table.Td><StatusBadge row={r} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </Stack>
      <Stack flex="2 1 560px" miw={0}>
        {id === undefined ? <Text c="dimmed">{t('delivery.requests.choose')}</Text> : <RequestPanel key={id} id={id} />}
      </Stack>
      {writing && (
        <RequestForm onClose={() => setWriting(false)} onSent={(newId, no) => {
          setWriting(false);
          setShown('requested');
          setNotice(t('delivery.requests.submitted', { no }));
          setSearch({ id: String(newId) });
        }} />
      )}
    </Group>
  );
}

function StatusBadge({ row }: { row: RequestRow }) {
  const { t } = useTranslation();
  if (row.canceled) return <Badge size="sm" variant="light" color="gray">{t('delivery.requests.canceled')}</Badge>;
  const color = row.status === 'accepted' ? 'green' : row.status === 'refused' ? 'red' : 'blue';
  return <Badge size="sm" variant="light" color={color}>{t(`resources.deliveryrequests.enums.status.${row.status ?? 'requested'}`)}</Badge>;
}

/** One request: its header and lines, and what the caller may do with it. */
function RequestPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reachable = useReachable();
  const mayAccept = useCan(deliveryrequests, 'accept');
  const mayCancel = useCan(deliveryrequests, 'delete');
  const mayOpenNote = useCan(deliveries, 'view');
  const [request, setRequest] = useState<RequestRow | null>(null);
  const [warehouse, setWarehouse] = useState<number | null>(null);
  const [warehouseName, setWarehouseName] = useState<string | undefined>();
  const [accepted, setAccepted] = useState<Record<number, number | null>>({});
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [made, setMade] = useState<{ note: number; split: number | null } | null>(null);

  const lines = useResourceList(deliveryrequestlines, { limit: 500, sort: ['id'], filter: [{ field: 'request_id', op: 'eq', value: id }] });
  const live = (lines.data?.dt ?? []).filter(l => !l.canceled);

  useEffect(() => {
    let on = true;
    resourceClient(deliveryrequests).detail(id).then(d => { if (on) setRequest(d.row); },
      (e: unknown) => { if (on) setError(isApiError(e) ? e.msg : String(e)); });
    return () => { on = false; };
  }, [id]);

  const quantityOf = (l: (typeof live)[number]) => accepted[l.id] ?? Number(l.quantity ?? 0);

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await what();
      setRequest((await resourceClient(deliveryrequests).detail(id)).row);
    } catch (e) {
      setError(isApiError(e) ? e.msg : String(e));
    } finally {
      setBusy(false);
      for (const def of [deliveryrequests, deliveryrequestlines, deliveries, details]) void qc.invalidateQueries({ queryKey: queryKeys.all(def.api) });
    }
  };

  const accept = () => run(async () => {
    if (!request || warehouse === null) return;
    const r = await deliveryClient.accept({ id, version: request.version, warehouse_id: warehouse,
      lines: live.map(l => ({ id: l.id, quantity: quantityOf(l) })) });
    const note = await resourceClient(deliveries).detail(r.delivery_id);
    setMade({ note: r.delivery_id, split: r.split_id });
    let text = t('delivery.requests.accepted', { no: note.row.show_id ?? '' });
    if (r.split_id !== null) {
      const split = await resourceClient(deliveryrequests).detail(r.split_id);
      text += `；${t('delivery.requests.split', { no: split.row.show_id ?? '' })}`;
    }
    setNotice(text);
  });

  const refuse = () => run(async () => {
    if (!request) return;
    await deliveryClient.refuse({ id, version: request.version, reply });
    setNotice(t('delivery.requests.refused'));
  });

  const cancel = () => run(async () => {
    if (!request) return;
    await resourceClient(deliveryrequests).remove({ id, version: request.version });
    setNotice(t('delivery.requests.canceled'));
  });

  if (!request) return error ? <Alert color="red">{error}</Alert> : <Loader />;
  const open = request.status === 'requested' && !request.canceled;
  return (
    <Stack gap="sm" data-testid="request-panel" data-status={request.canceled ? 'canceled' : request.status ?? ''}>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h4">{request.show_id}</Title>
          <StatusBadge row={request} />
        </Group>
        {open && mayCancel && (
          <Button size="xs" color="red" variant="light" leftSection={<IconX size={16} />} loading={busy} disabled={!reachable}
            onClick={() => void cancel()} data-testid="request-cancel">{t('delivery.requests.cancel')}</Button>
        )}
      </Group>
      {error && <Alert color="red" py={6} withCloseButton onClose={() => setError(null)} data-testid="request-error">{error}</Alert>}
      {notice && <Alert color="blue" py={6} data-testid="request-notice">{notice}</Alert>}
      <Paper withBorder p="sm">
        <Group gap="xl" wrap="wrap">
          {(['customer_id', 'saler_id', 'order_id', 'delivery_id', 'split_from_id'] as const).map(f => request[`${f}_name`] ? (
            <Text key={f} size="sm"><Text span c="dimmed">{t(`resources.deliveryrequests.fields.${f}`)}：</Text>{request[`${f}_name`]}</Text>
          ) : null)}
          {(['date', 'address', 'contact', 'phone', 'remark', 'reply'] as const).map(f => request[f] ? (
            <Text key={f} size="sm"><Text span c="dimmed">{t(`resources.deliveryrequests.fields.${f}`)}：</Text>{String(request[f])}</Text>
          ) : null)}
        </Group>
      </Paper>
      <Table striped withTableBorder verticalSpacing={4} data-testid="request-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('resources.deliveryrequestlines.fields.code')}</Table.Th>
            <Table.Th>{t('delivery.cols.line')}</Table.Th>
            <Table.Th>{t('delivery.cols.item')}</Table.Th>
            <Table.Th>{t('delivery.cols.requested')}</Table.Th>
            <Table.Th>{t('delivery.cols.accepted')}</Table.Th>
            <Table.Th>{t('delivery.cols.remark')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {live.map((l, i) => (
            <Table.Tr key={l.id} data-testid={`request-line-${i}`}>
              <Table.Td>{l.code}</Table.Td>
              <Table.Td>{l.detail_id_name ?? ''}</Table.Td>
              <Table.Td>{l.item_id_name ?? ''}</Table.Td>
              <Table.Td ta="right">{formatForReading(Number(l.quantity ?? 0), lang, 4)} {l.unit ?? ''}</Table.Td>
              <Table.Td w={130}>
                {open && mayAccept ? (
                  <NumberInput size="xs" min={0} max={Number(l.quantity ?? 0)} decimalScale={4} hideControls value={quantityOf(l)}
                    aria-label={`${t('delivery.cols.accepted')} ${l.code ?? ''}`} data-testid={`request-accept-${i}`}
                    onChange={v => setAccepted(a => ({ ...a, [l.id]: v === '' ? 0 : Number(v) }))} />
                ) : l.accepted_quantity == null ? '' : formatForReading(Number(l.accepted_quantity), lang, 4)}
              </Table.Td>
              <Table.Td>{l.remark ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {open && mayAccept && (
        <Paper withBorder p="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <div style={{ minWidth: 220 }}>
              <RefSelect def={deliveries} name="warehouse_id" field={deliveries.fields.warehouse_id} required disabled={busy}
                label={t('resources.deliveries.fields.warehouse_id')} value={warehouse} valueLabel={warehouseName} testId="request-warehouse"
                onLabel={(_, label) => setWarehouseName(label)} onChange={setWarehouse} />
            </div>
            <Button leftSection={<IconCheck size={16} />} loading={busy} disabled={!reachable || warehouse === null}
              onClick={() => void accept()} data-testid="request-accept">{t('delivery.requests.accept')}</Button>
            <TextInput label={t('delivery.requests.reply')} value={reply} onChange={e => setReply(e.currentTarget.value)} flex="1 1 220px"
              data-testid="request-reply" />
            <Button color="red" variant="light" leftSection={<IconX size={16} />} loading={busy} disabled={!reachable || reply.trim() === ''}
              onClick={() => void refuse()} data-testid="request-refuse">{t('delivery.requests.refuse')}</Button>
          </Group>
        </Paper>
      )}
      {(made?.note ?? request.delivery_id) && mayOpenNote && (
        <Group>
          <Button size="xs" variant="light" onClick={() => void navigate(`/deliveries/edit/${made?.note ?? request.delivery_id}`)}
            data-testid="request-open-note">{t('delivery.requests.open_note')}</Button>
        </Group>
      )}
    </Stack>
  );
}
