import { Alert, Badge, Button, Center, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconDownload, IconPlus, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../data/errors';
import { financeClient } from '../../data/finance-client';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import { idFromPath } from '../../domain/menu/resource-paths';
import { billlines } from '../../domain/resources/finance/billlines';
import { bills } from '../../domain/resources/finance/bills';
import { chineseAmount } from '../../domain/rules/chinese-amount';
import { formatForReading, formatNumber, fromUnits, units } from '../../domain/rules/numbers';
import { saveBytes } from '../../resources/export/download';
import { exportFileName } from '../../resources/export/export-rows';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { buildSpreadsheet } from '../../workers/spreadsheet';
import { handLine, loadBill, typedNumber, type BillLineRow, type LineEdit } from './bill-io';
import { billSheetRows } from './bill-sheet-rows';
import { BillLinesTable } from './BillLinesTable';
import { BillPrint } from './BillPrint';

const num = (v: unknown): number | null => (v == null || v === '' ? null : Number(v));
const NO_HAND = { description: '', quantity: '', unit: '', price: '', amount: '' };

/**
 * `/bills/edit/:id` (对账单, docs/finance.md "Bills"): a bill and its lines, grouped by delivery note with a subtotal
 * under each; the totals, the total in Chinese capitals, received and the balance. While a draft: a line's adjustment
 * and its reason are typed and saved (the generic line save; a bill by hand's lines also their description, quantity,
 * unit and price, and new lines are added to it), a line is cancelled, the bill confirmed or cancelled. A confirmed
 * bill reads only (it may still be cancelled). Printed (A4 landscape) and exported (excel.xlsx of the same) at any time.
 */
export default function BillEntry() {
  const params = useParams();
  const { pathname, state } = useLocation();
  const raw = params.id ?? idFromPath(pathname);
  const id = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (id === undefined) return null;
  return <BillEditor key={id} id={id} arrived={(state as { notice?: string } | null)?.notice ?? null} />;
}

function BillEditor({ id, arrived }: { id: number; arrived: string | null }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reachable = useReachable();
  const mayEdit = useCan(billlines, 'edit');
  const mayConfirm = useCan(bills, 'confirm');
  const mayCancel = useCan(bills, 'delete');
  const [edits, setEdits] = useState<Record<number, LineEdit>>({});
  const [hand, setHand] = useState(NO_HAND);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(arrived);
  const [asking, setAsking] = useState<null | 'confirm' | 'cancel' | { line: BillLineRow }>(null);
  const [exporting, setExporting] = useState(false);

  const q = useQuery({ queryKey: ['finance', 'bill', id], queryFn: ({ signal }) => loadBill(id, signal) });
  if (q.isPending) return <Center py="xl"><Loader /></Center>;
  if (!q.data) return <Alert color="red" m="md">{q.error && isApiError(q.error) ? q.error.msg : t('bills.load_failed')}</Alert>;
  const { bill, lines } = q.data;
  const status = bill.canceled ? 'canceled' : (bill.status ?? 'draft');
  const draft = status === 'draft';
  const byHand = bill.kind === 'other';
  const editable = draft && mayEdit && reachable;
  const money = (v: number | null) => formatForReading(v, lang, 2, 2);
  const total = num(bill.total) ?? 0;
  const allocated = num(bill.allocated) ?? 0;
  const balance = fromUnits(units(total) - units(allocated));

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await what();
    } catch (e) {
      setError(isApiError(e) ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      await q.refetch();
      void qc.invalidateQueries({ queryKey: queryKeys.all(bills.api) });
      void qc.invalidateQueries({ queryKey: queryKeys.all(billlines.api) });
      void qc.invalidateQueries({ queryKey: ['finance', 'reconcile'] });
    }
  };

  const edit = (lineId: number, patch: LineEdit) => setEdits(e => ({ ...e, [lineId]: { ...e[lineId], ...patch } }));
  const valueOf = (l: BillLineRow, k: keyof LineEdit): string => {
    const typed = edits[l.id]?.[k];
    if (typed !== undefined) return typed;
    const v = l[k];
    return v == null ? '' : typeof v === 'number' ? formatNumber(v, 4) : String(v);
  };
  const dirty = (l: BillLineRow) => Object.keys(edits[l.id] ?? {}).length > 0;

  const saveLine = (l: BillLineRow) => run(async () => {
    const e = edits[l.id] ?? {};
    const values: Record<string, unknown> = {};
    for (const k of ['adjustment', 'quantity', 'price'] as const) {
      if (e[k] === undefined) continue;
      const n = typedNumber(e[k]);
      if (n === undefined) throw new Error(t('bills.bill.line_needs'));
      values[k] = k === 'adjustment' ? n ?? 0 : n;
    }
    for (const k of ['adjustment_reason', 'description', 'unit'] as const) if (e[k] !== undefined) values[k] = e[k].trim();
    await resourceClient(billlines).save(values, { id: l.id, version: l.version });
    setEdits(all => { const { [l.id]: _saved, ...rest } = all; return rest; });
    setNotice(t('bills.bill.line_saved'));
  });

  const cancelLine = (l: BillLineRow) => run(async () => {
    setAsking(null);
    await resourceClient(billlines).remove({ id: l.id, version: l.version });
    setNotice(t('bills.bill.line_canceled'));
  });

  const addLine = () => run(async () => {
    const values = handLine(hand);
    if (!values) throw new Error(t('bills.bill.line_needs'));
    await resourceClient(billlines).save({ bill_id: id, ...values }, undefined, { idempotencyKey: newRequestId() });
    setHand(NO_HAND);
    setNotice(t('bills.bill.line_saved'));
  });

  const confirm = () => run(async () => {
    setAsking(null);
    await financeClient.confirm(id, bill.version);
    setNotice(t('bills.bill.confirmed'));
  });

  const cancelBill = () => run(async () => {
    setAsking(null);
    await resourceClient(bills).remove({ id, version: bill.version });
    setNotice(t('bills.bill.canceled'));
  });

  const exportBill = async () => {
    setExporting(true);
    try {
      const columns = [t('bills.cols.line_no'), t('bills.cols.delivery'), t('bills.cols.delivery_date'), t('bills.cols.description'),
        t('bills.cols.quantity'), t('bills.cols.unit'), t('bills.cols.price'), t('bills.cols.amount'), t('bills.cols.adjustment'),
        t('bills.cols.reason'), t('bills.cols.remark')];
      const rows = billSheetRows(lines.map(l => ({
        delivery_id: l.delivery_id ?? null, delivery_no: l.delivery_id_name ?? '', delivery_date: l.delivery_date ?? '',
        line_no: l.line_no ?? null, description: l.description ?? '', quantity: num(l.quantity), unit: l.unit ?? '', price: num(l.price),
        amount: num(l.amount), adjustment: num(l.adjustment), adjustment_reason: l.adjustment_reason ?? '', remark: l.remark ?? '',
      })), { amount: num(bill.amount) ?? 0, adjustment: num(bill.adjustment) ?? 0, total, allocated }, {
        columns, subtotal: t('bills.bill.subtotal'), total: t('bills.bill.total'), capitals: t('bills.bill.capitals'),
        received: t('bills.bill.received'), balance: t('bills.bill.balance'),
      });
      saveBytes(await buildSpreadsheet(columns, rows), exportFileName(`${t('bills.bill.exported_title')} ${bill.show_id ?? id}`));
    } catch {
      // The spreadsheet worker's failure has been shown.
    } finally {
      setExporting(false);
    }
  };

  const period = bill.date_from || bill.date_to ? `${bill.date_from ?? ''} ~ ${bill.date_to ?? ''}` : '';
  return (
    <Stack p="md" gap="sm" data-testid="bill-entry" data-status={status} data-kind={bill.kind ?? ''}>
      <Group justify="space-between">
        <Group gap="xs">
          <Badge size="lg" variant="light" color={status === 'confirmed' ? 'green' : status === 'canceled' ? 'gray' : 'blue'}
            data-testid="bill-status">{t(`bills.bill.status_${status}`, { no: bill.show_id ?? '' })}</Badge>
          <Text fw={600} data-testid="bill-customer">{bill.customer_id_name}</Text>
          {period && <Text size="sm" c="dimmed">{t('bills.bill.period')} {period}</Text>}
          <Text size="sm" c="dimmed">{t('resources.bills.fields.date')} {bill.date}</Text>
          <Text size="sm" c="dimmed">{t('resources.bills.fields.check_code')} <b data-testid="bill-check-code">{bill.check_code}</b></Text>
        </Group>
        <Group gap="xs">
          {draft && mayConfirm && (
            <Button size="xs" leftSection={<IconCheck size={16} />} loading={busy} disabled={!reachable || lines.length === 0}
              onClick={() => setAsking('confirm')} data-testid="bill-confirm">{t('bills.bill.confirm')}</Button>
          )}
          {status !== 'canceled' && mayCancel && (
            <Button size="xs" color="red" variant="light" leftSection={<IconX size={16} />} disabled={!reachable || busy}
              onClick={() => setAsking('cancel')} data-testid="bill-cancel">{t('bills.bill.cancel')}</Button>
          )}
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={exporting} onClick={() => void exportBill()}
            data-testid="bill-export">{t('bills.export')}</Button>
          {status !== 'canceled' && <BillPrint ids={[id]} />}
        </Group>
      </Group>
      {!reachable && <Alert color="yellow" py={6}>{t('bills.offline')}</Alert>}
      {error && <Alert color="red" py={6} withCloseButton onClose={() => setError(null)} data-testid="bill-error">{error}</Alert>}
      {notice && <Alert color="blue" py={6} withCloseButton onClose={() => setNotice(null)} data-testid="bill-notice">{notice}</Alert>}
      {!draft && <Text size="sm" c="dimmed" data-testid="bill-read-only">{t('bills.bill.read_only')}</Text>}
      {bill.remark && <Text size="sm">{t('resources.bills.fields.remark')}：{bill.remark}</Text>}
      <BillLinesTable lines={lines} editable={editable} byHand={byHand} busy={busy} valueOf={valueOf} dirty={dirty}
        onEdit={edit} onSave={l => void saveLine(l)} onCancel={l => setAsking({ line: l })} />
      {editable && byHand && (
        <Paper withBorder p="sm" data-testid="bill-add">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput size="xs" w={240} label={t('bills.cols.description')} value={hand.description} data-testid="bill-add-description"
              onChange={e => { const v = e.currentTarget.value; setHand(h => ({ ...h, description: v })); }} />
            <TextInput size="xs" w={90} label={t('bills.cols.quantity')} value={hand.quantity} data-testid="bill-add-quantity"
              onChange={e => { const v = e.currentTarget.value; setHand(h => ({ ...h, quantity: v })); }} />
            <TextInput size="xs" w={70} label={t('bills.cols.unit')} value={hand.unit} data-testid="bill-add-unit"
              onChange={e => { const v = e.currentTarget.value; setHand(h => ({ ...h, unit: v })); }} />
            <TextInput size="xs" w={110} label={t('resources.billlines.fields.price')} value={hand.price} data-testid="bill-add-price"
              onChange={e => { const v = e.currentTarget.value; setHand(h => ({ ...h, price: v })); }} />
            <TextInput size="xs" w={130} label={t('bills.bill.one_amount')} value={hand.amount} data-testid="bill-add-amount"
              onChange={e => { const v = e.currentTarget.value; setHand(h => ({ ...h, amount: v })); }} />
            <Button size="xs" leftSection={<IconPlus size={14} />} loading={busy} onClick={() => void addLine()}
              data-testid="bill-add-line">{t('bills.bill.add_line')}</Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>{t('bills.bill.credit_hint')}</Text>
        </Paper>
      )}
      <Paper withBorder p="sm" data-testid="bill-totals">
        <Group gap="xl" wrap="wrap">
          <Text size="sm">{t('resources.bills.fields.amount')} <b>{money(num(bill.amount))}</b></Text>
          <Text size="sm">{t('resources.bills.fields.adjustment')} <b>{money(num(bill.adjustment))}</b></Text>
          <Text size="sm">{t('bills.bill.total')} <b data-testid="bill-total">{money(total)}</b></Text>
          <Text size="sm">{t('bills.bill.capitals')} <b data-testid="bill-capitals">{chineseAmount(total)}</b></Text>
          <Text size="sm">{t('bills.bill.received')} <b>{money(allocated)}</b></Text>
          <Text size="sm">{t('bills.bill.balance')} <b>{money(balance)}</b></Text>
        </Group>
      </Paper>
      <Group>
        <Button size="xs" variant="subtle" onClick={() => void navigate(byHand ? '/payments/bills_other' : '/payments/bills')}>
          {t('bills.bill.to_list')}
        </Button>
      </Group>
      <Modal opened={asking !== null} onClose={() => setAsking(null)}
        title={asking === 'confirm' ? t('bills.bill.confirm') : asking === 'cancel' ? t('bills.bill.cancel') : t('bills.bill.cancel_line')}>
        <Stack>
          <Text size="sm">
            {asking === 'confirm' ? t('bills.bill.confirm_confirm') : asking === 'cancel' ? t('bills.bill.cancel_confirm') : t('bills.bill.cancel_line_confirm')}
          </Text>
          <Group justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setAsking(null)}>{t('bills.bill.keep')}</Button>
            <Button size="xs" color={asking === 'confirm' ? 'blue' : 'red'} data-testid="bill-ask-yes" onClick={() => {
              if (asking === 'confirm') void confirm();
              else if (asking === 'cancel') void cancelBill();
              else if (asking) void cancelLine(asking.line);
            }}>
              {asking === 'confirm' ? t('bills.bill.confirm') : asking === 'cancel' ? t('bills.bill.cancel') : t('bills.bill.cancel_line')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
