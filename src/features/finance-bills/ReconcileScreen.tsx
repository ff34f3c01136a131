import {
  Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Pagination, Paper, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput, Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileInvoice, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { financeClient, financeKeys, type ReconcileQuery } from '../../data/finance-client';
import { MAX_RECONCILE_ROWS, type ReconcileRow } from '../../domain/contract/finance';
import { bills } from '../../domain/resources/finance/bills';
import { formatForReading } from '../../domain/rules/numbers';
import { saveBytes } from '../../resources/export/download';
import { exportFileName } from '../../resources/export/export-rows';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { useCan } from '../../ui/data/use-permissions';
import { useReaderLang } from '../../ui/use-reader-lang';
import { buildSpreadsheet } from '../../workers/spreadsheet';
import { monthOf } from './period';

const PAGE = 50;
type Billed = 'all' | 'yes' | 'no';

/**
 * The reconciliation (送货对账, docs/finance.md "Reconciliation"): `/payments/deliveries_all` (every customer the caller
 * sees, or one chosen), `/payments/deliveries/:id` (one customer, its id in the address) and `/payments/deliverypackings`
 * (the lines shipped as packages). One row per delivery line of a shipped or signed delivery in the period: the price
 * it was delivered at beside the order's price today (marked when they differ: shown, never applied), the amount, and
 * the bill that bills it. Narrowed to billed or unbilled lines and to signed deliveries; sums over every matching row;
 * paged by the server; exported whole to excel.xlsx. With one customer chosen it opens the build of that customer's bill.
 */
export default function ReconcileScreen() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const packages = pathname.startsWith('/payments/deliverypackings');
  // The menu route renders this screen under its own path pattern: the customer's id is read from the address.
  const raw = params.id ?? /^\/payments\/deliveries\/(\d+)\/?$/.exec(pathname)?.[1];
  const fixed = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
  const mayBuild = useCan(bills, 'build');
  const [period, setPeriod] = useState(() => monthOf(new Date()));
  const [chosen, setChosen] = useState<number | null>(null);
  const [customerName, setCustomerName] = useState<string | undefined>(undefined);
  const [billed, setBilled] = useState<Billed>('all');
  const [signedOnly, setSignedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const customer = fixed ?? chosen;

  const valid = period.from !== '' && period.to !== '' && period.from <= period.to;
  const filters: ReconcileQuery = {
    from: period.from, to: period.to, ...(customer !== null ? { customer_id: customer } : {}), ...(billed !== 'all' ? { billed } : {}),
    ...(signedOnly ? { signed_only: 1 as const } : {}),
  };
  const query: ReconcileQuery = { ...filters, page, limit: PAGE };
  const q = useQuery({
    queryKey: financeKeys.reconcile(query, packages), placeholderData: keepPreviousData, enabled: valid,
    queryFn: ({ signal }) => financeClient.reconcile(query, packages, { signal }),
  });
  const offline = offlineView(q, useReachable());
  const rows = q.data?.dt ?? [];
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE));
  const money = (v: number | null) => formatForReading(v, lang, 2, 2);
  const qty = (v: number | null) => formatForReading(v, lang, 4);
  const change = <T,>(set: (v: T) => void) => (v: T) => { set(v); setPage(1); };
  const shownName = customerName ?? (fixed !== null ? rows[0]?.customer_name ?? undefined : undefined);

  const head = [t('bills.cols.delivery'), t('bills.cols.delivery_date'), t('bills.cols.delivery_status'), t('bills.cols.customer'),
    t('bills.cols.order'), t('bills.cols.item'), t('bills.cols.spec'), ...(packages ? [t('bills.cols.package')] : []),
    t('bills.cols.quantity'), t('bills.cols.unit'), t('bills.cols.price'), t('bills.cols.price_now'), t('bills.cols.amount'),
    t('bills.cols.bill')];
  const cells = (r: ReconcileRow) => [r.delivery_show_id ?? '', r.delivery_date ?? '', t(`bills.delivery_status.${r.delivery_status}`),
    r.customer_name ?? '', r.order_show_id ?? '', [r.item_code, r.item_name].filter(Boolean).join(' '), r.spec ?? '',
    ...(packages ? [r.package_show_id ?? ''] : []), r.quantity, r.unit ?? '', r.price, r.price_now, r.amount, r.bill_show_id ?? ''];

  const exportAll = async () => {
    setExporting(true);
    try {
      const all = await financeClient.reconcile({ ...filters, limit: MAX_RECONCILE_ROWS }, packages);
      const title = t(packages ? 'menu.payments_packings' : 'menu.payments_deliveries');
      saveBytes(await buildSpreadsheet(head, all.dt.map(cells)), exportFileName(title));
    } catch {
      // The data layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  const toBuild = () => {
    if (customer === null) return;
    const qs = new URLSearchParams({ customer_id: String(customer), from: period.from, to: period.to, ...(signedOnly ? { signed_only: '1' } : {}) });
    void navigate(`/payments/build2?${qs.toString()}`, { state: { customerName: shownName } });
  };

  return (
    <Stack gap="sm" p="sm" data-testid="reconcile" data-packages={packages ? '1' : '0'}>
      <Group gap={8} align="flex-end" wrap="wrap">
        <div style={{ width: 240 }}>
          <RefSelect def={bills} name="customer_id" field={bills.fields.customer_id} label={t('bills.reconcile.customer')} required={false}
            disabled={fixed !== null} value={customer} valueLabel={shownName} testId="reconcile-customer"
            onLabel={(_, label) => setCustomerName(label)} onChange={change(setChosen)} />
        </div>
        <TextInput type="date" size="sm" w={160} label={t('bills.reconcile.from')} value={period.from} data-testid="reconcile-from"
          onChange={e => { const v = e.currentTarget.value; change(setPeriod)({ ...period, from: v }); }} />
        <TextInput type="date" size="sm" w={160} label={t('bills.reconcile.to')} value={period.to} data-testid="reconcile-to"
          onChange={e => { const v = e.currentTarget.value; change(setPeriod)({ ...period, to: v }); }} />
        <SegmentedControl size="xs" value={billed} onChange={v => change(setBilled)(v as Billed)} data-testid="reconcile-billed"
          data={(['all', 'yes', 'no'] as const).map(v => ({ value: v, label: t(`bills.reconcile.billed_${v}`) }))} />
        <Checkbox size="xs" label={t('bills.reconcile.signed_only')} checked={signedOnly} data-testid="reconcile-signed"
          onChange={e => change(setSignedOnly)(e.currentTarget.checked)} />
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={q.isFetching} disabled={!valid}
          onClick={() => void q.refetch()} data-testid="reconcile-refresh">{t('bills.refresh')}</Button>
        <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={exporting} disabled={rows.length === 0}
          onClick={() => void exportAll()} data-testid="reconcile-export">{t('bills.export')}</Button>
        {mayBuild && !packages && (
          <Button size="xs" leftSection={<IconFileInvoice size={14} />} disabled={customer === null || !valid} onClick={toBuild}
            data-testid="reconcile-build">{t('bills.reconcile.build')}</Button>
        )}
      </Group>
      {!valid && <Alert color="yellow" py={6}>{t('bills.reconcile.need_period')}</Alert>}
      <OfflineNotice view={offline} hasData={q.data !== undefined} />
      {q.isPending && valid && <Loader size="xs" />}
      {q.isError && q.data === undefined && !offline.offline && <Alert color="red" py={6}>{t('bills.load_failed')}</Alert>}
      {q.data && (
        <Text size="sm" data-testid="reconcile-sums">
          {t('bills.reconcile.total', { count: q.data.total })} · {t('bills.reconcile.sums', { amount: money(q.data.sums.amount),
            billed: money(q.data.sums.billed_amount), unbilled: money(q.data.sums.unbilled_amount) })}
        </Text>
      )}
      {q.isSuccess && rows.length === 0 && <Text c="dimmed" size="sm" data-testid="reconcile-none">{t('bills.reconcile.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder>
          <ScrollArea>
            <Table striped highlightOnHover withColumnBorders fz="sm" data-testid="reconcile-table">
              <Table.Thead><Table.Tr>{head.map((h, i) => <Table.Th key={i}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.deliveryline_id} data-testid="reconcile-row" data-delivery={r.delivery_show_id ?? ''}
                    data-billed={r.bill_id === null ? '0' : '1'} data-price-changed={r.price_changed ? '1' : '0'}>
                    <Table.Td>
                      <Anchor component={Link} to={`/deliveries/edit/${r.delivery_id}`} size="sm">{r.delivery_show_id}</Anchor>
                    </Table.Td>
                    <Table.Td>{r.delivery_date}</Table.Td>
                    <Table.Td>{t(`bills.delivery_status.${r.delivery_status}`)}</Table.Td>
                    <Table.Td>
                      {fixed === null
                        ? <Anchor component={Link} to={`/payments/deliveries/${r.customer_id}`} size="sm">{r.customer_name}</Anchor>
                        : r.customer_name}
                    </Table.Td>
                    <Table.Td>{r.order_show_id}</Table.Td>
                    <Table.Td>{[r.item_code, r.item_name].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td>{r.spec}</Table.Td>
                    {packages && <Table.Td>{r.package_show_id}</Table.Td>}
                    <Table.Td ta="right">{qty(r.quantity)}</Table.Td>
                    <Table.Td>{r.unit}</Table.Td>
                    <Table.Td ta="right">{formatForReading(r.price, lang, 4)}</Table.Td>
                    <Table.Td ta="right">
                      {r.price_changed ? (
                        <Tooltip label={t('bills.reconcile.price_changed_hint')} multiline w={320}>
                          <Badge color="orange" variant="light" data-testid="reconcile-price-changed">
                            {formatForReading(r.price_now, lang, 4)} · {t('bills.reconcile.price_changed')}
                          </Badge>
                        </Tooltip>
                      ) : formatForReading(r.price_now, lang, 4)}
                    </Table.Td>
                    <Table.Td ta="right">{money(r.amount)}</Table.Td>
                    <Table.Td>
                      {r.bill_id !== null
                        ? <Anchor component={Link} to={`/bills/edit/${r.bill_id}`} size="sm">{r.bill_show_id}</Anchor>
                        : <Text span size="sm" c="dimmed">{t('bills.reconcile.unbilled')}</Text>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} data-testid="reconcile-pages" />}
    </Stack>
  );
}
