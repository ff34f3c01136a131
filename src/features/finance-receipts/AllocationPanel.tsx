import { Alert, Anchor, Button, Card, Center, Group, Loader, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconWand } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAbort, isApiError } from '../../data/errors';
import { queryKeys } from '../../data/query-keys';
import { receiptsClient } from '../../data/receipts-client';
import { resourceClient } from '../../data/resource-client';
import { allocations } from '../../domain/resources/finance/allocations';
import { bills } from '../../domain/resources/finance/bills';
import { receipts } from '../../domain/resources/finance/receipts';
import { formatForReading, fromUnits, units } from '../../domain/rules/numbers';
import { useCan } from '../../ui/data/use-permissions';
import { useReachable, useResourceDetail } from '../../ui/data/use-resource';
import { useReaderLang } from '../../ui/use-reader-lang';
import { useSaveGuard } from '../../ui/use-save-guard';

/** The keys of what an allocation changes: the receipts (and their open items), the allocations, the bills. */
export function useAllocationRefresh(): () => void {
  const qc = useQueryClient();
  return () => {
    for (const api of [receipts.api, allocations.api, bills.api]) void qc.invalidateQueries({ queryKey: queryKeys.all(api) });
  };
}

/**
 * A receipt's allocation panel (docs/finance.md "Receipts and allocations"), beside its form: what it received, has
 * allocated and has left (the customer's credit); the customer's open confirmed bills with what each still owes and
 * an amount to allocate typed per bill, or "allocate automatically" (the oldest first); and the receipt's live
 * allocations, each of which may be taken back. The server checks every rule (allocate.ts); the panel only sends.
 */
