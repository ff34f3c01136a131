/** China's general VAT rate, the default of config `vat_rate` (docs/finance.md "invoices"). */
export const DEFAULT_VAT_RATE = 0.13;

/**
 * The tax inside an amount that includes it: amount × rate / (1 + rate), at 4 decimals, rounded half away from zero
 * once (DESIGN §8). Computed on integers of 1/10 000 so no binary fraction creeps in: 1130 at 0.13 is exactly 130.
 */
export function taxIncluded(amount: number, rate: number): number {
  const a = BigInt(Math.round(amount * 10_000));
  const r = BigInt(Math.round(rate * 10_000));
  const num = a * r;
  const den = 10_000n + r;
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const units = (2n * abs + den) / (2n * den);
  const out = Number(units) / 10_000;
  return negative && out !== 0 ? -out : out;
}

/** The rate a config value gives: a number in 0–1, else the default. */
export function vatRateOf(value: string | null | undefined): number {
  const n = value == null || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : DEFAULT_VAT_RATE;
}
