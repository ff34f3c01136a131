import { Accordion, Alert, Anchor, Badge, Button, Group, Loader, Paper, ScrollArea, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { traceClient, traceKeys } from '../../data/trace-client';
import type { TraceReply } from '../../domain/contract/trace';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { TRACE_KINDS, traceStartOfQuery, tracePath, type TraceKind, type TraceStart } from '../../domain/rules/trace';
import { OfflineNotice } from '../../ui/data/OfflineNotice';
import { offlineView, useReachable } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { cardTraces, customersReached, forwardRows, type CardTrace } from './trace-model';

/** Cards open by themselves when a trace has this many or fewer; more are listed closed. */
const OPEN_CARDS = 3;

const when = (v: string | null | undefined) => (v ? localDateTimeString(new Date(v)) : '');

/**
 * /trace (追溯, decision 208): one screen for a trace both ways, from a delivery line, a delivery, a package, a card, an
 * order line or a lot, named in the address (`?kind=&id=`, or `code=` a number typed or scanned here, or `lot=` and
 * `item_id=`) — so every screen links to it and a reload shows the same. Forward: every shipment of the cards, with its
 * customer, delivery, line and package. Backward, per card: its steps (who, which machine, when), its piece work, its
 * inspections and defects, the materials issued to it (each lot traced further from here) and its packages. What the
 * role may not view is left out and said so. Offline it shows the trace as last read.
 */
export default function TraceScreen() {
  const [params] = useSearchParams();
  const start = traceStartOfQuery(params);
  return (
    <Stack gap="sm" p="sm" data-testid="trace">
      <TraceSearch key={params.toString()} start={start} />
      {start && <TraceView start={start} />}
    </Stack>
  );
}

/** The start typed or scanned: a kind and the number on it (a lot: its lot number). */
function TraceSearch({ start }: { start: TraceStart | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<TraceKind>(start?.kind ?? 'deliveryline');
  const [code, setCode] = useState(start && 'code' in start ? start.code : start && 'lot' in start ? start.lot : '');
  const go = () => {
    const text = code.trim();
    if (!text) return;
    void navigate(tracePath(kind === 'lot' ? { kind, lot: text } : { kind, code: text }));
  };
  return (
    <Group gap={8} align="flex-end" wrap="wrap">
      <Select size="xs" w={150} label={t('finishedviews.trace_kind')} allowDeselect={false} data-testid="trace-kind"
        data={TRACE_KINDS.map(k => ({ value: k, label: t(`finishedviews.kind_${k}`) }))} value={kind}
        onChange={v => { if (v) setKind(v as TraceKind); }} />
      <TextInput size="xs" w={240} label={t('finishedviews.trace_code')} value={code} data-testid="trace-code"
        onChange={e => setCode(e.currentTarget.value)} onKeyDown={e => { if (e.key === 'Enter') go(); }} />
      <Button size="xs" leftSection={<IconSearch size={14} />} onClick={go} data-testid="trace-go">{t('finishedviews.trace_go')}</Button>
    </Group>
  );
}

function TraceView({ start }: { start: TraceStart }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: traceKeys.trace(start), queryFn: ({ signal }) => traceClient.trace(start, { signal }) });
  const offline = offlineView(q, useReachable());
  const r = q.data;
  return (
    <>
      <OfflineNotice view={offline} hasData={r !== undefined} />
      {q.isPending && <Loader size="sm" />}
      {q.isError && r === undefined && !offline.offline && <Alert color="red" py={6} data-testid="trace-failed">{t('finishedviews.load_failed')}</Alert>}
      {r && <TraceReplyView r={r} refreshing={q.isFetching} onRefresh={() => void q.refetch()} />}
    </>
  );
}

