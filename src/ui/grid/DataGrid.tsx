import { LoadingOverlay } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState,
  type KeyboardEvent, type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isLang } from '../../domain/messages/langs';
import { dateRangeOf, dateRangeStrings } from '../../domain/rules/date-ranges';
import { clampWidth } from './column-widths';
import { DateRangeInput, type DayRange } from './DateRangeFilter';
import classes from './grid.module.css';
import {
  isActiveFilter, isMissing, isTotalled, nextSelection, rowStateTokens, selectModeOf, toggleAll, type SelectionState,
} from './grid-model';
import {
  cellClass, GridRow, HEADER_HEIGHT, ROW_HEIGHT, SELECT_WIDTH, TOTALS_HEIGHT, type ColumnWindow,
} from './GridRow';
import { HeaderRow } from './HeaderRow';
import { RowSlots } from './row-slots';
import { TotalsRow } from './TotalsRow';
import type { ColumnFilterValue, DataGridProps, GridColumn, RowKey } from './types';
import { useGridHeight } from './use-grid-height';
import { DATE_BAR_COLUMN, useGridTable } from './use-grid-table';
import { useTotals } from './use-totals';

export type { ColumnFilterValue, DataGridProps, GridColumn, GridKind, RowKey } from './types';

const NO_COLUMNS: readonly GridColumn<never>[] = [];

/** Rows and columns rendered beyond the viewport, so a fast scroll shows no blank edge. */
const ROW_OVERSCAN = 3;
const COLUMN_OVERSCAN = 1;
/** A pick filter lists at most this many distinct values. */
const MAX_DISTINCT = 200;
const BAR_HEIGHT = 36;
/** The keyword filters 100 000 rows: it waits for a pause in typing. */
export const KEYWORD_DEBOUNCE_MS = 200;

/**
 * The one data grid of every list screen (DESIGN §2 `ui/`, spec §4 and §9).
 *
 * - Data: `rows` (any objects), `columns` (GridColumn: id, localized title, kind, raw `value`, optional `render`),
 *   `rowId` (the business id; selection is kept by it).
 * - Sorting: click a title (asc → desc → none), Shift+click to sort by several columns. Filters: the icon in each
 *   header (contains / min–max / pick / date range); `keyword` searches the searchable columns; `dateFilter` adds
 *   a date-range bar with the spec §9 shortcuts. All client-side, through TanStack Table.
 * - Selection: click selects a row, Ctrl/⌘ toggles, Shift selects a range (Ctrl+Shift adds it); the checkbox
 *   toggles (Shift: adds a range); the header checkbox selects all rows shown. Keyboard: arrows (with Shift),
 *   Page Up/Down, Ctrl+Home/End, Space, Ctrl+A, Enter opens. Controlled with `selected` + `onSelectedChange`,
 *   or left to the grid. Use `requireSelection` (require-selection.ts) before an action that needs a row.
 * - Row states (spec §4): cancelled (`isCanceled`) struck through, selected, last used (`lastUsedId`) highlighted;
 *   on the row element as `data-state` tokens (`[data-state~="selected"]`) and `aria-selected`.
 * - Columns: drag a header's right edge to resize (double-click resets); widths are remembered per title.
 * - Totals: a row pinned at the bottom sums int, number and money columns of the filtered rows in a Web Worker
 *   (DESIGN §7, §8), debounced; the previous totals stay until the new ones arrive.
 * - Size: the window's height − 42 px − `toolbarHeight` (spec §9), or `height`. Rows and columns are virtualized
 *   (TanStack Virtual), so 100 000 rows × 30 columns render as fast as a screenful.
 *
 * Test ids: `data-grid` (root), `grid-row` (with `data-row-id`, `data-state`), `grid-header-<id>`,
 * `grid-filter-<id>`, `grid-select-all`, `grid-totals`, `grid-date-range`.
 */
