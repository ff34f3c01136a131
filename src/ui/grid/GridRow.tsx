import { memo, type CSSProperties, type ReactNode } from 'react';
import classes from './grid.module.css';
import { formatCell, isNumeric } from './grid-model';
import type { Lang } from '../../domain/messages/langs';
import type { GridColumn, GridKind, RowKey } from './types';

/** Pixel geometry shared by the header, the rows and the totals row. */
export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 34;
export const TOTALS_HEIGHT = 32;
/** The checkbox column; the totals row writes its label there. */
export const SELECT_WIDTH = 48;

/**
 * The columns in view (column virtualization): the visible slice of the grid's columns, their widths, the offset
 * of the first one, and the total width. One object per scroll position, so unchanged rows skip re-rendering.
 */
export interface ColumnWindow<Row> {
  columns: readonly GridColumn<Row>[];
  widths: readonly number[];
  lead: number;
  totalWidth: number;
  /** Per column in view: its cells' class and style, shared by every row (rows are rendered every scroll frame). */
  cellClasses: readonly string[];
  cellStyles: readonly CSSProperties[];
  /** The reader's language: numbers are grouped as it writes them. */
  lang: Lang;
}

export function cellClass(kind: GridKind): string {
  if (isNumeric(kind)) return `${classes.cell} ${classes.numeric}`;
  if (kind === 'bool') return `${classes.cell} ${classes.center}`;
  return classes.cell!;
}

export function cellContent<Row>(col: GridColumn<Row>, row: Row, lang: Lang): ReactNode {
  return col.render ? col.render(row) : formatCell(col, col.value(row), lang);
}

interface GridRowProps<Row> {
  row: Row;
  rowKey: RowKey;
  index: number;
  top: number;
  cols: ColumnWindow<Row>;
  /** `data-state` tokens (canceled, selected, last-used). */
  state: string | undefined;
  selected: boolean;
  active: boolean;
  selectLabel: string;
}

/**
 * One body row. Clicks, double clicks and checkbox toggles are handled once on the grid's body (event delegation),
 * found by `data-index`, so a row carries no handlers and stays cheap to mount while scrolling.
 */
function GridRowImpl<Row>({ row, rowKey, index, top, cols, state, selected, active, selectLabel }: GridRowProps<Row>) {
  return (
    <div
      role="row"
      className={classes.row}
      data-testid="grid-row"
      data-row-id={rowKey}
      data-index={index}
      data-state={state}
      data-active={active || undefined}
      aria-rowindex={index + 2 /* the header is row 1 */}
      aria-selected={selected}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT, width: SELECT_WIDTH + cols.totalWidth }}
    >
      <div role="gridcell" className={classes.select} style={{ width: SELECT_WIDTH }}>
        {/* A drawn box rather than an <input>: form controls cost more to create, and rows are created every frame
            of a fast scroll. Clicks reach it through the body's delegated handler; the grid's keys toggle it. */}
        <span role="checkbox" aria-checked={selected} aria-label={selectLabel} data-select className={classes.check} />
      </div>
      {cols.columns.map((col, i) => (
        <div key={col.id} role="gridcell" className={cols.cellClasses[i]} style={cols.cellStyles[i]}>
          {cellContent(col, row, cols.lang)}
        </div>
      ))}
    </div>
  );
}

export const GridRow = memo(GridRowImpl) as typeof GridRowImpl;
