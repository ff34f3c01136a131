import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ColumnFiltersState, ColumnSizingState, SortingState } from '@tanstack/react-table';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnFilterButton } from './ColumnFilter';
import classes from './grid.module.css';
import { HEADER_HEIGHT, SELECT_WIDTH, type ColumnWindow } from './GridRow';
import type { ColumnFilterValue, GridColumn } from './types';
import type { GridTable } from './use-grid-table';

interface HeaderRowProps<Row> {
  table: GridTable;
  /** The table state the header shows. Passed apart from `table`, whose object is new on every render, so the
   * header re-renders only when one of them changes (not on every scroll frame). */
  sorting: SortingState;
  filters: ColumnFiltersState;
  sizing: ColumnSizingState;
  resizing: string | false;
  cols: ColumnWindow<Row>;
  /** Whether all, some or none of the rows shown are selected (the header checkbox). */
  allSelected: boolean;
  someSelected: boolean;
  /** Stable callbacks (the header is memoized). */
  onToggleAll: () => void;
  distinctValues: (columnId: string) => string[];
}

function SelectAll({ all, some, onToggle }: { all: boolean; some: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => { if (ref.current) ref.current.indeterminate = some && !all; }, [all, some]);
  return (
    <div role="columnheader" className={classes.select} style={{ width: SELECT_WIDTH }}>
      <input ref={ref} type="checkbox" checked={all} onChange={onToggle} aria-label={t('grid.select_all')}
        data-testid="grid-select-all" />
    </div>
  );
}

/**
 * The header: the select-all checkbox, then each column in view with its title (click to sort, Shift+click to add
 * a sort column; asc → desc → none), its filter button, and a drag handle that resizes it (double-click resets).
 */
function HeaderRowImpl<Row>({ table, sorting, cols, allSelected, someSelected, onToggleAll, distinctValues }: HeaderRowProps<Row>) {
  const { t } = useTranslation();
  const headers = table.getFlatHeaders();
  return (
    <div role="row" className={classes.header} aria-rowindex={1}
      style={{ height: HEADER_HEIGHT, width: SELECT_WIDTH + cols.totalWidth }}>
      <SelectAll all={allSelected} some={someSelected} onToggle={onToggleAll} />
      <div style={{ width: cols.lead, flex: 'none' }} />
      {cols.columns.map((col, i) => {
        const column = table.getColumn(col.id);
        const header = headers.find(h => h.id === col.id);
        if (!column || !header) return null;
        const dir = column.getIsSorted();
        const order = sorting.length > 1 ? column.getSortIndex() + 1 : 0;
        const resizing = column.getIsResizing();
        const onResize = header.getResizeHandler();
        return (
          <div
            key={col.id}
            role="columnheader"
            className={classes.headerCell}
            data-testid={`grid-header-${col.id}`}
            aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
            style={{ width: cols.widths[i] }}
          >
            <span className={classes.headerTitle} title={`${col.title}\n${t('grid.sort_hint')}`}
              onClick={column.getToggleSortingHandler()}>
              {col.title}
            </span>
            {dir && (
              <span className={classes.sortMark} aria-hidden>
                {dir === 'asc' ? <IconArrowUp size={12} /> : <IconArrowDown size={12} />}
                {order > 0 && order}
              </span>
            )}
            <ColumnFilterButton
              column={col as GridColumn<unknown>}
              value={column.getFilterValue() as ColumnFilterValue | undefined}
              onChange={v => column.setFilterValue(v)}
              distinctValues={() => distinctValues(col.id)}
            />
            <div
              className={classes.resizer}
              data-resizing={resizing || undefined}
              title={t('grid.resize_hint')}
              onMouseDown={onResize}
              onTouchStart={onResize}
              onDoubleClick={() => column.resetSize()}
              onClick={e => e.stopPropagation()}
            />
          </div>
        );
      })}
    </div>
  );
}

/**
 * Re-renders when a prop other than `table` changes: `table` is a new object on every render of the grid, but its
 * columns and methods are the same, and the state the header shows comes in its own props.
 */
export const HeaderRow = memo(HeaderRowImpl, (a, b) => {
  for (const k of Object.keys(a) as (keyof HeaderRowProps<unknown>)[]) if (k !== 'table' && a[k] !== b[k]) return false;
  return true;
}) as typeof HeaderRowImpl;
