import { localDateString } from '../../../src/domain/rules/date-single';
import { closedMonths } from '../../resources/closed-months';

/**
 * Finance months (`finperiods`, docs/finance.md "Period close"): a finance write dated in a month holds its shared lock,
 * the close its exclusive one, on a lock class of their own (decision 218).
 */
export const FIN_MONTHS = closedMonths('finperiods', 7311200, 'fin_period_closed');

/** The months (`YYYY-MM`) of the dates given (`YYYY-MM-DD` or Date), empty ones left out. */
export function monthsOf(...dates: unknown[]): string[] {
  const out: string[] = [];
  for (const d of dates) {
    if (d == null || d === '') continue;
    // A date column read as a Date is local midnight of its day.
    const s = d instanceof Date ? localDateString(d) : String(d);
    if (/^\d{4}-\d{2}/.test(s)) out.push(s.slice(0, 7));
  }
  return out;
}
