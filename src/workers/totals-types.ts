import type { TotalKind } from '../domain/rules/numbers';

/** One column to total: its rule and its values (NaN where a row has none), sent to the worker as a transfer. */
export interface TotalsColumn {
  kind: TotalKind;
  values: Float64Array;
}

/** What the totals worker exposes through Comlink. */
export interface TotalsApi {
  /** One total per column, in the order given. */
  sums(columns: TotalsColumn[]): number[];
}
