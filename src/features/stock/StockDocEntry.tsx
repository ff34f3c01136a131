import { Alert, Badge, Button, Center, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconFilePlus, IconListCheck, IconPlus, IconScan, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import { idFromPath } from '../../domain/menu/resource-paths';
import { items } from '../../domain/resources/items/items';
import { warepositions } from '../../domain/resources/warehouse/warepositions';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import { itemlogs } from '../../domain/resources/warehouse/itemlogs';
import { localDateString } from '../../domain/rules/date-single';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable, useResourceList } from '../../ui/data/use-resource';
import { scanFeedback } from '../../ui/scanner/feedback';
import { useScanner } from '../../ui/scanner/use-scanner';
import { cancelDoc, cardStockProposal, formulaProposal, loadDoc, PartialSave, postDoc, saveDoc, type DocRow } from './doc-io';
import { emptyLine, initialLines, isBlank, lineProblem, linesReducer, type DocLine, type Resolved } from './doc-lines';
import { docRouteOf, type DocRoute, type HeaderField } from './doc-routes';
import { LinesTable } from './LinesTable';
import { RecentDocs } from './RecentDocs';
import { cardByNo, itemByCode, resolveCode, type KnownPosition } from './scan-codes';

/**
 * The stock document entry screen (docs/stock.md "Screens", decision 174): goods in, goods out (issue to production),
 * moves, semi-finished in and transfers, the kind fixed by the route (doc-routes.ts). A document opens by `?id=` (a
 * transfer at /shifts/edit/:id), so a reload or a shared link shows the same one.
 */
export default function StockDocEntry() {
  const { pathname } = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const route = docRouteOf(pathname);
  const raw = params.id ?? idFromPath(pathname) ?? search.get('id') ?? undefined;
  const id = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (!route) return null;
  // Keyed by the route alone: a new document, once saved, takes its `?id=` without the screen starting over (and
  // without losing what the server said of it).
  return <DocEditor key={pathname.startsWith('/shifts/edit/') ? 'edit' : route.path} route={route} id={id} />;
}

type Head = Partial<Record<HeaderField, number | null>> & { date: string; remark: string };
type HeadLabels = Partial<Record<HeaderField, string>>;

function headOf(doc: DocRow): [Head, HeadLabels] {
  const head: Head = { date: doc.date ?? '', remark: doc.remark ?? '' };
  const labels: HeadLabels = {};
  for (const f of ['warehouse_id', 'to_warehouse_id', 'supplier_id', 'customer_id', 'department_id', 'card_id', 'detail_id'] as const) {
    head[f] = doc[f] ?? null;
    const name = doc[`${f}_name`];
    if (name) labels[f] = name;
  }
  return [head, labels];
}

