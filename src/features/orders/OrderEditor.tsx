import '@mantine/dates/styles.css';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DatesProvider } from '@mantine/dates';
import { IconArrowLeft, IconClipboard, IconDeviceFloppy, IconHistory, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DetailRow, OrderRow, SaveWithLinesReply, TransitionReply } from '../../domain/contract/orders';
import { translate } from '../../domain/messages/catalog';
import { listPathOf } from '../../domain/menu/resource-paths';
import { cards } from '../../domain/resources/orders/cards';
import { details } from '../../domain/resources/orders/details';
import { orders } from '../../domain/resources/orders/orders';
import { contractlines } from '../../domain/resources/sales/contractlines';
import { linesEditable, type OrderStatus } from '../../domain/rules/order-status';
import { ConflictDialog } from '../../resources/form/ConflictDialog';
import { DATES_LOCALE } from '../../resources/form/dates-locale';
import { HistoryDrawer } from '../../resources/form/history/HistoryDrawer';
import { catalogLang } from '../../resources/form/prepare-save';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { useCan } from '../../ui/data/use-permissions';
import { resourceListOptions, useResourceList, type OfflineView } from '../../ui/data/use-resource';
import { moneyText } from '../../resources/form/form-values';
import { contractLinesQuery } from './contract-queries';
import { leftOnLine } from './generate-plan';
import { GenerateCardsDialog } from './GenerateCardsDialog';
import { lineCommandOf } from './line-commands';
import { blankLine, numberOf, setField, type ItemInfo, type LineDraft } from './line-model';
import { LinesGrid } from './LinesGrid';
import { newLineKey } from './order-draft';
import { OrderHeader } from './OrderHeader';
import { PasteNoticeBar } from './PasteNoticeBar';
import { isDirty } from './save-plan';
import { StatusBar } from './StatusBar';
import { useLineLabels } from './use-line-labels';
import { useOrderDraft } from './use-order-draft';
import { useOrderSave } from './use-order-save';

export interface OrderEditorProps {
  /** The saved order; undefined for a new one. */
  order?: OrderRow;
  lines: readonly DetailRow[];
  /** Where the data came from: offline, the order is shown read-only. */
  offline: OfflineView;
  reachable: boolean;
  onSaved: (reply: SaveWithLinesReply) => void;
  onTransitioned: (reply: TransitionReply) => void;
  /** Loads the order and its lines again and starts the editor over from them. */
  onReload: () => Promise<void>;
}

/**
 * The order entry screen's body: header, status and its moves, the lines grid, Save (one `save_with_lines`), card
 * generation per line, history. Read once from its props: the page gives it a new `key` to start over.
 *
 * Rules:
 * - Header and lines change only in draft, confirmed and producing, never once cancelled, and only for a role that
 *   may create (new order) or edit orders — and not offline.
 * - Status moves and card generation act on the order as saved: with unsaved changes they wait for a Save.
 * - Saving and moves: use-order-save.ts (one request id per new order, 409 → the conflict dialog, field errors
 *   `lines.<i>.<field>` on the line's cell).
 */
