import { describe, expect, it } from 'vitest';
import { items } from '../resources/items/items';
import { listParamsSchema, MAX_PAGE } from './list';
import { issueKey } from './wire';

/** `first=N` (spec §7, items): the first N rows of the list, whatever `page` and `limit` say. */
describe('the list contract: first', () => {
  const parse = (raw: Record<string, unknown>) => listParamsSchema(items).safeParse(raw);

  it('asks for page 1 of N rows, and is no field filter', () => {
    const r = parse({ first: '1', page: '7', limit: '50', keyword_code: 'A' });
    expect(r.success && { page: r.data.page, limit: r.data.limit, filter: r.data.filter }).toEqual({ page: 1, limit: 1, filter: [] });
    const n = parse({ first: 20 });
    expect(n.success && [n.data.page, n.data.limit]).toEqual([1, 20]);
  });

  it('changes nothing when absent or empty', () => {
    const r = parse({ page: '3', limit: '10', first: '' });
    expect(r.success && [r.data.page, r.data.limit]).toEqual([3, 10]);
  });

  it('refuses what is not a page size', () => {
    for (const first of ['0', '-1', 'abc', '1.5', String(MAX_PAGE + 1), 'true']) {
      const r = parse({ first });
      expect(r.success ? 'accepted' : issueKey(r.error), first).toBe('bad_request');
    }
  });
});
