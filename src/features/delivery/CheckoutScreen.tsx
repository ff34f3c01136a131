import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconScan, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deliveryClient } from '../../data/delivery-client';
import { isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import { deliveries } from '../../domain/resources/delivery/deliveries';
import { deliverylines } from '../../domain/resources/delivery/deliverylines';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import { formatForReading } from '../../domain/rules/numbers';
import { patternOf } from '../../domain/rules/numbering';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable, useResourceList } from '../../ui/data/use-resource';
import { scanFeedback } from '../../ui/scanner/feedback';
import { useScanner } from '../../ui/scanner/use-scanner';
import { useConfig } from '../../ui/stores';
import { useReaderLang } from '../../ui/use-reader-lang';
import { cardByNo, linesOfNote, packageByNo, type NoteLineRow } from './note-io';
import { NotePrint } from './NotePrint';
import { isPicked, planPick, type PickLine, type Scanned } from './pick-model';

/** How many draft notes the list offers (the newest; /deliveries/list has them all). */
const DRAFTS = 100;

const pickLine = (l: NoteLineRow): PickLine => ({
  id: l.id, version: l.version, detail_id: l.detail_id ?? 0, item_id: l.item_id ?? 0, quantity: Number(l.quantity ?? 0), lot: l.lot ?? '',
  card_id: l.card_id ?? null, package_id: l.package_id ?? null,
});

/**
 * `/warehouses/checkout` (成品出库, docs/delivery.md "Check-out"): the shipping office picks a draft delivery note and
 * scans what goes — a process card's label fills the lot of its line (with what the card has on hand, loose, in the
 * note's warehouse; the rest of the line stays to pick), a package's label (a code shaped like config
 * `package_no_pattern`) puts the package whole on the line of each item it holds (pick-model.ts) — each scan saved at
 * once through the lines' own saves; then ships (the check-out posted) and prints the note. Online only.
 */
