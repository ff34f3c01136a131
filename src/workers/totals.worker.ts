import { expose } from 'comlink';
import { totalOf } from '../domain/rules/numbers';
import type { TotalsApi, TotalsColumn } from './totals-types';

/**
 * The totals worker (DESIGN §7): receives the columns as transferred Float64Arrays and posts back only the totals,
 * so summing 100 000 rows never holds up the page.
 */
const api: TotalsApi = {
  sums: (columns: TotalsColumn[]) => columns.map(c => totalOf(c.kind, c.values)),
};

expose(api);
