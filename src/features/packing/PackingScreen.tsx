import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconEye, IconLock, IconLockOpen, IconPackage, IconPlus, IconPrinter, IconScan, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isApiError } from '../../data/errors';
import { packingClient } from '../../data/packing-client';
import { printsClient } from '../../data/prints-client';
import { queryKeys } from '../../data/query-keys';
import { newRequestId, resourceClient } from '../../data/resource-client';
import type { PrintSheet } from '../../domain/contract/prints';
import { itemlogs } from '../../domain/resources/warehouse/itemlogs';
import { packages } from '../../domain/resources/warehouse/packages';
import { stockdocs } from '../../domain/resources/warehouse/stockdocs';
import { stocklots } from '../../domain/resources/warehouse/stocklots';
import { warehouses } from '../../domain/resources/warehouse/warehouses';
import { PACKAGE_KINDS } from '../../domain/rules/delivery';
import { formatForReading } from '../../domain/rules/numbers';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable, useResourceDetail, useResourceList } from '../../ui/data/use-resource';
import { printSheet, sheetUrl } from '../../ui/print/print-frame';
import { PrintPreview } from '../../ui/print/PrintPreview';
import { scanFeedback } from '../../ui/scanner/feedback';
import { useScanner } from '../../ui/scanner/use-scanner';
import { useSession } from '../../ui/stores';
import { useReaderLang } from '../../ui/use-reader-lang';
import { addPlaces, type PendingLot, type PlaceRow } from './pack-lines';

/** The stage a route packs: `/warehouses/prepackings` the semi-finished pre-packing, `/warehouses/packings` finished goods. */
export const stageOfPath = (pathname: string): 'semi' | 'finished' =>
  (pathname.replace(/\/+$/, '') === '/warehouses/prepackings' ? 'semi' : 'finished');

/** Rows of a package's contents and of a lot's places: a pallet holds tens of lots, a lot lies in a few places. */
const MAX_PLACES = 500;

/**
 * /warehouses/packings (成品打包) and /warehouses/prepackings (半成品打包) — docs/delivery.md "Packing", decisions 197
 * and 198. Start a package (its kind; the store it is packed in, of the route's stage), or continue one of the open
 * (and sealed) packages listed, or scan a package's label; scan lots — a card's label is its lot — lying loose in that
 * store: each adds the lot's places whole (editable down). *Pack* writes and posts one packing document at once; a
 * lot in the package comes out again with *take out*. Weights are saved on the package; *seal and print* closes it
 * and prints its label through the browser's dialog (as /cards/prints does); a sealed package is opened again to change
 * what it holds.
 */
