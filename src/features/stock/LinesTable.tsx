import { ActionIcon, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Fragment, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocLine, LinesAction } from './doc-lines';
import type { LineColumn } from './doc-routes';

export interface LinesTableProps {
  lines: readonly DocLine[];
  columns: readonly LineColumn[];
  readOnly: boolean;
  dispatch: (a: LinesAction) => void;
  /** Resolves what was typed into a code cell (item, card, location); false: nothing found (the cell stays). */
  resolveCell: (line: DocLine, column: 'item' | 'card' | 'position' | 'to_position') => Promise<boolean>;
  /** Location codes offered in the location cells (a datalist: type the first letters). */
  positionCodes: readonly string[];
  toPositionCodes: readonly string[];
}

const CODE_COLUMNS = new Set<LineColumn>(['item', 'card', 'position', 'to_position']);

/**
 * The lines of a stock document, made for the keyboard (docs/stock.md "Screens"): Enter in a cell resolves what was
 * typed (an item code, a card number, a location code — an item also by a unique match of its name) and moves to the
 * next cell; Enter in a line's last cell opens a new line and moves to its first. Each cell is named
 * `<row>:<column>` (`data-cell`) so the move needs no refs per cell.
 */
export function LinesTable(p: LinesTableProps) {
  const { t } = useTranslation();
  const body = useRef<HTMLTableSectionElement>(null);

  const focusCell = (row: number, col: number) => {
    // After React has drawn the line the move may have added.
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
    const column = p.columns[col];
    if (!line || !column) return;
    if (CODE_COLUMNS.has(column) && !(await p.resolveCell(line, column as 'item' | 'card' | 'position' | 'to_position'))) return;
    if (col + 1 < p.columns.length) focusCell(row, col + 1);
    else {
      if (row + 1 >= p.lines.length) p.dispatch({ type: 'add' });
      focusCell(row + 1, 0);
    }
  };

  const cell = (l: DocLine, row: number, column: LineColumn, col: number) => {
    const common = {
      size: 'xs' as const, disabled: p.readOnly, 'data-cell': `${row}:${col}`, 'aria-label': `${t(`stockentry.col_${column}`)} ${row + 1}`,
      onFocus: () => p.dispatch({ type: 'focus', key: l.key }),
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => { void onKey(e, row, col); },
    };
    switch (column) {
      case 'item':
        return <TextInput {...common} value={l.item_code} autoComplete="off" data-testid={`line-${row}-item`}
          error={l.item_code.trim() !== '' && l.item_id === null} onBlur={() => { if (l.item_id === null && l.item_code.trim()) void p.resolveCell(l, 'item'); }}
          onChange={e => p.dispatch({ type: 'edit', key: l.key, patch: { item_code: e.currentTarget.value } })} />;
      case 'card':
        return <TextInput {...common} value={l.card_code} autoComplete="off" data-testid={`line-${row}-card`}
          error={l.card_code.trim() !== '' && l.card_id === null} onBlur={() => { if (l.card_id === null && l.card_code.trim()) void p.resolveCell(l, 'card'); }}
          onChange={e => p.dispatch({ type: 'edit', key: l.key, patch: { card_code: e.currentTarget.value } })} />;
      case 'position':
      case 'to_position': {
        const codeKey = column === 'position' ? 'position_code' : 'to_position_code';
        const idKey = column === 'position' ? 'position_id' : 'to_position_id';
        return <TextInput {...common} value={l[codeKey]} autoComplete="off" list={`stock-${column}-codes`} data-testid={`line-${row}-${column}`}
          error={l[codeKey].trim() !== '' && l[idKey] === null} onBlur={() => { if (l[idKey] === null && l[codeKey].trim()) void p.resolveCell(l, column); }}
          onChange={e => p.dispatch({ type: 'edit', key: l.key, patch: { [codeKey]: e.currentTarget.value } })} />;
      }
      case 'quantity':
        return <NumberInput {...common} value={l.quantity ?? ''} min={0} decimalScale={4} hideControls data-testid={`line-${row}-quantity`}
          onChange={v => p.dispatch({ type: 'edit', key: l.key, patch: { quantity: v === '' ? null : Number(v) } })} />;
      case 'unit_cost':
        return <NumberInput {...common} value={l.unit_cost ?? ''} min={0} decimalScale={4} hideControls data-testid={`line-${row}-unit_cost`}
          onChange={v => p.dispatch({ type: 'edit', key: l.key, patch: { unit_cost: v === '' ? null : Number(v) } })} />;
      case 'lot':
        return <TextInput {...common} value={l.lot} autoComplete="off" data-testid={`line-${row}-lot`}
          onChange={e => p.dispatch({ type: 'edit', key: l.key, patch: { lot: e.currentTarget.value } })} />;
    }
  };

  return (
    <>
      <datalist id="stock-position-codes">{p.positionCodes.map(c => <option key={c} value={c} />)}</datalist>
      <datalist id="stock-to_position-codes">{p.toPositionCodes.map(c => <option key={c} value={c} />)}</datalist>
      <Table striped withTableBorder verticalSpacing={4} data-testid="stock-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            {p.columns.map(c => (
              <Fragment key={c}>
                <Table.Th>{t(`stockentry.col_${c}`)}</Table.Th>
                {c === 'item' && <Table.Th>{t('stockentry.item_name')}</Table.Th>}
              </Fragment>
            ))}
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={body}>
          {p.lines.map((l, row) => (
            <Table.Tr key={l.key} data-testid={`line-${row}`}>
              <Table.Td>{row + 1}</Table.Td>
              {p.columns.map((c, col) => (
                <Fragment key={c}>
                  <Table.Td>{cell(l, row, c, col)}</Table.Td>
                  {c === 'item' && <Table.Td><Text size="sm" data-testid={`line-${row}-name`}>{l.item_name}{l.unit ? ` (${l.unit})` : ''}</Text></Table.Td>}
                </Fragment>
              ))}
              <Table.Td>
                <ActionIcon variant="subtle" color="red" disabled={p.readOnly} aria-label={t('stockentry.remove_line')}
                  onClick={() => p.dispatch({ type: 'remove', key: l.key })}><IconTrash size={16} /></ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
