import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueriedOrder } from '../../data/order-query-client';
import { formatNumber } from '../../domain/rules/numbers';

function Pair({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={500}>{value || '—'}</Text>
    </div>
  );
}

/**
 * One order's progress as the public query answers it: the order's number, dates and status, then per line the item,
 * unit, quantity and finished quantity, and per work node how many cards wait, run and are done. One column of cards,
 * readable on a phone.
 */
export function OrderQueryResult({ order }: { order: QueriedOrder }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="order-query-result">
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs">
          <Title order={4} data-testid="order-query-order">{order.show_id}</Title>
          <Badge size="lg" variant="light">{t(`resources.orders.enums.status.${order.status}`, { defaultValue: order.status })}</Badge>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <Pair label={t('orderquery.order_date')} value={order.order_date ?? ''} />
          <Pair label={t('orderquery.due_date')} value={order.due_date ?? ''} />
        </SimpleGrid>
      </Paper>
      {order.lines.length === 0 && <Text c="dimmed" size="sm">{t('orderquery.no_lines')}</Text>}
      {order.lines.map(line => (
        <Paper key={line.line_no} withBorder p="md" data-testid="order-query-line">
          <Text fw={600} mb="xs">{line.line_no}. {line.item_name}</Text>
          <SimpleGrid cols={4} spacing="xs" mb={line.nodes.length ? 'sm' : 0}>
            <Pair label={t('orderquery.unit')} value={line.unit ?? ''} />
            <Pair label={t('orderquery.quantity')} value={formatNumber(line.quantity)} testId="order-query-quantity" />
            <Pair label={t('orderquery.finished')} value={formatNumber(line.finished_quantity)} testId="order-query-finished" />
            <Pair label={t('orderquery.delivered')} value={formatNumber(line.delivered_quantity)} testId="order-query-delivered" />
          </SimpleGrid>
          {line.nodes.length === 0 ? <Text size="sm" c="dimmed">{t('orderquery.no_cards')}</Text> : (
            <Table withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orderquery.node')}</Table.Th>
                  <Table.Th ta="right">{t('orderquery.waiting')}</Table.Th>
                  <Table.Th ta="right">{t('orderquery.running')}</Table.Th>
                  <Table.Th ta="right">{t('orderquery.done')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {line.nodes.map(n => (
                  <Table.Tr key={n.worknode_id} data-testid="order-query-node">
                    <Table.Td>{n.name}</Table.Td>
                    <Table.Td ta="right">{n.waiting}</Table.Td>
                    <Table.Td ta="right">{n.running}</Table.Td>
                    <Table.Td ta="right">{n.done}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