function TraceReplyView({ r, refreshing, onRefresh }: { r: TraceReply; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const cardList = cardTraces(r);
  const customers = customersReached(r);
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={3} data-testid="trace-start">{t(`finishedviews.kind_${r.start.kind}`)} {r.start.label}</Title>
        <Text size="xs" c="dimmed">{t('finishedviews.as_of', { time: when(r.asOf) })}</Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={refreshing} onClick={onRefresh}
          data-testid="trace-refresh">{t('finishedviews.refresh')}</Button>
      </Group>
      {r.hidden.length > 0 && (
        <Alert color="gray" py={6} data-testid="trace-hidden">
          {t('finishedviews.hidden', { parts: r.hidden.map(p => t(`resources.${p}.name`)).join(t('finishedviews.list_sep')) })}
        </Alert>
      )}
      {r.withheld > 0 && <Text size="xs" c="dimmed" data-testid="trace-withheld">{t('finishedviews.withheld', { count: r.withheld })}</Text>}
      {r.cut && <Text size="xs" c="orange">{t('finishedviews.cut', { count: r.cards.length })}</Text>}
      <Paper withBorder p="xs">
        <Group gap="xs" mb={6}>
          <IconArrowForwardUp size={16} />
          <Text fw={600}>{t('finishedviews.forward')}</Text>
          {customers.map(c => <Badge key={c.id} variant="light" data-testid="trace-customer">{c.name}</Badge>)}
        </Group>
        <Forward r={r} />
      </Paper>
      <Group gap="xs">
        <IconArrowBackUp size={16} />
        <Text fw={600}>{t('finishedviews.backward', { count: cardList.length })}</Text>
      </Group>
      {cardList.length === 0 && <Text c="dimmed" size="sm" data-testid="trace-no-cards">{t('finishedviews.no_cards')}</Text>}
      <Accordion multiple variant="separated" defaultValue={cardList.length <= OPEN_CARDS ? cardList.map(c => String(c.id)) : []}>
        {cardList.map(c => <CardPanel key={c.id} c={c} start={r.start} />)}
      </Accordion>
    </Stack>
  );
}

function Forward({ r }: { r: TraceReply }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const rows = forwardRows(r);
  if (rows.length === 0) return <Text size="sm" c="dimmed" data-testid="trace-not-shipped">{t('finishedviews.not_shipped')}</Text>;
  const f = (res: string, name: string) => t(`resources.${res}.fields.${name}`);
  return (
    <MiniTable testId="trace-forward" rowTestId="trace-forward-row"
      head={[f('deliveries', 'customer_id'), f('deliveries', 'show_id'), f('deliveries', 'status'), f('deliverylines', 'code'),
        f('deliverylines', 'package_id'), f('deliverylines', 'card_id'), f('deliverylines', 'quantity'), f('itemlogs', 'doc_show_id'),
        f('itemlogs', 'at')]}
      rows={rows.map(x => ({
        key: x.shipment.id, mark: x.own,
        cells: [
          x.delivery?.customer_name ?? '',
          x.delivery ? <Anchor component={Link} to={tracePath({ kind: 'delivery', id: x.delivery.id })} size="sm">{x.delivery.show_id}</Anchor> : '—',
          x.delivery ? `${x.delivery.status ? t(`resources.deliveries.enums.status.${x.delivery.status}`) : ''}${x.delivery.canceled ? ` (${t('common.fields.canceled')})` : ''}` : '',
          x.lineCode ?? '',
          x.packageNo ?? '',
          x.card?.show_id ?? `#${x.shipment.card_id}`,
          formatForReading(x.shipment.quantity, lang),
          x.shipment.doc_show_id ?? '',
          when(x.shipment.at),
        ],
      }))} />
  );
}

