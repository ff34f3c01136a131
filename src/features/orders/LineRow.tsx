import { ActionIcon, Anchor, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCards, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { items } from '../../domain/resources/items/items';
import { workflows } from '../../domain/resources/production/workflows';
import { formatNumber, units } from '../../domain/rules/numbers';
import { isPropsKey } from '../../domain/rules/property-columns';
import { moneyText } from '../../resources/form/form-values';
import { EDITABLE_COLUMNS, LINE_COLUMNS, type LineColumn } from './line-columns';
import {
  itemLabelOf, lineAmount, numberOf, setField, setProp, setQuantity, setWorkflow, type ItemInfo, type LineDraft,
} from './line-model';
import { DateCell, TextCell, type CellAttrs } from './LineCells';
import { RowSelect } from './RowSelect';

export interface LineRowProps {
  line: LineDraft;
  index: number;
  /** The item of the line as last loaded or picked (its rates convert the quantities). */
  item: ItemInfo | undefined;
  editable: boolean;
  /** Messages by field: the server's, the paste's, the save check's, already in the UI language. */
  errors: Readonly<Record<string, string>>;
  labels: Readonly<Record<string, string>>;
  onChange: (key: string, update: (l: LineDraft) => LineDraft) => void;
  onPickItem: (key: string, item: ItemInfo | null) => void;
  onRemove: (key: string) => void;
  /** Opens the card generation of the line; undefined when it may not be offered. */
  onGenerate?: (key: string) => void;
  /** Why generating is not possible now (shown on the disabled button). */
  generateHint?: string;
  /** Moves the focus on from a cell, as Enter does (after an item or routing is picked with Enter). */
  onAdvance?: (cell: HTMLElement) => void;
  /** The item's price on the order's contract; a line priced below it is marked (it needs approval later). */
  contractPrice?: number;
}

const editableIndex = new Map(EDITABLE_COLUMNS.map((c, i) => [c.id, i]));

/** One line of the grid: a cell per column of line-columns.ts, then its actions. */
export const LineRow = memo(function LineRow(p: LineRowProps) {
  const { t } = useTranslation();
  const { line, index } = p;
  const update = (f: (l: LineDraft) => LineDraft) => p.onChange(line.key, f);
  // A line with cards keeps its item and workflow (docs/production.md).
  const onCards = line.card_quantity > 0;
  const attrs = (c: LineColumn): CellAttrs => ({ 'data-row': index, 'data-col': editableIndex.get(c.id) ?? -1, 'data-testid': `line-${index}-${c.id}` });
  const label = (c: LineColumn) => p.labels[c.id] ?? c.id;
  const error = (c: LineColumn) => p.errors[c.id] ?? (c.prop && c.id === 'card_weight' ? p.errors.props : undefined);

  const cell = (c: LineColumn): ReactNode => {
    const common = { ariaLabel: `${label(c)} ${index + 1}`, error: error(c), attrs: attrs(c) };
    switch (c.kind) {
      case 'item':
        return (
          <RowSelect def={items} value={line.item_id} valueLabel={p.item ? itemLabelOf(p.item) : line.itemLabel}
            labelOf={itemLabelOf} onPick={row => p.onPickItem(line.key, row)} ariaLabel={common.ariaLabel} onEnterPicked={p.onAdvance}
            disabled={!p.editable || onCards} error={common.error} testId={common.attrs['data-testid']}
            cellProps={{ 'data-row': index, 'data-col': common.attrs['data-col'] }} />
        );
      case 'workflow':
        return (
          <RowSelect def={workflows} value={line.workflow_id} valueLabel={line.workflowLabel} labelOf={r => r.name}
            onPick={row => update(l => setWorkflow(l, row.id, row.name))} ariaLabel={common.ariaLabel} onEnterPicked={p.onAdvance}
            disabled={!p.editable || onCards} error={common.error} testId={common.attrs['data-testid']}
            cellProps={{ 'data-row': index, 'data-col': common.attrs['data-col'] }} />
        );
      case 'date':
        return <DateCell {...common} value={line.due_date} onChange={v => update(l => setField(l, 'due_date', v))} disabled={!p.editable} />;
      case 'number':
        if (c.id === 'quantity') {
          return <TextCell {...common} numeric value={line.quantity} onChange={v => update(l => setQuantity(l, v, p.item))} disabled={!p.editable} />;
        }
        if (c.id === 'quantity2' || c.id === 'quantity3') {
          const f = c.id;
          return <TextCell {...common} numeric value={line[f]} onChange={v => update(l => setField(l, f, v))} disabled={!p.editable} />;
        }
        return null;
      case 'money': {
        // Money shows 2 decimals once the cell is left (and keeps up to the 4 stored).
        const pad = () => update(l => { const n = numberOf(l.price); return n === undefined ? l : setField(l, 'price', moneyText(n)); });
        const input = <TextCell {...common} numeric value={line.price} onChange={v => update(l => setField(l, 'price', v))} onBlur={pad} disabled={!p.editable} />;
        if (p.contractPrice === undefined) return input;
        const typed = numberOf(line.price);
        const below = typed !== undefined && units(typed) < units(p.contractPrice);
        return (
          <>
            {input}
            <Text size="xs" c={below ? 'red' : 'dimmed'} ta="right" data-testid={`line-${index}-contract-price`} data-below={below || undefined}>
              {t(below ? 'contracts.price_below' : 'contracts.price_on_contract', { price: moneyText(p.contractPrice) })}
            </Text>
          </>
        );
      }
      case 'text': {
        const f = c.id as 'unit' | 'unit2' | 'unit3' | 'remark';
        return <TextCell {...common} value={line[f]} onChange={v => update(l => setField(l, f, v))} disabled={!p.editable} />;
      }
      case 'prop': {
        const k = c.id;
        if (!isPropsKey(k)) return null;
        return <TextCell {...common} numeric value={line.props[k]} onChange={v => update(l => setProp(l, k, v))} disabled={!p.editable} />;
      }
      case 'readonly': {
        const v = c.id === 'amount' ? lineAmount(line) : c.id === 'card_quantity' ? line.card_quantity : line.finished_quantity;
        return <Text size="xs" ta="right" data-testid={`line-${index}-${c.id}`}>{formatNumber(v)}</Text>;
      }
    }
  };

  return (
    <Table.Tr data-testid="order-line" data-line-key={line.key} data-line-index={index}>
      <Table.Td><Text size="xs" c="dimmed">{line.line_no ?? index + 1}</Text></Table.Td>
      {LINE_COLUMNS.map(c => (
        <Table.Td key={c.id} style={{ minWidth: c.width, verticalAlign: 'top' }}>{cell(c)}</Table.Td>
      ))}
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={p.generateHint ?? t('orders.cards.generate')} withinPortal>
            {/* data-disabled, not disabled: a disabled button gets no hover, and the tooltip says why it is off. */}
            <ActionIcon variant="subtle" size="sm" aria-label={t('orders.cards.generate')} tabIndex={-1}
              data-disabled={!p.onGenerate || undefined} aria-disabled={!p.onGenerate}
              onClick={() => p.onGenerate?.(line.key)} data-testid={`line-${index}-generate`}>
              <IconCards size={16} />
            </ActionIcon>
          </Tooltip>
          {line.id !== null && (
            <Tooltip label={t('orders.cards.open')} withinPortal>
              <Anchor component={Link} to={`/orders/cards/list?quote_id=${line.id}`} aria-label={t('orders.cards.open')}
                tabIndex={-1} data-testid={`line-${index}-cards`}>
                <IconExternalLink size={16} />
              </Anchor>
            </Tooltip>
          )}
          <Tooltip label={t('orders.remove_line')} withinPortal>
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('orders.remove_line')} tabIndex={-1}
              disabled={!p.editable} onClick={() => p.onRemove(line.key)} data-testid={`line-${index}-remove`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});
