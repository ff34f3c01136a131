import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconScan, IconTrash, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../data/errors';
import { packingClient } from '../../data/packing-client';
import { queryKeys } from '../../data/query-keys';
import { newRequestId } from '../../data/resource-client';
import type { CheckinCard } from '../../domain/contract/packing';
import { itemlogs } from '../../domain/resources/warehouse/itemlogs';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import { warehouses } from '../../domain/resources/warehouse/warehouses';
import { warepositions } from '../../domain/resources/warehouse/warepositions';
import { formatForReading, fromUnits, units } from '../../domain/rules/numbers';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable, useResourceList } from '../../ui/data/use-resource';
import { scanFeedback } from '../../ui/scanner/feedback';
import { useScanner } from '../../ui/scanner/use-scanner';
import { useReaderLang } from '../../ui/use-reader-lang';
import { addCard, type CheckinLine } from './checkin-lines';

const FINISHED_STORES = { limit: -1, filter: [{ field: 'kind', op: 'eq', value: 'finished' }] } as const;
const RECENT = { limit: 10, sort: ['-id'], filter: [{ field: 'kind', op: 'eq', value: 'checkin' }] } as const;

/**
 * /warehouses/checkin2 (成品入库, docs/delivery.md "Check-in", decision 196): the finished cards into a finished goods
 * store, by scanning their labels. Choose the store (and a location, or scan a location's code); each scanned card
 * (its QR code holds its number, read by the kiosk's reader wherever the focus is, or typed and Enter) adds a line with
 * what is left of its good quantity — editable down for a part of it — and shows its order, customer, item, good and
 * already checked-in quantities. Post writes and posts one check-in document at once; a refusal (beyond a card's good
 * quantity, another store) is shown in the reader's language and the lines stay to correct.
 */
