import { beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../src/domain/messages/catalog';
import { get, post, sessionOf, type Reply, listEvery } from './client';

/**
 * The generic list and detail endpoints of DESIGN §4, as admin, over the demo seed: paging, keyword, sort, filter,
 * plain `field=value`, echo tokens, list aliases, reference display names, and the resource-specific parameters
 * (customers' checkselfonly/nogroup, items' keyword_code). Expected results are computed locally from a full
 * `limit=-1` list, so every assertion compares the server's answer with an independent computation.
 */

type Row = Record<string, unknown>;
type Params = Record<string, unknown>;

let admin = '';
const mark = `L${Date.now().toString(36)}`;

function ok(r: Reply): Reply {
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r;
}
const dtOf = (r: Reply): Row[] => ok(r).body.dt as Row[];
const totalOf = (r: Reply): number => ok(r).body.total as number;
const idsOf = (rows: readonly Row[]): number[] => rows.map(r => r.id as number);
const sortedIds = (rows: readonly Row[]): number[] => idsOf(rows).sort((a, b) => a - b);
const list = (path: string, params: Params = {}) => get(path, params, { session: admin });
const all = (path: string, params: Params = {}) => listEvery(path, params, { session: admin });

async function save(path: string, values: Params): Promise<Row> {
  const r = ok(await post(path, values, { session: admin }));
  return r.body.dt as Row;
}

/** Compares two rows by numeric keys, nulls last in both directions (as the server sorts), then id descending. */
function comparator(keys: readonly string[]) {
  return (a: Row, b: Row): number => {
    for (const k of keys) {
      const desc = k.startsWith('-');
      const f = k.replace(/^-/, '');
      const x = a[f] as number | null, y = b[f] as number | null;
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      return desc ? y - x : x - y;
    }
    return (b.id as number) - (a.id as number);
  };
}

const lower = (v: unknown) => (v === null || v === undefined ? '' : String(v).toLowerCase());
const includesCI = (v: unknown, needle: string) => lower(v).includes(needle.toLowerCase());

let items: Row[] = [];
let customers: Row[] = [];
let workflows: Row[] = [];
let worknodes: Row[] = [];
let kwCustomers: Row[] = [];
let orderedWorkflow: Row = {};

beforeAll(async () => {
  admin = await sessionOf('admin');
  // Rows this file relies on, whatever the seed holds: two customers with markers in a searched and an unsearched
  // field, and a workflow whose worknodes are not in id order.
  worknodes = await all('/workflows/worknodes/list/');
  expect(worknodes.length).toBeGreaterThanOrEqual(3);
  const wn = [...worknodes].sort((a, b) => (a.id as number) - (b.id as number));
  kwCustomers = await Promise.all([
    save('/customers/save/', { name: `${mark}-kw-1`, address: `addr-${mark}` }),
    save('/customers/save/', { name: `${mark}-kw-2`, contact: `contact-${mark}` }),
  ]);
  orderedWorkflow = await save('/workflows/workflows/save/', {
    code: `${mark}-wf`, name: `${mark} workflow`, worknode_ids: [wn[2]!.id, wn[0]!.id, wn[1]!.id],
  });
  [items, customers, workflows] = await Promise.all([
    all('/items/list/'), all('/customers/list/'), all('/workflows/workflows/list/'),
  ]);
});

describe('paging', () => {
  it('pages by page and limit while total stays the full count', async () => {
    const n = items.length;
    expect(n).toBeGreaterThan(100);
    const byId = [...items].sort((a, b) => (a.id as number) - (b.id as number));
    const last = Math.ceil(n / 7);
    const [p1, p2, pl, past, farPast] = await Promise.all([
      list('/items/list/', { page: 1, limit: 7, sort: 'id' }),
      list('/items/list/', { page: 2, limit: 7, sort: 'id' }),
      list('/items/list/', { page: last, limit: 7, sort: 'id' }),
      list('/items/list/', { page: last + 1, limit: 7, sort: 'id' }),
      list('/items/list/', { page: 99999, limit: 7, sort: 'id' }),
    ]);
    expect(idsOf(dtOf(p1))).toEqual(idsOf(byId.slice(0, 7)));
    expect(idsOf(dtOf(p2))).toEqual(idsOf(byId.slice(7, 14)));
    expect(idsOf(dtOf(pl))).toEqual(idsOf(byId.slice((last - 1) * 7)));
    for (const r of [p1, p2, pl]) expect(totalOf(r)).toBe(n);
    expect(dtOf(past)).toEqual([]);
    expect(totalOf(past)).toBe(n);
    expect(dtOf(farPast)).toEqual([]);
    expect(totalOf(farPast)).toBe(n);
  });

  it('answers every row with limit=-1 on a list loaded whole', async () => {
    const r = await list('/customers/list/', { limit: -1 });
    expect(dtOf(r).length).toBe(totalOf(r));
    expect(dtOf(r).length).toBe(customers.length);
    expect(new Set(idsOf(dtOf(r))).size).toBe(customers.length);
  });

  it('uses a page of 50 by default for customers', async () => {
    const r = await list('/customers/list/');
    expect(totalOf(r)).toBe(customers.length);
    expect(customers.length).toBeGreaterThan(50);
    expect(dtOf(r)).toHaveLength(50);
  });

  it('refuses a nonsensical page or limit with 400', async () => {
    const rs = await Promise.all([
      list('/items/list/', { limit: 0 }), list('/items/list/', { limit: -2 }), list('/items/list/', { page: 0 }),
      list('/items/list/', { limit: 'ten' }), list('/items/list/', { page: '1; drop' }),
    ]);
    for (const r of rs) {
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(zh.bad_request);
    }
  });
});

describe('keyword', () => {
  it('searches the declared search fields, case-insensitively, and nothing else', async () => {
    const [c1, c2] = kwCustomers as [Row, Row];
    const [byName, byNameUpper, byContact, byAddress] = await Promise.all([
      all('/customers/list/', { keyword: mark }),
      all('/customers/list/', { keyword: mark.toUpperCase() }),
      all('/customers/list/', { keyword: `contact-${mark}` }),
      all('/customers/list/', { keyword: `addr-${mark}` }),
    ]);
    expect(sortedIds(byName)).toEqual(sortedIds([c1, c2]));
    expect(sortedIds(byNameUpper)).toEqual(sortedIds([c1, c2]));
    expect(idsOf(byContact)).toEqual([c2.id]);
    // address is not one of customers' search fields
    expect(byAddress).toEqual([]);
  });

  it('matches what a local search over code, name and spec finds', async () => {
    const sample = items.find(i => typeof i.name === 'string' && (i.name as string).length >= 3)!;
    const word = (sample.name as string).slice(1, 3);
    const code = String(sample.code).slice(0, -1);
    for (const kw of [word, code]) {
      const expected = items.filter(i => ['code', 'name', 'spec'].some(f => includesCI(i[f], kw)));
      const got = await all('/items/list/', { keyword: kw });
      expect(got.length).toBeGreaterThan(0);
      expect(sortedIds(got)).toEqual(sortedIds(expected));
    }
  });
});

describe('sort', () => {
  it.each([
    ['price', ['price']],
    ['-price', ['-price']],
    ['category_id,-price', ['category_id', '-price']],
    ['-category_id,weight', ['-category_id', 'weight']],
    ['-id', ['-id']],
  ])('sorts by %s', async (sort, keys) => {
    const got = dtOf(await list('/items/list/', { sort, limit: 300 }));
    const expected = [...items].sort(comparator(keys)).slice(0, 300);
    expect(idsOf(got)).toEqual(idsOf(expected));
  });

  it('refuses an unknown or unreadable sort field with 400 and a message', async () => {
    const rs = await Promise.all([
      list('/items/list/', { sort: 'nope' }),
      list('/items/list/', { sort: 'code,-nope' }),
      list('/items/list/', { sort: 'price; drop table items' }),
      list('/accounts/list/', { sort: 'password' }),
    ]);
    for (const r of rs) {
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(zh.bad_sort);
    }
  });
});

describe('filter', () => {
  const filtered = (path: string, filter: unknown, extra: Params = {}) => all(path, { ...extra, filter });

  it('eq and ne on code', async () => {
    const it0 = items[10]!;
    const [eq, ne, both] = await Promise.all([
      filtered('/items/list/', [{ field: 'code', op: 'eq', value: it0.code }]),
      list('/items/list/', { limit: 1, filter: [{ field: 'code', op: 'ne', value: it0.code }] }),
      filtered('/items/list/', [{ field: 'code', op: 'eq', value: it0.code }, { field: 'code', op: 'ne', value: it0.code }]),
    ]);
    expect(idsOf(eq)).toEqual([it0.id]);
    expect(totalOf(ne)).toBe(items.length - 1);
    expect(both).toEqual([]);
  });

  it('compares date-times given as ISO text, with every operator and as field=value', async () => {
    const row = await save('/devicemaintenances/save/', {
      device_id: (await all('/devices/list/'))[0]!.id, content: `dt-${mark}`, kind: 'routine', status: 'done', done_at: '2021-03-04T05:06:07.000Z',
    });
    const mine = (rows: readonly Row[]) => idsOf(rows).filter(id => id === row.id);
    const at = '2021-03-04T05:06:07.000Z';
    const [gte, lte, between, eq, after, plain] = await Promise.all([
      filtered('/devicemaintenances/list/', [{ field: 'done_at', op: 'gte', value: '2021-03-04T00:00:00+08:00' }]),
      filtered('/devicemaintenances/list/', [{ field: 'done_at', op: 'lte', value: '2021-03-04 13:06:07+08:00' }]),
      filtered('/devicemaintenances/list/', [{ field: 'done_at', op: 'between', value: ['2021-01-01T00:00:00Z', '2021-12-31T00:00:00Z'] }]),
      filtered('/devicemaintenances/list/', [{ field: 'done_at', op: 'eq', value: at }]),
      filtered('/devicemaintenances/list/', [{ field: 'done_at', op: 'gte', value: '2021-03-04T05:06:08Z' }]),
      all('/devicemaintenances/list/', { done_at: at }),
    ]);
    for (const rows of [gte, lte, between, eq, plain]) expect(mine(rows)).toEqual([row.id]);
    expect(mine(after)).toEqual([]);
    const bad = await list('/devicemaintenances/list/', { filter: [{ field: 'done_at', op: 'gte', value: 'yesterday' }] });
    expect(bad.status).toBe(400);
  });

  it('ne on a reference', async () => {
    const cat = items.find(i => i.category_id !== null)!.category_id as number;
    const got = await filtered('/items/list/', [{ field: 'category_id', op: 'ne', value: cat }]);
    expect(got.length).toBeGreaterThan(0);
    for (const r of got) expect(r.category_id).not.toBe(cat);
    // Whether rows without a category count as "not this one" is left open; every other category's rows must be there.
    expect(sortedIds(got.filter(r => r.category_id !== null)))
      .toEqual(sortedIds(items.filter(i => i.category_id !== null && i.category_id !== cat)));
  });

  it('in on category_id', async () => {
    const cats = [...new Set(items.map(i => i.category_id).filter((c): c is number => c !== null))].slice(0, 2);
    expect(cats.length).toBe(2);
    const got = await filtered('/items/list/', [{ field: 'category_id', op: 'in', value: cats }]);
    const expected = items.filter(i => cats.includes(i.category_id as number));
    expect(got.length).toBeGreaterThan(0);
    expect(sortedIds(got)).toEqual(sortedIds(expected));
    expect(await filtered('/items/list/', [{ field: 'category_id', op: 'in', value: [] }])).toEqual([]);
  });

  it('contains on code (a case-insensitive substring)', async () => {
    const part = String(items[5]!.code).slice(1, 4);
    for (const v of [part, part.toLowerCase(), part.toUpperCase()]) {
      const got = await filtered('/items/list/', [{ field: 'code', op: 'contains', value: v }]);
      expect(got.length).toBeGreaterThan(0);
      expect(sortedIds(got)).toEqual(sortedIds(items.filter(i => includesCI(i.code, v))));
    }
  });

  it('gte, lte and between on price', async () => {
    const prices = items.map(i => i.price).filter((p): p is number => typeof p === 'number').sort((a, b) => a - b);
    expect(prices.length).toBeGreaterThan(10);
    const lo = prices[Math.floor(prices.length / 4)]!, hi = prices[Math.floor((prices.length * 3) / 4)]!;
    expect(lo).toBeLessThan(hi);
    const [gte, lte, between, both] = await Promise.all([
      filtered('/items/list/', [{ field: 'price', op: 'gte', value: hi }]),
      filtered('/items/list/', [{ field: 'price', op: 'lte', value: lo }]),
      filtered('/items/list/', [{ field: 'price', op: 'between', value: [lo, hi] }]),
      filtered('/items/list/', [{ field: 'price', op: 'gte', value: String(lo) }, { field: 'price', op: 'lte', value: String(hi) }]),
    ]);
    const priced = items.filter(i => typeof i.price === 'number');
    expect(sortedIds(gte)).toEqual(sortedIds(priced.filter(i => (i.price as number) >= hi)));
    expect(sortedIds(lte)).toEqual(sortedIds(priced.filter(i => (i.price as number) <= lo)));
    const mid = priced.filter(i => (i.price as number) >= lo && (i.price as number) <= hi);
    expect(sortedIds(between)).toEqual(sortedIds(mid));
    expect(sortedIds(both)).toEqual(sortedIds(mid));
    expect(gte.length).toBeGreaterThan(0);
    expect(lte.length).toBeGreaterThan(0);
  });

  it('contains on a list of references (workflows.worknode_ids)', async () => {
    const counts = new Map<number, number>();
    for (const w of workflows) for (const n of w.worknode_ids as number[]) counts.set(n, (counts.get(n) ?? 0) + 1);
    const node = (orderedWorkflow.worknode_ids as number[])[0]!;
    const got = await filtered('/workflows/workflows/list/', [{ field: 'worknode_ids', op: 'contains', value: node }]);
    expect(got.length).toBe(counts.get(node));
    expect(idsOf(got)).toContain(orderedWorkflow.id);
    for (const w of got) expect(w.worknode_ids).toContain(node);
    const none = worknodes.find(n => !counts.has(n.id as number));
    if (none) expect(await filtered('/workflows/workflows/list/', [{ field: 'worknode_ids', op: 'contains', value: none.id }])).toEqual([]);
  });

  it('refuses malformed filters with 400 and a message', async () => {
    const bad: [string, unknown][] = [
      ['/items/list/', '{not json'],
      ['/items/list/', '[{"field":"code","op":"eq","value":"x"}'],
      ['/items/list/', { field: 'code', op: 'eq', value: 'x' }],
      ['/items/list/', [{ field: 'code', op: 'like', value: 'x' }]],
      ['/items/list/', [{ field: 'price', op: 'gte', value: 'cheap' }]],
      ['/items/list/', [{ field: 'price', op: 'between', value: [1] }]],
      ['/items/list/', [{ field: 'category_id', op: 'in', value: 3 }]],
      ['/items/list/', [{ field: 'code', op: 'contains', value: { a: 1 } }]],
      ['/workflows/workflows/list/', [{ field: 'worknode_ids', op: 'gte', value: 1 }]],
    ];
    const rs = await Promise.all(bad.map(([path, filter]) => list(path, { filter })));
    rs.forEach((r, i) => {
      expect(r.status, JSON.stringify(bad[i])).toBe(400);
      expect(typeof r.body.msg).toBe('string');
      expect([zh.invalid_json, zh.bad_filter]).toContain(r.body.msg);
    });
  });

  it('refuses an unknown or unreadable filter field with 400', async () => {
    const rs = await Promise.all([
      list('/items/list/', { filter: [{ field: 'nope', op: 'eq', value: 1 }] }),
      list('/items/list/', { filter: [{ field: 'code"; drop table items; --', op: 'eq', value: 1 }] }),
      list('/accounts/list/', { filter: [{ field: 'password', op: 'contains', value: 'scrypt' }] }),
    ]);
    for (const r of rs) {
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(zh.bad_filter);
    }
  });
});

describe('plain field=value', () => {
  it('filters customers by saler_id', async () => {
    const saler = customers.find(c => c.saler_id !== null)?.saler_id as number;
    expect(saler).toBeGreaterThan(0);
    const got = await all('/customers/list/', { saler_id: saler });
    expect(sortedIds(got)).toEqual(sortedIds(customers.filter(c => c.saler_id === saler)));
  });

  it('answers 400 for a value of the wrong type', async () => {
    const r = await list('/customers/list/', { saler_id: 'bob' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(zh.bad_filter);
  });
});

describe('echo, aliases and POST', () => {
  it('echoes token, token1 and token2', async () => {
    const r = ok(await list('/customers/list/', { token: 't-1', token1: 'a b&c', token2: '中文' }));
    expect(r.body.token).toBe('t-1');
    expect(r.body.token1).toBe('a b&c');
    expect(r.body.token2).toBe('中文');
    expect(r.body.msg).toBe('OK');
  });

  it.each([
    ['/warehouses/roomslist/', '/warehouses/rooms/list/'],
    ['/warehouses/positionslist/', '/warehouses/positions/list/'],
    ['/accounts/roleslist/', '/roles/list/'],
    ['/persons/categories/list/', '/personcategories/list/'],
  ])('%s answers the rows of %s', async (alias, base) => {
    const [a, b] = await Promise.all([all(alias), all(base)]);
    expect(b.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('answers a POST like a GET', async () => {
    const params = { limit: 5, sort: '-price', filter: [{ field: 'price', op: 'gte', value: 1 }], token: 'p' };
    const [g, p] = await Promise.all([list('/items/list/', params), post('/items/list/', params, { session: admin })]);
    expect(ok(p).body).toEqual(ok(g).body);
    expect(dtOf(p)).toHaveLength(5);
    expect(p.body.token).toBe('p');
  });
});

describe('reference display names', () => {
  it('names the category of each item', async () => {
    const cats = new Map((await all('/itemcategories/list/')).map(c => [c.id as number, c.name]));
    expect(items.some(i => i.category_id !== null)).toBe(true);
    for (const i of items) expect(i.category_id_name).toBe(i.category_id === null ? null : cats.get(i.category_id as number));
  });

  it('names the salesperson of each customer', async () => {
    const persons = new Map((await all('/persons/list/')).map(p => [p.id as number, p.name]));
    expect(customers.some(c => c.saler_id !== null)).toBe(true);
    for (const c of customers) expect(c.saler_id_name).toBe(c.saler_id === null ? null : persons.get(c.saler_id as number));
  });

  it('names the worknodes of a workflow in the workflow order', async () => {
    const names = new Map(worknodes.map(n => [n.id as number, n.name]));
    const w = workflows.find(x => x.id === orderedWorkflow.id)!;
    const ids = w.worknode_ids as number[];
    expect(ids).toEqual(orderedWorkflow.worknode_ids);
    expect(w.worknode_ids_names).toEqual(ids.map(id => names.get(id)));
    for (const x of workflows) expect(x.worknode_ids_names).toEqual((x.worknode_ids as number[]).map(id => names.get(id)));
  });
});

describe('detail', () => {
  it('answers one row as the list shows it', async () => {
    const sample = items.find(i => i.category_id !== null)!;
    const r = ok(await get('/items/detail/', { id: sample.id }, { session: admin }));
    expect(r.body.dt).toEqual(sample);
    const w = ok(await get('/workflows/workflows/detail/', { id: orderedWorkflow.id }, { session: admin }));
    expect((w.body.dt as Row).worknode_ids_names).toEqual(orderedWorkflow.worknode_ids_names);
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    const [missing, word, none, zero, neg, huge] = await Promise.all([
      get('/items/detail/', { id: 999999999 }, { session: admin }),
      get('/items/detail/', { id: 'abc' }, { session: admin }),
      get('/items/detail/', {}, { session: admin }),
      get('/items/detail/', { id: 0 }, { session: admin }),
      get('/items/detail/', { id: -5 }, { session: admin }),
      get('/items/detail/', { id: '99999999999999999999' }, { session: admin }),
    ]);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(zh.not_found);
    for (const r of [word, none, zero, neg, huge]) {
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(zh.bad_request);
    }
  });
});

describe('customers: checkselfonly and nogroup', () => {
  it('limits a salesperson to their own customers with checkselfonly=1', async () => {
    const [account] = await all('/accounts/list/', { username: 'sales' });
    const personId = account?.person_id as number;
    expect(personId).toBeGreaterThan(0);
    // one customer of this salesperson for certain, whatever the seed assigns
    const mine = await save('/customers/save/', { name: `${mark}-mine`, saler_id: personId });
    const sales = await sessionOf('sales');
    const [own, adminView, adminSelf, everything] = await Promise.all([
      get('/customers/list/', { checkselfonly: 1, limit: -1 }, { session: sales }),
      all('/customers/list/', { saler_id: personId }),
      list('/customers/list/', { checkselfonly: 1, limit: 1 }),
      list('/customers/list/', { limit: 1 }),
    ]);
    const rows = dtOf(own);
    expect(idsOf(rows)).toContain(mine.id);
    for (const c of rows) expect(c.saler_id).toBe(personId);
    expect(sortedIds(rows)).toEqual(sortedIds(adminView));
    expect(rows.length).toBeLessThan(totalOf(everything));
    // admin sees every customer either way
    expect(totalOf(adminSelf)).toBe(totalOf(everything));
  });

  it('groups by category unless nogroup=1, which sorts by name', async () => {
    const [grouped, byCatName, flat, byName] = await Promise.all([
      all('/customers/list/'), all('/customers/list/', { sort: 'category_id,name' }),
      all('/customers/list/', { nogroup: 1 }), all('/customers/list/', { sort: 'name' }),
    ]);
    expect(idsOf(grouped)).toEqual(idsOf(byCatName));
    expect(idsOf(flat)).toEqual(idsOf(byName));
    const cats = grouped.map(c => c.category_id as number | null);
    const firstNull = cats.indexOf(null);
    const nonNull = (firstNull === -1 ? cats : cats.slice(0, firstNull)) as number[];
    expect(nonNull).toEqual([...nonNull].sort((a, b) => a - b));
    if (firstNull !== -1) expect(cats.slice(firstNull).every(c => c === null)).toBe(true);
    // the two orders differ on the demo data, so the parameter is really read
    expect(idsOf(grouped)).not.toEqual(idsOf(flat));
  });
});

describe('items: keyword_code', () => {
  it('searches the code by prefix only', async () => {
    const code = String(items[42]!.code);
    const prefix = code.slice(0, Math.max(2, code.length - 2));
    const middle = code.slice(1);
    for (const kw of [prefix, prefix.toLowerCase(), middle]) {
      const got = await all('/items/list/', { keyword_code: kw });
      expect(sortedIds(got)).toEqual(sortedIds(items.filter(i => lower(i.code).startsWith(kw.toLowerCase()))));
    }
    expect((await all('/items/list/', { keyword_code: prefix })).length).toBeGreaterThan(0);
    // wildcards are literal
    expect(await all('/items/list/', { keyword_code: '%' })).toEqual(items.filter(i => lower(i.code).startsWith('%')));
    expect(await all('/items/list/', { keyword_code: '_' })).toEqual(items.filter(i => lower(i.code).startsWith('_')));
  });
});

describe('accounts', () => {
  it('never returns a password hash', async () => {
    const rows = await all('/accounts/list/');
    expect(rows.length).toBeGreaterThan(0);
    const details = await Promise.all(rows.map(r => get('/accounts/detail/', { id: r.id }, { session: admin })));
    for (const d of [...rows, ...details.map(r => ok(r).body.dt as Row)]) {
      expect(d).not.toHaveProperty('password');
      expect(JSON.stringify(d)).not.toMatch(/scrypt|\$\d+\$/);
    }
    // and a `password=` parameter is not a way to probe it
    const probe = await list('/accounts/list/', { password: 'x', limit: 1 });
    expect(totalOf(probe)).toBe(rows.length);
  });
});