export default function CheckoutScreen() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const qc = useQueryClient();
  const reachable = useReachable();
  const feedback = useMemo(() => scanFeedback(), []);
  const mayShip = useCan(deliveries, 'ship');
  const packagePattern = useConfig(s => s.values.package_no_pattern);
  const isPackageNo = useMemo(() => patternOf('package_no_pattern', packagePattern).matches, [packagePattern]);
  const [search, setSearch] = useSearchParams();
  const raw = search.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const drafts = useResourceList(deliveries, { limit: DRAFTS, sort: ['-id'], filter: [
    { field: 'status', op: 'eq', value: 'draft' }, { field: 'canceled', op: 'eq', value: false },
  ] });
  const note = useQuery({
    queryKey: queryKeys.detail(deliveries.api, id ?? ''),
    queryFn: async ({ signal }) => (await resourceClient(deliveries).detail(id!, { signal })).row,
    enabled: id !== undefined,
  });
  const lines = useQuery({
    queryKey: [...queryKeys.all(deliverylines.api), 'of', id],
    queryFn: () => linesOfNote(id!),
    enabled: id !== undefined,
  });
  const rows = lines.data ?? [];
  const left = rows.filter(l => !isPicked(pickLine(l))).length;
  const n = note.data;
  const draft = n !== undefined && !n.canceled && n.status === 'draft';

  const refresh = async () => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.all(deliverylines.api) }),
      qc.invalidateQueries({ queryKey: queryKeys.all(deliveries.api) }),
    ]);
  };

  /** What a scanned code is: a package (by the pattern, else a card not found), or a card, with what is on hand. */
  const read = async (text: string, warehouse: number): Promise<Scanned | null> => {
    const held = async (f: { field: 'card_id' | 'package_id'; value: number }) =>
      (await resourceClient(stocklots).list({ limit: 1000, filter: [{ field: f.field, op: 'eq', value: f.value },
        { field: 'warehouse_id', op: 'eq', value: warehouse }] })).dt.filter(s => Number(s.quantity ?? 0) > 0);
    const asPackage = async (): Promise<Scanned | null> => {
      const pkg = await packageByNo(text);
      if (!pkg) return null;
      const byItem = new Map<number, number>();
      for (const s of await held({ field: 'package_id', value: pkg.id })) {
        byItem.set(s.item_id ?? 0, Math.round(((byItem.get(s.item_id ?? 0) ?? 0) + Number(s.quantity)) * 10_000) / 10_000);
      }
      return { kind: 'package', id: pkg.id, code: pkg.code, holdings: [...byItem].map(([item_id, quantity]) => ({ item_id, quantity })) };
    };
    if (isPackageNo(text)) return asPackage();
    const card = await cardByNo(text);
    if (!card) return asPackage();
    const loose = (await held({ field: 'card_id', value: card.id })).filter(s => s.package_id == null);
    const available = Math.round(loose.reduce((s, l) => s + Number(l.quantity), 0) * 10_000) / 10_000;
    return { kind: 'card', id: card.id, code: card.code, item_id: card.item_id, detail_id: card.detail_id, available };
  };

  const onScan = (scannedText: string) => {
    const text = scannedText.trim();
    if (!text || !n || !draft || busy) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    void (async () => {
      try {
        const scanned = await read(text, n.warehouse_id ?? 0);
        if (!scanned) { feedback.error(); setNotice(t('delivery.checkout.unknown', { code: text })); return; }
        const plan = planPick(rows.map(pickLine), scanned);
        if (plan === 'no_line' || plan === 'no_stock') {
          feedback.error();
          setNotice(t(`delivery.checkout.${plan}`, { code: scanned.code }));
          return;
        }
        const client = resourceClient(deliverylines);
        for (const u of plan.updates) await client.save(u.values, { id: u.id, version: u.version });
        for (const c of plan.creates) await client.save({ delivery_id: n.id, ...c }, undefined, { idempotencyKey: newRequestId() });
        feedback.ok();
        setNotice(t(`delivery.checkout.scanned_${scanned.kind}`, { code: scanned.code, quantity: formatForReading(plan.quantity, lang, 4) }));
      } catch (e) {
        feedback.error();
        setError(isApiError(e) ? e.msg : String(e));
      } finally {
        setCode('');
        setBusy(false);
        await refresh();
      }
    })();
  };

  useScanner(c => onScan(c), { capture: 'global', enabled: draft });

  const ship = async () => {
    if (!n) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await deliveryClient.ship(n.id, n.version);
      setNotice(t('delivery.checkout.shipped', { no: n.show_id ?? '' }));
    } catch (e) {
      setError(isApiError(e) ? e.msg : String(e));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <Group align="flex-start" p="md" gap="md" wrap="wrap" data-testid="checkout-screen">
      <Paper withBorder p="sm" flex="1 1 280px" maw={380} data-testid="checkout-drafts">
        <Title order={2} size="h5" mb="xs">{t('delivery.checkout.drafts')}</Title>
        {drafts.isLoading ? <Loader size="sm" /> : (drafts.data?.dt ?? []).length === 0
          ? <Text size="sm" c="dimmed">{t('delivery.checkout.none')}</Text>
          : (
            <Table verticalSpacing={2} fz="sm">
              <Table.Tbody>
                {(drafts.data?.dt ?? []).map(d => (
                  <Table.Tr key={d.id} bg={d.id === id ? 'var(--mantine-color-blue-light)' : undefined} data-testid={`checkout-draft-${d.show_id ?? d.id}`}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" onClick={() => { setSearch({ id: String(d.id) }); setNotice(null); setError(null); }}>
                        {d.show_id ?? d.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{d.customer_id_name ?? ''}</Table.Td>
                    <Table.Td ta="right">{formatForReading(Number(d.quantity ?? 0), lang, 4)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
      </Paper>
      <Stack flex="3 1 640px" gap="sm" miw={0}>
        {!reachable && <Alert color="yellow" py={6}>{t('delivery.offline')}</Alert>}
        {error && <Alert color="red" py={6} withCloseButton onClose={() => setError(null)} data-testid="checkout-error">{error}</Alert>}
        {notice && <Alert color="blue" py={6} withCloseButton onClose={() => setNotice(null)} data-testid="checkout-notice">{notice}</Alert>}
        {id === undefined ? <Text c="dimmed">{t('delivery.checkout.choose')}</Text> : !n ? <Center><Loader /></Center> : (
          <>
            <Group justify="space-between" data-testid="checkout-note" data-status={n.canceled ? 'canceled' : n.status ?? ''}>
              <Group gap="xs">
                <Title order={2} size="h4">{n.show_id}</Title>
                <Text size="sm">{n.customer_id_name} · {n.warehouse_id_name}</Text>
                <Badge variant="light" color={draft ? 'blue' : 'green'}>{t(`resources.deliveries.enums.status.${n.status ?? 'draft'}`)}</Badge>
              </Group>
              <Group gap="xs">
                {draft && mayShip && (
                  <Button size="xs" leftSection={<IconTruckDelivery size={16} />} loading={busy} disabled={!reachable || rows.length === 0}
                    onClick={() => void ship()} data-testid="checkout-ship">{t('delivery.checkout.ship')}</Button>
                )}
                {!n.canceled && <NotePrint ids={[n.id]} />}
              </Group>
            </Group>
            {draft && (
              <>
                <Group gap={6}><IconScan size={16} /><Text size="xs" c="dimmed">{t('delivery.checkout.hint')}</Text></Group>
                <TextInput value={code} onChange={e => setCode(e.currentTarget.value)} placeholder={t('delivery.checkout.code')}
                  aria-label={t('delivery.checkout.code')} disabled={busy || !reachable} maw={420} data-testid="checkout-code"
                  onKeyDown={e => { if (e.key === 'Enter' && !e.nativeEvent.isComposing) { e.preventDefault(); onScan(code); } }} />
                <Text size="sm" data-testid="checkout-left">{left === 0 ? t('delivery.checkout.all_picked') : t('delivery.checkout.left_to_pick', { count: left })}</Text>
              </>
            )}
            <Table striped withTableBorder verticalSpacing={4} data-testid="checkout-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('delivery.cols.line')}</Table.Th>
                  <Table.Th>{t('delivery.cols.item')}</Table.Th>
                  <Table.Th>{t('delivery.cols.quantity')}</Table.Th>
                  <Table.Th>{t('delivery.cols.lot')}</Table.Th>
                  <Table.Th>{t('delivery.cols.package')}</Table.Th>
                  <Table.Th>{t('delivery.cols.picked')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((l, i) => {
                  const done = isPicked(pickLine(l));
                  return (
                    <Table.Tr key={l.id} data-testid={`checkout-line-${i}`} data-picked={done}>
                      <Table.Td>{l.line_no ?? i + 1}</Table.Td>
                      <Table.Td>{l.detail_id_name ?? ''}</Table.Td>
                      <Table.Td>{l.item_id_name ?? ''}</Table.Td>
                      <Table.Td ta="right">{formatForReading(Number(l.quantity ?? 0), lang, 4)} {l.unit ?? ''}</Table.Td>
                      <Table.Td>{l.lot ?? ''}</Table.Td>
                      <Table.Td>{l.package_id_name ?? ''}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={done ? 'green' : 'gray'}>
                          {t(done ? 'delivery.checkout.picked' : 'delivery.checkout.unpicked')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Group>
  );
}
