import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { baseUrl, get, listEvery, post, sessionOf } from './client';

/**
 * The server side of the one data layer (issue 9): the list cap, server paging with totals over the whole filtered
 * list, parameters checked by the shared contract, and the streamed export holding exactly the list's rows in its
 * order.
 */
let admin = '';
const mark = `DL${Date.now().toString(36).toUpperCase()}`;

async function exportXlsx(params: Record<string, unknown>, session = admin): Promise<{ status: number; rows?: unknown[][]; body?: unknown; total?: string | null }> {
  const form = new URLSearchParams({ ios: '1' });
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const res = await fetch(`${baseUrl()}/files/export/`, {
    method: 'POST', body: form, headers: { authorization: session, 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.status !== 200) return { status: res.status, body: await res.json() };
  const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: null });
  return { status: 200, rows, total: res.headers.get('x-total-rows') };
}

beforeAll(async () => {
  admin = await sessionOf('admin');
  // 1,200 items share the mark: more than a paged list's cap.
  const rows = Array.from({ length: 1200 }, (_, i) => ({ code: `${mark}-${String(i).padStart(4, '0')}`, name: `料 ${i % 7}`, price: (i % 13) + 0.25 }));
  for (let i = 0; i < rows.length; i += 600) {
    const r = await post('/items/import/', { rows: rows.slice(i, i + 600) }, { session: admin });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  }
});

describe('the list cap', () => {
  it('refuses limit=-1 past a paged list\'s cap, naming it, and answers it below the cap', async () => {
    const over = await get('/items/list/', { limit: -1, keyword: mark }, { session: admin });
    expect(over.status).toBe(400);
    expect(over.body.msg).toContain('1000');
    const under = await get('/items/list/', { limit: -1, keyword: `${mark}-00` }, { session: admin });
    expect(under.status).toBe(200);
    expect((under.body.dt as unknown[]).length).toBe(100);
  });

  it('refuses a page larger than the cap', async () => {
    expect((await get('/items/list/', { limit: 5000 }, { session: admin })).status).toBe(400);
  });
});

describe('server paging', () => {
  it('pages a filtered, sorted list without overlap, and totals the whole filtered set', async () => {
    const all = await listEvery('/items/list/', { keyword: mark, sort: '-code' }, { session: admin });
    expect(all).toHaveLength(1200);
    const codes = all.map(r => r.code as string);
    expect(codes).toEqual([...codes].sort().reverse());
    const page3 = await get('/items/list/', { keyword: mark, sort: '-code', page: 3, limit: 50 }, { session: admin });
    expect(page3.body.total).toBe(1200);
    expect((page3.body.dt as { code: string }[]).map(r => r.code)).toEqual(codes.slice(100, 150));
  });

  it('totals summable fields over the whole filtered list, not the page', async () => {
    const banks = await listEvery('/banks/list/', {}, { session: admin });
    const expected = banks.reduce((s, b) => s + Number(b.opening_balance ?? 0), 0);
    const r = await get('/banks/list/', { totals: 1, limit: 1 }, { session: admin });
    expect((r.body.dt as unknown[]).length).toBeLessThanOrEqual(1);
    expect((r.body.totals as { opening_balance: number }).opening_balance).toBeCloseTo(expected, 4);
    // Prices do not sum: items have no totals.
    expect((await get('/items/list/', { totals: 1, limit: 1 }, { session: admin })).body.totals).toEqual({});
  });

  it('searches every word of the keyword', async () => {
    const r = await get('/items/list/', { keyword: `${mark} 料 3`, limit: 1000 }, { session: admin });
    const dt = r.body.dt as { name: string; code: string }[];
    expect(dt.length).toBeGreaterThan(0);
    expect(dt.every(x => x.name.includes('3') || x.code.includes('3'))).toBe(true);
  });
});

describe('references by name', () => {
  it('filters and sorts by a reference\'s display name, on the list and its count', async () => {
    const cats = await listEvery('/itemcategories/list/', {}, { session: admin });
    const some = cats.find(c => typeof c.name === 'string' && (c.name as string).length > 1)!;
    const part = (some.name as string).slice(1);
    const all = await listEvery('/items/list/', {}, { session: admin });
    const expected = all.filter(i => typeof i.category_id_name === 'string' && (i.category_id_name as string).toLowerCase().includes(part.toLowerCase()));
    const r = await get('/items/list/', { filter: JSON.stringify([{ field: 'category_id_name', op: 'contains', value: part }]), limit: 1000 }, { session: admin });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(expected.length);
    const eq = await get('/items/list/', { category_id_name: some.name as string, limit: 1000 }, { session: admin });
    expect((eq.body.dt as { category_id: number }[]).every(i => i.category_id === some.id)).toBe(true);
    const sorted = await get('/items/list/', { sort: 'category_id_name', limit: 1000, filter: JSON.stringify([{ field: 'category_id', op: 'ne', value: null }]) }, { session: admin });
    const names = (sorted.body.dt as { category_id_name: string }[]).map(i => i.category_id_name);
    expect(names.length).toBeGreaterThan(1);
    // Names arrive in the database's order of them: grouped, never interleaved.
    expect(new Set(names).size).toBe(names.filter((n, i) => i === 0 || names[i - 1] !== n).length);
    const bad = await get('/items/list/', { filter: JSON.stringify([{ field: 'category_id_name', op: 'gte', value: 'a' }]) }, { session: admin });
    expect(bad.status).toBe(400);
  });
});