export default function PackingScreen() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const { pathname } = useLocation();
  const stage = stageOfPath(pathname);
  const qc = useQueryClient();
  const reachable = useReachable();
  const feedback = scanFeedback();
  const baseURL = useSession(s => s.baseURL);
  const mayPack = useCan(stockdocs, 'post');
  const mayCreate = useCan(packages, 'create');
  const mayEdit = useCan(packages, 'edit');
  const mayClose = useCan(packages, 'close');

  const [currentId, setCurrentId] = useState<number | null>(null);
  const [store, setStore] = useState<number | null>(null);
  const [kind, setKind] = useState<string>('pallet');
  const [pending, setPending] = useState<PendingLot[]>([]);
  const [code, setCode] = useState('');
  const [weights, setWeights] = useState<{ id: number | null; gross: number | null; net: number | null }>({ id: null, gross: null, net: null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preview, setPreview] = useState<PrintSheet[] | null>(null);
  const [createKey, setCreateKey] = useState(newRequestId);
  const [packKey, setPackKey] = useState(newRequestId);

  const stores = useResourceList(warehouses, { limit: -1, filter: [{ field: 'kind', op: 'eq', value: stage }] }, { staleTime: 60_000 });
  const storeOptions = useMemo(() => (stores.data?.dt ?? []).map(w => ({ value: String(w.id), label: w.name ?? String(w.id) })), [stores.data]);
  const list = useResourceList(packages, {
    limit: 50, sort: ['-id'],
    filter: [{ field: 'stage', op: 'eq', value: stage }, { field: 'status', op: 'in', value: ['open', 'closed'] }, { field: 'canceled', op: 'eq', value: false }],
  });
  const detail = useResourceDetail(packages, currentId ?? undefined);
  const current = currentId !== null && detail.data?.row.id === currentId ? detail.data.row : null;
  const contentsQ = useResourceList(stocklots, {
    limit: MAX_PLACES, sort: ['lot'], filter: [{ field: 'package_id', op: 'eq', value: currentId ?? 0 }, { field: 'quantity', op: 'gte', value: 0.0001 }],
  }, { enabled: currentId !== null });
  const contents = contentsQ.data?.dt ?? [];
  // Where the package is packed: where it lies, else the store chosen for it (an empty package lies nowhere yet).
  const defaultStore = storeOptions.length === 1 ? Number(storeOptions[0]!.value) : null;
  const packingStore = current?.warehouse_id ?? store ?? defaultStore;
  const open = current?.status === 'open';

  // The weights shown are the current package's until the storekeeper types (a state adjusted while rendering).
  if (current && weights.id !== current.id) {
    setWeights({ id: current.id, gross: current.gross_weight ?? null, net: current.net_weight ?? null });
  }

  const say = (key: string, values: Record<string, unknown> = {}) => { setError(null); setNotice(t(key, values)); };
  const fail = (e: unknown) => { feedback.error(); setNotice(null); setError(isApiError(e) ? e.msg : String(e)); };
  // Awaited by the actions, which keep their buttons busy until the package is read again: an action taken on the
  // package's old version (sealing right after saving the weights) would be refused as a conflict.
  const refresh = () => Promise.all([packages, stocklots, stockdocs, itemlogs].map(r => qc.invalidateQueries({ queryKey: queryKeys.all(r.api) })));
  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try { await what(); } catch (e) { fail(e); } finally { setBusy(false); }
  };
  const choose = (id: number) => { setCurrentId(id); setPending([]); setPackKey(newRequestId()); };

  /** A scanned or typed code: a package's label makes it the current one; else a lot's loose places in the store are added. */
  const take = async (raw: string) => {
    const text = raw.trim();
    if (!text || busy) return;
    try {
      const [pkg, lots] = await Promise.all([
        resourceClient(packages).list({ limit: 1, filter: [{ field: 'show_id', op: 'eq', value: text }, { field: 'canceled', op: 'eq', value: false }] }),
        packingStore === null ? Promise.resolve(null) : resourceClient(stocklots).list({
          limit: MAX_PLACES, filter: [{ field: 'lot', op: 'eq', value: text }, { field: 'warehouse_id', op: 'eq', value: packingStore }, { field: 'quantity', op: 'gte', value: 0.0001 }],
        }),
      ]);
      const found = pkg.dt[0];
      if (found) {
        if (found.stage !== stage) { feedback.error(); say('packing.package_other_stage', { package: text }); return; }
        feedback.ok();
        choose(found.id);
        say('packing.package_opened', { package: text });
        return;
      }
      if (currentId === null) { feedback.error(); say('packing.start_package_first'); return; }
      if (packingStore === null) { feedback.error(); say('packing.choose_store'); return; }
      const places: PlaceRow[] = (lots?.dt ?? []).map(l => ({
        id: l.id, lot: l.lot ?? '', item: l.item_id_name ?? '', position: l.position_id_name ?? '', package_id: l.package_id ?? null,
        quantity: Number(l.quantity ?? 0),
      }));
      const added = addPlaces(pending, places, currentId);
      if (added === 'in_package') { feedback.error(); say('packing.lot_in_package', { lot: text }); return; }
      if (added === 'duplicate') { feedback.error(); say('packing.lot_already', { lot: text }); return; }
      if (added === 'none') { feedback.error(); say('packing.lot_not_here', { lot: text }); return; }
      feedback.ok();
      setPending(added);
      say('packing.lot_added', { lot: text });
    } catch (e) {
      fail(e);
    }
  };
  useScanner(c => { void take(c); }, { capture: 'global', enabled: !busy });

  const newPackage = () => run(async () => {
    if (packingStore === null) { say('packing.choose_store'); return; }
    const r = await resourceClient(packages).save({ kind, stage }, undefined, { idempotencyKey: createKey });
    setCreateKey(newRequestId());
    setStore(packingStore);
    choose(r.id);
    await refresh();
    say('packing.package_started', { package: r.dt.show_id ?? r.id });
  });

  const pack = (lines: readonly { place_id: number; quantity?: number }[], key: string, after: () => void) => run(async () => {
    if (currentId === null || packingStore === null) return;
    const r = await packingClient.pack({ package_id: currentId, warehouse_id: packingStore, lines: [...lines] }, key);
    feedback.ok();
    after();
    await refresh();
    say('packing.packed', { no: r.show_id, lots: r.package.lots, quantity: formatForReading(r.package.quantity, lang, 4) });
  });

  const packPending = () => {
    const bad = pending.find(p => p.quantity === null || p.quantity <= 0 || p.quantity > p.place.quantity);
    if (bad) { setNotice(null); setError(t('packing.quantity_range_lot', { lot: bad.place.lot, max: formatForReading(bad.place.quantity, lang, 4) })); return; }
    void pack(pending.map(p => ({ place_id: p.place.id, quantity: p.quantity! })), packKey, () => { setPending([]); setPackKey(newRequestId()); });
  };

  const saveWeights = () => run(async () => {
    if (!current) return;
    await resourceClient(packages).save({ gross_weight: weights.gross, net_weight: weights.net }, { id: current.id, version: current.version });
    await refresh();
    say('packing.weights_saved');
  });

  const printLabel = async (id: number, action: 'browser' | 'preview') => {
    const sheets = await printsClient.printDo('packages', [id], action);
    if (action === 'preview') { setPreview(sheets); return; }
    for (const s of sheets) await printSheet(sheetUrl(s.print_url, baseURL));
  };

  const sealAndPrint = () => run(async () => {
    if (!current) return;
    await packingClient.close(current.id, current.version);
    await refresh();
    say('packing.sealed', { package: current.show_id ?? current.id });
    await printLabel(current.id, 'browser');
    await refresh();
  });

  const reopen = () => run(async () => {
    if (!current) return;
    await packingClient.close(current.id, current.version, true);
    await refresh();
    say('packing.reopened', { package: current.show_id ?? current.id });
  });

  const rows = list.data?.dt ?? [];
  return (
    <Group align="flex-start" p="md" gap="md" wrap="wrap" data-testid="packing-screen" data-stage={stage}>
      <Stack flex="1 1 320px" miw={0} gap="sm">
        <Paper withBorder p="sm">
          <Title order={2} size="h5" mb="xs">{t('packing.new_package')}</Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select label={t('resources.packages.fields.kind')} w={130} value={kind} allowDeselect={false}
              data={PACKAGE_KINDS.map(k => ({ value: k, label: t(`resources.packages.enums.kind.${k}`) }))}
              onChange={v => setKind(v ?? 'pallet')} data-testid="new-kind" />
            <Select label={t('packing.store')} w={170} data={storeOptions} value={packingStore === null ? null : String(packingStore)}
              disabled={current?.warehouse_id != null} onChange={v => setStore(v === null ? null : Number(v))} data-testid="new-warehouse" />
            {mayCreate && (
              <Button size="xs" leftSection={<IconPlus size={16} />} loading={busy} disabled={!reachable} onClick={() => void newPackage()}
                data-testid="package-new">{t('packing.start')}</Button>
            )}
          </Group>
        </Paper>
        <Paper withBorder p="sm" data-testid="package-list">
          <Title order={2} size="h5" mb="xs">{t('packing.open_packages')}</Title>
          {rows.length === 0 ? <Text size="sm" c="dimmed">{t('packing.none_yet')}</Text> : (
            <Stack gap={4}>
              {rows.map(p => (
                <UnstyledButton key={p.id} onClick={() => choose(p.id)} data-testid={`package-row-${p.show_id}`} p={4}
                  bg={p.id === currentId ? 'var(--mantine-color-blue-light)' : undefined} style={{ borderRadius: 4 }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600}>{p.show_id}</Text>
                    <Text size="xs" c="dimmed">{t(`resources.packages.enums.kind.${p.kind ?? 'pallet'}`)} · {p.warehouse_id_name ?? '—'}</Text>
                    <Text size="xs">{t('packing.lots_count', { count: Number(p.lots ?? 0) })}</Text>
                    <Badge size="sm" variant="light" color={p.status === 'open' ? 'blue' : 'green'}>{t(`resources.packages.enums.status.${p.status ?? 'open'}`)}</Badge>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Paper>
      </Stack>

      <Stack flex="3 1 640px" miw={0} gap="sm">
        {!reachable && <Alert color="yellow" py={6}>{t('packing.offline')}</Alert>}
        {error && <Alert color="red" py={6} withCloseButton onClose={() => setError(null)} data-testid="packing-error">{error}</Alert>}
        {notice && <Alert color="blue" py={6} withCloseButton onClose={() => setNotice(null)} data-testid="packing-notice">{notice}</Alert>}
        {!current ? (
          <Paper withBorder p="md"><Text size="sm" c="dimmed">{t('packing.no_current')}</Text></Paper>
        ) : (
          <Paper withBorder p="sm" data-testid="package-current" data-status={current.status} data-id={current.id}>
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <IconPackage size={20} />
                <Text fw={700} data-testid="package-no">{current.show_id}</Text>
                <Text size="sm">{t(`resources.packages.enums.kind.${current.kind ?? 'pallet'}`)}</Text>
                <Badge variant="light" color={current.status === 'open' ? 'blue' : 'green'} data-testid="package-status">
                  {t(`resources.packages.enums.status.${current.status ?? 'open'}`)}
                </Badge>
              </Group>
              <Text size="sm" data-testid="package-summary">
                {t('packing.summary', {
                  lots: Number(current.lots ?? 0), quantity: formatForReading(Number(current.quantity ?? 0), lang, 4),
                  where: [current.warehouse_id_name, current.position_id_name].filter(Boolean).join(' / ') || '—',
                })}
              </Text>
            </Group>
            <Table withTableBorder fz="sm" data-testid="package-contents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('packing.lot')}</Table.Th>
                  <Table.Th>{t('packing.item')}</Table.Th>
                  <Table.Th>{t('packing.position')}</Table.Th>
                  <Table.Th>{t('packing.quantity')}</Table.Th>
                  <Table.Th><VisuallyHidden>{t('packing.take_out')}</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {contents.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text size="sm" c="dimmed">{t('packing.empty_package')}</Text></Table.Td></Table.Tr>}
                {contents.map(c => (
                  <Table.Tr key={c.id} data-testid={`content-${c.lot ?? c.id}`}>
                    <Table.Td>{c.lot}</Table.Td>
                    <Table.Td>{c.item_id_name ?? ''}</Table.Td>
                    <Table.Td>{c.position_id_name ?? ''}</Table.Td>
                    <Table.Td>{formatForReading(Number(c.quantity ?? 0), lang, 4)}</Table.Td>
                    <Table.Td>
                      {open && mayPack && (
                        <Button size="compact-xs" variant="subtle" leftSection={<IconArrowBackUp size={14} />} disabled={busy || !reachable}
                          onClick={() => void pack([{ place_id: c.id }], newRequestId(), () => {})} data-testid={`unpack-${c.lot ?? c.id}`}>
                          {t('packing.take_out')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>

            {open && mayPack && (
              <Stack gap="xs" mt="sm">
                <Group gap="sm" align="flex-end">
                  <TextInput label={t('packing.lot_code')} value={code} w={260} leftSection={<IconScan size={16} />}
                    onChange={e => setCode(e.currentTarget.value)} data-testid="pack-code"
                    onKeyDown={e => { if (e.key === 'Enter') { e.preventDefault(); const c = code; setCode(''); void take(c); } }} />
                  <Text size="xs" c="dimmed" pb={8}>{t('packing.scan_hint_lots')}</Text>
                </Group>
                {pending.length > 0 && (
                  <Table withTableBorder striped fz="sm" data-testid="pack-pending">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('packing.lot')}</Table.Th>
                        <Table.Th>{t('packing.item')}</Table.Th>
                        <Table.Th>{t('packing.position')}</Table.Th>
                        <Table.Th>{t('packing.quantity')}</Table.Th>
                        <Table.Th><VisuallyHidden>{t('packing.remove')}</VisuallyHidden></Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {pending.map(p => (
                        <Table.Tr key={p.place.id} data-testid={`pending-${p.place.lot}`}>
                          <Table.Td>{p.place.lot}</Table.Td>
                          <Table.Td>{p.place.item}</Table.Td>
                          <Table.Td>{p.place.position}</Table.Td>
                          <Table.Td>
                            <NumberInput size="xs" w={130} min={0} max={p.place.quantity} decimalScale={4} value={p.quantity ?? ''}
                              aria-label={t('packing.quantity_of', { card: p.place.lot })}
                              onChange={v => setPending(ls => ls.map(x => (x.place.id === p.place.id ? { ...x, quantity: v === '' ? null : Number(v) } : x)))} />
                          </Table.Td>
                          <Table.Td>
                            <ActionIcon variant="subtle" color="red" aria-label={t('packing.remove_card', { card: p.place.lot })}
                              onClick={() => setPending(ls => ls.filter(x => x.place.id !== p.place.id))}><IconTrash size={16} /></ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                <Group>
                  <Button size="xs" leftSection={<IconPackage size={16} />} loading={busy} disabled={!reachable || pending.length === 0}
                    onClick={packPending} data-testid="pack-post">{t('packing.pack', { count: pending.length })}</Button>
                </Group>
              </Stack>
            )}

            <Group gap="sm" align="flex-end" mt="sm" wrap="wrap">
              <NumberInput label={t('resources.packages.fields.gross_weight')} w={150} min={0} decimalScale={3} value={weights.gross ?? ''}
                disabled={!mayEdit} onChange={v => setWeights(w => ({ ...w, gross: v === '' ? null : Number(v) }))} data-testid="weight-gross" />
              <NumberInput label={t('resources.packages.fields.net_weight')} w={150} min={0} decimalScale={3} value={weights.net ?? ''}
                disabled={!mayEdit} onChange={v => setWeights(w => ({ ...w, net: v === '' ? null : Number(v) }))} data-testid="weight-net" />
              {mayEdit && (
                <Button size="xs" variant="default" loading={busy} disabled={!reachable} onClick={() => void saveWeights()}
                  data-testid="weights-save">{t('packing.save_weights')}</Button>
              )}
            </Group>
            <Group gap="xs" mt="sm" justify="flex-end">
              <Button size="xs" variant="default" leftSection={<IconEye size={16} />} loading={busy} disabled={!reachable}
                onClick={() => void run(() => printLabel(current.id, 'preview'))} data-testid="package-preview">{t('packing.preview_label')}</Button>
              {open && mayClose && (
                <Button size="xs" leftSection={<IconLock size={16} />} loading={busy} disabled={!reachable || contents.length === 0}
                  onClick={() => void sealAndPrint()} data-testid="package-close-print">{t('packing.seal_and_print')}</Button>
              )}
              {current.status === 'closed' && (
                <Button size="xs" leftSection={<IconPrinter size={16} />} loading={busy} disabled={!reachable}
                  onClick={() => void run(async () => { await printLabel(current.id, 'browser'); await refresh(); })} data-testid="package-print">
                  {t('packing.print_label')}
                </Button>
              )}
              {current.status === 'closed' && mayClose && (
                <Button size="xs" variant="light" leftSection={<IconLockOpen size={16} />} loading={busy} disabled={!reachable}
                  onClick={() => void reopen()} data-testid="package-reopen">{t('packing.reopen')}</Button>
              )}
            </Group>
          </Paper>
        )}
      </Stack>
      {preview && <PrintPreview sheets={preview} baseURL={baseURL} onClose={() => setPreview(null)} />}
    </Group>
  );
}