export function DataGrid<Row extends object>(props: DataGridProps<Row>) {
  const {
    rows, columns, loading = false, keyword, lastUsedId = null, isCanceled, onRowOpen,
    toolbarHeight = 0, height, dateFilter, testId = 'data-grid',
  } = props;
  const { t, i18n } = useTranslation();
  const gridHeight = useGridHeight(toolbarHeight, height);
  const scrollHeight = gridHeight - (dateFilter ? BAR_HEIGHT : 0) - 2; // 2: the root's border

  const [initialDates] = useState<ColumnFilterValue | null>(() => {
    if (!dateFilter?.initial) return null;
    const [from, to] = dateRangeStrings(dateRangeOf(dateFilter.initial, new Date()));
    return { type: 'dates', from, to };
  });
  // Read once: screens pass `r => r.id` inline, and a new function each render would rebuild the id list of
  // 100 000 rows on every scroll frame.
  const [keyOf] = useState(() => props.rowId);
  const [typedKeyword] = useDebouncedValue(keyword, KEYWORD_DEBOUNCE_MS);
  const server = props.server;
  const { table, baseWidths } = useGridTable({
    rows, columns, rowId: keyOf, keyword: typedKeyword, lang: i18n.language,
    dateBar: dateFilter && { columnId: dateFilter.columnId, initial: initialDates }, server: !!server,
  });

  const shown = table.getRowModel().rows;
  const filteredModel = table.getFilteredRowModel();
  const filteredRows = useMemo(() => filteredModel.rows.map(r => r.original as Row), [filteredModel]);
  // A page of a server list is totalled by the server over the whole filtered list, not here.
  const localTotals = useTotals(server ? NO_COLUMNS as readonly GridColumn<Row>[] : columns, filteredRows);
  // Either way only the columns that declare a total show one: a server of another build may total more fields.
  const totals = useMemo(() => {
    if (!server) return localTotals;
    const totalled = new Set(columns.filter(isTotalled).map(c => c.id));
    const values = new Map(Object.entries(server.totals ?? {})
      .filter((e): e is [string, number] => totalled.has(e[0]) && typeof e[1] === 'number'));
    return { values, pending: false };
  }, [server, localTotals, columns]);

  // A server list learns what to ask for from the grid's sort and filters (the date bar filters its column).
  const sortingState = table.state.sorting;
  const filterState = table.state.columnFilters;
  const reportQuery = useEffectEvent(() => server?.onQueryChange({
    sorting: sortingState.map(s => ({ id: s.id, desc: s.desc })),
    filters: filterState.map(f => ({ id: f.id === DATE_BAR_COLUMN && dateFilter ? dateFilter.columnId : f.id, value: f.value as ColumnFilterValue })),
  }));
  useEffect(() => { reportQuery(); }, [sortingState, filterState]);

  // Column geometry: dragged widths (TanStack's sizing state) over the remembered or declared ones, their offsets.
  const sizing = table.state.columnSizing;
  const widths = useMemo(() => columns.map(c => clampWidth(sizing[c.id] ?? baseWidths[c.id] ?? 0)), [columns, sizing, baseWidths]);
  const offsets = useMemo(() => {
    const out = [0];
    for (const w of widths) out.push(out[out.length - 1]! + w);
    return out;
  }, [widths]);
  const totalWidth = offsets[offsets.length - 1]!;

  const scrollRef = useRef<HTMLDivElement>(null);
  const initialRect = { width: typeof window === 'undefined' ? 1280 : window.innerWidth, height: scrollHeight };
  // The app is not built with the React Compiler, and the virtualizers' functions are only called during render.
  // The column virtualizer comes first so its scroll listener runs first: it reads scrollLeft before the row
  // virtualizer re-renders the rows, instead of forcing a layout of the new rows in the middle of the scroll event.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: i => widths[i] ?? 100,
    overscan: COLUMN_OVERSCAN,
    scrollMargin: SELECT_WIDTH,
    initialRect,
  });
  const rowVirtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Items keep the virtualizer's index keys: sizes are fixed, never measured, so keys by row id would only cost
    // a Map lookup per row on every new view of 100 000 rows. React recycles row elements by slot (below).
    overscan: ROW_OVERSCAN,
    // The rows start below the sticky header and must not hide under it or under the sticky totals row.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    scrollPaddingEnd: TOTALS_HEIGHT,
    initialRect,
  });
  // Widths changed (drag, new columns): the column virtualizer must forget the sizes it measured.
  useLayoutEffect(() => { columnVirtualizer.measure(); }, [widths, columnVirtualizer]);

  const virtualColumns = columnVirtualizer.getVirtualItems();
  const first = virtualColumns[0]?.index ?? 0;
  const last = virtualColumns[virtualColumns.length - 1]?.index ?? -1;
  const cols = useMemo<ColumnWindow<Row>>(() => {
    const inView = columns.slice(first, last + 1);
    const inViewWidths = widths.slice(first, last + 1);
    const lead = offsets[first] ?? 0;
    return {
      columns: inView,
      widths: inViewWidths,
      lead,
      totalWidth,
      cellClasses: inView.map(c => cellClass(c.kind)),
      // The first cell in view is pushed right by the columns scrolled out on the left.
      cellStyles: inViewWidths.map((width, i) => (i === 0 ? { width, marginLeft: lead } : { width })),
      lang: isLang(i18n.language) ? i18n.language : 'zh',
    };
  }, [columns, widths, offsets, first, last, totalWidth, i18n.language]);

  // Selection: controlled by `selected` when given, else kept here. The anchor is where Shift ranges start; the
  // focus is the row the keyboard moves (outlined).
  const [ownSelected, setOwnSelected] = useState<ReadonlySet<RowKey>>(() => new Set());
  const selected = props.selected ?? ownSelected;
  const [anchor, setAnchor] = useState<RowKey | null>(null);
  const [focusKey, setFocusKey] = useState<RowKey | null>(null);
  const controlled = props.selected !== undefined;
  const onSelectedChange = props.onSelectedChange;
  const applySelection = (next: SelectionState, focus: RowKey) => {
    setAnchor(next.anchor);
    setFocusKey(focus);
    if (!controlled) setOwnSelected(next.selected);
    onSelectedChange?.(next.selected);
  };

  // Ids of the rows shown, in display order: built on the first click or key that needs them, once per view.
  const order = useMemo(() => {
    let ids: RowKey[] | null = null;
    return () => (ids ??= shown.map(r => keyOf(r.original as Row)));
  }, [shown, keyOf]);
  const { allSelected, someSelected } = useMemo(() => {
    if (selected.size === 0 || shown.length === 0) return { allSelected: false, someSelected: false };
    let n = 0;
    for (const id of order()) if (selected.has(id)) n++;
    return { allSelected: n === shown.length, someSelected: n > 0 };
  }, [selected, shown, order]);

  const distinctValues = (columnId: string) => {
    const col = columns.find(c => c.id === columnId);
    const out = new Set<string>();
    if (!col) return [];
    for (const r of rows) {
      const v = col.value(r);
      if (!isMissing(v)) out.add(String(v));
      if (out.size >= MAX_DISTINCT) break;
    }
    return [...out].sort();
  };

  const viewChanged = useEffectEvent((view: readonly Row[]) => props.onViewChange?.(view));
  const wantsView = props.onViewChange !== undefined;
  useEffect(() => {
    if (wantsView) viewChanged(shown.map(r => r.original as Row));
  }, [shown, wantsView]);

  const rowAt = (target: EventTarget) => {
    const el = (target as HTMLElement).closest<HTMLElement>('[data-index]');
    const index = el ? Number(el.dataset.index) : -1;
    const row = shown[index];
    return row ? { index, row: row.original as Row } : null;
  };

  const onBodyClick = (e: MouseEvent) => {
    const hit = rowAt(e.target);
    if (!hit) return;
    const checkbox = (e.target as HTMLElement).matches('[data-select]');
    const key = keyOf(hit.row);
    applySelection(nextSelection({ selected, anchor }, order(), key, selectModeOf(e, checkbox)), key);
  };

  const onBodyDoubleClick = (e: MouseEvent) => {
    const hit = rowAt(e.target);
    if (hit && onRowOpen) onRowOpen(hit.row);
  };

  const moveFocus = (index: number, extend: boolean) => {
    const ids = order();
    const i = Math.max(0, Math.min(ids.length - 1, index));
    const key = ids[i];
    if (key === undefined) return;
    const next = extend
      ? nextSelection({ selected, anchor: anchor ?? key }, ids, key, 'range')
      : nextSelection({ selected, anchor }, ids, key, 'replace');
    applySelection(next, key);
    rowVirtualizer.scrollToIndex(i, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const ids = order();
    if (ids.length === 0) return;
    const at = focusKey === null ? -1 : ids.indexOf(focusKey);
    const page = Math.max(1, Math.floor((scrollHeight - HEADER_HEIGHT - TOTALS_HEIGHT) / ROW_HEIGHT) - 1);
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown': moveFocus(at + 1, e.shiftKey); break;
      case 'ArrowUp': moveFocus(at < 0 ? 0 : at - 1, e.shiftKey); break;
      case 'PageDown': moveFocus(at + page, e.shiftKey); break;
      case 'PageUp': moveFocus(at - page, e.shiftKey); break;
      case 'Home': if (mod) moveFocus(0, e.shiftKey); else handled = false; break;
      case 'End': if (mod) moveFocus(ids.length - 1, e.shiftKey); else handled = false; break;
      case ' ':
        if (focusKey === null) moveFocus(0, false);
        else applySelection(nextSelection({ selected, anchor }, ids, focusKey, 'toggle'), focusKey);
        break;
      case 'Enter': {
        const row = at >= 0 ? shown[at] : undefined;
        if (row && onRowOpen) onRowOpen(row.original as Row);
        else handled = false;
        break;
      }
      case 'a': case 'A':
        if (mod) applySelection({ selected: new Set([...selected, ...ids]), anchor }, focusKey ?? ids[0]!);
        else handled = false;
        break;
      default: handled = false;
    }
    if (handled) e.preventDefault();
  };

  const onToggleAll = () => applySelection({ selected: toggleAll(selected, order()), anchor }, focusKey ?? anchor ?? '');
  // The memoized header gets stable callbacks that call the latest ones.
  const headerActions = useRef({ onToggleAll, distinctValues });
  useLayoutEffect(() => { headerActions.current = { onToggleAll, distinctValues }; });
  const headerToggleAll = useCallback(() => headerActions.current.onToggleAll(), []);
  const headerDistinct = useCallback((id: string) => headerActions.current.distinctValues(id), []);

  const barFilter = dateFilter ? table.getColumn(DATE_BAR_COLUMN)?.getFilterValue() as ColumnFilterValue | undefined : undefined;
  const barValue: DayRange = barFilter?.type === 'dates' ? [barFilter.from, barFilter.to] : [null, null];
  const setBar = ([from, to]: DayRange) => {
    const f: ColumnFilterValue = { type: 'dates', from, to };
    table.getColumn(DATE_BAR_COLUMN)?.setFilterValue(isActiveFilter(f) ? f : undefined);
  };

  const selectLabel = t('grid.select_this');
  // Rows are keyed by slot, not by id, so scrolling reuses their elements (row-slots.ts), and rendered in slot order:
  // in index order React would move most row nodes on every scroll up or jump. Each row is placed by its transform
  // and numbered by aria-rowindex, so DOM order says nothing.
  const [rowSlots] = useState(() => new RowSlots());
  const virtualRows = rowVirtualizer.getVirtualItems();
  const slotKeys = rowSlots.assign(virtualRows.map(item => item.index));
  const slotted = virtualRows.map((item, n) => ({ item, slot: slotKeys[n]! })).sort((a, b) => a.slot - b.slot);
  const bodyHeight = shown.length * ROW_HEIGHT;

  return (
    <div className={classes.root} data-testid={testId} style={{ height: gridHeight }}>
      {dateFilter && (
        <div className={classes.bar} style={{ height: BAR_HEIGHT }}>
          <DateRangeInput value={barValue} onChange={setBar} />
        </div>
      )}
      <div
        ref={scrollRef}
        className={classes.scroller}
        role="grid"
        aria-rowcount={shown.length + 2}
        aria-colcount={columns.length + 1}
        aria-multiselectable
        aria-busy={loading}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <HeaderRow table={table} sorting={table.state.sorting} filters={table.state.columnFilters} sizing={sizing}
          resizing={table.state.columnResizing.isResizingColumn} cols={cols}
          allSelected={allSelected} someSelected={someSelected} onToggleAll={headerToggleAll} distinctValues={headerDistinct} />
        <div
          role="rowgroup"
          className={classes.body}
          style={{ height: bodyHeight, width: SELECT_WIDTH + totalWidth }}
          onClick={onBodyClick}
          onDoubleClick={onBodyDoubleClick}
          onMouseDown={e => { if (e.shiftKey) e.preventDefault(); /* no text selection on Shift+click */ }}
        >
          {slotted.map(({ item, slot }) => {
            const row = shown[item.index];
            if (!row) return null;
            const original = row.original as Row;
            const key = keyOf(original);
            const isSelected = selected.has(key);
            return (
              <GridRow
                key={slot}
                row={original}
                rowKey={key}
                index={item.index}
                top={item.start - HEADER_HEIGHT}
                cols={cols}
                state={rowStateTokens({
                  canceled: isCanceled?.(original) ?? false, selected: isSelected, lastUsed: key === lastUsedId,
                })}
                selected={isSelected}
                active={key === focusKey}
                selectLabel={selectLabel}
              />
            );
          })}
        </div>
        {shown.length === 0 && !loading && (
          <div className={classes.empty} style={{ width: '100%' }}>{t('grid.empty')}</div>
        )}
        <TotalsRow cols={cols} values={totals.values} pending={totals.pending}
          count={server?.total ?? filteredRows.length} filtered={filterState.length > 0 || !!typedKeyword?.trim()} />
      </div>
      <LoadingOverlay visible={loading} zIndex={4} overlayProps={{ blur: 0 }} loaderProps={{ size: 'sm' }} />
    </div>
  );
}