export function AllocationPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const money = (x: number) => formatForReading(x, lang, 2, 2);
  const detail = useResourceDetail(receipts, id);
  const row = detail.data?.row;
  const customer = row?.customer_id == null ? null : Number(row.customer_id);
  const live = row !== undefined && row.canceled !== true;
  const mayAllocate = useCan(receipts, 'allocate');
  const reachable = useReachable();
  const { run, busy } = useSaveGuard();
  const refresh = useAllocationRefresh();
  const [typed, setTyped] = useState<Record<number, number | null>>({});

  const open = useQuery({
    queryKey: [...queryKeys.all(receipts.api), 'open_items', customer],
    queryFn: ({ signal }) => receiptsClient.openItems({ customer_id: customer! }, { signal }),
    enabled: customer !== null && live,
  });
  const made = useQuery({
    queryKey: [...queryKeys.all(allocations.api), 'of_receipt', id],
    queryFn: ({ signal }) => resourceClient(allocations).list({ filter: [{ field: 'receipt_id', op: 'eq', value: id }], limit: -1 }, { signal }),
  });

  const send = (p: { lines?: { bill_id: number; amount: number }[]; auto?: 1 }) => void run(async () => {
    try {
      await receiptsClient.allocate({ receipt_id: id, ...p });
      setTyped({});
    } catch (e) {
      // The request layer has shown the server's message.
      if (isAbort(e) || isApiError(e)) return;
      throw e;
    } finally {
      refresh();
    }
  });
  const takeBack = (allocationId: number) => void run(async () => {
    try {
      await receiptsClient.unallocate(allocationId);
    } catch (e) {
      if (isAbort(e) || isApiError(e)) return;
      throw e;
    } finally {
      refresh();
    }
  });

  const lines = Object.entries(typed).filter(([, v]) => v != null && v > 0).map(([bill, v]) => ({ bill_id: Number(bill), amount: v! }));
  const amount = units(row?.amount);
  const allocated = units(row?.allocated);
  const disabled = busy || !mayAllocate || !reachable;
  const openBills = open.data?.bills ?? [];
  const liveAllocations = (made.data?.dt ?? []).filter(a => a.canceled !== true);

  return (
    <Card withBorder p="md" data-testid="allocation-panel">
      <Stack gap="sm">
        <Title order={5}>{t('receipts.panel')}</Title>
        {row && (
          <Group gap="xl" data-testid="allocation-sums">
            <Text size="sm">{t('receipts.amount')}: <b>{money(fromUnits(amount))}</b></Text>
            <Text size="sm">{t('receipts.allocated')}: <b data-testid="receipt-allocated">{money(fromUnits(allocated))}</b></Text>
            <Text size="sm">{t('receipts.credit')}: <b data-testid="receipt-credit">{money(fromUnits(amount - allocated))}</b></Text>
          </Group>
        )}
        {!reachable && <Alert color="gray" py={6}>{t('receipts.offline')}</Alert>}
        {row && !live && <Alert color="gray" py={6}>{t('receipts.canceled')}</Alert>}
        {row && live && customer === null && <Alert color="yellow" py={6}>{t('receipts.no_customer')}</Alert>}
        {row && live && customer !== null && (
          <>
            <Text fw={600} size="sm">{t('receipts.open_bills')}</Text>
            {open.isLoading ? <Center><Loader size="sm" /></Center> : openBills.length === 0
              ? <Text size="sm" c="dimmed" data-testid="no-open-bills">{t('receipts.no_open_bills')}</Text>
              : (
                <Table striped withTableBorder verticalSpacing={4} data-testid="open-bills">
                  <Table.Thead>
                    <Table.Tr>
                      {(['bill', 'date', 'total', 'allocated', 'outstanding'] as const).map(c => <Table.Th key={c}>{t(`receipts.cols.${c}`)}</Table.Th>)}
                      <Table.Th w={130}>{t('receipts.cols.to_allocate')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {openBills.map(b => (
                      <Table.Tr key={b.id} data-testid={`open-bill-${b.show_id}`}>
                        <Table.Td><Anchor component={Link} to={`/bills/edit/${b.id}`} size="sm">{b.show_id}</Anchor></Table.Td>
                        <Table.Td>{b.date}</Table.Td>
                        <Table.Td ta="right">{money(b.total)}</Table.Td>
                        <Table.Td ta="right">{money(b.allocated)}</Table.Td>
                        <Table.Td ta="right" data-testid="open-bill-outstanding">{money(b.outstanding)}</Table.Td>
                        <Table.Td>
                          <NumberInput size="xs" min={0} max={b.outstanding} decimalScale={4} hideControls value={typed[b.id] ?? ''}
                            aria-label={`${t('receipts.cols.to_allocate')} ${b.show_id}`} disabled={disabled}
                            onChange={v => setTyped(p => ({ ...p, [b.id]: v === '' ? null : Number(v) }))} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            <Group gap="xs">
              <Button size="xs" disabled={disabled || lines.length === 0} loading={busy} onClick={() => send({ lines })}
                data-testid="allocate-typed">
                {t('receipts.allocate')}
              </Button>
              <Button size="xs" variant="light" leftSection={<IconWand size={14} />} disabled={disabled || openBills.length === 0
                || amount - allocated <= 0} loading={busy} onClick={() => send({ auto: 1 })} data-testid="allocate-auto">
                {t('receipts.auto')}
              </Button>
            </Group>
          </>
        )}
        <Text fw={600} size="sm">{t('receipts.lines')}</Text>
        {liveAllocations.length === 0
          ? <Text size="sm" c="dimmed">{t('receipts.no_lines')}</Text>
          : (
            <Table withTableBorder verticalSpacing={4} data-testid="receipt-allocations">
              <Table.Thead>
                <Table.Tr>
                  {(['bill', 'amount', 'allocated_on'] as const).map(c => <Table.Th key={c}>{t(`receipts.cols.${c}`)}</Table.Th>)}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {liveAllocations.map(a => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/bills/edit/${String(a.bill_id)}`} size="sm">
                        {a.bill_id_name ?? String(a.bill_id)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{money(Number(a.amount))}</Table.Td>
                    <Table.Td>{String(a.date ?? '')}</Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconArrowBackUp size={12} />}
                        disabled={disabled} onClick={() => takeBack(Number(a.id))}>
                        {t('receipts.take_back')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
      </Stack>
    </Card>
  );
}