function CardPanel({ c, start }: { c: CardTrace; start: TraceReply['start'] }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const n = (v: number | null | undefined) => formatForReading(v ?? null, lang);
  const f = (res: string, name: string) => t(`resources.${res}.fields.${name}`);
  const card = c.card;
  return (
    <Accordion.Item value={String(c.id)} data-testid="trace-card" data-card={card?.show_id ?? ''}>
      <Accordion.Control>
        <Group gap="sm" wrap="wrap">
          <Text fw={600}>{card?.show_id ?? `#${c.id}`}</Text>
          {card && <Text size="sm">{card.order_show_id}</Text>}
          {card?.customer_name && <Text size="sm">{card.customer_name}</Text>}
          {card && <Text size="sm" c="dimmed">{card.item_code} {card.item_name}</Text>}
          {card && <Text size="sm">{t('finishedviews.card_figures', { quantity: n(card.quantity), good: n(card.finished_quantity), shipped: n(c.shipped) })}</Text>}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Group gap="md" mb="xs">
          <Anchor component={Link} to={`/cards/query/${c.id}`} size="sm">{t('finishedviews.open_card')}</Anchor>
          <Anchor component={Link} to={`/inventorydetails/flow?card=${c.id}`} size="sm">{t('finishedviews.open_flow')}</Anchor>
          {!(start.kind === 'card' && start.id === c.id) && (
            <Anchor component={Link} to={tracePath({ kind: 'card', id: c.id })} size="sm" data-testid="trace-card-link">{t('finishedviews.trace_card')}</Anchor>
          )}
        </Group>
        <Stack gap="xs">
          <Part title={t('finishedviews.part_steps')} count={c.steps.length}>
            <MiniTable testId="trace-steps" head={[f('cardnodes', 'worknode_id'), f('cardnodes', 'status'), f('cardnodes', 'person_id'),
              f('cardnodes', 'device_id'), f('cardnodes', 'started_at'), f('cardnodes', 'finished_at'), f('cardnodes', 'good_quantity'),
              f('cardnodes', 'bad_quantity')]}
            rows={c.steps.map(s => ({ key: s.id, cells: [s.worknode_name ?? '', s.status ? t(`resources.cardnodes.enums.status.${s.status}`) : '',
              s.person_name ?? '', s.device_name ?? '', when(s.started_at), when(s.finished_at), n(s.good_quantity), n(s.bad_quantity)] }))} />
          </Part>
          <Part title={t('finishedviews.part_works')} count={c.works.length}>
            <MiniTable testId="trace-works" head={[f('works', 'work_date'), f('works', 'worknode_id'), f('works', 'person_id'),
              f('works', 'device_id'), f('works', 'quantity'), f('works', 'bad_quantity')]}
            rows={c.works.map(w => ({ key: w.id, cells: [w.work_date ?? '', w.worknode_name ?? '', w.person_name ?? '', w.device_name ?? '',
              n(w.quantity), n(w.bad_quantity)] }))} />
          </Part>
          <Part title={t('finishedviews.part_inspections')} count={c.inspections.length}>
            <MiniTable testId="trace-inspections" head={[t('finishedviews.stage'), f('inventorydetails', 'inspected_at'),
              f('inventorydetails', 'worknode_id'), f('inventorydetails', 'person_id'), f('inventorydetails', 'quantity'),
              f('inventorydetails', 'bad_quantity'), f('inventorydetails', 'grade')]}
            rows={c.inspections.map(i => ({ key: `${i.stage}${i.id}`, cells: [t(`finishedviews.stage_${i.stage}`), when(i.inspected_at),
              i.worknode_name ?? '', i.person_name ?? '', n(i.quantity), n(i.bad_quantity), i.grade ?? ''] }))} />
          </Part>
          <Part title={t('finishedviews.part_defects')} count={c.defects.length}>
            <MiniTable testId="trace-defects" head={[f('baddetails', 'source'), f('baddetails', 'reason'), f('baddetails', 'quantity'),
              f('baddetails', 'person_id'), f('baddetails', 'found_at')]}
            rows={c.defects.map(d => ({ key: d.id, cells: [d.source ? t(`resources.baddetails.enums.source.${d.source}`) : '', d.reason,
              n(d.quantity), d.person_name ?? '', when(d.found_at)] }))} />
          </Part>
          <Part title={t('finishedviews.part_materials')} count={c.materials.length}>
            <MiniTable testId="trace-materials" rowTestId="trace-material" head={[f('itemlogs', 'item_id'), f('itemlogs', 'lot'),
              f('itemlogs', 'quantity'), f('itemlogs', 'unit'), f('itemlogs', 'warehouse_id'), f('itemlogs', 'doc_show_id'), f('itemlogs', 'at')]}
            rows={c.materials.map(m => ({ key: m.id, mark: start.kind === 'lot' && start.lot === m.lot, cells: [
              `${m.item_code ?? ''} ${m.item_name ?? ''}`.trim(),
              m.lot ? <Anchor component={Link} to={tracePath({ kind: 'lot', lot: m.lot, item_id: m.item_id })} size="sm"
                data-testid="trace-lot-link">{m.lot}</Anchor> : '',
              n(m.quantity), m.unit ?? '', m.warehouse_name ?? '', m.doc_show_id ?? '', when(m.at)] }))} />
          </Part>
          {c.packages.length > 0 && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">{t('resources.packages.name')}:</Text>
              {c.packages.map(p => (
                <Anchor key={p.id} component={Link} to={tracePath({ kind: 'package', id: p.id })} size="sm">
                  {p.show_id ?? `#${p.id}`}{p.status ? ` (${t(`resources.packages.enums.status.${p.status}`)})` : ''}
                </Anchor>
              ))}
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function Part({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600}>{title} ({count})</Text>
      {count > 0 && children}
    </div>
  );
}

interface MiniRow { key: string | number; cells: ReactNode[]; mark?: boolean }

/** A compact table of a part; a marked row is the start's own. */
function MiniTable({ head, rows, testId, rowTestId }: { head: string[]; rows: MiniRow[]; testId: string; rowTestId?: string }) {
  return (
    <ScrollArea>
      <Table striped withColumnBorders fz="sm" data-testid={testId}>
        <Table.Thead><Table.Tr>{head.map((h, i) => <Table.Th key={i}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map(r => (
            <Table.Tr key={r.key} data-testid={rowTestId} fw={r.mark ? 700 : undefined} data-own={r.mark ? '1' : undefined}>
              {r.cells.map((c, i) => <Table.Td key={i}>{c}</Table.Td>)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
