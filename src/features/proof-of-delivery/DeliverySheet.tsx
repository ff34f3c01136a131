import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../domain/messages/catalog';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { linesOf, podState, type PodState, type Receipts } from './pod-model';
import { ReceiptForm } from './ReceiptForm';

type Row = Record<string, unknown>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const when = (v: unknown) => {
  const d = new Date(text(v));
  return Number.isNaN(d.getTime()) ? text(v) : localDateTimeString(d).slice(0, 16);
};

export const STATE_COLOR: Readonly<Record<PodState, string>> = {
  waiting: 'blue', queued: 'yellow', sent: 'teal', refused: 'red', signed: 'green',
};

/** A delivery's state as a badge (the list and the sheet). */
export function StateBadge({ state }: { state: PodState }) {
  const { t } = useTranslation();
  return <Badge size="lg" color={STATE_COLOR[state]} variant="light" data-testid="pod-state" data-state={state}>{t(`deliverysign.state_${state}`)}</Badge>;
}

/**
 * One delivery on the driver's phone (docs/delivery.md "Proof of delivery"): the customer, where it goes, its lines
 * and quantities; while it waits for its receipt, the receipt's form; once taken, who signed and when, and whether it
 * is still queued on the phone, sent, refused (with the server's reason) or signed on the server.
 */
export function DeliverySheet({ delivery, lines, receipts, personId, terminal, onBack }: {
  delivery: Row; lines: readonly Row[]; receipts: Receipts; personId: number | null; terminal: boolean; onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [saved, setSaved] = useState<string | null>(null);
  const id = Number(delivery.id);
  const { state, receipt } = podState(delivery, receipts);
  const own = linesOf(id, lines);
  const field = (label: string, value: unknown) => (text(value) ? (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" w={88} style={{ flexShrink: 0 }}>{label}</Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{text(value)}</Text>
    </Group>
  ) : null);

  return (
    <Stack gap="md" data-testid="pod-sheet" data-id={id} data-state={state}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{t('deliverysign.delivery', { no: text(delivery.show_id) || id })}</Title>
        <StateBadge state={state} />
      </Group>
      <Paper withBorder p="sm">
        <Stack gap={6}>
          {field(t('deliverysign.customer'), delivery.customer_id_name)}
          {field(t('deliverysign.address'), delivery.address)}
          {field(t('deliverysign.contact'), delivery.contact)}
          {field(t('deliverysign.phone'), delivery.phone)}
          {field(t('deliverysign.date'), delivery.date)}
          {field(t('deliverysign.vehicle'), delivery.vehicle)}
          {field(t('deliverysign.quantity'), formatForReading(Number(delivery.quantity ?? 0), lang, 4))}
        </Stack>
      </Paper>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">{t('deliverysign.lines')}</Text>
        <Table data-testid="pod-lines" data-count={own.length} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('deliverysign.item')}</Table.Th>
              <Table.Th ta="right">{t('deliverysign.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {own.map(l => (
              <Table.Tr key={text(l.id)}>
                <Table.Td>
                  <Text>{text(l.item_id_name) || text(l.detail_id_name)}</Text>
                  <Text size="xs" c="dimmed">
                    {[l.package_id_name ? `${t('deliverysign.package')} ${text(l.package_id_name)}` : '',
                      l.lot ? `${t('deliverysign.lot')} ${text(l.lot)}` : ''].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatForReading(Number(l.quantity ?? 0), lang, 4)} {text(l.unit)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {saved && (state === 'queued' || state === 'sent') && <Alert color="green" data-testid="pod-saved">{saved}</Alert>}
      {state === 'signed' && <Alert color="green">{t('deliverysign.signed_by', { signer: text(delivery.signer), at: when(delivery.signed_at) })}</Alert>}
      {(state === 'queued' || state === 'sent' || state === 'refused') && receipt && (
        <Alert color={STATE_COLOR[state]} data-testid="pod-receipt">
          {t('deliverysign.signed_by', { signer: receipt.signer, at: when(receipt.at) })}
          {state === 'refused' && receipt.reason && <Text size="sm" mt={4}>{t('deliverysign.refused_reason', { reason: receipt.reason })}</Text>}
        </Alert>
      )}
      {state === 'waiting' && (
        <ReceiptForm key={id} deliveryId={id} contact={text(delivery.contact)} personId={personId} enabled={terminal} onSaved={setSaved} />
      )}
      <Button size="lg" variant="default" onClick={onBack} data-testid="pod-back">{t('deliverysign.back')}</Button>
    </Stack>
  );
}
