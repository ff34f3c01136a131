import type { ReactNode } from 'react';
import type { DateRangeKey } from '../../domain/rules/date-ranges';

/** The kinds of value a grid column holds; the same names as the registry's field types (fields.ts). */
export type GridKind = 'text' | 'int' | 'number' | 'money' | 'bool' | 'date' | 'datetime' | 'enum';

/** A raw cell value. Dates are `YYYY-MM-DD`, date-times ISO 8601 strings, as they travel in the API. */
export type CellValue = string | number | boolean | null | undefined;

/** The business id of a row (the registry's `id`, or any stable key). */
export type RowKey = number | string;

export interface GridColumn<Row> {
  /** Unique within the grid; usually the field name. */
  id: string;
  /** Localized header. Column widths are remembered per title (spec §9), in localStorage. */
  title: string;
  kind: GridKind;
  /** The raw value: what sorting, filters, keyword search and totals use. */
  value: (row: Row) => CellValue;
  /**
   * What the cell shows; by default the formatted value (numbers per DESIGN §8, local date-times, enum labels).
   * Row elements are recycled while scrolling (row-slots.ts): a component rendered here that keeps state must key
   * itself by the row's id, or the next row shown in its place inherits that state.
   */
  render?: (row: Row) => ReactNode;
  /** Labels of an enum's values: shown in cells and offered by the column filter. */
  options?: readonly { value: string; label: string }[];
  /** Whether the totals row sums this column (quantities, weights, amounts; never prices, rates, orders or ids). */
  total?: boolean;
  /** The decimals a number shows at most (its declaration's scale: money 4); default 2. */
  scale?: number;
  /** Whether the keyword search looks at this column; default true. */
  search?: boolean;
  /** Initial width in px (default by kind); a width the user dragged wins, per title. */
  width?: number;
}

export type { ColumnFilterValue, GridQuery } from '../../domain/contract/grid-query';
import type { GridQuery } from '../../domain/contract/grid-query';

/**
 * Keep `rows` and `columns` stable between renders (a module constant, state, or useMemo): a new array is a new
 * view, re-sorted, re-filtered and re-totalled.
 */
export interface DataGridProps<Row> {
  rows: readonly Row[];
  columns: readonly GridColumn<Row>[];
  /** The business id of a row; rows keep their selection by it across reloads. Read once, when the grid mounts. */
  rowId: (row: Row) => RowKey;
  /** Shows a loader over the rows (the previous rows stay visible). */
  loading?: boolean;
  /** Keyword search across the searchable columns, client-side, case-insensitive, every word must match; applied
   * after a 200 ms pause in typing. */
  keyword?: string;
  /** Selected row ids. When given, the grid is controlled and reports changes through onSelectedChange. */
  selected?: ReadonlySet<RowKey>;
  onSelectedChange?: (next: ReadonlySet<RowKey>) => void;
  /** The row the user last worked on (spec §4 row state "last-used"), highlighted. */
  lastUsedId?: RowKey | null;
  /** A cancelled row (spec §4) is shown struck through. */
  isCanceled?: (row: Row) => boolean;
  /** Double click or Enter on a row. */
  onRowOpen?: (row: Row) => void;
  /**
   * Height of the page's toolbar above the grid: the grid is the window's height − 42 px − this (spec §9), kept
   * up to date on resize. Ignored when `height` is given.
   */
  toolbarHeight?: number;
  /** A fixed height in px instead of the window-based one. */
  height?: number;
  /** Shows the date-range filter with the spec §9 shortcuts above the grid, filtering that date column. */
  dateFilter?: { columnId: string; initial?: DateRangeKey };
  /** Called with the rows as shown (filtered and sorted), e.g. for an export of what the user sees. */
  onViewChange?: (rows: readonly Row[]) => void;
  /** Marks the grid for tests (default `data-grid`). */
  testId?: string;
  /**
   * A list paged by the server: the grid shows the rows as given (one page, already sorted and filtered), keeps the
   * state of its sort and column filters and reports it, and shows the server's totals of the whole filtered list.
   */
  server?: {
    onQueryChange: (q: GridQuery) => void;
    /** Totals per column id over the whole filtered list; columns without one are absent. */
    totals?: Readonly<Record<string, number | null>>;
    /** Rows of the whole filtered list (all pages), for the totals row's tooltip. */
    total?: number;
  };
}
