import {
  columnFilteringFeature, columnResizingFeature, columnSizingFeature, createFilteredRowModel, createSortedRowModel,
  globalFilteringFeature, rowSortingFeature, tableFeatures, useTable,
  type ColumnDef, type ColumnFiltersState, type ColumnSizingState, type FilterFn, type SortingState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { loadWidths, saveWidths } from './column-widths';
import {
  compareCells, defaultWidth, isActiveFilter, isMissing, keywordWords, matchesFilter, matchesKeyword,
  MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, rowSearchText, textCollator,
} from './grid-model';
import type { CellValue, ColumnFilterValue, GridColumn, RowKey } from './types';

/**
 * The grid's TanStack Table: sorting (click, Shift for several columns; asc → desc → none), per-column filters,
 * the keyword search as TanStack's global filter, and column sizing with drag-resizing. Rendering and
 * virtualization are DataGrid's.
 *
 * The keyword search runs on one hidden column, `KEYWORD_COLUMN`, whose value is the row's searchable text, so each
 * row is tested once (not once per column) and its text is built once per data load (TanStack caches values).
 */
export const gridFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  columnSizingFeature,
  columnResizingFeature,
});
export type GridFeatures = typeof gridFeatures;

export const KEYWORD_COLUMN = '__keyword';
/** The hidden column the date-range bar filters: a copy of the date column's values. */
export const DATE_BAR_COLUMN = '__date_bar';

/** TanStack's row data constraint; grid rows are plain objects. */
type AnyRow = Record<string, unknown>;

const keywordFilter: FilterFn<GridFeatures, AnyRow> = Object.assign(
  (row: { getValue: (id: string) => unknown }, id: string, words: readonly string[]) =>
    matchesKeyword(row.getValue(id) as string, words),
  { resolveFilterValue: (keyword: string) => keywordWords(keyword) },
);

/** Filters that no longer filter (emptied by the user) are dropped from the table's state. */
const autoRemove = (f: ColumnFilterValue | undefined) => !isActiveFilter(f);

/** Each column's width before any drag in this grid: remembered for its title, else declared, else by kind. */
function baseWidths<Row>(columns: readonly GridColumn<Row>[]): Record<string, number> {
  const saved = loadWidths(columns.map(c => c.title));
  return Object.fromEntries(columns.map(c => [c.id, saved[c.title] ?? defaultWidth(c)]));
}

function columnDefs<Row>(
  columns: readonly GridColumn<Row>[], widths: Record<string, number>, dateColumnId: string | undefined,
  collator: Intl.Collator,
): ColumnDef<GridFeatures, AnyRow, unknown>[] {
  // Missing values are `undefined` to the table, which then sorts them last in both directions.
  const accessor = (col: GridColumn<Row>) => (r: AnyRow) => {
    const v = col.value(r as Row);
    return isMissing(v) ? undefined : v;
  };
  const filterOf = (col: GridColumn<Row>): FilterFn<GridFeatures, AnyRow> => Object.assign(
    (row: { getValue: <V>(id: string) => V }, id: string, f: ColumnFilterValue) => matchesFilter(col, row.getValue<CellValue>(id), f),
    { autoRemove },
  );
  const defs: ColumnDef<GridFeatures, AnyRow, unknown>[] = columns.map(col => ({
    id: col.id,
    header: col.title,
    accessorFn: accessor(col),
    size: widths[col.id],
    minSize: MIN_COLUMN_WIDTH,
    maxSize: MAX_COLUMN_WIDTH,
    sortUndefined: 'last',
    sortFn: (a, b, id) => compareCells(col.kind, a.getValue<CellValue>(id), b.getValue<CellValue>(id), collator),
    filterFn: filterOf(col),
    enableGlobalFilter: false,
  }));
  defs.push({
    id: KEYWORD_COLUMN,
    accessorFn: (r: AnyRow) => rowSearchText(columns, r as Row),
    enableSorting: false,
    enableColumnFilter: false,
    enableResizing: false,
  });
  const dateCol = columns.find(c => c.id === dateColumnId);
  if (dateCol) {
    // The date-range bar filters the same values as the column's own header filter, independently of it.
    defs.push({
      id: DATE_BAR_COLUMN,
      accessorFn: accessor(dateCol),
      filterFn: filterOf(dateCol),
      enableSorting: false,
      enableGlobalFilter: false,
      enableResizing: false,
    });
  }
  return defs;
}

export interface GridTableInput<Row> {
  rows: readonly Row[];
  columns: readonly GridColumn<Row>[];
  rowId: (row: Row) => RowKey;
  keyword: string | undefined;
  /** The reader's language: text sorts in its order. */
  lang: string;
  /** The column the date-range bar filters, and its filter at first. */
  dateBar: { columnId: string; initial: ColumnFilterValue | null } | undefined;
  /** Sorting, filters and the keyword are applied by the server: the table only keeps their state. */
  server?: boolean;
}

export function useGridTable<Row>({ rows, columns, rowId, keyword, lang, dateBar, server = false }: GridTableInput<Row>) {
  const dateColumnId = dateBar?.columnId;
  const widths = useMemo(() => baseWidths(columns), [columns]);
  const defs = useMemo(() => columnDefs(columns, widths, dateColumnId, textCollator(lang)), [columns, widths, dateColumnId, lang]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>(
    () => (dateBar?.initial ? [{ id: DATE_BAR_COLUMN, value: dateBar.initial }] : []),
  );
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>({});
  const globalFilter = !server && keywordWords(keyword).length ? keyword : undefined;
  const filtering = !server && (columnFilters.length > 0 || globalFilter !== undefined);

  const table = useTable({
    features: gridFeatures,
    columns: defs,
    data: rows as readonly AnyRow[],
    getRowId: r => String(rowId(r as Row)),
    state: { sorting, columnFilters, globalFilter, columnSizing },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onColumnSizingChange: setColumnSizing,
    // Without filters the filtered model is the whole data; skipping it spares two objects per row per load.
    manualFiltering: !filtering,
    // A list paged by the server arrives sorted.
    manualSorting: server,
    globalFilterFn: keywordFilter,
    getColumnCanGlobalFilter: column => column.id === KEYWORD_COLUMN,
    sortDescFirst: false,
    enableMultiSort: true,
    columnResizeMode: 'onChange',
  });

  // Widths are remembered per title once a drag ends, not on every pointer move.
  const resizing = table.state.columnResizing.isResizingColumn;
  const saved = useRef<ColumnSizingState>({});
  useEffect(() => {
    if (resizing !== false) return;
    const changed: Record<string, number> = {};
    for (const [id, width] of Object.entries(columnSizing)) {
      const title = columns.find(c => c.id === id)?.title;
      if (title !== undefined && saved.current[id] !== width) changed[title] = width;
    }
    saved.current = columnSizing;
    if (Object.keys(changed).length) saveWidths(changed);
  }, [resizing, columns, columnSizing]);

  return { table, baseWidths: widths };
}

export type GridTable = ReturnType<typeof useGridTable>['table'];
