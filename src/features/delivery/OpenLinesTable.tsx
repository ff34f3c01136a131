import { NumberInput, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpenLine } from '../../domain/contract/delivery';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';

/**
 * A customer's order lines open for delivery (`GET /deliveries/open_lines/`) with a quantity to take of each: what
 * was ordered, delivered, held by requests and draft notes, what is left and what its cards have in stock. Used by
 * the request form (quantities requested) and the note's "add from order lines" (quantities put on the note).
 */
export function OpenLinesTable({ lines, quantities, onChange, testId = 'open-lines' }: {
  lines: readonly OpenLine[];
  quantities: Readonly<Record<number, number | null>>;
  onChange: (detailId: number, quantity: number | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const n = (x: number) => formatForReading(x, lang, 4);
  return (
    <Table striped withTableBorder verticalSpacing={4} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {(['order', 'line', 'item', 'spec', 'due', 'ordered', 'delivered', 'held', 'left', 'in_stock'] as const).map(c => (
            <Table.Th key={c}>{t(`delivery.cols.${c}`)}</Table.Th>
          ))}
          <Table.Th w={120}>{t('delivery.cols.quantity')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map(l => (
          <Table.Tr key={l.detail_id} data-testid={`${testId}-${l.code ?? l.detail_id}`}>
            <Table.Td>{l.order_show_id}</Table.Td>
            <Table.Td>{l.code}</Table.Td>
            <Table.Td>{[l.item_code, l.item_name].filter(Boolean).join(' ')}</Table.Td>
            <Table.Td>{l.spec}</Table.Td>
            <Table.Td>{l.due_date ?? ''}</Table.Td>
            <Table.Td ta="right">{n(l.quantity)} {l.unit ?? ''}</Table.Td>
            <Table.Td ta="right">{n(l.delivered)}</Table.Td>
            <Table.Td ta="right">{n(l.held)}</Table.Td>
            <Table.Td ta="right"><Text size="sm" fw={600}>{n(l.left)}</Text></Table.Td>
            <Table.Td ta="right">{n(l.in_stock)}</Table.Td>
            <Table.Td>
              <NumberInput size="xs" min={0} max={l.left} decimalScale={4} hideControls value={quantities[l.detail_id] ?? ''}
                aria-label={`${t('delivery.cols.quantity')} ${l.code ?? ''}`} disabled={l.left <= 0}
                onChange={v => onChange(l.detail_id, v === '' ? null : Number(v))} data-testid={`${testId}-${l.code ?? l.detail_id}-quantity`} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
