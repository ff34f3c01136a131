import { formatNumber } from '../../domain/rules/numbers';

/** Pay as people read it on a report or a slip: always 2 decimals (the server has rounded the sums, DESIGN §8). */
export function formatPay(x: number | null | undefined): string {
  return x === null || x === undefined ? '' : x.toFixed(2);
}

/** A rate at its stored 4 decimals, without trailing zeros (0.0125, 0.02). */
export function formatRate(x: number | null | undefined): string {
  if (x === null || x === undefined) return '';
  return Number.isInteger(x) ? formatNumber(x) : x.toFixed(4).replace(/0+$/, '');
}