export function OrderEditor(p: OrderEditorProps) {
  const { t, i18n } = useTranslation();
  const lang = catalogLang(i18n.language);
  const navigate = useNavigate();
  // The order as this editor started from: a later refetch must not lend its newer version to a save of this draft
  // (a stale draft is answered 409, not saved over someone else's change).
  const [order] = useState(p.order);
  const d = useOrderDraft(order, p.lines);
  const labels = useLineLabels();
  const mode = order ? 'edit' : 'create';
  const status: OrderStatus = order?.status ?? 'draft';
  const canceled = order?.canceled === true;
  const mayCreate = useCan(orders, 'create');
  const mayCreateLines = useCan(details, 'create');
  const mayEdit = useCan(orders, 'edit');
  const mayEditLines = useCan(details, 'edit');
  const mayCards = useCan(cards, 'create');
  // save_with_lines needs create or edit on orders and on details (docs/production.md).
  const allowed = mode === 'create' ? mayCreate && mayCreateLines : mayEdit && mayEditLines;
  const editable = allowed && p.reachable && !p.offline.offline && !canceled && linesEditable(status);
  const [reloading, setReloading] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [generating, setGenerating] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ index: number; seq: number }>();
  const { draft } = d;
  const dirty = isDirty(draft);
  // The order's contract's agreed prices by item (decision 258): a picked item takes its contract price and unit, and
  // each line shows the agreed price beside its own.
  const contractId = typeof draft.header.contract_id === 'number' ? draft.header.contract_id : null;
  const contractLines = useResourceList(contractlines, contractLinesQuery(contractId ?? 0), { enabled: contractId !== null, staleTime: 30_000 });
  const contractLineOf = useMemo(() => new Map((contractId === null ? [] : contractLines.data?.dt ?? [])
    .map(l => [Number(l.item_id), { price: Number(l.price), unit: l.unit }] as const)), [contractId, contractLines.data]);
  const contractPrices = useMemo(() => new Map([...contractLineOf].map(([item, l]) => [item, l.price])), [contractLineOf]);
  const { pickLineItem, changeLine } = d;
  const qc = useQueryClient();
  const pickItem = useMemo(() => (key: string, row: ItemInfo | null) => {
    pickLineItem(key, row);
    if (row === null || contractId === null) return;
    const apply = (agreed: { price: number; unit?: string | null } | undefined) => {
      if (!agreed) return;
      changeLine(key, l => {
        const priced = setField(l, 'price', moneyText(agreed.price));
        return agreed.unit ? setField(priced, 'unit', agreed.unit) : priced;
      });
    };
    if (contractLines.data) {
      apply(contractLineOf.get(row.id));
      return;
    }
    // An item picked while the contract's lines are still loading waits for them, so it never keeps the item's own
    // price by a race. Offline with no copy of them: the item's price stays, and the server keeps what is typed.
    void qc.ensureQueryData(resourceListOptions(contractlines, contractLinesQuery(contractId))).then(r => {
      const line = r.dt.find(l => Number(l.item_id) === row.id);
      apply(line ? { price: Number(line.price), unit: line.unit == null ? null : String(line.unit) } : undefined);
    }, () => undefined);
  }, [pickLineItem, changeLine, contractLineOf, contractLines.data, contractId, qc]);
  const { save, move, busy, conflict, clearConflict, tooMany } = useOrderSave({
    order, draft, editable, setClientErrors: d.setClientErrors, setServerErrors: d.setServerErrors,
    onSaved: p.onSaved, onTransitioned: p.onTransitioned,
  });

  // Leaving the page with unsaved lines asks first (a closed tab, a reload).
  useEffect(() => {
    if (!dirty || !editable) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, editable]);

  const reload = async () => {
    setReloading(true);
    try {
      await p.onReload();
    } finally {
      setReloading(false);
    }
  };

  const addLine = () => {
    const index = draft.lines.length;
    d.setLines([...draft.lines, blankLine(newLineKey())]);
    setFocusRequest({ index, seq: Date.now() });
  };

  // Card generation acts on the saved line; the hint says why it is not offered now.
  const generateHint = (l: LineDraft): string | undefined => {
    if (!mayCards) return t('orders.cards.not_allowed');
    if (canceled || (status !== 'confirmed' && status !== 'producing')) return t('orders.cards.needs_open');
    if (l.id === null || dirty) return t('orders.save_first');
    if (!p.reachable) return t('offline.write_disabled');
    if (leftOnLine(numberOf(l.quantity) ?? 0, l.card_quantity) <= 0) return translate(lang, 'nothing_left');
    return undefined;
  };
  const generatingLine = draft.lines.find(l => l.key === generating);

  // Ctrl+S saves from anywhere on the page, as in an office program — also with the focus nowhere (on the page's
  // body after a dialog closed), where the browser would offer to save the web page (issue 30). Only the active tab's
  // screen is mounted, so one editor listens at a time.
  const saveNow = useRef(save);
  useEffect(() => { saveNow.current = save; });
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      saveNow.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Alt+N adds a line from the header too (inside the grid the grid has handled it already).
    if (!e.defaultPrevented && lineCommandOf(e) === 'add' && editable) {
      e.preventDefault();
      addLine();
    }
  };

  const showId = draft.headerStart.show_id;
  const listPath = listPathOf(orders);
  const otherErrors = Object.entries(d.otherErrors);
  return (
    <DatesProvider settings={{ locale: DATES_LOCALE[lang], firstDayOfWeek: 1 }}>
      <Stack p="md" gap="sm" onKeyDown={onKeyDown} data-testid="order-entry" data-mode={mode}>
        <Group justify="space-between">
          <Title order={4}>
            {mode === 'create' ? t('orders.title_create') : `${t('resources.orders.name')}${typeof showId === 'string' && showId ? ` · ${showId}` : ''}`}
          </Title>
          {order && (
            <Button variant="default" size="xs" leftSection={<IconHistory size={14} />} onClick={() => setHistoryOpen(true)} data-testid="history-open">
              {t('forms.history')}
            </Button>
          )}
        </Group>
        {canceled && <Alert color="gray" py={6} data-testid="canceled-notice">{t('forms.canceled_readonly')}</Alert>}
        <OfflineNotice view={p.reachable || order ? p.offline : { offline: true, asOf: null }}
          message={order ? undefined : t('offline.write_disabled')} />
        {!allowed && <Alert color="gray" py={6} data-testid="read-only-notice">{t('lists.read_only')}</Alert>}
        {order && !canceled && !linesEditable(status) && (
          <Alert color="gray" py={6} data-testid="status-locked-notice">
            {t('orders.status_locked', { status: t(`resources.orders.enums.status.${status}`) })}
          </Alert>
        )}
        <OrderHeader mode={mode} values={draft.header} refLabels={draft.refLabels} errors={d.headerErrors}
          disabled={!editable} showIdLocked={mode === 'edit' && status !== 'draft'} onChange={d.changeHeader} onRefLabel={d.refLabel} />
        {order && (
          <StatusBar status={status} canceled={canceled} busy={busy} onTransition={move}
            blocked={dirty ? t('orders.save_first') : !p.reachable ? t('offline.write_disabled') : undefined} />
        )}
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Title order={5}>{t('orders.lines')}</Title>
            <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} />} onClick={addLine} disabled={!editable}
              data-testid="add-line">
              {t('orders.add_line')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed"><IconClipboard size={12} /> {t('orders.keys_hint')}</Text>
        </Group>
        <PasteNoticeBar notice={d.pasteNotice} onClose={d.dismissPaste} />
        {tooMany && <Alert color="red" py={6}>{translate(lang, 'too_many_lines')}</Alert>}
        <LinesGrid lines={draft.lines} items={d.itemsById} editable={editable} errorsOf={d.errorsOf} labels={labels}
          newKey={newLineKey} onChange={d.changeLine} onPickItem={pickItem} onLines={d.setLines} onPaste={d.paste}
          onGenerate={order ? setGenerating : undefined} generateHint={generateHint} focusRequest={focusRequest}
          contractPrices={contractId === null ? undefined : contractPrices} />
        {otherErrors.map(([k, msg]) => <Text key={k} c="red" size="sm" data-testid={`error-${k}`}>{msg}</Text>)}
        <Group gap="sm">
          <Button onClick={save} disabled={!editable} data-testid="save-button" data-busy={busy || undefined}
            leftSection={<IconDeviceFloppy size={16} />}
            // Not Mantine's `loading`, which would disable the button: a click while saving reaches the save guard,
            // which answers "executing, please do not click repeatedly" (spec §5).
            style={busy ? { opacity: 0.7, cursor: 'progress' } : undefined}>
            {t('forms.save')}
          </Button>
          {listPath && (
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(listPath)}>
              {t('forms.back')}
            </Button>
          )}
          {dirty && editable && <Text size="xs" c="orange" data-testid="order-dirty">{t('orders.unsaved')}</Text>}
        </Group>
      </Stack>
      <ConflictDialog conflict={conflict} reloading={reloading} onCancel={clearConflict}
        onReload={() => void reload().then(clearConflict)} />
      {order && <HistoryDrawer def={orders} id={order.id} opened={historyOpen} onClose={() => setHistoryOpen(false)} />}
      {generatingLine && generatingLine.id !== null && (
        <GenerateCardsDialog line={{ ...generatingLine, id: generatingLine.id }} onClose={() => setGenerating(null)}
          title={t('orders.cards.title', { line: generatingLine.line_no ?? '', item: generatingLine.itemLabel })}
          onDone={() => { setGenerating(null); void reload(); }} />
      )}
    </DatesProvider>
  );
}

