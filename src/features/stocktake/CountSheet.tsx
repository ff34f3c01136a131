import { Alert, Badge, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort, isApiError } from '../../data/errors';
import { FactArgsError } from '../../data/outbox/outbox';
import { queryKeys } from '../../data/query-keys';
import { resourceClient } from '../../data/resource-client';
import { stockClient } from '../../data/stock-client';
import { countSnapshot, keepCountSnapshot, recordCount } from '../../data/stocktake-client';
import type { CountArgs } from '../../domain/contract/facts';
import type { Lang } from '../../domain/messages/catalog';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import { stocklines } from '../../domain/resources/warehouse/stocklines';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable, useResourceDetail, useResourceList } from '../../ui/data/use-resource';
import { scanFeedback } from '../../ui/scanner/feedback';
import { useScanner } from '../../ui/scanner/use-scanner';
import { useOutboxStatus } from '../../ui/stores';
import { countLines, differences, meaningOf, shownQuantity, type CopyItem, type CopyPosition, type CountLine } from './stocktake-model';
import { useStocktakeCopy } from './use-stocktake-copy';

/** What was scanned and waits for its counted quantity. */
interface Entry { item: CopyItem | null; card: string | null; unverified: boolean }

const positionKey = (doc: number) => `ipos-stocktake-position:${doc}`;
/** Touch targets for one hand on a tablet (as the inspection screens). */
const SIZE = 'lg';

/**
 * One stocktake being counted (docs/stock.md "Stocktake"). The storekeeper walks the racks: scans a position label
 * (it stays the current position, also after a reload), then each item or card found there, types the quantity
 * counted and presses Enter. On an enrolled handheld each line is a `count` fact queued durably in the outbox before
 * the screen confirms it, so counting goes on offline and reaches the server exactly once; in an office browser it is
 * saved straight to the server. The lines show as synchronised, waiting, or refused with the server's reason; the
 * differences per place are what posting will write. Posting needs the server and an empty queue for this count.
 */
