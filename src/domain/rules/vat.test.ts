import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_RATE, taxIncluded, vatRateOf } from './vat';

describe('taxIncluded', () => {
  it('is amount × rate / (1 + rate) at 4 decimals, half away from zero', () => {
    expect(taxIncluded(1130, 0.13)).toBe(130);
    expect(taxIncluded(100, 0.13)).toBe(11.5044); // 11.50442…
    expect(taxIncluded(0.0001, 0.13)).toBe(0); // 0.0000115…
    expect(taxIncluded(1.06, 0.06)).toBe(0.06);
    expect(taxIncluded(308.332, 0.13)).toBe(35.4718); // 35.47182…
    expect(taxIncluded(500, 0)).toBe(0);
    expect(taxIncluded(-1130, 0.13)).toBe(-130);
  });
});

describe('vatRateOf', () => {
  it('reads a rate in 0–1 and falls back to 0.13 otherwise', () => {
    expect(vatRateOf('0.09')).toBe(0.09);
    expect(vatRateOf('0')).toBe(0);
    expect(vatRateOf(null)).toBe(DEFAULT_VAT_RATE);
    expect(vatRateOf('')).toBe(DEFAULT_VAT_RATE);
    expect(vatRateOf('13')).toBe(DEFAULT_VAT_RATE);
    expect(vatRateOf('abc')).toBe(DEFAULT_VAT_RATE);
  });
});
