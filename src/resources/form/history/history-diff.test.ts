import { describe, expect, it } from 'vitest';
import { customers } from '../../../domain/resources/sales/customers';
import { changedFields } from './history-diff';

describe('changedFields', () => {
  it('lists changed fields in declaration order, without the columns every write changes', () => {
    const before = { id: 1, version: 1, rev: 5, updated_at: 'a', name: 'A', code: 'C', phone: null, remark: 'x' };
    const after = { id: 1, version: 2, rev: 9, updated_at: 'b', name: 'B', code: 'C', phone: '123', remark: 'x' };
    expect(changedFields(customers, { before, after })).toEqual([
      { name: 'name', before: 'A', after: 'B' },
      { name: 'phone', before: null, after: '123' },
    ]);
  });

  it('a creation lists what it set; other columns (canceled) come last', () => {
    expect(changedFields(customers, { before: null, after: { id: 1, name: 'A', canceled: false } })).toEqual([
      { name: 'name', before: null, after: 'A' },
    ]);
    expect(changedFields(customers, { before: { name: 'A', canceled: false }, after: { name: 'A', canceled: true } })).toEqual([
      { name: 'canceled', before: false, after: true },
    ]);
  });
});
