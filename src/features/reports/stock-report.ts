import { loadReportFacts, type LoadedFacts } from '../../data/reports/report-facts';
import { blankBalances, carryBalances, withOpening } from '../../domain/reports/stock-balance';
import type { Grouping, MonitorDef } from './monitors';
import type { TableRow } from './monitor-model';

/**
 * The stock report's facts and rows (`/reports/warehouses`, decision 180): the movements of the range and the opening
 * stock of its first day, each from the offline copy first (report-facts.ts), joined into one set whose sums are the
 * opening, in, out and closing of any group (src/domain/reports/stock-balance.ts).
 */

/** The movements of [from, to] and the opening of `from`, joined; offline, the copy of each stands in. */
export async function loadWithOpening(def: MonitorDef, from: string, to: string,
  o: { online: boolean; refresh?: boolean; signal?: AbortSignal }): Promise<LoadedFacts> {
  const opening = def.stock!.opening;
  const [moves, open] = await Promise.all([loadReportFacts(def.source, from, to, o), loadReportFacts(opening, from, from, o)]);
  const names: LoadedFacts['names'] = { ...moves.names };
  for (const [k, m] of Object.entries(open.names)) names[k] = new Map([...m, ...(moves.names[k] ?? [])]);
  const times = [moves.asOf, open.asOf].filter((t): t is number => t !== null);
  return {
    ...moves, set: (def.stock!.join ?? withOpening)(moves.set, open.set), names, hidden: [...new Set([...moves.hidden, ...open.hidden])],
    asOf: times.length ? Math.min(...times) : null, missingDays: moves.missingDays + open.missingDays,
    fetched: moves.fetched && open.fetched, unreachable: moves.unreachable || open.unreachable,
  };
}

/**
 * A level of the stock report: by time (day, week, month) the balances carried from row to row; by document none
 * (in and out only, the opening stock's facts not a row); by anything else the sums as they are.
 */
export function stockLevel(rows: TableRow[], total: readonly number[], g: Grouping, measures: readonly string[]):
  { rows: TableRow[]; total: number[] } {
  if (g.key === 'day') return { rows: carryBalances(rows, measures), total: [...total] };
  if (g.key === 'doc') return { rows: blankBalances(rows, measures), total: blankBalances([{ id: -1, values: [...total] }], measures)[0]!.values };
  return { rows, total: [...total] };
}