describe('parameters checked by the contract', () => {
  it.each([
    ['a filter nested too deep', { filter: `${'['.repeat(40)}${']'.repeat(40)}` }, /嵌套/],
    ['a filter on an unknown field', { filter: JSON.stringify([{ field: 'nope', op: 'eq', value: 1 }]) }, /筛选/],
    ['a filter value of the wrong type', { filter: JSON.stringify([{ field: 'price', op: 'gte', value: 'abc' }]) }, /筛选/],
    ['a malformed filter', { filter: '[{' }, /JSON/],
    ['a sort on a password', { sort: 'password' }, /排序/],
    ['a page of zero', { page: 0 }, /参数/],
    ['a keyword too long', { keyword: 'x'.repeat(300) }, /参数/],
  ])('answers 400 with the reason for %s', async (_name, params, msg) => {
    const path = (params as { sort?: string }).sort === 'password' ? '/accounts/list/' : '/items/list/';
    const r = await get(path, params, { session: admin });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(msg);
  });

  it('answers 400, not 500, for a malformed id, version or item on save and delete', async () => {
    for (const [path, values] of [
      ['/items/save/', { id: 'x1', version: 1, name: 'n' }],
      ['/items/save/', { item: '{"code":' }],
      ['/items/save/', { item: '[1,2]' }],
      ['/items/delete/', { id: '-5' }],
      ['/items/detail/', { id: '' }],
    ] as const) {
      const r = path.endsWith('detail/') ? await get(path, values, { session: admin }) : await post(path, values, { session: admin });
      expect(r.status, `${path} ${JSON.stringify(values)}`).toBe(400);
      expect(typeof r.body.msg).toBe('string');
    }
  });
});

describe('the streamed export', () => {
  it('holds exactly the filtered rows, in the list\'s order, with the titles asked', async () => {
    const filter = [{ field: 'price', op: 'gte', value: 6 }];
    const titles = [{ title: '编码', field: 'code' }, { title: '单价', field: 'price' }, { title: '类别', field: 'category_id_name' }];
    const listed = await listEvery('/items/list/', { keyword: mark, sort: 'price,-code', filter: JSON.stringify(filter) }, { session: admin });
    const r = await exportXlsx({ resource: 'items', keyword: mark, sort: 'price,-code', filter, titles });
    expect(r.status).toBe(200);
    expect(r.total).toBe(String(listed.length));
    expect(r.rows![0]).toEqual(['编码', '单价', '类别']);
    expect(r.rows!.slice(1).map(x => x[0])).toEqual(listed.map(x => x.code));
    expect(r.rows!.slice(1).map(x => x[1])).toEqual(listed.map(x => x.price));
  });

  it('refuses before streaming: bad filter 400, unknown resource 400, no columns 400, a role that may not read 403', async () => {
    const titles = [{ title: 'x', field: 'code' }];
    expect((await exportXlsx({ resource: 'items', titles, filter: '[{"field":"nope","op":"eq","value":1}]' })).status).toBe(400);
    expect((await exportXlsx({ resource: 'nope', titles })).status).toBe(400);
    expect((await exportXlsx({ resource: 'items', titles: [] })).status).toBe(400);
    expect((await exportXlsx({ resource: 'banks', titles }, await sessionOf('operator'))).status).toBe(403);
  });
});

describe('the pull', () => {
  it('says how many rows a first fill will bring', async () => {
    const r = await get('/sync/pull/', { table: 'items', since: 0, limit: 10, count: 1 }, { session: admin });
    expect(r.status).toBe(200);
    expect(r.body.remaining).toBeGreaterThanOrEqual(1200);
    expect(r.body.more).toBe(true);
    expect((await get('/sync/pull/', { table: 'items', since: -1 }, { session: admin })).status).toBe(400);
    expect((await get('/sync/pull/', { table: 'suppliers' }, { session: admin })).status).toBe(400);
  });
});
