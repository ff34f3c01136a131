import { localDateTimeString } from '../../domain/rules/date-single';
import type { Lang } from '../../domain/messages/langs';
import { formatForReading, formatNumber, type TotalKind } from '../../domain/rules/numbers';
import type { CellValue, ColumnFilterValue, GridColumn, GridKind, RowKey } from './types';

/**
 * The grid's rules as pure functions (no React, no DOM), so they are tested without a browser: how a value shows,
 * sorts, filters and totals, what the keyword matches, how clicks change the selection, and how tall the grid is.
 */

/** Spec §9: the grid fills the page minus 42 px (header and tab bar) minus the page's toolbar. */
export const PAGE_CHROME_PX = 42;
/** Never shorter than this, so a tiny window still shows a few rows. */
export const MIN_GRID_HEIGHT = 160;

export function gridHeight(windowHeight: number, toolbarHeight: number): number {
  return Math.max(MIN_GRID_HEIGHT, Math.round(windowHeight - PAGE_CHROME_PX - toolbarHeight));
}

const DEFAULT_WIDTH: Record<GridKind, number> = {
  text: 160, int: 90, number: 110, money: 120, bool: 70, date: 110, datetime: 170, enum: 110,
};
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 1200;

export function defaultWidth<Row>(col: GridColumn<Row>): number {
  return col.width ?? DEFAULT_WIDTH[col.kind];
}

export const isNumeric = (kind: GridKind): boolean => kind === 'int' || kind === 'number' || kind === 'money';

/** Whether the totals row sums a column: a numeric column that says so (`total`), as summable fields do. */
export function isTotalled<Row>(col: GridColumn<Row>): boolean {
  return col.total === true && isNumeric(col.kind);
}

/** The summing rule of a numeric column (DESIGN §8): money keeps 4 decimals, quantities round to 2. */
export function totalKindOf(kind: GridKind): TotalKind {
  return kind === 'money' ? 'money' : kind === 'int' ? 'int' : 'quantity';
}

/** A numeric value as a number; numeric strings (PostgreSQL `numeric` may arrive as text) count too. */
export function toNumber(v: CellValue): number | undefined {
  if (typeof v === 'number') return Number.isNaN(v) ? undefined : v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isNaN(n) ? undefined : n;
  }
  return undefined;
}

/** Empty cells (null, undefined, '') are one value for sorting and filtering: missing. */
export const isMissing = (v: CellValue): v is null | undefined | '' => v === null || v === undefined || v === '';

/**
 * The text a cell shows when its column has no `render`. Numbers are grouped in the reader's language `lang` (1,234.5;
 * es 1.234,5); without one they are plain digits.
 */
export function formatCell<Row>(col: GridColumn<Row>, v: CellValue, lang?: Lang): string {
  if (isMissing(v)) return '';
  switch (col.kind) {
    case 'int': case 'number': case 'money': {
      const n = toNumber(v);
      return n === undefined ? String(v) : lang ? formatForReading(n, lang, col.scale) : formatNumber(n, col.scale);
    }
    case 'bool': return v === true ? '✓' : '';
    case 'datetime': {
      const t = Date.parse(String(v));
      return Number.isNaN(t) ? String(v) : localDateTimeString(new Date(t));
    }
    case 'date': return String(v).slice(0, 10);
    case 'enum': return col.options?.find(o => o.value === String(v))?.label ?? String(v);
    case 'text': return String(v);
  }
}

const collators = new Map<string, Intl.Collator>();

/**
 * How a language sorts text: Chinese by pinyin (张 after 李), every language with numbers by value (A-2 before
 * One collator per language, reused: creating one costs more than sorting a screenful.
 */
export function textCollator(lang: string): Intl.Collator {
  let c = collators.get(lang);
  if (!c) collators.set(lang, c = new Intl.Collator(lang.startsWith('zh') ? 'zh-u-co-pinyin' : lang, { numeric: true }));
  return c;
}

/**
 * Ascending order of two present values of a column's kind (missing values are placed last by the table itself).
 * Text follows the reader's language (`textCollator`); 100 000 names sort in about twice the time of a code-point
 * comparison, which people do not notice once per click.
 */
export function compareCells(kind: GridKind, a: CellValue, b: CellValue, collator: Intl.Collator = textCollator('zh')): number {
  if (isNumeric(kind)) return (toNumber(a) ?? 0) - (toNumber(b) ?? 0);
  if (kind === 'bool') return Number(a === true) - Number(b === true);
  if (kind === 'datetime') return (Date.parse(String(a)) || 0) - (Date.parse(String(b)) || 0);
  return collator.compare(String(a), String(b));
}

/** Whether a filter value filters at all; an emptied filter is removed instead of kept. */
export function isActiveFilter(f: ColumnFilterValue | undefined): f is ColumnFilterValue {
  if (!f) return false;
  switch (f.type) {
    case 'text': return f.contains.trim() !== '';
    case 'range': return f.min !== null || f.max !== null;
    case 'pick': return f.values.length > 0;
    case 'dates': return Boolean(f.from) || Boolean(f.to);
  }
}

/** The filter a column's header offers, by kind. */
export function filterTypeOf(kind: GridKind): ColumnFilterValue['type'] {
  if (isNumeric(kind)) return 'range';
  if (kind === 'enum' || kind === 'bool') return 'pick';
  if (kind === 'date' || kind === 'datetime') return 'dates';
  return 'text';
}

