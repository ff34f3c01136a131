import { dayString } from '../../domain/reports/fact-set';
import { FACT_SOURCES } from '../../domain/reports/fact-sources';
import { type AggregateQuery, type AggregateResult, type FactFilter, type FactSet } from '../../domain/rules/aggregate';
import { monthStart } from '../../domain/rules/day-numbers';
import type { Lang } from '../../domain/messages/langs';
import { formatForReading } from '../../domain/rules/numbers';
import type { Grouping, MonitorDef, MonitorMeasure } from './monitors';

/**
 * What a monitoring screen shows, as pure functions (for the screen and its tests): the grouping of the current
 * drill level, the query for the aggregation worker, the table's rows with their labels, the chart's bars and the
 * spreadsheet's cells.
 */

/** A row opened: the level's grouping and the group's id (a time bucket: its first day) and label. */
export interface DrillStep { grouping: Grouping; id: number; label: string }

const dayKey = (g: Grouping) => (g.key === 'day' ? 'day' : g.key);

/** The groupings a screen goes through, first to last. */
export function levels(def: MonitorDef): Grouping[] {
  const seen = new Set<string>();
  return [def.groupBy, ...def.drill].filter(g => (seen.has(dayKey(g)) ? false : (seen.add(dayKey(g)), true)));
}

/** The grouping of the level after `path`: the user's choice, else the declared next one; null below the last. */
export function currentGrouping(def: MonitorDef, path: readonly DrillStep[], chosen: Grouping | null): Grouping | null {
  if (chosen) return chosen;
  const used = new Set(path.map(s => dayKey(s.grouping)));
  return levels(def).find(g => !used.has(dayKey(g))) ?? null;
}

/** The groupings the user may pick at a level: every key of the source not narrowed yet, the day by day, week, month. */
export function groupingChoices(def: MonitorDef, path: readonly DrillStep[]): Grouping[] {
  const used = new Set(path.map(s => dayKey(s.grouping)));
  return FACT_SOURCES[def.source].keys.flatMap(k => {
    if (used.has(k.name)) return [];
    return k.name === 'day' ? [{ key: 'day' }, { key: 'day', bucket: 'week' as const }, { key: 'day', bucket: 'month' as const }] : [{ key: k.name }];
  });
}

/** The last day of a time bucket starting on `id`. */
function bucketEnd(g: Grouping, id: number): number {
  if (g.bucket === 'week') return id + 6;
  if (g.bucket === 'month') return monthStart(id + 31) - 1;
  return id;
}

/** The facts a drill path narrows to. */
export function filterOf(path: readonly DrillStep[]): FactFilter | undefined {
  if (path.length === 0) return undefined;
  const inSets: Record<string, number[]> = {};
  const between: Record<string, { from?: number; to?: number }> = {};
  for (const s of path) {
    if (s.grouping.key === 'day') {
      const prev = between.day;
      const from = Math.max(prev?.from ?? -Infinity, s.id), to = Math.min(prev?.to ?? Infinity, bucketEnd(s.grouping, s.id));
      between.day = { from, to };
    } else inSets[s.grouping.key] = [s.id];
  }
  return { in: inSets, between };
}

/** The screen's measures the facts hold (a measure the user may not see is left out). */
export function visibleMeasures(def: MonitorDef, facts: Pick<FactSet, 'measures'>): MonitorMeasure[] {
  return def.measures.filter(m => m.measure === undefined || facts.measures[m.measure] !== undefined);
}

const groupKey = (g: Grouping) => (g.bucket ? { key: g.key, bucket: g.bucket } : g.key);

export function queryOf(grouping: Grouping, measures: readonly MonitorMeasure[], path: readonly DrillStep[], columns?: Grouping | null): AggregateQuery {
  const filter = filterOf(path);
  return {
    groupBy: [groupKey(grouping)],
    ...(columns ? { pivot: groupKey(columns) } : {}),
    measures: measures.map(m => (m.measure === undefined ? { op: m.op } : { op: m.op, measure: m.measure })),
    ...(filter ? { filter } : {}),
  };
}

/** A group's label: a day, a week (its Monday), a month, or a name from the facts' names (`#id` when unnamed). */
export function labelOf(g: Grouping, id: number, names: ReadonlyMap<number, string> | undefined, none: string,
  week: (first: string) => string): string {
  if (g.key === 'day') {
    const text = dayString(id);
    if (g.bucket === 'month') return text.slice(0, 7);
    return g.bucket === 'week' ? week(text) : text;
  }
  if (id === 0) return none;
  return names?.get(id) ?? `#${id}`;
}

