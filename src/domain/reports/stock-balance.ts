import type { FactSet } from '../rules/aggregate';
import { roundTo } from '../rules/numbers';

/**
 * The stock report's facts (`/reports/warehouses`, decision 180): the ledger's movements of a range (`stockmoves`)
 * joined with the stock at the start of its first day (`stockopening`), as one fact set the aggregation worker sums.
 * Every fact carries four balance measures, so opening, in, out and closing of any group are plain sums:
 *
 * - an opening fact: `opening` = `closing` = its quantity (value likewise), nothing received or issued, no document;
 * - a movement: no opening, `closing` = received − issued (value likewise).
 *
 * So for a group, closing = opening + received − issued exactly, totals included (each is the rounded sum of its
 * facts). Across time rows (day, week, month) a group's opening is the closing of the row before: `carryBalances`.
 * A document has no balance of its own: at that level the opening and closing are left blank (`blankBalances`).
 */

/** The quantity and value measures of the joined set, in the order the screen shows them. */
export const STOCK_MEASURES = {
  opening: 'quantity', received: 'quantity', issued: 'quantity', closing: 'quantity',
  opening_value: 'money', value_received: 'money', value_issued: 'money', closing_value: 'money',
} as const;

/** Opening and closing measure pairs, carried from one time row to the next. */
export const BALANCE_PAIRS: readonly (readonly [string, string])[] = [['opening', 'closing'], ['opening_value', 'closing_value']];

const KEYS = ['day', 'item', 'warehouse', 'position', 'card', 'doc'] as const;

function column(set: FactSet, name: string): Float64Array {
  return set.measures[name] ?? new Float64Array(set.length).fill(Number.NaN);
}

/** NaN (a value the caller may not see or the fact lacks) adds nothing. */
const num = (v: number): number => (Number.isNaN(v) ? 0 : v);

/**
 * The movements (`stockmoves` facts) and the opening stock (`stockopening` facts of the range's first day) as one set:
 * the opening facts first, then the movements, every key of the movements (an opening has no document: 0).
 */
export function withOpening(moves: FactSet, opening: FactSet): FactSet {
  const n = opening.length + moves.length;
  const keys: Record<string, Int32Array> = {};
  for (const k of KEYS) {
    const out = new Int32Array(n);
    const o = opening.keys[k];
    if (o) out.set(o.subarray(0, opening.length), 0);
    const m = moves.keys[k];
    if (m) out.set(m.subarray(0, moves.length), opening.length);
    keys[k] = out;
  }
  const measures: Record<string, Float64Array> = {};
  for (const name of Object.keys(STOCK_MEASURES)) measures[name] = new Float64Array(n);
  const oq = column(opening, 'quantity'), ov = column(opening, 'value');
  for (let i = 0; i < opening.length; i++) {
    measures.opening![i] = measures.closing![i] = num(oq[i]!);
    measures.opening_value![i] = measures.closing_value![i] = num(ov[i]!);
  }
  const rq = column(moves, 'received'), iq = column(moves, 'issued');
  const rv = column(moves, 'value_received'), iv = column(moves, 'value_issued');
  for (let j = 0; j < moves.length; j++) {
    const i = opening.length + j;
    measures.received![i] = num(rq[j]!);
    measures.issued![i] = num(iq[j]!);
    // One of the two is zero for every movement (its sign chose), so the difference is exact.
    measures.closing![i] = num(rq[j]!) - num(iq[j]!);
    measures.value_received![i] = num(rv[j]!);
    measures.value_issued![i] = num(iv[j]!);
    measures.closing_value![i] = num(rv[j]!) - num(iv[j]!);
  }
  return { length: n, keys, measures, kinds: { ...STOCK_MEASURES } };
}

/** A table row's values by measure name (the screen's measures, in order). */
export interface BalanceRow { id: number; values: number[] }

/**
 * Time rows (in time order) with their balances carried: a row's opening is the closing of the row before (the first
 * row's: the range's opening), its closing its opening plus what it received less what it issued. Each row's sums
 * already hold that (`withOpening`); only the part before the row is added. Rounded to 2 like every sum shown.
 */
export function carryBalances<R extends BalanceRow>(rows: readonly R[], measures: readonly string[]): R[] {
  const pairs = BALANCE_PAIRS.map(([o, c]) => [measures.indexOf(o), measures.indexOf(c)] as const).filter(([o, c]) => o >= 0 && c >= 0);
  const carry = pairs.map(() => 0);
  return rows.map(r => {
    const values = [...r.values];
    pairs.forEach(([o, c], p) => {
      values[o] = roundTo(carry[p]! + num(values[o]!), 2);
      values[c] = roundTo(carry[p]! + num(values[c]!), 2);
      carry[p] = values[c]!;
    });
    return { ...r, values };
  });
}

/**
 * The document level: a document has in and out, no balance of its own — opening and closing blank (NaN), and the
 * opening stock's facts (no document, nothing moved) not a row.
 */
export function blankBalances<R extends BalanceRow>(rows: readonly R[], measures: readonly string[]): R[] {
  const balance = new Set(BALANCE_PAIRS.flat().map(m => measures.indexOf(m)).filter(i => i >= 0));
  const moved = ['received', 'issued', 'value_received', 'value_issued'].map(m => measures.indexOf(m)).filter(i => i >= 0);
  return rows
    .filter(r => r.id !== 0 || moved.some(i => num(r.values[i]!) !== 0))
    .map(r => ({ ...r, values: r.values.map((v, i) => (balance.has(i) ? Number.NaN : v)) }));
}
