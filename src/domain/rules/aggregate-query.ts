import type { TimeBucket } from './day-numbers';

/** What a report asks of the aggregation (aggregate.ts) and what it answers: the facts as columns, the query, the result. */

export type MeasureKind = 'quantity' | 'money' | 'count';
export type AggregateOp = 'count' | 'sum' | 'avg' | 'min' | 'max';

/** Facts as columns, every column at least `length` long. */
export interface FactSet {
  length: number;
  /** Dictionary-encoded ids per key (the day key: day numbers). */
  keys: Readonly<Record<string, Int32Array>>;
  /** Values per measure; NaN where a fact has none. */
  measures: Readonly<Record<string, Float64Array>>;
  /** How each measure sums and rounds. */
  kinds: Readonly<Record<string, MeasureKind>>;
}

/** A grouping key; `bucket` (week, month; day is the id itself) only on a day-number key. */
export interface GroupKey {
  key: string;
  bucket?: TimeBucket;
}

/** One result measure: `op` over the measure's values; `count` without a measure counts facts. */
export interface MeasureSpec {
  op: AggregateOp;
  measure?: string;
}

/** Which facts count: every clause must hold. */
export interface FactFilter {
  /** The key's id is one of these. */
  in?: Readonly<Record<string, readonly number[]>>;
  /** The key's id lies in [from, to], both inclusive (a day range on the day key). */
  between?: Readonly<Record<string, { from?: number; to?: number }>>;
}

export interface AggregateQuery {
  /** Row keys, most significant first; none gives one row over all facts. */
  groupBy: readonly (string | GroupKey)[];
  /** A column key: the result also holds a rows × columns matrix. */
  pivot?: string | GroupKey;
  measures: readonly MeasureSpec[];
  filter?: FactFilter;
}

/** The rows × columns matrix of a pivoted result; its rows are the result's rows, in the same order. */
export interface PivotResult {
  key: GroupKey;
  /** Column ids, ascending (time buckets: their first day). */
  columns: Int32Array;
  /** cells[m][r × columns.length + c]: measure m of row r in column c; NaN where the row has no fact there. */
  cells: Float64Array[];
  /** columnTotals[m][c]: measure m over column c. */
  columnTotals: Float64Array[];
}

/** A report: one row per group present in the facts (typed arrays, so the worker posts them back as transfers). */
export interface AggregateResult {
  groupBy: GroupKey[];
  measures: MeasureSpec[];
  /** Facts that passed the filter. */
  facts: number;
  rows: number;
  /** keys[k][r]: the id of row r's k-th key (time buckets: their first day). */
  keys: Int32Array[];
  /** values[m][r]: measure m of row r (with a pivot: the row's total over all columns). */
  values: Float64Array[];
  /** The grand total row: measure m over all facts that passed the filter. */
  total: number[];
  pivot: PivotResult | null;
}