/** Local midnight of a `YYYY-MM-DD` day, in ms; NaN if it is not such a day. */
function localDayStart(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : Number.NaN;
}

/**
 * Whether a value passes a column filter. Text: contains, case-insensitive. Range: min ≤ n ≤ max. Pick: the value
 * (`'true'`/`'false'` for booleans) is one of those picked. Dates: the local day of the value lies within [from, to]
 * (`YYYY-MM-DD`, both included). A missing value passes no active filter.
 */
export function matchesFilter<Row>(col: Pick<GridColumn<Row>, 'kind'>, v: CellValue, f: ColumnFilterValue): boolean {
  if (!isActiveFilter(f)) return true;
  if (isMissing(v)) return false;
  switch (f.type) {
    case 'text': return String(v).toLowerCase().includes(f.contains.trim().toLowerCase());
    case 'range': {
      const n = toNumber(v);
      if (n === undefined) return false;
      return (f.min === null || n >= f.min) && (f.max === null || n <= f.max);
    }
    case 'pick': return f.values.includes(String(v));
    case 'dates': {
      if (col.kind === 'date') {
        const day = String(v).slice(0, 10);
        return (!f.from || day >= f.from) && (!f.to || day <= f.to);
      }
      const t = Date.parse(String(v));
      if (Number.isNaN(t)) return false;
      const from = f.from ? localDayStart(f.from) : -Infinity;
      const toEnd = f.to ? localDayStart(f.to) + 86_400_000 : Infinity; // the end of the `to` day, excluded
      return t >= from && t < toEnd;
    }
  }
}

/** The words of a keyword search, lower-cased; a row matches when its text holds every word. */
export function keywordWords(keyword: string | undefined): string[] {
  return (keyword ?? '').toLowerCase().split(/\s+/).filter(w => w !== '');
}

/** The lower-cased text of a row the keyword search looks in: its searchable columns' shown values. */
export function rowSearchText<Row>(columns: readonly GridColumn<Row>[], row: Row): string {
  let s = '';
  for (const col of columns) {
    if (col.search === false) continue;
    const v = col.value(row);
    if (isMissing(v)) continue;
    // Raw text for numbers and dates (what a user types); labels for enums.
    s += `${col.kind === 'enum' ? formatCell(col, v) : String(v)}\u0001`;
  }
  return s.toLowerCase();
}

export function matchesKeyword(text: string, words: readonly string[]): boolean {
  for (const w of words) if (!text.includes(w)) return false;
  return true;
}

/**
 * How a click changes the selection. `replace` selects only the row (a plain click), `toggle` flips it (Ctrl/⌘
 * click, a checkbox), `range` selects the rows between the anchor and the row in display order instead (Shift
 * click), `range-add` adds them (Ctrl+Shift click, Shift on a checkbox). The row clicked becomes the anchor, except
 * after a range, which keeps it (so Shift clicks can widen and narrow the range, as in a file manager).
 */
export type SelectMode = 'replace' | 'toggle' | 'range' | 'range-add';

export interface SelectionState {
  selected: ReadonlySet<RowKey>;
  anchor: RowKey | null;
}

export function selectModeOf(e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }, checkbox = false): SelectMode {
  const add = checkbox || e.ctrlKey || e.metaKey;
  if (e.shiftKey) return add ? 'range-add' : 'range';
  return add ? 'toggle' : 'replace';
}

export function nextSelection(
  state: SelectionState, order: readonly RowKey[], clicked: RowKey, mode: SelectMode,
): SelectionState {
  if (mode === 'range' || mode === 'range-add') {
    const from = state.anchor === null ? -1 : order.indexOf(state.anchor);
    const to = order.indexOf(clicked);
    if (from >= 0 && to >= 0) {
      const next = new Set<RowKey>(mode === 'range-add' ? state.selected : []);
      for (let i = Math.min(from, to); i <= Math.max(from, to); i++) next.add(order[i]!);
      return { selected: next, anchor: state.anchor };
    }
    mode = mode === 'range' ? 'replace' : 'toggle'; // no anchor in view: as a plain or Ctrl click
  }
  if (mode === 'replace') return { selected: new Set([clicked]), anchor: clicked };
  const next = new Set(state.selected);
  if (next.has(clicked)) next.delete(clicked);
  else next.add(clicked);
  return { selected: next, anchor: clicked };
}

/** The header checkbox: all rows shown (after filters) selected, or none when they all already are. */
export function toggleAll(selected: ReadonlySet<RowKey>, shown: readonly RowKey[]): ReadonlySet<RowKey> {
  const all = shown.length > 0 && shown.every(k => selected.has(k));
  if (all) {
    const next = new Set(selected);
    for (const k of shown) next.delete(k);
    return next;
  }
  return new Set([...selected, ...shown]);
}

/** The row states of spec §4 as space-separated tokens for `data-state` (match one with `[data-state~=…]`). */
export function rowStateTokens(s: { canceled: boolean; selected: boolean; lastUsed: boolean }): string | undefined {
  const t = [s.canceled && 'canceled', s.selected && 'selected', s.lastUsed && 'last-used'].filter(Boolean);
  return t.length ? t.join(' ') : undefined;
}
