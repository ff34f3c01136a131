import { Alert, Badge, Button, Center, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconFilePlus, IconListCheck, IconPlus, IconScan, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { deliveryClient } from '../../data/delivery-client';
import { isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import { idFromPath } from '../../domain/menu/resource-paths';
import { deliveries } from '../../domain/resources/delivery/deliveries';
import { deliverylines } from '../../domain/resources/delivery/deliverylines';
import { details } from '../../domain/resources/orders/details';
import { localDateString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { emptyLine, isBlank, lineByCode, lineProblem, linesReducer, type NoteLine } from './note-lines';
import { cardByNo, loadNote, packageByNo, PartialNoteSave, saveNote, type NoteRow } from './note-io';
import { NoteLinesTable, type CodeColumn } from './NoteLinesTable';
import { NotePrint } from './NotePrint';
import { OpenLinesTable } from './OpenLinesTable';

/**
 * `/deliveries/create` and `/deliveries/edit/:id` (docs/delivery.md "Screens"): a delivery note's header and lines,
 * keyboard-fast like the stock documents (decision 174's screen): lines typed by their order line's code or added from
 * the customer's open order lines (with what is left of each), their card or package typed or scanned at the
 * check-out; save, ship (the check-out posted), cancel, print. A new note, once saved, opens at its edit address.
 */
export default function DeliveryEntry() {
  const params = useParams();
  const { pathname, state } = useLocation();
  const raw = params.id ?? idFromPath(pathname);
  const id = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
  // A note this editor has just created keeps its editor at its new address (`created` in the history entry): it holds
  // the note as saved, so nothing is read again and nothing typed meanwhile is lost. Any other address is a new editor.
  const created = (state as { created?: unknown } | null)?.created;
  return <NoteEditor key={id !== undefined && created === id ? 'new' : id ?? 'new'} id={id} />;
}

const REFS = ['customer_id', 'warehouse_id', 'driver_id'] as const;
const TEXTS = ['address', 'contact', 'phone', 'vehicle', 'remark'] as const;
type Head = Record<(typeof REFS)[number], number | null> & Record<(typeof TEXTS)[number] | 'date', string>;

const emptyHead = (): Head => ({
  customer_id: null, warehouse_id: null, driver_id: null, date: localDateString(new Date()), address: '', contact: '', phone: '',
  vehicle: '', remark: '',
});

function headOf(n: NoteRow): [Head, Record<string, string>] {
  const head = emptyHead();
  const labels: Record<string, string> = {};
  for (const f of REFS) {
    head[f] = n[f] ?? null;
    const name = n[`${f}_name`];
    if (name) labels[f] = name;
  }
  for (const f of TEXTS) head[f] = n[f] ?? '';
  head.date = n.date ?? '';
  return [head, labels];
}

function NoteEditor({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reachable = useReachable();
  const mayWrite = useCan(deliveries, id === undefined ? 'create' : 'edit');
  const mayShip = useCan(deliveries, 'ship');
  const mayCancel = useCan(deliveries, 'delete');

  const [note, setNote] = useState<NoteRow | null>(null);
  const [head, setHead] = useState<Head>(emptyHead);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [lines, dispatch] = useReducer(linesReducer, undefined, () => ({ lines: [emptyLine()] }));
  const [saved, setSaved] = useState<NoteLine[]>([]);
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(id !== undefined);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<Record<number, number | null>>({});
  const [createKey] = useState(newRequestId);

  const status = note === null ? 'new' : note.canceled ? 'canceled' : (note.status ?? 'draft');
  const readOnly = (status !== 'new' && status !== 'draft') || !mayWrite;

  // The id of the note shown: a note created here and shown already is not read again at its new address.
  const shown = useRef<number | null>(null);
  const show = (d: { note: NoteRow; lines: NoteLine[] }) => {
    shown.current = d.note.id;
    setNote(d.note);
    const [h, l] = headOf(d.note);
    setHead(h);
    setLabels(l);
    setSaved(d.lines);
    const editable = !d.note.canceled && d.note.status === 'draft';
    dispatch({ type: 'load', lines: editable ? [...d.lines, emptyLine()] : d.lines });
  };

  useEffect(() => {
    if (id === undefined || shown.current === id) return undefined;
    let live = true;
    loadNote(id).then(d => { if (live) { show(d); setLoading(false); } },
      (e: unknown) => { if (live) { setError(isApiError(e) ? e.msg : String(e)); setLoading(false); } });
    return () => { live = false; };
  }, [id]);

  // The customer's order lines open for delivery: what a line may name, and the picker's rows.
  const open = useQuery({
    queryKey: [...queryKeys.all(details.api), 'open_lines', head.customer_id],
    queryFn: ({ signal }) => deliveryClient.openLines(head.customer_id!, { signal }),
    enabled: head.customer_id !== null && !readOnly,
  });
  const openLines = open.data ?? [];

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.all(deliveries.api) });
    void qc.invalidateQueries({ queryKey: queryKeys.all(deliverylines.api) });
    void qc.invalidateQueries({ queryKey: queryKeys.all(details.api) });
  };

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await what();
    } catch (e) {
      setError(isApiError(e) ? e.msg : String(e));
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const resolveCell = async (line: NoteLine, column: CodeColumn): Promise<boolean> => {
    try {
      if (column === 'line') {
        if (line.detail_id !== null) return true;
        const found = lineByCode(openLines, line.detail_code);
        if (!found) { setNotice(t('delivery.entry.unknown_line', { code: line.detail_code })); return false; }
        dispatch({ type: 'edit', key: line.key, patch: {
          detail_id: found.detail_id, detail_code: found.code ?? '', item_name: [found.item_code, found.item_name].filter(Boolean).join(' '),
          unit: found.unit, price: line.price ?? found.price, quantity: line.quantity ?? (found.left > 0 ? found.left : null),
        } });
        return true;
      }
      const code = (column === 'card' ? line.card_code : line.package_code).trim();
      if (!code) return true;
      if (column === 'card') {
        if (line.card_id !== null) return true;
        const card = await cardByNo(code);
        if (!card) { setNotice(t('delivery.checkout.unknown', { code })); return false; }
        dispatch({ type: 'edit', key: line.key, patch: { card_id: card.id, card_code: card.code, lot: card.code } });
        return true;
      }
      if (line.package_id !== null) return true;
      const pkg = await packageByNo(code);
      if (!pkg) { setNotice(t('delivery.checkout.unknown', { code })); return false; }
      dispatch({ type: 'edit', key: line.key, patch: { package_id: pkg.id, package_code: pkg.code } });
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.msg : String(e));
      return false;
    }
  };

  const problems = (): string | null => {
    if (head.customer_id === null || head.warehouse_id === null) return t('delivery.entry.customer_first');
    if (lines.lines.every(isBlank)) return t('delivery.entry.no_lines');
    for (const [i, l] of lines.lines.entries()) {
      const p = lineProblem(l);
      if (p) return t(`delivery.entry.${p}`, { n: i + 1 });
    }
    return null;
  };

  const headValues = (): Record<string, unknown> => {
    const v: Record<string, unknown> = { date: head.date || null };
    for (const f of REFS) v[f] = head[f];
    for (const f of TEXTS) v[f] = head[f];
    return v;
  };

  const openCreated = (createdId: number) => {
    void navigate(`/deliveries/edit/${createdId}`, { replace: true, state: { created: createdId } });
  };

  const save = async (): Promise<NoteRow | null> => {
    const problem = problems();
    if (problem) { setError(problem); return null; }
    try {
      const d = await saveNote({ head: headValues(), note, lines: lines.lines, saved, createKey });
      show(d);
      // A new note, saved (or saved and shipped), is at its own address from now on: the create address is replaced.
      if (!note) openCreated(d.note.id);
      return d.note;
    } catch (e) {
      if (!(e instanceof PartialNoteSave)) throw e;
      // What was written keeps its id and version, so the next save changes it instead of writing it again.
      if (e.note) setNote(e.note);
      dispatch({ type: 'load', lines: lines.lines.map(l => e.written.get(l.key) ?? l) });
      setSaved(prev => [...prev.filter(l => !e.gone.has(l.id!) && ![...e.written.values()].some(w => w.id === l.id)), ...e.written.values()]);
      if (!note && e.note) { shown.current = e.note.id; openCreated(e.note.id); }
      throw e.reason;
    }
  };

  const onSave = () => run(async () => {
    const d = await save();
    if (!d) return;
    setNotice(t('delivery.entry.saved'));
  });

  const onShip = () => run(async () => {
    const d = await save();
    if (!d) return;
    try {
      const r = await deliveryClient.ship(d.id, d.version);
      setNotice(t('delivery.entry.shipped', { count: r.movements }));
    } finally {
      // Shipped or refused (stock_negative names the item and what is there), the note is read again.
      show(await loadNote(d.id));
    }
  });

  const onCancel = () => run(async () => {
    setConfirmCancel(false);
    if (!note) return;
    await resourceClient(deliveries).remove({ id: note.id, version: note.version });
    show(await loadNote(note.id));
    setNotice(t('delivery.entry.canceled'));
  });

  const addPicked = () => {
    const add = openLines.filter(o => (picked[o.detail_id] ?? 0) > 0).map(o => {
      const { key: _key, ...blank } = emptyLine('');
      return { ...blank, detail_id: o.detail_id, detail_code: o.code ?? '', item_name: [o.item_code, o.item_name].filter(Boolean).join(' '),
        unit: o.unit, quantity: picked[o.detail_id]!, price: o.price, amount: o.price === null ? null : Math.round(picked[o.detail_id]! * o.price * 10_000) / 10_000 };
    });
    if (add.length) dispatch({ type: 'append', lines: add });
    setPicking(false);
    setPicked({});
  };

  if (loading) return <Center py="xl"><Loader /></Center>;
  const statusText = t(`delivery.entry.status_${status}`, { no: note?.show_id ?? '' });
  const total = lines.lines.reduce((s, l) => s + (l.quantity ?? 0), 0);
  return (
    <Stack p="md" gap="sm" data-testid="delivery-entry" data-status={status}>
      <Group justify="space-between">
        <Group gap="xs">
          <Badge size="lg" variant="light" color={status === 'shipped' || status === 'signed' ? 'green' : status === 'canceled' ? 'gray' : 'blue'}
            data-testid="note-status">{statusText}</Badge>
          {note?.request_id_name && <Text size="sm" c="dimmed">{t('delivery.entry.request', { no: note.request_id_name })}</Text>}
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconFilePlus size={16} />} onClick={() => void navigate('/deliveries/create')}
            data-testid="note-new">{t('delivery.entry.new')}</Button>
          {!readOnly && (
            <Button size="xs" variant="light" leftSection={<IconListCheck size={16} />} disabled={head.customer_id === null || !reachable}
              onClick={() => setPicking(true)} data-testid="note-add-lines">{t('delivery.entry.add_lines')}</Button>
          )}
          {!readOnly && (
            <Button size="xs" variant="default" leftSection={<IconDeviceFloppy size={16} />} loading={busy} disabled={!reachable}
              onClick={() => void onSave()} data-testid="note-save">{t('delivery.entry.save')}</Button>
          )}
          {note && status === 'draft' && (
            <Button size="xs" variant="default" leftSection={<IconScan size={16} />} onClick={() => void navigate(`/warehouses/checkout?id=${note.id}`)}
              data-testid="note-to-checkout">{t('delivery.entry.to_checkout')}</Button>
          )}
          {!readOnly && mayShip && (
            <Button size="xs" leftSection={<IconTruckDelivery size={16} />} loading={busy} disabled={!reachable}
              onClick={() => void onShip()} data-testid="note-ship">{t('delivery.entry.ship')}</Button>
          )}
          {note && status !== 'canceled' && status !== 'signed' && mayCancel && (status === 'draft' || mayShip) && (
            <Button size="xs" color="red" variant="light" leftSection={<IconX size={16} />} disabled={!reachable || busy}
              onClick={() => setConfirmCancel(true)} data-testid="note-cancel">{t('delivery.entry.cancel')}</Button>
          )}
          {note && !note.canceled && <NotePrint ids={[note.id]} />}
        </Group>
      </Group>
      {!reachable && <Alert color="yellow" py={6}>{t('delivery.offline')}</Alert>}
      {error && <Alert color="red" py={6} withCloseButton onClose={() => setError(null)} data-testid="note-error">{error}</Alert>}
      {notice && <Alert color="blue" py={6} withCloseButton onClose={() => setNotice(null)} data-testid="note-notice">{notice}</Alert>}
      <Paper withBorder p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {REFS.map(f => (
            <div key={f} style={{ minWidth: 220 }}>
              <RefSelect def={deliveries} name={f} field={deliveries.fields[f]} label={t(`resources.deliveries.fields.${f}`)}
                required={f !== 'driver_id'} disabled={readOnly || (f === 'customer_id' && saved.length > 0)} value={head[f]}
                valueLabel={labels[f]} testId={`note-${f}`} onLabel={(_, label) => setLabels(l => ({ ...l, [f]: label }))}
                onChange={v => setHead(h => ({ ...h, [f]: v }))} />
            </div>
          ))}
          <TextInput type="date" label={t('resources.deliveries.fields.date')} value={head.date} disabled={readOnly} w={160}
            onChange={e => { const v = e.currentTarget.value; setHead(h => ({ ...h, date: v })); }} data-testid="note-date" />
          {TEXTS.map(f => (
            <TextInput key={f} label={t(`resources.deliveries.fields.${f}`)} value={head[f]} disabled={readOnly}
              flex={f === 'address' || f === 'remark' ? '1 1 260px' : '0 1 160px'}
              onChange={e => { const v = e.currentTarget.value; setHead(h => ({ ...h, [f]: v })); }} data-testid={`note-${f}`} />
          ))}
        </Group>
      </Paper>
      {readOnly && note && <Text size="sm" c="dimmed">{t('delivery.entry.read_only')}</Text>}
      {!readOnly && <Text size="xs" c="dimmed">{t('delivery.entry.keys_hint')}</Text>}
      <NoteLinesTable lines={lines.lines} readOnly={readOnly} dispatch={dispatch} resolveCell={resolveCell} />
      <Group justify="space-between">
        {!readOnly ? (
          <Button size="xs" variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => dispatch({ type: 'add' })}
            data-testid="note-add-line">{t('delivery.entry.add_line')}</Button>
        ) : <span />}
        <Text size="sm" data-testid="note-total">
          {t('delivery.cols.quantity')} {formatForReading(total, lang, 4)} · {t('delivery.cols.amount')} {formatForReading(
            lines.lines.reduce((s, l) => s + (l.amount ?? 0), 0), lang, 2)}
        </Text>
      </Group>
      <Modal opened={picking} onClose={() => setPicking(false)} size="90%" title={t('delivery.entry.add_lines')}>
        <Stack>
          {open.isLoading ? <Center><Loader /></Center> : openLines.length === 0
            ? <Text c="dimmed" size="sm">{t('delivery.requests.no_open_lines')}</Text>
            : <OpenLinesTable lines={openLines} quantities={picked} onChange={(d, q) => setPicked(p => ({ ...p, [d]: q }))} testId="note-open" />}
          <Group justify="flex-end">
            <Button size="xs" leftSection={<IconCheck size={16} />} onClick={addPicked} data-testid="note-add-picked">
              {t('delivery.entry.add_selected')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title={t('delivery.entry.cancel')}>
        <Stack>
          <Text size="sm">{t('delivery.entry.cancel_confirm')}</Text>
          <Group justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setConfirmCancel(false)}>{t('delivery.entry.keep')}</Button>
            <Button size="xs" color="red" onClick={() => void onCancel()} data-testid="note-cancel-confirm">{t('delivery.entry.cancel')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
