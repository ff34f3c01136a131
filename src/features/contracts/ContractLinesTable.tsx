import { ActionIcon, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contractlines } from '../../domain/resources/sales/contractlines';
import { quantityLeft } from '../../domain/rules/contracts';
import { formatNumber } from '../../domain/rules/numbers';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { contractLineAmount, type ContractLineDraft } from './contract-lines';

export interface ContractLinesTableProps {
  lines: readonly ContractLineDraft[];
  editable: boolean;
  errorsOf: (key: string) => Readonly<Record<string, string>>;
  onChange: (key: string, update: (l: ContractLineDraft) => ContractLineDraft) => void;
  onRemove: (key: string) => void;
  /** Enter in the last line's last cell adds a line, as the order entry's grid does. */
  onEnterLast: () => void;
}

type TextKey = 'description' | 'unit' | 'quantity' | 'price' | 'remark';

/**
 * The contract's lines typed like the order entry's (src/features/orders): the item by code or name (Enter picks the
 * one match), description, unit, agreed quantity and price; then, kept by the server, what was ordered, delivered
 * and billed against each line and what is left of an agreed quantity.
 */
export function ContractLinesTable(p: ContractLinesTableProps) {
  const { t } = useTranslation();
  const itemField = contractlines.fields.item_id;
  const cell = (l: ContractLineDraft, i: number, k: TextKey, numeric = false, last = false) => (
    <TextInput size="xs" value={l[k]} disabled={!p.editable} error={p.errorsOf(l.key)[k]} aria-label={`${t(`contracts.cols.${k}`)} ${i + 1}`}
      styles={numeric ? { input: { textAlign: 'right' } } : undefined} data-testid={`cline-${i}-${k}`}
      onChange={e => { const v = e.currentTarget.value; p.onChange(l.key, x => ({ ...x, [k]: v })); }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (last && e.key === 'Enter' && i === p.lines.length - 1 && p.editable) { e.preventDefault(); p.onEnterLast(); }
      }} />
  );
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid="contract-lines">
        <Table.Thead>
          <Table.Tr>
            {(['line_no', 'item', 'description', 'unit', 'quantity', 'price', 'amount', 'ordered', 'delivered', 'billed', 'left', 'remark'] as const)
              .map(c => <Table.Th key={c}><Text size="xs" fw={600}>{t(`contracts.cols.${c}`)}</Text></Table.Th>)}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.lines.map((l, i) => {
            const left = l.id === null ? null : quantityLeft(l.quantity === '' ? null : l.quantity, l.ordered_quantity);
            return (
              <Table.Tr key={l.key} data-testid="contract-line">
                <Table.Td><Text size="xs" c="dimmed">{l.line_no ?? i + 1}</Text></Table.Td>
                <Table.Td style={{ minWidth: 220 }}>
                  <RefSelect def={contractlines} name="item_id" field={itemField} label="" required disabled={!p.editable}
                    value={l.item_id} valueLabel={l.itemLabel} error={p.errorsOf(l.key).item_id} testId={`cline-${i}-item`}
                    onLabel={(_id, label) => p.onChange(l.key, x => ({ ...x, itemLabel: label }))}
                    onChange={v => p.onChange(l.key, x => ({ ...x, item_id: v }))} />
                </Table.Td>
                <Table.Td style={{ minWidth: 180 }}>{cell(l, i, 'description')}</Table.Td>
                <Table.Td style={{ minWidth: 70 }}>{cell(l, i, 'unit')}</Table.Td>
                <Table.Td style={{ minWidth: 100 }}>{cell(l, i, 'quantity', true)}</Table.Td>
                <Table.Td style={{ minWidth: 100 }}>{cell(l, i, 'price', true)}</Table.Td>
                <Table.Td><Text size="xs" ta="right" data-testid={`cline-${i}-amount`}>{formatNumber(contractLineAmount(l))}</Text></Table.Td>
                <Table.Td><Text size="xs" ta="right" data-testid={`cline-${i}-ordered`}>{formatNumber(l.ordered_quantity, 4)}</Text></Table.Td>
                <Table.Td><Text size="xs" ta="right">{formatNumber(l.delivered_quantity, 4)}</Text></Table.Td>
                <Table.Td><Text size="xs" ta="right">{formatNumber(l.billed_quantity, 4)}</Text></Table.Td>
                <Table.Td>
                  <Text size="xs" ta="right" c={left !== null && left < 0 ? 'red' : undefined}>{left === null ? '' : formatNumber(left, 4)}</Text>
                </Table.Td>
                <Table.Td style={{ minWidth: 140 }}>{cell(l, i, 'remark', false, true)}</Table.Td>
                <Table.Td>
                  <Tooltip label={t('contracts.remove_line')} withinPortal>
                    <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('contracts.remove_line')} disabled={!p.editable}
                      onClick={() => p.onRemove(l.key)} data-testid={`cline-${i}-remove`}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {p.lines.length === 0 && (
            <Table.Tr><Table.Td colSpan={13}><Text size="sm" c="dimmed" ta="center">{t('contracts.no_lines')}</Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
