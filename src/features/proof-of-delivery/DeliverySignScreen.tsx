import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Lang } from '../../domain/messages/catalog';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { useReachable } from '../../ui/data/use-resource';
import { useOutboxStatus } from '../../ui/stores';
import { DeliverySheet, StateBadge } from './DeliverySheet';
import { podState } from './pod-model';
import { usePodDeliveries, type PodScope } from './use-pod-deliveries';

type Row = Record<string, unknown>;
const SCOPE_KEY = 'ipos-pod-scope';
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * `/deliveries/sign` (送货签收, docs/delivery.md "Proof of delivery"): the driver's phone, a terminal of screen
 * `delivery` (the demo's PHONE-01). It lists the deliveries to sign for — the driver's own by default, every shipped
 * one on request — and opens one (in the address, `?id=`, so a reload goes back to it, offline too), where the customer
 * signs. Made for a phone held in one hand: one column, large targets, nothing wider than the screen.
 */
export default function DeliverySignScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [search, setSearch] = useSearchParams();
  const opened = Number(search.get('id'));
  const [asked, setAsked] = useState<PodScope>(() => (localStorage.getItem(SCOPE_KEY) === 'all' ? 'all' : 'mine'));
  const data = usePodDeliveries(asked);
  const reachable = useReachable();
  const terminal = useOutboxStatus(s => s.computer) !== null;
  const queued = data.receipts.queued.length;
  const open = (id: number | null) => setSearch(id === null ? {} : { id: String(id) });
  const choose = (v: string) => {
    const scope: PodScope = v === 'all' ? 'all' : 'mine';
    localStorage.setItem(SCOPE_KEY, scope);
    setAsked(scope);
  };
  const delivery = Number.isSafeInteger(opened) && opened > 0 ? data.deliveries?.find(d => Number(d.id) === opened) : undefined;

  return (
    <Stack p="sm" gap="sm" maw={640} mx="auto" w="100%" data-testid="pod" data-ready={data.deliveries !== null}
      data-kept={data.keptAt !== null}>
      <Title order={3}>{t('deliverysign.title')}</Title>
      {!terminal && <Alert color="blue">{t('deliverysign.no_terminal')}</Alert>}
      {!reachable && <Alert color="yellow" data-testid="pod-offline">{t('deliverysign.offline')}</Alert>}
      {data.keptAt !== null && (
        <Text size="sm" c="dimmed">{t('deliverysign.kept_at', { time: localDateTimeString(new Date(data.keptAt)).slice(0, 16) })}</Text>
      )}
      <Text data-testid="pod-pending" data-pending={queued} c={queued ? 'yellow.8' : 'dimmed'} size="sm">
        {queued ? t('deliverysign.pending', { count: queued }) : t('deliverysign.all_sent')}
      </Text>
      {opened > 0
        ? (delivery
          ? <DeliverySheet delivery={delivery} lines={data.lines} receipts={data.receipts} personId={data.personId ?? null}
              terminal={terminal} onBack={() => open(null)} />
          : (
            <Stack>
              {data.deliveries === null && !data.failed ? <Loader /> : <Alert color="gray">{t('deliverysign.not_loaded')}</Alert>}
              <Button size="lg" variant="default" onClick={() => open(null)}>{t('deliverysign.back')}</Button>
            </Stack>
          ))
        : (
          <Stack gap="sm">
            {data.personId !== null && (
              <SegmentedControl fullWidth size="md" value={data.scope} onChange={choose} data-testid="pod-scope"
                data={[{ value: 'mine', label: t('deliverysign.mine') }, { value: 'all', label: t('deliverysign.all') }]} />
            )}
            {data.personId === null && <Text size="sm" c="dimmed">{t('deliverysign.no_person')}</Text>}
            {data.deliveries === null
              ? (data.failed ? <Alert color="red">{t('deliverysign.load_failed')}</Alert> : <Loader />)
              : data.deliveries.length === 0
                ? <Text c="dimmed" data-testid="pod-empty">{t('deliverysign.no_deliveries')}</Text>
                : (
                  <Stack gap="xs" data-testid="pod-list" data-count={data.deliveries.length}>
                    {data.deliveries.map((d: Row) => (
                      <Paper key={text(d.id)} withBorder p="sm" data-testid="pod-item" data-id={text(d.id)} data-no={text(d.show_id)}>
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            <Text fw={700}>{text(d.show_id)}</Text>
                            <Text>{text(d.customer_id_name)}</Text>
                            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{text(d.address)}</Text>
                            <Text size="sm" c="dimmed">{[text(d.date), formatForReading(Number(d.quantity ?? 0), lang, 4)].filter(Boolean).join(' · ')}</Text>
                          </Stack>
                          <StateBadge state={podState(d, data.receipts).state} />
                        </Group>
                        <Button mt="xs" size="lg" fullWidth onClick={() => open(Number(d.id))} data-testid="pod-open">{t('deliverysign.open')}</Button>
                      </Paper>
                    ))}
                  </Stack>
                )}
          </Stack>
        )}
    </Stack>
  );
}
