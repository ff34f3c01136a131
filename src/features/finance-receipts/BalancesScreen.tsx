import { Alert, Anchor, Button, Card, Center, CloseButton, Group, Loader, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AGING_BUCKETS, type BalanceRow } from '../../domain/contract/receipts';
import { queryKeys } from '../../data/query-keys';
import { receiptsClient } from '../../data/receipts-client';
import { receipts } from '../../domain/resources/finance/receipts';
import { formatForReading } from '../../domain/rules/numbers';
import { useCan } from '../../ui/data/use-permissions';
import { useReaderLang } from '../../ui/use-reader-lang';

/** The figures of a balance row, in the columns' order. */
const FIGURES = ['billed', 'received', 'credit', 'balance', 'outstanding', ...AGING_BUCKETS] as const;

/**
 * Customer balances and aging (`/payments/balances`, docs/finance.md "5. Balances and aging"): per customer the caller
 * may see, billed, received, credit, balance and what is outstanding by the age of the bills, as of a day (empty:
 * everything), with the totals; a customer's row opens its open bills and its receipts with credit, each a link to
 * its document.
 */
export default function BalancesScreen() {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const money = (x: number) => formatForReading(x, lang, 2, 2);
  const [date, setDate] = useState('');
  const [picked, setPicked] = useState<BalanceRow | null>(null);
  const asOf = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
  const list = useQuery({
    queryKey: [...queryKeys.all(receipts.api), 'balances', asOf ?? ''],
    queryFn: ({ signal }) => receiptsClient.balances(asOf ? { date: asOf } : {}, { signal }),
  });
  const rows = list.data?.dt ?? [];
  return (
    <Stack p="md" gap="md" data-testid="balances-screen">
      <Group justify="space-between" align="end">
        <Title order={4}>{t('receipts.balances.title')}</Title>
        <TextInput type="date" label={t('receipts.balances.as_of')} description={t('receipts.balances.as_of_hint')} w={180}
          value={date} onChange={e => setDate(e.currentTarget.value)} data-testid="balances-date" />
      </Group>
      {list.isError && <Alert color="red">{String(list.error)}</Alert>}
      {list.isLoading ? <Center py="xl"><Loader /></Center> : rows.length === 0
        ? <Text c="dimmed" data-testid="balances-none">{t('receipts.balances.none')}</Text>
        : (
          <ScrollArea>
            <Table striped highlightOnHover withTableBorder verticalSpacing={4} data-testid="balances-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('receipts.balances.customer')}</Table.Th>
                  {FIGURES.map(f => <Table.Th key={f} ta="right">{t(`receipts.balances.${f}`)}</Table.Th>)}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(r => (
                  <Table.Tr key={r.customer_id} data-testid={`balance-${r.customer_name ?? r.customer_id}`}>
                    <Table.Td>{r.customer_name}</Table.Td>
                    {FIGURES.map(f => <Table.Td key={f} ta="right" data-testid={`balance-${f}`}>{money(r[f])}</Table.Td>)}
                    <Table.Td>
                      <Button size="compact-xs" variant="light" onClick={() => setPicked(r)} data-testid="balance-detail">
                        {t('receipts.balances.detail')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {list.data && (
                <Table.Tfoot>
                  <Table.Tr data-testid="balances-totals">
                    <Table.Th>{t('receipts.balances.totals')}</Table.Th>
                    {FIGURES.map(f => <Table.Th key={f} ta="right">{money(list.data.totals[f])}</Table.Th>)}
                    <Table.Th />
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </ScrollArea>
        )}
      {picked && <OpenItems row={picked} date={asOf} onClose={() => setPicked(null)} />}
    </Stack>
  );
}

/** One customer's open bills (oldest first) and receipts with credit, as of the balance's day. */
function OpenItems({ row, date, onClose }: { row: BalanceRow; date: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const money = (x: number) => formatForReading(x, lang, 2, 2);
  // A salesperson reads balances (the `balances` action) without the receipts themselves: their numbers stay text.
  const mayOpenReceipts = useCan(receipts, 'view');
  const items = useQuery({
    queryKey: [...queryKeys.all(receipts.api), 'open_items', row.customer_id, date ?? ''],
    queryFn: ({ signal }) => receiptsClient.openItems({ customer_id: row.customer_id, ...(date ? { date } : {}) }, { signal }),
  });
  return (
    <Card withBorder p="md" data-testid="balance-open-items">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('receipts.balances.detail_of', { name: row.customer_name ?? '' })}</Title>
        <CloseButton aria-label={t('receipts.balances.close')} onClick={onClose} />
      </Group>
      {items.isLoading ? <Center><Loader size="sm" /></Center> : items.data && (
        <Stack gap="sm">
          <Text fw={600} size="sm">{t('receipts.balances.bills')}</Text>
          <Table withTableBorder verticalSpacing={4} data-testid="open-items-bills">
            <Table.Thead>
              <Table.Tr>
                {(['bill', 'date', 'total', 'allocated', 'outstanding', 'age'] as const).map(c => <Table.Th key={c}>{t(`receipts.cols.${c}`)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.data.bills.map(b => (
                <Table.Tr key={b.id}>
                  <Table.Td><Anchor component={Link} to={`/bills/edit/${b.id}`} size="sm">{b.show_id}</Anchor></Table.Td>
                  <Table.Td>{b.date}</Table.Td>
                  <Table.Td ta="right">{money(b.total)}</Table.Td>
                  <Table.Td ta="right">{money(b.allocated)}</Table.Td>
                  <Table.Td ta="right">{money(b.outstanding)}</Table.Td>
                  <Table.Td ta="right">{b.age}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fw={600} size="sm">{t('receipts.balances.receipts')}</Text>
          <Table withTableBorder verticalSpacing={4} data-testid="open-items-receipts">
            <Table.Thead>
              <Table.Tr>
                {(['receipt', 'received_on', 'amount', 'allocated', 'unallocated'] as const).map(c => <Table.Th key={c}>{t(`receipts.cols.${c}`)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.data.receipts.map(r => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {mayOpenReceipts ? <Anchor component={Link} to={`/payments/edit/${r.id}`} size="sm">{r.show_id}</Anchor> : <Text size="sm">{r.show_id}</Text>}
                  </Table.Td>
                  <Table.Td>{r.date}</Table.Td>
                  <Table.Td ta="right">{money(r.amount)}</Table.Td>
                  <Table.Td ta="right">{money(r.allocated)}</Table.Td>
                  <Table.Td ta="right">{money(r.unallocated)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Card>
  );
}