function DocEditor({ route, id }: { route: DocRoute; id: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [, setSearch] = useSearchParams();
  const qc = useQueryClient();
  const reachable = useReachable();
  const feedback = scanFeedback();
  const mayWrite = useCan(stockdocs, id === undefined ? 'create' : 'edit');
  const mayPost = useCan(stockdocs, 'post');
  const mayCancel = useCan(stockdocs, 'delete');

  const [doc, setDoc] = useState<DocRow | null>(null);
  const [head, setHead] = useState<Head>({ date: localDateString(new Date()), remark: '' });
  const [labels, setLabels] = useState<HeadLabels>({});
  const [lines, dispatch] = useReducer(linesReducer, undefined, () => initialLines([emptyLine('new:0')]));
  const [saved, setSaved] = useState<DocLine[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // The idempotency key of the next create: a new one for each new document (a repeat of a save reuses it).
  const [createKey, setCreateKey] = useState(newRequestId);

  const positionsQ = useResourceList(warepositions, { limit: -1 }, { staleTime: 60_000 });
  const positions: KnownPosition[] = useMemo(() => (positionsQ.data?.dt ?? []).map(p => ({
    id: p.id, code: p.code ?? '', warehouse_id: p.warehouse_id ?? 0,
  })), [positionsQ.data]);
  const fromPositions = positions.filter(p => p.warehouse_id === head.warehouse_id);
  const toWarehouse = route.kind === 'transfer' ? head.to_warehouse_id ?? null : head.warehouse_id ?? null;
  const toPositions = positions.filter(p => p.warehouse_id === toWarehouse);

  const status = doc === null ? 'new' : doc.canceled ? 'canceled' : doc.status === 'posted' ? 'posted' : 'draft';
  const readOnly = status === 'posted' || status === 'canceled' || !mayWrite;

  const show = (d: { doc: DocRow; lines: DocLine[] }) => {
    setDoc(d.doc);
    const [h, l] = headOf(d.doc);
    setHead(h);
    setLabels(l);
    setSaved(d.lines);
    dispatch({ type: 'load', lines: d.lines });
    if (d.doc.status !== 'posted' && !d.doc.canceled) dispatch({ type: 'add' });
  };

  const startNew = () => {
    setDoc(null);
    setHead(h => ({ date: localDateString(new Date()), remark: '', warehouse_id: h.warehouse_id ?? null, to_warehouse_id: h.to_warehouse_id ?? null }));
    setSaved([]);
    dispatch({ type: 'load', lines: [] });
    dispatch({ type: 'add' });
    setCreateKey(newRequestId());
  };

  // The address without a document (the menu entry clicked again) starts a new one.
  const [askedId, setAskedId] = useState(id);
  if (askedId !== id) {
    setAskedId(id);
    if (id === undefined && doc !== null) {
      setDoc(null);
      setHead(h => ({ date: localDateString(new Date()), remark: '', warehouse_id: h.warehouse_id ?? null, to_warehouse_id: h.to_warehouse_id ?? null }));
      setSaved([]);
      dispatch({ type: 'load', lines: [emptyLine('new:0')] });
      setCreateKey(newRequestId());
    }
  }

  // The document the address names: read when it is not the one on screen (a saved new one already is); none: a new one.
  const shownId = doc?.id;
  const positionsReady = positionsQ.data !== undefined;
  const [failedId, setFailedId] = useState<number | null>(null);
  const loading = id !== undefined && id !== shownId && id !== failedId;
  useEffect(() => {
    if (id === undefined || id === shownId || !positionsReady) return undefined;
    let live = true;
    loadDoc(id, positions).then(d => { if (live) show(d); }, (e: unknown) => {
      if (live) { setError(isApiError(e) ? e.msg : String(e)); setFailedId(id); }
    });
    return () => { live = false; };
    // Only a change of the document asked for reads it; the positions only name the lines' locations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, positionsReady]);

  /** Where a document opens: on this screen by `?id=`; from a transfer opened at /shifts/edit/:id, at that path. */
  const open = (docId: number | null) => {
    if (pathname.startsWith('/shifts/edit/')) void navigate(docId === null ? '/shifts/create' : `/shifts/edit/${docId}`);
    else setSearch(docId === null ? {} : { id: String(docId) });
  };

  const refreshLists = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.lists(stockdocs.api) });
    void qc.invalidateQueries({ queryKey: queryKeys.all(itemlogs.api) });
  };

  const applyResolved = (r: Resolved) => {
    if (r.kind === 'unknown') {
      feedback.error();
      setNotice(t('stockentry.scan_unknown', { code: r.code }));
      return;
    }
    feedback.ok();
    dispatch({ type: 'scan', kind: route.kind, resolved: r });
    setNotice(t(`stockentry.scanned_${r.kind}`, { code: r.code }));
  };

  const scanPositions = route.kind === 'transfer' ? [...fromPositions, ...toPositions] : fromPositions;
  useScanner(code => {
    if (readOnly || busy) return;
    void resolveCode(code, scanPositions).then(applyResolved, (e: unknown) => setError(isApiError(e) ? e.msg : String(e)));
  }, { capture: 'global', enabled: !readOnly });

  /** Enter or leaving a code cell: what was typed names its row, or the cell is marked. */
  const resolveCell = async (line: DocLine, column: 'item' | 'card' | 'position' | 'to_position'): Promise<boolean> => {
    try {
      if (column === 'item') {
        if (line.item_id !== null) return true;
        const code = line.item_code.trim();
        if (!code) return false;
        const found = await itemByCode(code) ?? await itemByKeyword(code);
        if (!found) { setNotice(t('stockentry.scan_unknown', { code })); return false; }
        dispatch({ type: 'edit', key: line.key, patch: { item_id: found.id, item_code: found.code, item_name: found.name, unit: found.unit } });
        return true;
      }
      if (column === 'card') {
        if (line.card_id !== null || line.card_code.trim() === '') return line.card_code.trim() === '' || line.card_id !== null;
        const card = await cardByNo(line.card_code.trim());
        if (!card) { setNotice(t('stockentry.scan_unknown', { code: line.card_code })); return false; }
        const patch: Partial<DocLine> = { card_id: card.id, card_code: card.code, lot: card.code };
        if (line.item_id === null) Object.assign(patch, { item_id: card.item.id, item_code: card.item.code, item_name: card.item.name, unit: card.item.unit });
        if (line.quantity === null && route.kind === 'in_temp') patch.quantity = card.quantity;
        dispatch({ type: 'edit', key: line.key, patch });
        return true;
      }
      const codeKey = column === 'position' ? 'position_code' : 'to_position_code';
      const code = line[codeKey].trim();
      if (!code) return true;
      const found = (column === 'position' ? fromPositions : toPositions).find(p => p.code === code);
      if (!found) { setNotice(t('stockentry.scan_unknown', { code })); return false; }
      dispatch({ type: 'edit', key: line.key, patch: column === 'position' ? { position_id: found.id, position_code: found.code } : { to_position_id: found.id, to_position_code: found.code } });
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.msg : String(e));
      return false;
    }
  };

  /** The lines' problems found before asking the server, each with its line number. */
  const problems = (): string | null => {
    const entered = lines.lines.filter(l => !isBlank(l));
    if (entered.length === 0) return t('stockentry.no_lines');
    for (const [i, l] of lines.lines.entries()) {
      const p = lineProblem(l, route.kind);
      if (p) return t(`stockentry.${p}`, { n: i + 1 });
    }
    return null;
  };

  const headValues = (): Record<string, unknown> => {
    const v: Record<string, unknown> = { date: head.date || null, remark: head.remark };
    for (const f of route.header) v[f] = head[f] ?? null;
    return v;
  };

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await what();
    } catch (e) {
      // The server's reason in the reader's language (stock_negative names the item and the quantity there).
      setError(isApiError(e) ? e.msg : String(e));
    } finally {
      setBusy(false);
      refreshLists();
    }
  };

  const save = async (): Promise<DocRow | null> => {
    const problem = problems();
    if (problem) { setError(problem); return null; }
    let d;
    try {
      d = await saveDoc({ kind: route.kind, head: headValues(), doc, lines: lines.lines, saved, positions, createKey });
    } catch (e) {
      if (!(e instanceof PartialSave)) throw e;
      keepPartial(e);
      throw e.reason;
    }
    show(d);
    return d.doc;
  };

  /**
   * A save refused after the header: every line typed stays on screen, those written now carry their ids and versions
   * (and count as saved), so the next save changes them instead of writing them again (decision 178).
   */
  const keepPartial = (e: PartialSave) => {
    if (e.doc) {
      setDoc(e.doc);
      if (!doc) open(e.doc.id);
    }
    const now = lines.lines.map(l => e.written.get(l.key) ?? l);
    dispatch({ type: 'load', lines: now });
    setSaved(prev => [
      ...prev.filter(l => !e.gone.has(l.id!) && ![...e.written.values()].some(w => w.id === l.id)),
      ...e.written.values(),
    ]);
  };

  const onSave = () => run(async () => {
    const d = await save();
    if (d) { setNotice(t('stockentry.saved')); if (!doc) open(d.id); }
  });

  const onPost = () => run(async () => {
    const d = await save();
    if (!d) return;
    if (!doc) open(d.id);
    let movements: number;
    try {
      movements = await postDoc(d);
    } finally {
      // Posted or refused, the document is read again: a refusal leaves the saved draft to correct.
      show(await loadDoc(d.id, positions));
    }
    setNotice(t('stockentry.posted', { count: movements }));
  });

  const onCancel = () => run(async () => {
    setConfirmCancel(false);
    if (!doc) return;
    await cancelDoc(doc);
    show(await loadDoc(doc.id, positions));
    setNotice(t('stockentry.canceled'));
  });

  const onPropose = () => run(async () => {
    let proposed: Omit<DocLine, 'key'>[];
    if (route.propose === 'formula') {
      const by = head.card_id ? { card_id: head.card_id } : head.detail_id ? { detail_id: head.detail_id } : null;
      if (!by) { setNotice(t('stockentry.propose_needs')); return; }
      proposed = await formulaProposal(by);
    } else {
      if (!head.card_id || !head.warehouse_id) { setNotice(t('stockentry.propose_needs_card')); return; }
      proposed = await cardStockProposal(head.card_id, head.warehouse_id, positions);
    }
    if (proposed.length === 0) { setNotice(t('stockentry.proposed_none')); return; }
    dispatch({ type: 'propose', lines: proposed });
    dispatch({ type: 'add' });
    setNotice(t('stockentry.proposed', { count: proposed.length }));
  });

  if (loading) return <Center py="xl"><Loader /></Center>;

  const statusText = t(`stockentry.status_${status}`, { no: doc?.show_id ?? '' });
  return (
    <Group align="flex-start" p="md" gap="md" wrap="wrap" data-testid="stock-doc-entry" data-kind={route.kind} data-status={status}>
      <Stack flex="3 1 640px" gap="sm" miw={0}>
        <Group justify="space-between">
          <Group gap="xs">
            <Badge size="lg" variant="light" color={status === 'posted' ? 'green' : status === 'canceled' ? 'gray' : 'blue'} data-testid="doc-status">
              {statusText}
            </Badge>
            <Text size="sm" c="dimmed">{t(`resources.stockdocs.enums.kind.${route.kind}`)}</Text>
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconFilePlus size={16} />} onClick={() => { startNew(); open(null); }} data-testid="doc-new">
              {t('stockentry.new_doc')}
            </Button>
            {route.propose && !readOnly && (
              <Button size="xs" variant="light" leftSection={<IconListCheck size={16} />} onClick={() => void onPropose()} loading={busy}
                disabled={!reachable} data-testid="doc-propose">
                {t(route.propose === 'formula' ? 'stockentry.propose_formula' : 'stockentry.propose_card_stock')}
              </Button>
            )}
            {!readOnly && (
              <Button size="xs" variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => void onSave()} loading={busy}
                disabled={!reachable} data-testid="doc-save">{t('stockentry.save')}</Button>
            )}
            {!readOnly && mayPost && (
              <Button size="xs" leftSection={<IconCheck size={16} />} onClick={() => void onPost()} loading={busy} disabled={!reachable}
                data-testid="doc-post">{t('stockentry.post')}</Button>
            )}
            {doc && status !== 'canceled' && mayCancel && (status === 'draft' || mayPost) && (
              <Button size="xs" color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setConfirmCancel(true)}
                disabled={!reachable || busy} data-testid="doc-cancel">{t('stockentry.cancel_doc')}</Button>
            )}
          </Group>
        </Group>
        {!reachable && <Alert color="yellow" py={6}>{t('stockentry.offline')}</Alert>}
        {error && <Alert color="red" py={6} withCloseButton onClose={() => setError(null)} data-testid="doc-error">{error}</Alert>}
        {notice && <Alert color="blue" py={6} withCloseButton onClose={() => setNotice(null)} data-testid="doc-notice">{notice}</Alert>}
        <Paper withBorder p="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {route.header.map(f => (
              <div key={f} style={{ minWidth: 200 }}>
                <RefSelect def={stockdocs} name={f} field={stockdocs.fields[f]} label={t(`resources.stockdocs.fields.${f}`)}
                  required={f === 'warehouse_id' || (f === 'to_warehouse_id' && route.kind === 'transfer')} disabled={readOnly}
                  value={head[f] ?? null} valueLabel={labels[f]} testId={`head-${f}`}
                  onLabel={(_, label) => setLabels(l => ({ ...l, [f]: label }))}
                  onChange={v => setHead(h => ({ ...h, [f]: v }))} />
              </div>
            ))}
            <TextInput type="date" label={t('stockentry.date')} value={head.date} disabled={readOnly} w={160}
              onChange={e => setHead(h => ({ ...h, date: e.currentTarget.value }))} data-testid="head-date" />
            <TextInput label={t('stockentry.remark')} value={head.remark} disabled={readOnly} flex="1 1 200px"
              onChange={e => setHead(h => ({ ...h, remark: e.currentTarget.value }))} data-testid="head-remark" />
          </Group>
        </Paper>
        {readOnly && doc && <Text size="sm" c="dimmed">{t('stockentry.read_only')}</Text>}
        {!readOnly && <Group gap={6}><IconScan size={16} /><Text size="xs" c="dimmed">{t('stockentry.scan_hint')}</Text></Group>}
        <LinesTable lines={lines.lines} columns={route.columns} readOnly={readOnly} dispatch={dispatch} resolveCell={resolveCell}
          positionCodes={fromPositions.map(p => p.code)} toPositionCodes={toPositions.map(p => p.code)} />
        {!readOnly && (
          <Group>
            <Button size="xs" variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => dispatch({ type: 'add' })} data-testid="line-add">
              {t('stockentry.add_line')}
            </Button>
          </Group>
        )}
      </Stack>
      <Stack flex="1 1 320px" miw={0}>
        <RecentDocs kind={route.kind} title={t('stockentry.recent')} onOpen={open} currentId={doc?.id} />
      </Stack>
      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title={t('stockentry.cancel_doc')}>
        <Stack>
          <Text size="sm">{t('stockentry.cancel_confirm')}</Text>
          <Group justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setConfirmCancel(false)}>{t('stockentry.keep')}</Button>
            <Button size="xs" color="red" onClick={() => void onCancel()} data-testid="doc-cancel-confirm">{t('stockentry.cancel_doc')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/** An item named by a text that is not its code: the one item the server's search finds for it (two or none: nothing). */
async function itemByKeyword(text: string): Promise<{ id: number; code: string; name: string; unit: string | null } | null> {
  const r = await resourceClient(items).list({ limit: 2, keyword: text });
  if (r.dt.length !== 1) return null;
  const row = r.dt[0]!;
  return { id: row.id, code: row.code ?? '', name: row.name ?? '', unit: row.unit ?? null };
}
