import { Badge, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueriedBill } from '../../data/finance-client';
import { chineseAmount } from '../../domain/rules/chinese-amount';
import { formatNumber, fromUnits, units } from '../../domain/rules/numbers';

const money = (v: number) => formatNumber(v, 2);

/** What the public bill query shows of a bill: period, date, status, lines and totals, in capitals, received, balance. */
export function BillQueryResult({ bill }: { bill: QueriedBill }) {
  const { t } = useTranslation();
  const balance = fromUnits(units(bill.total) - units(bill.allocated));
  const period = bill.date_from || bill.date_to ? `${bill.date_from ?? ''} ~ ${bill.date_to ?? ''}` : '—';
  return (
    <Stack gap="sm" data-testid="bill-query-result">
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs">
          <Title order={4} data-testid="bill-query-bill">{bill.show_id}</Title>
          <Badge size="lg" variant="light">{t(`resources.bills.enums.status.${bill.status}`)}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Text size="sm">{t('resources.bills.fields.customer_id')}：{bill.customer}</Text>
          <Text size="sm">{t('bills.bill.period')}：{period}</Text>
          <Text size="sm">{t('resources.bills.fields.date')}：{bill.date}</Text>
        </SimpleGrid>
      </Paper>
      <Paper withBorder>
        <ScrollArea>
          <Table withColumnBorders fz="sm">
            <Table.Thead>
              <Table.Tr>
                {['line_no', 'delivery', 'delivery_date', 'order', 'description', 'quantity', 'unit', 'price', 'amount', 'adjustment', 'reason'].map(c => (
                  <Table.Th key={c}>{t(`bills.cols.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.lines.map(l => (
                <Table.Tr key={l.line_no} data-testid="bill-query-line">
                  <Table.Td>{l.line_no}</Table.Td>
                  <Table.Td>{l.delivery_show_id}</Table.Td>
                  <Table.Td>{l.delivery_date}</Table.Td>
                  <Table.Td>{l.order_show_id}</Table.Td>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.quantity, 4)}</Table.Td>
                  <Table.Td>{l.unit}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.price, 4)}</Table.Td>
                  <Table.Td ta="right">{money(l.amount)}</Table.Td>
                  <Table.Td ta="right">{l.adjustment ? money(l.adjustment) : ''}</Table.Td>
                  <Table.Td>{l.adjustment_reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">{t('bills.bill.total')}：<b data-testid="bill-query-total">{money(bill.total)}</b></Text>
          <Text size="sm">{t('bills.bill.capitals')}：<b data-testid="bill-query-capitals">{chineseAmount(bill.total)}</b></Text>
          <Text size="sm">{t('bills.bill.received')}：{money(bill.allocated)}</Text>
          <Text size="sm">{t('bills.bill.balance')}：{money(balance)}</Text>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
