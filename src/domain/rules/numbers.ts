/**
 * Rounding, sums and display of numbers (DESIGN §8, spec §5 and §9).
 *
 * Rules:
 * - A number rounds to 2 decimals, half away from zero, on its decimal value: 1.005 is 1.01 although the double
 *   nearest to 1.005 lies just below it (users type decimals, not binary fractions).
 * - A quantity sum rounds to 2 decimals.
 * - A money sum keeps 4 decimals until the final rounding to 2: each amount counts as whole 1/10 000 units (money is
 *   stored with 4 decimals, fields.ts), the units are summed as integers, and only the total rounds to cents.
 * - A whole number shows without decimals; any other shows at most 2 decimals, without trailing zeros.
 * - Missing values (null, undefined, NaN) count as nothing in a sum.
 * - Read by people (lists, totals, reports), a number is grouped in the reader's language (formatForReading);
 *   written for a machine or an editor (exports, inputs), it is plain digits (formatNumber).
 */
import type { Lang } from '../messages/langs';

/** How a column sums: `int` exactly, `quantity` rounded to 2, `money` in 1/10 000 units then rounded to 2. */
export type TotalKind = 'int' | 'quantity' | 'money';

/** Moves the decimal point of a number's decimal text by `by` places, without binary multiplication error. */
function shiftDecimal(x: number | string, by: number): number {
  const [mantissa, exp = '0'] = String(x).split('e');
  return Number(`${mantissa}e${Number(exp) + by}`);
}

/** `x` rounded to `digits` decimals, half away from zero. Non-finite values come back unchanged. */
export function roundTo(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  // Fast path (grids format thousands of cells a second): away from a tie and within 2^53, binary arithmetic
  // rounds exactly like the decimal rule, and an integer ÷ 10^digits is the double nearest the decimal result.
  const scale = 10 ** digits;
  const y = x * scale;
  if (Math.abs(y) < 1e15 && Math.abs(Math.abs(y % 1) - 0.5) > 1e-6) {
    const r = Math.round(y) / scale;
    return r === 0 ? 0 : r;
  }
  // 15 significant digits: the decimal value the user meant, without the binary tail (1.00499999… is 1.005).
  const r = shiftDecimal(Math.round(shiftDecimal(Math.abs(x).toPrecision(15), digits)), -digits);
  if (r === 0) return 0; // never -0
  return x < 0 ? -r : r;
}

/**
 * Quantities and money kept at 4 decimals, added and compared as whole 1/10 000 units so no sum drifts (card
 * quantities, stock movements).
 */
export const units = (x: unknown): number => Math.round(roundTo(Number(x ?? 0), 4) * 10_000);
export const fromUnits = (u: number): number => u / 10_000;

export function round2(x: number): number {
  return roundTo(x, 2);
}

const present = (v: number | null | undefined): v is number => typeof v === 'number' && !Number.isNaN(v);

/** Sum of integers; exact while the total stays within 2^53. */
export function sumInts(values: ArrayLike<number | null | undefined>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (present(v)) s += v;
  }
  return round2(s); // integers stay integers; a stray decimal in an int column still shows as the spec's 2 decimals
}

/** Sum of quantities, rounded to 2 decimals. Neumaier summation, so 100 000 terms add no visible error. */
export function sumQuantities(values: ArrayLike<number | null | undefined>): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!present(v)) continue;
    const t = s + v;
    c += Math.abs(s) >= Math.abs(v) ? (s - t) + v : (v - t) + s;
    s = t;
  }
  return round2(s + c);
}

/**
 * Sum of money: every amount as whole 1/10 000 units, summed as integers, the total rounded to 2 decimals. Exact for
 * totals below 900 billion (2^53 units).
 */
