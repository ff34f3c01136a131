import { describe, expect, it } from 'vitest';
import { formatForReading, formatNumber, lineAmount, round2, roundTo, sumInts, sumMoney, sumQuantities, totalOf } from './numbers';

describe('round2 (DESIGN §8)', () => {
  it('rounds the decimal value half away from zero', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(1.004)).toBe(1);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(-0.001)).toBe(0);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(123456789.125)).toBe(123456789.13);
  });

  it('agrees with decimal rounding on the text of the value, for amounts with up to 4 decimals', () => {
    // The reference: round the decimal text (15 significant digits), half away from zero.
    const reference = (x: number) => {
      const r = Number(`${Math.round(Number(`${Math.abs(x).toPrecision(15)}e2`))}e-2`);
      return x < 0 && r !== 0 ? -r : r;
    };
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const x = Math.round((random() - 0.5) * 2e9) / 10_000;
      expect(round2(x), String(x)).toBe(reference(x));
    }
    for (const x of [0.125, 0.375, 2.345, -2.345, 1234.565, 0.045, 8.345, 1.455]) expect(round2(x), String(x)).toBe(reference(x));
  });

  it('handles tiny, huge and non-finite values', () => {
    expect(round2(1e-7)).toBe(0);
    expect(round2(1.5e21)).toBe(1.5e21);
    expect(round2(Number.NaN)).toBeNaN();
    expect(round2(Infinity)).toBe(Infinity);
    expect(roundTo(1.23456, 4)).toBe(1.2346);
  });
});

describe('sums', () => {
  it('sum quantities rounded to 2 decimals, skipping missing values', () => {
    expect(sumQuantities([0.1, 0.2, null, undefined, Number.NaN])).toBe(0.3);
    expect(sumQuantities([1.111, 2.222])).toBe(3.33);
    expect(sumQuantities(new Float64Array(100_000).fill(0.1))).toBe(10_000);
    expect(sumQuantities([])).toBe(0);
  });

  it('sum money in 1/10 000 units and round only the total', () => {
    // Rounded one by one these would be 0.01 × 3 = 0.03; kept at 4 decimals they make 0.0150 → 0.02.
    expect(sumMoney([0.005, 0.005, 0.005])).toBe(0.02);
    expect(sumMoney([0.0049, 0.0001])).toBe(0.01);
    expect(sumMoney([1.1, 2.2, 3.3])).toBe(6.6);
    expect(sumMoney([-0.005])).toBe(-0.01);
    expect(sumMoney([-0.004])).toBe(0);
    expect(sumMoney(new Float64Array(100_000).fill(19.9999))).toBe(1_999_990);
    expect(sumMoney([123456789.1234, 0.0001, Number.NaN])).toBe(123456789.12);
    // A fifth decimal (never stored) rounds half away from zero on both sides: ±0.00005 is ±1 unit, 100 of them ±0.01.
    expect(sumMoney(new Array<number>(100).fill(0.00005))).toBe(0.01);
    expect(sumMoney(new Array<number>(100).fill(-0.00005))).toBe(-0.01);
  });

  it('sum integers exactly', () => {
    expect(sumInts([1, 2, 3, null])).toBe(6);
    expect(sumInts(new Float64Array([2 ** 40, 1]))).toBe(2 ** 40 + 1);
  });

  it('pick the rule by column kind', () => {
    expect(totalOf('money', [0.005, 0.005, 0.005])).toBe(0.02);
    expect(totalOf('quantity', [0.005, 0.005, 0.005])).toBe(0.02);
    expect(totalOf('quantity', [0.0049, 0.0049])).toBe(0.01);
    expect(totalOf('int', [1, 2])).toBe(3);
  });
});

describe('formatNumber', () => {
  it('shows whole numbers as integers and others with at most 2 decimals', () => {
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(3.0001)).toBe('3');
    expect(formatNumber(1.999)).toBe('2');
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(1.005)).toBe('1.01');
    expect(formatNumber(-2.25)).toBe('-2.25');
    expect(formatNumber(1234567.8)).toBe('1234567.8');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
  });

  it('shows as many decimals as the field keeps: a piece rate of 0.004 is not 0 (issue 30)', () => {
    expect(formatNumber(0.004, 4)).toBe('0.004');
    expect(formatNumber(0.004)).toBe('0');
    expect(formatNumber(12.5, 4)).toBe('12.5');
    expect(formatNumber(0.00005, 4)).toBe('0.0001');
    expect(formatNumber(3.14159, 6)).toBe('3.14159');
    expect(formatNumber(7, 4)).toBe('7');
  });

  it('shows nothing for a missing value', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatForReading (issue 30: thousands separators in lists and reports)', () => {
  it('groups thousands with the reader\'s signs', () => {
    expect(formatForReading(1234567.891, 'zh')).toBe('1,234,567.89');
    expect(formatForReading(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatForReading(1234567.891, 'ja')).toBe('1,234,567.89');
    expect(formatForReading(1234567.891, 'es')).toBe('1.234.567,89');
  });

  it('groups a four-digit number too, in every language (a column reads alike)', () => {
    expect(formatForReading(1234, 'es')).toBe('1.234');
    expect(formatForReading(1234, 'zh')).toBe('1,234');
    expect(formatForReading(999, 'es')).toBe('999');
  });

  it('keeps the declared scale: a piece rate of 0.004 is not 0 (issue 30 item 1)', () => {
    expect(formatForReading(0.004, 'zh', 4)).toBe('0.004');
    expect(formatForReading(0.004, 'es', 4)).toBe('0,004');
    expect(formatForReading(12345.6789, 'en', 4)).toBe('12,345.6789');
    expect(formatForReading(0.004, 'en')).toBe('0');
  });

  it('rounds half away from zero on the decimal value and drops trailing zeros, like formatNumber', () => {
    expect(formatForReading(1.005, 'en')).toBe('1.01');
    expect(formatForReading(-1.005, 'en')).toBe('-1.01');
    expect(formatForReading(2.5, 'en')).toBe('2.5');
    expect(formatForReading(1500, 'en')).toBe('1,500');
    expect(formatForReading(-0.001, 'en')).toBe('0');
    expect(formatForReading(-1234.5, 'es')).toBe('-1.234,5');
  });

  it('is empty for a missing value', () => {
    expect(formatForReading(null, 'zh')).toBe('');
    expect(formatForReading(undefined, 'zh')).toBe('');
    expect(formatForReading(Number.NaN, 'zh')).toBe('');
  });

  it('leaves formatNumber plain for exports and inputs', () => {
    expect(formatNumber(1234567.891)).toBe('1234567.89');
  });
});

describe('lineAmount', () => {
  it('multiplies at 4 decimals without binary error', () => {
    expect(lineAmount(3, 0.1)).toBe(0.3);
    expect(lineAmount(1.0005, 1.5)).toBe(1.5008); // 1.50075 rounds away from zero
    expect(lineAmount(12345.6789, 9.8765)).toBe(121932.0977);
    expect(lineAmount(-0.5, 0.0001)).toBe(-0.0001); // -0.00005 away from zero
  });
  it('is empty when a factor is missing', () => {
    expect(lineAmount(null, 2)).toBeNull();
    expect(lineAmount(2, undefined)).toBeNull();
  });
});
