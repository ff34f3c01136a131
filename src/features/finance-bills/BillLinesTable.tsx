import { Button, Group, Paper, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { groupByNote } from '../../domain/rules/bill-groups';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';
import type { BillLineRow, LineEdit } from './bill-io';

const num = (v: unknown): number | null => (v == null || v === '' ? null : Number(v));

/**
 * A bill's lines (BillEntry.tsx), grouped by delivery note — the note's number and date over its lines, a subtotal
 * under them (decision 231) — the lines by hand in one group. Editable: each line's adjustment and reason, and on a
 * bill by hand its description, quantity, unit and price, typed here and saved or cancelled line by line.
 */
export function BillLinesTable({ lines, editable, byHand, busy, valueOf, dirty, onEdit, onSave, onCancel }: {
  lines: readonly BillLineRow[];
  editable: boolean;
  byHand: boolean;
  busy: boolean;
  valueOf: (l: BillLineRow, k: keyof LineEdit) => string;
  dirty: (l: BillLineRow) => boolean;
  onEdit: (lineId: number, patch: LineEdit) => void;
  onSave: (l: BillLineRow) => void;
  onCancel: (l: BillLineRow) => void;
}) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const money = (v: number | null) => formatForReading(v, lang, 2, 2);
  const cellInput = (l: BillLineRow, k: keyof LineEdit, w: number, right = false) => (
    <TextInput size="xs" w={w} value={valueOf(l, k)} onChange={e => { const v = e.currentTarget.value; onEdit(l.id, { [k]: v }); }}
      styles={right ? { input: { textAlign: 'right' } } : undefined} aria-label={t(`resources.billlines.fields.${k}`)}
      data-testid={`bill-line-${k}`} />
  );

  const groups = groupByNote(lines.map(l => ({ ...l, delivery_id: l.delivery_id ?? null, amount: num(l.amount), adjustment: num(l.adjustment) })));
  return (
    <Paper withBorder>
      <ScrollArea>
        <Table withColumnBorders fz="sm" data-testid="bill-lines">
          <Table.Thead>
            <Table.Tr>
              {['line_no', 'description', 'quantity', 'unit', 'price', 'amount', 'adjustment', 'reason', 'remark'].map(c => (
                <Table.Th key={c}>{t(`bills.cols.${c}`)}</Table.Th>
              ))}
              {editable && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr><Table.Td colSpan={10}><Text size="sm" c="dimmed">{t('bills.bill.no_lines')}</Text></Table.Td></Table.Tr>
            )}
            {groups.map(g => (
              <Fragment key={g.delivery_id ?? 'hand'}>
                <Table.Tr bg="var(--mantine-color-gray-0)" data-testid="bill-group">
                  <Table.Td colSpan={editable ? 10 : 9}>
                    <Text size="sm" fw={600}>
                      {g.delivery_id === null ? t('bills.bill.group_hand')
                        : t('bills.bill.group_note', { no: g.lines[0]!.delivery_id_name ?? '', date: g.lines[0]!.delivery_date ?? '' })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {g.lines.map(l => (
                  <Table.Tr key={l.id} data-testid="bill-line" data-line={l.line_no ?? ''}>
                    <Table.Td>{l.line_no}</Table.Td>
                    <Table.Td>{editable && byHand ? cellInput(l, 'description', 220) : l.description}</Table.Td>
                    <Table.Td ta="right">{editable && byHand ? cellInput(l, 'quantity', 90, true) : formatForReading(num(l.quantity), lang, 4)}</Table.Td>
                    <Table.Td>{editable && byHand ? cellInput(l, 'unit', 60) : l.unit}</Table.Td>
                    <Table.Td ta="right">{editable && byHand ? cellInput(l, 'price', 100, true) : formatForReading(num(l.price), lang, 4)}</Table.Td>
                    <Table.Td ta="right" data-testid="bill-line-amount">{money(num(l.amount))}</Table.Td>
                    <Table.Td ta="right">{editable ? cellInput(l, 'adjustment', 100, true) : (num(l.adjustment) ? money(num(l.adjustment)) : '')}</Table.Td>
                    <Table.Td>{editable ? cellInput(l, 'adjustment_reason', 180) : l.adjustment_reason}</Table.Td>
                    <Table.Td>{l.remark}</Table.Td>
                    {editable && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-xs" leftSection={<IconDeviceFloppy size={12} />} disabled={!dirty(l) || busy}
                            onClick={() => onSave(l)} data-testid="bill-line-save">{t('bills.bill.save_line')}</Button>
                          <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={12} />} disabled={busy}
                            onClick={() => onCancel(l)} data-testid="bill-line-cancel">{t('bills.bill.cancel_line')}</Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
                {g.delivery_id !== null && (
                  <Table.Tr data-testid="bill-subtotal">
                    <Table.Td colSpan={5} ta="right"><Text size="sm" fw={600}>{t('bills.bill.subtotal')}</Text></Table.Td>
                    <Table.Td ta="right" fw={600}>{money(g.amount)}</Table.Td>
                    <Table.Td ta="right" fw={600}>{g.adjustment ? money(g.adjustment) : ''}</Table.Td>
                    <Table.Td colSpan={editable ? 3 : 2} fw={600}>{money(g.total)}</Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
