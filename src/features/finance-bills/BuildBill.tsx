import { Alert, Button, Checkbox, Group, Loader, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../data/errors';
import { financeClient, financeKeys, type ReconcileQuery } from '../../data/finance-client';
import { queryKeys } from '../../data/query-keys';
import { bills } from '../../domain/resources/finance/bills';
import { formatForReading } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { monthOf } from './period';

/** The lines the preview shows; the sums are over all of them. */
const PREVIEW_ROWS = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/payments/build2` (生成账单, docs/finance.md "Bills"): the accountant chooses a customer and a period (filled from
 * the reconciliation's address when it opened this), sees the unbilled lines of the customer's shipped or signed
 * deliveries in it (the reconciliation with `billed=no`) and builds the draft bill of them, which opens at
 * `/bills/edit/:id`. Nothing to bill is the server's 422 `bill_nothing`, shown in the user's language.
 */
export default function BuildBill() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reachable = useReachable();
  const mayBuild = useCan(bills, 'build');
  const [search] = useSearchParams();
  const { state } = useLocation();
  const [customer, setCustomer] = useState<number | null>(() => {
    const v = Number(search.get('customer_id'));
    return Number.isInteger(v) && v > 0 ? v : null;
  });
  const [customerName, setCustomerName] = useState<string | undefined>((state as { customerName?: string } | null)?.customerName);
  const [period, setPeriod] = useState(() => {
    const month = monthOf(new Date());
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    return { from: DAY.test(from) ? from : month.from, to: DAY.test(to) ? to : month.to };
  });
  const [date, setDate] = useState('');
  const [signedOnly, setSignedOnly] = useState(search.get('signed_only') === '1');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ready = customer !== null && period.from !== '' && period.to !== '' && period.from <= period.to;
  const query: ReconcileQuery = {
    from: period.from, to: period.to, customer_id: customer ?? 0, billed: 'no', ...(signedOnly ? { signed_only: 1 as const } : {}),
    limit: PREVIEW_ROWS,
  };
  const preview = useQuery({
    queryKey: financeKeys.reconcile(query, false), enabled: ready,
    queryFn: ({ signal }) => financeClient.reconcile(query, false, { signal }),
  });
  const rows = preview.data?.dt ?? [];
  const money = (v: number | null) => formatForReading(v, lang, 2, 2);

  const build = async () => {
    if (!ready) { setError(t('bills.build.choose')); return; }
    setBusy(true);
    setError(null);
    try {
      const r = await financeClient.build({
        customer_id: customer, from: period.from, to: period.to, ...(date ? { date } : {}), ...(signedOnly ? { signed_only: 1 as const } : {}),
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      });
      void qc.invalidateQueries({ queryKey: ['finance'] });
      void qc.invalidateQueries({ queryKey: queryKeys.all(bills.api) });
      void navigate(`/bills/edit/${r.id}`, { state: { notice: t('bills.build.built', { no: r.show_id, count: r.lines }) } });
    } catch (e) {
      setError(isApiError(e) ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" p="sm" data-testid="build-bill">
      <Text size="sm" c="dimmed">{t('bills.build.intro')}</Text>
      <Paper withBorder p="sm">
        <Group gap={8} align="flex-end" wrap="wrap">
          <div style={{ width: 260 }}>
            <RefSelect def={bills} name="customer_id" field={bills.fields.customer_id} label={t('bills.reconcile.customer')} required
              disabled={false} value={customer} valueLabel={customerName} testId="build-customer"
              onLabel={(_, label) => setCustomerName(label)} onChange={setCustomer} />
          </div>
          <TextInput type="date" w={160} label={t('bills.reconcile.from')} value={period.from} data-testid="build-from"
            onChange={e => { const v = e.currentTarget.value; setPeriod(p => ({ ...p, from: v })); }} />
          <TextInput type="date" w={160} label={t('bills.reconcile.to')} value={period.to} data-testid="build-to"
            onChange={e => { const v = e.currentTarget.value; setPeriod(p => ({ ...p, to: v })); }} />
          <TextInput type="date" w={160} label={t('bills.build.date')} placeholder={period.to} value={date} data-testid="build-date"
            onChange={e => setDate(e.currentTarget.value)} />
          <TextInput w={240} label={t('bills.build.remark')} value={remark} maxLength={200} data-testid="build-remark"
            onChange={e => setRemark(e.currentTarget.value)} />
          <Checkbox mb={8} label={t('bills.reconcile.signed_only')} checked={signedOnly} data-testid="build-signed"
            onChange={e => setSignedOnly(e.currentTarget.checked)} />
          {mayBuild && (
            <Button leftSection={<IconFileInvoice size={16} />} loading={busy} disabled={!ready || !reachable} onClick={() => void build()}
              data-testid="build-submit">{t('bills.build.build')}</Button>
          )}
        </Group>
      </Paper>
      {!reachable && <Alert color="yellow" py={6}>{t('bills.offline')}</Alert>}
      {error && <Alert color="red" py={6} withCloseButton onClose={() => setError(null)} data-testid="build-error">{error}</Alert>}
      {!ready && <Text size="sm" c="dimmed">{t('bills.build.choose')}</Text>}
      {ready && preview.isPending && <Loader size="xs" />}
      {ready && preview.data && (
        <Text size="sm" data-testid="build-preview-sums">
          {t('bills.build.lines', { count: preview.data.total, amount: money(preview.data.sums.amount) })}
        </Text>
      )}
      {rows.length > 0 && (
        <Paper withBorder>
          <ScrollArea>
            <Table striped withColumnBorders fz="sm" data-testid="build-preview">
              <Table.Thead>
                <Table.Tr>
                  {['delivery', 'delivery_date', 'order', 'item', 'spec', 'quantity', 'unit', 'price', 'amount'].map(c => (
                    <Table.Th key={c}>{t(`bills.cols.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.deliveryline_id} data-testid="build-preview-row">
                    <Table.Td>{r.delivery_show_id}</Table.Td>
                    <Table.Td>{r.delivery_date}</Table.Td>
                    <Table.Td>{r.order_show_id}</Table.Td>
                    <Table.Td>{[r.item_code, r.item_name].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td>{r.spec}</Table.Td>
                    <Table.Td ta="right">{formatForReading(r.quantity, lang, 4)}</Table.Td>
                    <Table.Td>{r.unit}</Table.Td>
                    <Table.Td ta="right">{formatForReading(r.price, lang, 4)}</Table.Td>
                    <Table.Td ta="right">{money(r.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
    </Stack>
  );
}
