import { ActionIcon, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';
import { codeTyped, type CodeCell, type LinesAction, type NoteLine } from './note-lines';

/** The cells typed into, in keyboard order. */
export const NOTE_COLUMNS = ['line', 'card', 'package', 'quantity', 'price', 'remark'] as const;
export type NoteColumn = (typeof NOTE_COLUMNS)[number];
export type CodeColumn = CodeCell;
const CODE_COLUMNS = new Set<NoteColumn>(['line', 'card', 'package']);

export interface NoteLinesTableProps {
  lines: readonly NoteLine[];
  readOnly: boolean;
  dispatch: (a: LinesAction) => void;
  /** Resolves the code typed into a code cell (an order line, a card, a package); false: nothing found (the cell stays). */
  resolveCell: (line: NoteLine, column: CodeColumn) => Promise<boolean>;
}

/**
 * A delivery note's lines made for the keyboard (docs/delivery.md "Screens", like the stock documents' lines): Enter
 * in a cell resolves what was typed — an order line by its code (or the one code ending so), a card or a package by
 * its number — and moves to the next cell; Enter in a line's last cell opens a new line. Each cell is named
 * `<row>:<column>` (`data-cell`). The item, unit and amount follow from the order line and the quantity × price.
 */
export function NoteLinesTable(p: NoteLinesTableProps) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const body = useRef<HTMLTableSectionElement>(null);

  const focusCell = (row: number, col: number) => {
    setTimeout(() => {
      const el = body.current?.querySelector<HTMLInputElement>(`[data-cell="${row}:${col}"]`);
      el?.focus();
      el?.select();
    }, 0);
  };

  const onKey = async (e: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const line = p.lines[row];
    const column = NOTE_COLUMNS[col];
    if (!line || !column) return;
    if (CODE_COLUMNS.has(column) && !(await p.resolveCell(line, column as CodeColumn))) return;
    if (col + 1 < NOTE_COLUMNS.length) focusCell(row, col + 1);
    else {
      if (row + 1 >= p.lines.length) p.dispatch({ type: 'add' });
      focusCell(row + 1, 0);
    }
  };

  const cell = (l: NoteLine, row: number, column: NoteColumn) => {
    const col = NOTE_COLUMNS.indexOf(column);
    const common = {
      size: 'xs' as const, disabled: p.readOnly, 'data-cell': `${row}:${col}`, 'aria-label': `${t(`delivery.cols.${column === 'card' ? 'lot' : column}`)} ${row + 1}`,
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => { void onKey(e, row, col); }, 'data-testid': `nl-${row}-${column}`,
    };
    const code = (value: string, id: number | null, c: CodeColumn) => (
      <TextInput {...common} value={value} autoComplete="off" error={value.trim() !== '' && id === null}
        onBlur={() => { if (id === null && value.trim()) void p.resolveCell(l, c); }}
        onChange={e => p.dispatch({ type: 'edit', key: l.key, patch: codeTyped(c, e.currentTarget.value) })} />
    );
    switch (column) {
      case 'line': return code(l.detail_code, l.detail_id, 'line');
      case 'card': return code(l.card_code, l.card_id, 'card');
      case 'package': return code(l.package_code, l.package_id, 'package');
      case 'quantity':
        return <NumberInput {...common} value={l.quantity ?? ''} min={0} decimalScale={4} hideControls disabled={p.readOnly || l.package_id !== null}
          onChange={v => p.dispatch({ type: 'edit', key: l.key, patch: { quantity: v === '' ? null : Number(v) } })} />;
      case 'price':
        return <NumberInput {...common} value={l.price ?? ''} min={0} decimalScale={4} hideControls
          onChange={v => p.dispatch({ type: 'edit', key: l.key, patch: { price: v === '' ? null : Number(v) } })} />;
      case 'remark':
        return <TextInput {...common} value={l.remark} autoComplete="off"
          onChange={e => p.dispatch({ type: 'edit', key: l.key, patch: { remark: e.currentTarget.value } })} />;
    }
  };

  return (
    <Table striped withTableBorder verticalSpacing={4} data-testid="note-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>#</Table.Th>
          <Table.Th>{t('delivery.cols.line')}</Table.Th>
          <Table.Th>{t('delivery.cols.item')}</Table.Th>
          <Table.Th>{t('delivery.cols.lot')}</Table.Th>
          <Table.Th>{t('delivery.cols.package')}</Table.Th>
          <Table.Th>{t('delivery.cols.quantity')}</Table.Th>
          <Table.Th>{t('delivery.cols.price')}</Table.Th>
          <Table.Th>{t('delivery.cols.amount')}</Table.Th>
          <Table.Th>{t('delivery.cols.remark')}</Table.Th>
          <Table.Th w={40} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody ref={body}>
        {p.lines.map((l, row) => (
          <Table.Tr key={l.key} data-testid={`nl-${row}`}>
            <Table.Td>{row + 1}</Table.Td>
            <Table.Td miw={150}>{cell(l, row, 'line')}</Table.Td>
            <Table.Td><Text size="sm" data-testid={`nl-${row}-item`}>{l.item_name}{l.unit ? ` (${l.unit})` : ''}</Text></Table.Td>
            <Table.Td miw={130}>{cell(l, row, 'card')}</Table.Td>
            <Table.Td miw={120}>{cell(l, row, 'package')}</Table.Td>
            <Table.Td w={110}>{cell(l, row, 'quantity')}</Table.Td>
            <Table.Td w={100}>{cell(l, row, 'price')}</Table.Td>
            <Table.Td><Text size="sm" ta="right">{l.amount === null ? '' : formatForReading(l.amount, lang, 2)}</Text></Table.Td>
            <Table.Td miw={120}>{cell(l, row, 'remark')}</Table.Td>
            <Table.Td>
              <ActionIcon variant="subtle" color="red" disabled={p.readOnly} aria-label={t('delivery.entry.remove_line')}
                onClick={() => p.dispatch({ type: 'remove', key: l.key })}><IconTrash size={16} /></ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
