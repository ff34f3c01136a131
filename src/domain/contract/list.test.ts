import { describe, expect, it } from 'vitest';
import { accounts } from '../resources/system/accounts';
import { items } from '../resources/items/items';
import { encodeListQuery, listParamsSchema, maxRowsOf, MAX_PAGE } from './list';
import { issueKey } from './wire';

const parse = (raw: Record<string, unknown>) => listParamsSchema(items).safeParse(raw);
const refusal = (raw: Record<string, unknown>) => {
  const r = parse(raw);
  return r.success ? 'accepted' : issueKey(r.error, { filter: 'bad_filter', sort: 'bad_sort' });
};

describe('the list contract', () => {
  it('reads wire parameters into typed, checked values', () => {
    const r = parse({ page: '2', limit: '50', keyword: ' box ', sort: '-price,code', totals: '1', category_id: '7',
      filter: JSON.stringify([{ field: 'price', op: 'between', value: ['1.5', null] }]), token: '9' });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data).toMatchObject({
      page: 2, limit: 50, keyword: 'box', totals: true, token: '9',
      sort: [{ field: 'price', desc: true }, { field: 'code', desc: false }],
      filter: [{ field: 'price', op: 'between', value: [1.5, null] }, { field: 'category_id', op: 'eq', value: 7, plain: true }],
    });
  });

  it('round-trips what the client encodes', () => {
    const wire = encodeListQuery({ page: 3, limit: 20, keyword: 'x', sort: ['-code'], totals: true,
      filter: [{ field: 'active', op: 'eq', value: true }], extra: { keyword_code: 'A' } });
    const r = parse(wire);
    expect(r.success && r.data.filter).toEqual([{ field: 'active', op: 'eq', value: true }]);
    expect(r.success && r.data.raw.keyword_code).toBe('A');
  });

  it('refuses with the reason', () => {
    expect(refusal({ filter: '[{"field":"nope","op":"eq","value":1}]' })).toBe('bad_filter');
    expect(refusal({ filter: '[{"field":"price","op":"gte","value":"cheap"}]' })).toBe('bad_filter');
    expect(refusal({ filter: '[{"field":"code","op":"like","value":"x"}]' })).toBe('bad_filter');
    expect(refusal({ filter: '[{' })).toBe('invalid_json');
    expect(refusal({ filter: '['.repeat(40) + ']'.repeat(40) })).toBe('too_deep');
    expect(refusal({ sort: 'nope' })).toBe('bad_sort');
    expect(refusal({ sort: 'price; drop table items' })).toBe('bad_sort');
    expect(refusal({ page: '0' })).toBe('bad_request');
    expect(refusal({ limit: '0' })).toBe('bad_request');
    expect(refusal({ limit: String(maxRowsOf(items) + 1) })).toBe('bad_request');
    expect(refusal({ price: 'abc' })).toBe('bad_filter');
    expect(listParamsSchema(accounts).safeParse({ sort: 'password' }).success).toBe(false);
  });

  it('caps whole lists at 20,000 rows and paged ones at a page', () => {
    expect(maxRowsOf(items)).toBe(MAX_PAGE);
    expect(maxRowsOf(accounts)).toBe(20_000);
  });
});