export function CountSheet({ docId, onBack }: { docId: number; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const qc = useQueryClient();
  const reachable = useReachable();
  const mayPost = useCan(stockdocs, 'post');
  const computer = useOutboxStatus(s => s.computer);
  const pending = useOutboxStatus(s => s.pending);
  const feedback = scanFeedback();

  const detail = useResourceDetail(stockdocs, docId);
  // The server's answers when there are any, else what the device kept of them (offline after a reload).
  const [kept] = useState(() => countSnapshot(docId));
  const doc = detail.data?.row ?? kept?.doc;
  const warehouseId = doc ? Number(doc.warehouse_id) : null;
  const roomId = doc?.room_id == null ? null : Number(doc.room_id);
  const saved = useResourceList(stocklines, { filter: [{ field: 'doc_id', op: 'eq', value: docId }], sort: ['line_no'], limit: 1000 });
  const book = useResourceList(stocklots, { filter: [{ field: 'warehouse_id', op: 'eq', value: warehouseId ?? 0 }], limit: 1000 },
    { enabled: warehouseId !== null });
  const savedRows = saved.data?.dt ?? kept?.lines;
  const bookRows = book.data?.dt ?? kept?.book;
  useEffect(() => {
    if (detail.data?.row && saved.data && book.data) {
      keepCountSnapshot(docId, { doc: detail.data.row, lines: saved.data.dt, book: book.data.dt });
    }
  }, [docId, detail.data, saved.data, book.data]);
  const { copy, asOf, queued, refused } = useStocktakeCopy(warehouseId, roomId);

  // The current position is kept per count on the device, so a reload (offline too) goes on where it was.
  const [positionCode, setPositionCode] = useState<string | null>(() => localStorage.getItem(positionKey(docId)));
  const position: CopyPosition | null = (positionCode && copy?.positions.get(positionCode)) || null;
  const [entry, setEntry] = useState<Entry | null>(null);
  const [quantity, setQuantity] = useState<string | number>(1);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [view, setView] = useState<'lines' | 'differences'>('lines');
  const [busy, setBusy] = useState(false);
  const quantityInput = useRef<HTMLInputElement>(null);

  // Lines synchronised: the server's lines and the book are read again.
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: queryKeys.all(stocklines.api) });
    void qc.invalidateQueries({ queryKey: queryKeys.all(stocklots.api) });
  }, [pending, qc]);

  const positionsById = useMemo(() => new Map([...(copy?.positions.values() ?? [])].map(p => [p.id, p])), [copy]);
  const lines = useMemo(() => countLines(docId, savedRows ?? [], queued, refused), [docId, savedRows, queued, refused]);
  // The book of the count's scope: its warehouse, or the positions of the storeroom it counts.
  const scopedBook = useMemo(() => (bookRows ?? []).filter(b => roomId === null || positionsById.has(Number(b.position_id))),
    [bookRows, roomId, positionsById]);
  const places = useMemo(() => differences(lines, scopedBook.map(b => ({
    item_id: Number(b.item_id), position_id: b.position_id == null ? null : Number(b.position_id), lot: String(b.lot ?? ''),
    quantity: Number(b.quantity ?? 0),
  }))), [lines, scopedBook]);
  const queuedHere = lines.filter(l => l.state === 'queued').length;

  const itemText = (l: { item_id: number | null; card: string | null }) => {
    const item = l.item_id === null ? undefined : copy?.itemsById.get(l.item_id);
    return item ? `${item.code} ${item.name}` : l.card ?? (l.item_id === null ? '' : `#${l.item_id}`);
  };
  const positionText = (id: number | null) => (id === null ? '' : positionsById.get(id)?.code ?? `#${id}`);

  const onCode = (raw: string) => {
    if (!copy) return;
    const m = meaningOf(raw, copy);
    setCode('');
    if (m.kind === 'unknown') {
      feedback.error();
      setNotice({ ok: false, text: t('stocktake.unknown_code', { code: m.code }) });
      return;
    }
    feedback.ok();
    if (m.kind === 'position') {
      setPositionCode(m.position.code);
      localStorage.setItem(positionKey(docId), m.position.code);
      setNotice(null);
      return;
    }
    setEntry(m.kind === 'item' ? { item: m.item, card: null, unverified: false } : { item: m.item, card: m.card, unverified: m.unverified });
    setQuantity(1);
    setNotice(m.kind === 'card' && m.unverified ? { ok: true, text: t('stocktake.card_unverified', { card: m.card }) } : null);
    requestAnimationFrame(() => quantityInput.current?.select());
  };
  useScanner(c => onCode(c), { capture: 'global', enabled: !busy && !!copy });

  const record = async () => {
    if (!entry || !doc) return;
    const q = typeof quantity === 'number' ? quantity : Number(String(quantity).replace(',', '.'));
    const args: CountArgs = {
      doc_id: docId, quantity: q, position_id: position?.id ?? null,
      ...(entry.card ? { card: entry.card } : {}), ...(entry.item ? { item_id: entry.item.id } : {}),
    };
    const label = entry.item ? `${entry.item.code} ${entry.item.name}` : entry.card ?? '';
    setBusy(true);
    try {
      if (computer) {
        await recordCount(args);
      } else {
        await resourceClient(stocklines).save({
          doc_id: docId, item_id: entry.item?.id, position_id: position?.id ?? null, lot: entry.card ?? '', quantity: q,
        });
        await qc.invalidateQueries({ queryKey: queryKeys.all(stocklines.api) });
      }
      feedback.ok();
      setNotice({ ok: true, text: t('stocktake.counted_saved', { item: label, quantity: shownQuantity(q, lang) }) });
      setEntry(null);
    } catch (e) {
      feedback.error();
      if (e instanceof FactArgsError) {
        setNotice({ ok: false, text: t('stocktake.not_saved', { reason: e.issues.map(i => `${i.path.join('.')}: ${i.message}`).join('; ') }) });
      } else if (!isAbort(e) && !isApiError(e)) {
        setNotice({ ok: false, text: t('stocktake.not_saved', { reason: e instanceof Error ? e.message : String(e) }) });
      }
    } finally {
      setBusy(false);
    }
  };

  const post = async () => {
    if (!doc) return;
    setBusy(true);
    try {
      // The document as the server has it now: the lines this device's queue just saved have moved its version on, and
      // posting the version read before them would be refused as changed by someone else.
      const latest = (await detail.refetch()).data?.row ?? doc;
      const r = await stockClient.post(docId, Number(latest.version));
      setNotice({ ok: true, text: t('stocktake.post_done', { count: r.movements }) });
      await Promise.all([stockdocs, stocklines, stocklots].map(d => qc.invalidateQueries({ queryKey: queryKeys.all(d.api) })));
    } catch (e) {
      if (!isAbort(e) && !isApiError(e)) throw e;
    } finally {
      setBusy(false);
    }
  };

  if (!doc) {
    return (
      <Stack>
        <Alert color={detail.isError ? 'red' : 'gray'}>{detail.isError ? t('stocktake.not_loaded') : '…'}</Alert>
        <Button variant="default" onClick={onBack}>{t('stocktake.back')}</Button>
      </Stack>
    );
  }
  const draft = doc.status === 'draft' && !doc.canceled;
  const stateBadge = (l: CountLine) => (
    <Badge color={l.state === 'saved' ? 'green' : l.state === 'queued' ? 'yellow' : 'red'} variant="light">{t(`stocktake.state_${l.state}`)}</Badge>
  );

  return (
    <Stack gap="md" data-testid="stocktake-sheet" data-doc={docId} data-ready={copy !== null && asOf !== null}>
      <Group justify="space-between">
        <Text fw={700} size="lg">{t('stocktake.doc', { no: String(doc.show_id ?? docId), warehouse: [doc.warehouse_id_name, doc.room_id_name].filter(Boolean).join(' · ') })}</Text>
        <Button variant="default" onClick={onBack}>{t('stocktake.back')}</Button>
      </Group>
      {!computer && <Alert color="blue">{t('stocktake.no_terminal')}</Alert>}
      {!reachable && <Alert color="yellow" data-testid="stocktake-offline">{t('stocktake.offline')}</Alert>}
      {!draft && <Alert color="gray">{doc.canceled ? t('stocktake.canceled') : t('stocktake.posted')}</Alert>}
      {/* Once posted the entry panel goes away with the draft; the post's own notice (how many movements) stays. */}
      {!draft && notice && <Alert color={notice.ok ? 'green' : 'red'} data-testid="stocktake-notice">{notice.text}</Alert>}
      <Text data-testid="stocktake-pending" data-pending={queuedHere} c={queuedHere ? 'yellow.8' : 'dimmed'}>
        {queuedHere ? t('stocktake.pending', { count: queuedHere }) : t('stocktake.all_sent')}
      </Text>

      {draft && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text data-testid="stocktake-position" data-code={position?.code ?? ''} size="lg">
              {t('stocktake.position')}: <b>{position ? `${position.code} ${position.name}` : t('stocktake.no_position')}</b>
            </Text>
            <TextInput size={SIZE} data-testid="stocktake-code" value={code} placeholder={t('stocktake.scan_placeholder')}
              description={t('stocktake.scan_hint')} aria-label={t('stocktake.scan_placeholder')}
              onChange={e => setCode(e.currentTarget.value)}
              onKeyDown={e => { if (e.key === 'Enter' && code.trim()) { e.preventDefault(); onCode(code); } }} />
            {entry && (
              <Group align="end" data-testid="stocktake-entry">
                <Text size="lg" fw={600}>{entry.item ? `${entry.item.code} ${entry.item.name}` : entry.card}</Text>
                <NumberInput size={SIZE} ref={quantityInput} data-testid="stocktake-quantity" label={t('stocktake.quantity')} value={quantity}
                  onChange={setQuantity} min={0} decimalScale={4} allowNegative={false}
                  onKeyDown={e => { if (e.key === 'Enter') { e.preventDefault(); void record(); } }} />
                <Button size={SIZE} onClick={() => void record()} loading={busy} data-testid="stocktake-add">{t('stocktake.add')}</Button>
              </Group>
            )}
            {notice && <Alert color={notice.ok ? 'green' : 'red'} data-testid="stocktake-notice">{notice.text}</Alert>}
          </Stack>
        </Paper>
      )}

      <SegmentedControl value={view} onChange={v => setView(v as 'lines' | 'differences')}
        data={[{ value: 'lines', label: t('stocktake.lines') }, { value: 'differences', label: t('stocktake.differences') }]} />
      {view === 'lines'
        ? (lines.length === 0 ? <Text c="dimmed">{t('stocktake.no_lines')}</Text> : (
          <Table striped data-testid="stocktake-lines" data-count={lines.length}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stocktake.position')}</Table.Th><Table.Th>{t('stocktake.item')}</Table.Th><Table.Th>{t('stocktake.lot')}</Table.Th>
                <Table.Th ta="right">{t('stocktake.counted')}</Table.Th><Table.Th>{t('stocktake.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...lines].reverse().map(l => (
                <Table.Tr key={l.key} data-state={l.state}>
                  <Table.Td>{positionText(l.position_id)}</Table.Td>
                  <Table.Td>{itemText(l)}</Table.Td>
                  <Table.Td>{l.lot}</Table.Td>
                  <Table.Td ta="right">{shownQuantity(l.quantity, lang)}</Table.Td>
                  <Table.Td>{stateBadge(l)}{l.reason && <Text size="sm" c="red">{l.reason}</Text>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))
        : (
          <Stack gap="sm">
            <Table striped data-testid="stocktake-differences">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('stocktake.position')}</Table.Th><Table.Th>{t('stocktake.item')}</Table.Th><Table.Th>{t('stocktake.lot')}</Table.Th>
                  <Table.Th ta="right">{t('stocktake.book')}</Table.Th><Table.Th ta="right">{t('stocktake.counted')}</Table.Th>
                  <Table.Th ta="right">{t('stocktake.difference')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {places.map(p => (
                  <Table.Tr key={p.key} data-difference={p.difference}>
                    <Table.Td>{positionText(p.position_id)}</Table.Td>
                    <Table.Td>{itemText(p)}</Table.Td>
                    <Table.Td>{p.lot}</Table.Td>
                    <Table.Td ta="right">{shownQuantity(p.book, lang)}{p.queued > 0 && <Text size="xs" c="dimmed">{t('stocktake.queued_book')}</Text>}</Table.Td>
                    <Table.Td ta="right">{p.uncounted ? t('stocktake.uncounted') : shownQuantity(p.counted, lang)}</Table.Td>
                    <Table.Td ta="right" c={p.difference < 0 ? 'red' : p.difference > 0 ? 'green' : undefined}>
                      {p.uncounted ? '' : shownQuantity(p.difference, lang)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {draft && mayPost && (
              <Group>
                <Button size={SIZE} color="orange" onClick={() => void post()} loading={busy} data-testid="stocktake-post"
                  disabled={!reachable || queuedHere > 0 || lines.length === 0}>
                  {t('stocktake.post')}
                </Button>
                {!reachable ? <Text c="dimmed">{t('stocktake.post_offline')}</Text>
                  : queuedHere > 0 ? <Text c="dimmed">{t('stocktake.post_wait_queue')}</Text> : null}
              </Group>
            )}
          </Stack>
        )}
    </Stack>
  );
}