export function sumMoney(values: ArrayLike<number | null | undefined>): number {
  let units = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    // An amount has at most 4 decimals, so v × 10 000 is within a hair of an integer and rounding finds it; a fifth
    // decimal (never stored) rounds half away from zero on both sides, as the aggregation worker's sums do.
    if (present(v)) units += Math.sign(v) * Math.round(Math.abs(v) * 10_000);
  }
  // Units to cents, half away from zero: |units| / 100 is exact enough that .5 is exactly .5.
  const cents = Math.round(Math.abs(units) / 100);
  const r = cents / 100;
  return units < 0 && r !== 0 ? -r : r;
}

/** The total of one column by its kind. The totals worker and its in-thread fallback both call this. */
export function totalOf(kind: TotalKind, values: ArrayLike<number | null | undefined>): number {
  switch (kind) {
    case 'int': return sumInts(values);
    case 'quantity': return sumQuantities(values);
    case 'money': return sumMoney(values);
  }
}

/**
 * Display text of a number: whole numbers as integers, others rounded to at most `scale` decimals (the declaration's:
 * a piece rate of 0.004 reads 0.004, never 0 — issue 30), trailing zeros dropped; '' when missing.
 */
export function formatNumber(x: number | null | undefined, scale = 2): string {
  if (!present(x)) return '';
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return String(x);
  const r = roundTo(x, scale);
  if (Number.isInteger(r)) return r.toFixed(0); // toFixed: no exponent for large values
  return r.toFixed(scale).replace(/\.?0+$/, '');
}

/** The locale whose grouping and decimal signs each UI language reads numbers with. */
const NUMBER_LOCALES: Readonly<Record<Lang, string>> = { zh: 'zh-CN', en: 'en-US', es: 'es-ES', ja: 'ja-JP' };

/** One formatter per language and scale: making one costs more than formatting a screenful of cells. */
const readers = new Map<string, Intl.NumberFormat>();

function readerOf(lang: Lang, scale: number, minScale: number): Intl.NumberFormat {
  const key = `${lang}:${scale}:${minScale}`;
  let f = readers.get(key);
  if (!f) {
    // Grouping always, 4-digit numbers included (es would leave out 1.234's point by default): the numbers of one
    // column must read alike. Trailing zeros are dropped as in formatNumber, down to `minScale` decimals.
    const max = Math.min(Math.max(scale, 0), 20);
    f = new Intl.NumberFormat(NUMBER_LOCALES[lang] ?? NUMBER_LOCALES.zh, {
      useGrouping: 'always', minimumFractionDigits: Math.min(Math.max(minScale, 0), max), maximumFractionDigits: max,
    });
    readers.set(key, f);
  }
  return f;
}

/**
 * A number as people read it in lists, totals and reports (issue 30): the reader's language's thousands separators
 * and decimal sign (1,234.5 in zh/en/ja, 1.234,5 in es), rounded like formatNumber to the declaration's `scale` (a
 * piece rate of 0.004 still reads 0.004), at least `minScale` decimals (money in reports: 2). Never for what is
 * parsed again — spreadsheet cells, input fields, texts sent to the server — which keep formatNumber's plain digits.
 */
export function formatForReading(x: number | null | undefined, lang: Lang, scale = 2, minScale = 0): string {
  if (!present(x)) return '';
  if (!Number.isFinite(x)) return String(x);
  const r = Number.isInteger(x) ? x : roundTo(x, scale);
  return readerOf(lang, scale, minScale).format(r === 0 ? 0 : r);
}

/**
 * A line's amount: quantity × unit price at 4 decimals (money is stored with 4, DESIGN §8), half away from zero,
 * computed on whole 1/10 000 units so no binary error reaches the rounding. Both inputs have at most 4 decimals.
 */
export function lineAmount(quantity: number | null | undefined, price: number | null | undefined): number | null {
  if (quantity == null || price == null || !Number.isFinite(quantity) || !Number.isFinite(price)) return null;
  const q = BigInt(Math.round(quantity * 10_000));
  const p = BigInt(Math.round(price * 10_000));
  const product = q * p; // in 1/10^8 units
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const units = (abs + 5_000n) / 10_000n; // back to 1/10 000 units, half away from zero
  const r = Number(units) / 10_000;
  return negative && r !== 0 ? -r : r;
}
