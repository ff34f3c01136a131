import { describe, expect, it } from 'vitest';
import { contractCovers, contractDatesValid, contractRefusal, overQuantity, quantityLeft } from './contracts';

describe('contract dates', () => {
  it('takes from ≤ to and at most five years, in ISO form only', () => {
    expect(contractDatesValid('2026-01-01', '2026-12-31')).toBe(true);
    expect(contractDatesValid('2026-01-01', '2026-01-01')).toBe(true);
    expect(contractDatesValid('2026-01-02', '2026-01-01')).toBe(false);
    expect(contractDatesValid('2026-01-01', '2031-01-01')).toBe(true);
    expect(contractDatesValid('2026-01-01', '2031-01-02')).toBe(false);
    expect(contractDatesValid('2026-1-1', '2026-12-31')).toBe(false);
  });

  it('covers the days from its start to its end, both included', () => {
    const c = { valid_from: '2026-01-01', valid_to: '2026-12-31' };
    expect(contractCovers(c, '2026-01-01')).toBe(true);
    expect(contractCovers(c, '2026-12-31')).toBe(true);
    expect(contractCovers(c, '2025-12-31')).toBe(false);
    expect(contractCovers(c, '2027-01-01')).toBe(false);
  });
});

describe('which contract an order may name', () => {
  const c = { customer_id: 7, status: 'active', currency: 'CNY', valid_from: '2026-01-01', valid_to: '2026-12-31' };
  it('is its customer\'s, active or expired, in CNY and valid on the order\'s date', () => {
    expect(contractRefusal(c, 7, '2026-06-01')).toBeNull();
    expect(contractRefusal({ ...c, status: 'expired' }, 7, '2026-06-01')).toBeNull();
    expect(contractRefusal({ ...c, currency: null }, 7, '2026-06-01')).toBeNull();
    expect(contractRefusal(c, 8, '2026-06-01')).toBe('contract_other_customer');
    expect(contractRefusal({ ...c, status: 'draft' }, 7, '2026-06-01')).toBe('contract_not_usable');
    expect(contractRefusal({ ...c, status: 'terminated' }, 7, '2026-06-01')).toBe('contract_not_usable');
    expect(contractRefusal({ ...c, canceled: true }, 7, '2026-06-01')).toBe('contract_not_usable');
    expect(contractRefusal({ ...c, currency: 'USD' }, 7, '2026-06-01')).toBe('contract_currency');
    expect(contractRefusal(c, 7, '2027-01-01')).toBe('contract_out_of_dates');
  });
});

describe('what a contract line has left', () => {
  it('is agreed − ordered, in exact units, or none for a price agreement', () => {
    expect(quantityLeft(1000, 600)).toBe(400);
    expect(quantityLeft('1000.0000', '1000.0001')).toBe(-0.0001);
    expect(quantityLeft(0, 5)).toBeNull();
    expect(quantityLeft(null, 5)).toBeNull();
  });

  it('warns only beyond an agreed quantity', () => {
    expect(overQuantity(1000, 600, 400)).toBe(false);
    expect(overQuantity(1000, 600, 400.0001)).toBe(true);
    expect(overQuantity(0, 600, 1e9)).toBe(false);
    expect(overQuantity(null, 0, 1)).toBe(false);
    expect(overQuantity(0.3, 0.1, 0.2)).toBe(false);
  });
});