export interface TableRow { id: number; label: string; values: number[] }

/**
 * The result as table rows: time buckets in time order, other groups biggest first by the chart's measure (then by
 * label), the way a manager reads a ranking.
 */
export function tableRows(result: AggregateResult, g: Grouping, chart: number, label: (id: number) => string): TableRow[] {
  const out: TableRow[] = [];
  for (let r = 0; r < result.rows; r++) {
    const id = result.keys[0]![r]!;
    out.push({ id, label: label(id), values: result.values.map(v => v[r]!) });
  }
  if (g.key === 'day') return out.sort((a, b) => a.id - b.id);
  const v = (x: TableRow) => (Number.isNaN(x.values[chart]!) ? -Infinity : x.values[chart]!);
  return out.sort((a, b) => v(b) - v(a) || a.label.localeCompare(b.label));
}

/** The chart's bars: at most `max` rows, in the table's order. */
export function chartData(rows: readonly TableRow[], chart: number, max = 30): { name: string; value: number }[] {
  return rows.slice(0, max).map(r => ({ name: r.label, value: Number.isNaN(r.values[chart]!) ? 0 : r.values[chart]! }));
}

/**
 * A measure's value as the table shows it, grouped in the reader's language: counts whole, money at 2 decimals, the
 * others at 2 decimals at most; nothing for NaN. (The spreadsheet takes the numbers themselves, `sheetRows`.)
 */
export function formatValue(m: MonitorMeasure, kind: string | undefined, v: number, lang: Lang): string {
  if (Number.isNaN(v)) return '';
  if (m.op === 'count') return formatForReading(v, lang, 0);
  return kind === 'money' ? formatForReading(v, lang, 2, 2) : formatForReading(v, lang);
}

/** The spreadsheet's cells: the grouping's column, a column per measure, the rows, then the total row. */
export function sheetRows(rows: readonly TableRow[], total: readonly number[], totalLabel: string): (string | number | null)[][] {
  const cell = (v: number) => (Number.isNaN(v) ? null : v);
  return [...rows.map(r => [r.label, ...r.values.map(cell)]), [totalLabel, ...total.map(cell)]];
}

/** A copy of the facts (the worker takes the arrays it is given; the screen keeps its own to compute again). */
export function copyFacts(set: FactSet): FactSet {
  return {
    length: set.length, kinds: set.kinds,
    keys: Object.fromEntries(Object.entries(set.keys).map(([k, v]) => [k, v.slice()])),
    measures: Object.fromEntries(Object.entries(set.measures).map(([k, v]) => [k, v.slice()])),
  };
}

/** A pivot as the table shows it: one measure, its rows in the table's order, its columns (at most `max`). */
export interface PivotTable {
  columns: { id: number; label: string }[];
  /** Whether columns were left out (the table shows the first `max`). */
  cut: boolean;
  /** cells[i][c]: the measure of the table's row i in column c (NaN: no fact there). */
  cells: number[][];
  columnTotals: number[];
}

export function pivotTable(result: AggregateResult, rows: readonly TableRow[], measure: number, colLabel: (id: number) => string,
  max = 40): PivotTable | null {
  const p = result.pivot;
  if (!p) return null;
  const n = Math.min(p.columns.length, max);
  const rowIndex = new Map(Array.from(result.keys[0]!, (id, r) => [id, r]));
  const C = p.columns.length;
  const cells = rows.map(row => {
    const r = rowIndex.get(row.id)!;
    return Array.from({ length: n }, (_, c) => p.cells[measure]![r * C + c]!);
  });
  return {
    columns: Array.from({ length: n }, (_, c) => ({ id: p.columns[c]!, label: colLabel(p.columns[c]!) })),
    cut: C > n, cells, columnTotals: Array.from({ length: n }, (_, c) => p.columnTotals[measure]![c]!),
  };
}

/** The spreadsheet's cells of a pivot: the rows' labels, a column per pivot column, the rows' totals; then the total row. */
export function pivotSheetRows(rows: readonly TableRow[], table: PivotTable, measure: number, total: number, totalLabel: string):
  (string | number | null)[][] {
  const cell = (v: number) => (Number.isNaN(v) ? null : v);
  return [
    ...rows.map((r, i) => [r.label, ...table.cells[i]!.map(cell), cell(r.values[measure]!)]),
    [totalLabel, ...table.columnTotals.map(cell), cell(total)],
  ];
}