export default function CheckinScreen() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const qc = useQueryClient();
  const reachable = useReachable();
  const feedback = scanFeedback();
  const mayPost = useCan(stockdocs, 'post');
  const [warehouse, setWarehouse] = useState<number | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [lines, setLines] = useState<CheckinLine[]>([]);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // One key per intended check-in: a retry after a lost reply posts nothing twice; a new one after each success.
  const [requestKey, setRequestKey] = useState(newRequestId);

  const stores = useResourceList(warehouses, FINISHED_STORES, { staleTime: 60_000 });
  const storeOptions = useMemo(() => (stores.data?.dt ?? []).map(w => ({ value: String(w.id), label: w.name ?? String(w.id) })), [stores.data]);
  const chosen = warehouse ?? (storeOptions.length === 1 ? Number(storeOptions[0]!.value) : null);
  const positionsQ = useResourceList(warepositions, { limit: -1, filter: [{ field: 'warehouse_id', op: 'eq', value: chosen ?? 0 }] },
    { enabled: chosen !== null, staleTime: 60_000 });
  const positions = useMemo(() => positionsQ.data?.dt ?? [], [positionsQ.data]);
  const recent = useResourceList(stockdocs, RECENT);

  const say = (key: string, values: Record<string, unknown> = {}) => { setError(null); setNotice(t(key, values)); };
  const fail = (e: unknown) => { feedback.error(); setNotice(null); setError(isApiError(e) ? e.msg : String(e)); };

  /** A scanned or typed code: a location of the store sets where the cards go; else a card's number adds its line. */
  const take = async (raw: string) => {
    const text = raw.trim();
    if (!text || busy) return;
    const at = positions.find(p => p.code === text);
    if (at) {
      feedback.ok();
      setPosition(at.id);
      say('packing.scanned_position', { code: text });
      return;
    }
    if (lines.some(l => l.card.show_id === text)) { feedback.error(); say('packing.card_already', { card: text }); return; }
    let card: CheckinCard;
    try {
      card = await packingClient.card(text);
    } catch (e) {
      if (isApiError(e) && e.status === 404) { feedback.error(); setNotice(null); setError(t('packing.card_unknown', { card: text })); return; }
      fail(e);
      return;
    }
    const added = addCard(lines, card);
    if (added === 'none_left') { feedback.error(); say('packing.card_none_left', { card: card.show_id }); return; }
    if (added === 'duplicate') { feedback.error(); say('packing.card_already', { card: card.show_id }); return; }
    feedback.ok();
    setLines(added);
    say('packing.card_added', { card: card.show_id, left: formatForReading(card.left, lang, 4) });
  };

  useScanner(c => { void take(c); }, { capture: 'global', enabled: !busy });

  const setQuantity = (cardId: number, q: number | null) =>
    setLines(ls => ls.map(l => (l.card.card_id === cardId ? { ...l, quantity: q } : l)));

  const problem = (): string | null => {
    if (chosen === null) return t('packing.choose_store');
    if (lines.length === 0) return t('packing.scan_cards_first');
    const bad = lines.find(l => l.quantity === null || l.quantity <= 0 || units(l.quantity) > units(l.card.left));
    return bad ? t('packing.quantity_range', { card: bad.card.show_id, left: formatForReading(bad.card.left, lang, 4) }) : null;
  };

  const post = async () => {
    const p = problem();
    if (p) { setNotice(null); setError(p); return; }
    setBusy(true);
    setError(null);
    try {
      const r = await packingClient.checkin({
        warehouse_id: chosen!, position_id: position ?? undefined, remark: remark || undefined,
        lines: lines.map(l => ({ card_id: l.card.card_id, quantity: l.quantity! })),
      }, requestKey);
      feedback.ok();
      say('packing.checked_in', { no: r.show_id, count: lines.length, quantity: formatForReading(fromUnits(lines.reduce((s, l) => s + units(l.quantity), 0)), lang, 4) });
      setLines([]);
      setRemark('');
      setRequestKey(newRequestId());
      void qc.invalidateQueries({ queryKey: queryKeys.all(stockdocs.api) });
      void qc.invalidateQueries({ queryKey: queryKeys.all(itemlogs.api) });
      void qc.invalidateQueries({ queryKey: queryKeys.all(stocklots.api) });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const total = fromUnits(lines.reduce((s, l) => s + units(l.quantity ?? 0), 0));
  return (
    <Group align="flex-start" p="md" gap="md" wrap="wrap" data-testid="checkin-screen">
      <Stack flex="3 1 640px" gap="sm" miw={0}>
        <Paper withBorder p="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select label={t('packing.store')} required data={storeOptions} value={chosen === null ? null : String(chosen)} w={200}
              onChange={v => { setWarehouse(v === null ? null : Number(v)); setPosition(null); }} data-testid="checkin-warehouse"
              nothingFoundMessage={t('packing.no_finished_store')} />
            <Select label={t('packing.position')} clearable searchable w={200} value={position === null ? null : String(position)}
              data={positions.map(p => ({ value: String(p.id), label: p.code ?? String(p.id) }))}
              onChange={v => setPosition(v === null ? null : Number(v))} data-testid="checkin-position" />
            <TextInput label={t('packing.remark')} value={remark} flex="1 1 200px" onChange={e => setRemark(e.currentTarget.value)}
              data-testid="checkin-remark" />
          </Group>
        </Paper>
        {!reachable && <Alert color="yellow" py={6}>{t('packing.offline')}</Alert>}
        {error && <Alert color="red" py={6} withCloseButton onClose={() => setError(null)} data-testid="checkin-error">{error}</Alert>}
        {notice && <Alert color="blue" py={6} withCloseButton onClose={() => setNotice(null)} data-testid="checkin-notice">{notice}</Alert>}
        <Group gap="sm" align="flex-end">
          <TextInput label={t('packing.card_code')} value={code} w={260} leftSection={<IconScan size={16} />}
            onChange={e => setCode(e.currentTarget.value)} data-testid="checkin-code"
            onKeyDown={e => { if (e.key === 'Enter') { e.preventDefault(); const c = code; setCode(''); void take(c); } }} />
          <Text size="xs" c="dimmed" pb={8}>{t('packing.scan_hint_cards')}</Text>
        </Group>
        <Table withTableBorder striped fz="sm" data-testid="checkin-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('packing.card')}</Table.Th>
              <Table.Th>{t('packing.order')}</Table.Th>
              <Table.Th>{t('packing.customer')}</Table.Th>
              <Table.Th>{t('packing.item')}</Table.Th>
              <Table.Th>{t('packing.good')}</Table.Th>
              <Table.Th>{t('packing.checked_in_before')}</Table.Th>
              <Table.Th>{t('packing.quantity_now')}</Table.Th>
              <Table.Th><VisuallyHidden>{t('packing.remove')}</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr><Table.Td colSpan={8}><Text size="sm" c="dimmed">{t('packing.no_lines_cards')}</Text></Table.Td></Table.Tr>
            )}
            {lines.map(l => (
              <Table.Tr key={l.card.card_id} data-testid={`checkin-line-${l.card.show_id}`}>
                <Table.Td>{l.card.show_id}</Table.Td>
                <Table.Td>{l.card.order_show_id ?? ''}</Table.Td>
                <Table.Td>{l.card.customer ?? ''}</Table.Td>
                <Table.Td>{[l.card.item_code, l.card.item_name, l.card.item_spec].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>{formatForReading(l.card.good, lang, 4)}</Table.Td>
                <Table.Td>{formatForReading(l.card.checked_in, lang, 4)}</Table.Td>
                <Table.Td>
                  <NumberInput size="xs" w={130} min={0} max={l.card.left} decimalScale={4} value={l.quantity ?? ''}
                    aria-label={t('packing.quantity_of', { card: l.card.show_id })} rightSection={<Text size="xs" c="dimmed">{l.card.unit ?? ''}</Text>}
                    onChange={v => setQuantity(l.card.card_id, v === '' ? null : Number(v))} data-testid={`checkin-qty-${l.card.show_id}`} />
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t('packing.remove_card', { card: l.card.show_id })}
                    onClick={() => setLines(ls => ls.filter(x => x.card.card_id !== l.card.card_id))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text size="sm" data-testid="checkin-total">{t('packing.lines_total', { count: lines.length, quantity: formatForReading(total, lang, 4) })}</Text>
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconX size={16} />} disabled={lines.length === 0 || busy}
              onClick={() => { setLines([]); setError(null); setNotice(null); }} data-testid="checkin-clear">{t('packing.clear')}</Button>
            {mayPost && (
              <Button size="xs" leftSection={<IconCheck size={16} />} loading={busy} disabled={!reachable || lines.length === 0}
                onClick={() => void post()} data-testid="checkin-post">{t('packing.post_checkin')}</Button>
            )}
          </Group>
        </Group>
      </Stack>
      <Stack flex="1 1 300px" miw={0}>
        <Paper withBorder p="sm" data-testid="checkin-recent">
          <Title order={2} size="h5" mb="xs">{t('packing.recent_checkins')}</Title>
          {(recent.data?.dt ?? []).length === 0 ? <Text size="sm" c="dimmed">{t('packing.none_yet')}</Text> : (
            <Table verticalSpacing={2} fz="sm">
              <Table.Tbody>
                {(recent.data?.dt ?? []).map(d => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{d.show_id}</Table.Td>
                    <Table.Td>{d.date ?? ''}</Table.Td>
                    <Table.Td>{formatForReading(Number(d.quantity ?? 0), lang, 4)}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={d.canceled ? 'gray' : 'green'}>
                        {d.canceled ? t('packing.canceled') : t(`resources.stockdocs.enums.status.${d.status ?? 'draft'}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </Stack>
    </Group>
  );
}
