import { useEffect, useState } from 'react';
import { computeTotals, type TotalsColumn } from '../../workers/totals';
import { isTotalled, toNumber, totalKindOf } from './grid-model';
import type { GridColumn } from './types';

/** Filters and keystrokes come in bursts: the totals wait this long after the last change. */
export const TOTALS_DEBOUNCE_MS = 150;

export interface Totals {
  /** Total per summed column id; columns without a total are absent. */
  values: ReadonlyMap<string, number>;
  /** A newer computation is running; `values` are the previous ones until it answers. */
  pending: boolean;
}

/** Reading the values out of the rows yields to the page after this long, so it never makes a long task. */
const SLICE_MS = 8;

/**
 * The columns a worker totals: each summed column's values as a Float64Array, NaN where a row has none. Reading
 * 100 000 rows × a dozen columns takes longer than a frame, so it goes in slices of SLICE_MS between which the page
 * runs; `cancelled` stops it early when newer rows arrived.
 */
export async function totalsInput<Row>(
  columns: readonly GridColumn<Row>[], rows: readonly Row[], cancelled: () => boolean = () => false,
): Promise<{ ids: string[]; columns: TotalsColumn[] } | null> {
  const summed = columns.filter(isTotalled);
  const out = summed.map(col => ({ kind: totalKindOf(col.kind), values: new Float64Array(rows.length) }));
  let sliceStart = performance.now();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    for (let c = 0; c < summed.length; c++) out[c]!.values[i] = toNumber(summed[c]!.value(row)) ?? Number.NaN;
    if ((i & 1023) === 1023 && performance.now() - sliceStart > SLICE_MS) {
      await new Promise(r => setTimeout(r, 0));
      if (cancelled()) return null;
      sliceStart = performance.now();
    }
  }
  return { ids: summed.map(c => c.id), columns: out };
}

/**
 * The totals row of DESIGN §8, computed in the totals worker from the rows left after filters, debounced. Answers
 * that arrive after a newer request are dropped.
 */
export function useTotals<Row>(columns: readonly GridColumn<Row>[], rows: readonly Row[]): Totals {
  const [state, setState] = useState<{ values: ReadonlyMap<string, number>; for: unknown }>({ values: new Map(), for: null });
  const pending = state.for !== rows;

  useEffect(() => {
    let current = true;
    const run = async () => {
      const input = await totalsInput(columns, rows, () => !current);
      if (!input) return;
      const sums = await computeTotals(input.columns);
      if (current) setState({ values: new Map(input.ids.map((id, i) => [id, sums[i]!])), for: rows });
    };
    const timer = setTimeout(() => {
      run().catch(() => { if (current) setState({ values: new Map(), for: rows }); }); // no totals rather than stale ones
    }, TOTALS_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [columns, rows]);

  return { values: state.values, pending };
}
