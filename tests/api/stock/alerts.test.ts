import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/connection';
import { postTo } from '../security/own-server';
import { stockServer, type Row, type StockServer } from './fixtures';

/**
 * The stock alerts (docs/stock.md "Alerts", decisions 185–187), on both databases: the limits per item and warehouse
 * (`/warehouses/stocklimits/…`), the shortage list with its open demand, the excess and idle list, the storekeeper's
 * to-do and the message a posting sends when it takes an item below its minimum — once a day per item and warehouse.
 */
let s: StockServer;
let store = '';
let operator = '';
let item = 0;
let other = 0;
let wh = 0;

const login = async (username: string, password: string) =>
  (await postTo(s.url, '/accounts/login/', { username, password })).body.sessionid as string;

async function get(path: string, query: Row, session = s.session): Promise<{ status: number; body: Row }> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) q.append(k, String(v));
  const r = await fetch(`${s.url}${path}?${q}`, { headers: { authorization: session } });
  return { status: r.status, body: await r.json() as Row };
}
const save = (values: Row, session = s.session) =>
  postTo(s.url, '/warehouses/stocklimits/save/', { item: values }, session, values.id ? {} : { 'idempotency-key': randomUUID() });
const limitsOf = (itemId: number) => rows<Row>(s.db, sql`
  select item_id, warehouse_id, min_quantity::float8 as min, max_quantity::float8 as max from stocklimits where item_id = ${itemId}`);
const lowMessages = (itemId: number) => rows<{ account_id: number; title: string; link: string }>(s.db, sql`
  select account_id, title, link from messages where kind = 'stock_low' and link like ${`%item_id=${itemId}`} order by id`);

beforeAll(async () => {
  s = await stockServer('stock-alerts');
  store = await login('store', 'store123');
  operator = await login('operator', 'oper123');
  [item, other] = s.plant.items as [number, number];
  wh = s.plant.warehouses[0]!;
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('stock limits', () => {
  it('are the storekeeper\'s to keep, one row per item and warehouse, and an operator may not touch them', async () => {
    const made = await save({ item_id: item, warehouse_id: wh, min_quantity: 50, max_quantity: 200 }, store);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await limitsOf(item)).toEqual([{ item_id: item, warehouse_id: wh, min: 50, max: 200 }]);
    const [row] = await rows<{ limit_key: string; version: number }>(s.db, sql`select limit_key, version from stocklimits where id = ${Number(made.body.id)}`);
    expect(row!.limit_key).toBe(`${item}:${wh}`);

    // A second row for the pair is refused on the item; nothing written.
    const twice = await save({ item_id: item, warehouse_id: wh, min_quantity: 1 }, store);
    expect(twice.status).toBe(409);
    expect((twice.body.errors as Row).item_id).toBeTruthy();
    // A maximum below the minimum, a negative minimum, no item, text for a number: 4xx, nothing written.
    for (const bad of [
      { item_id: other, warehouse_id: wh, min_quantity: 10, max_quantity: 5 },
      { item_id: other, warehouse_id: wh, min_quantity: -1 },
      { warehouse_id: wh, min_quantity: 1 },
      { item_id: other, warehouse_id: wh, min_quantity: 'many' },
    ]) {
      const r = await save(bad, store);
      expect(r.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(bad)).toBeLessThan(500);
      expect(typeof r.body.msg).toBe('string');
    }
    expect(await limitsOf(other)).toEqual([]);
    // An update that would put the maximum under the minimum is refused and leaves the row as it was.
    const under = await save({ id: made.body.id, version: row!.version, max_quantity: 10 }, store);
    expect(under.status).toBe(422);
    expect(await limitsOf(item)).toEqual([{ item_id: item, warehouse_id: wh, min: 50, max: 200 }]);

    // The operator may neither write limits nor read either alert list.
    expect((await save({ item_id: other, warehouse_id: wh, min_quantity: 1 }, operator)).status).toBe(403);
    expect((await get('/warehouses/inventory/warn/', {}, operator)).status).toBe(403);
    expect((await get('/warehouses/inventory/warn1/', {}, operator)).status).toBe(403);
    expect(await limitsOf(other)).toEqual([]);
  });
});

describe('the alert lists', () => {
  it('list an item below its minimum, also one that never moved, with the open demand', async () => {
    // `item` has a minimum of 50 and nothing on hand: short by 50, though it has no balance row yet.
    const none = await get('/warehouses/inventory/warn/', { warehouse_id: wh }, store);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    const row = (none.body.dt as Row[]).find(r => r.item_id === item)!;
    expect(row).toMatchObject({ inventory_id: null, quantity: 0, min_quantity: 50, shortfall: 50, warehouse_id: wh });

    // 80 in: no longer short.
    const doc = await s.draft('in', {}, [{ item_id: item, position_id: s.plant.positions[0], quantity: 80, unit_cost: 1 }]);
    expect((await s.post(doc.id)).status).toBe(200);
    const after = await get('/warehouses/inventory/warn/', { warehouse_id: wh }, store);
    expect((after.body.dt as Row[]).some(r => r.item_id === item)).toBe(false);
    // Bad parameters: 400, never 500.
    for (const q of [{ warehouse_id: 'x' }, { warehouse_id: -3 }, { keyword: 'k'.repeat(500) }]) {
      const r = await get('/warehouses/inventory/warn/', q, store);
      expect(r.status, JSON.stringify(q)).toBe(400);
    }
  });

  it('count the open demand of confirmed orders: the item ordered itself and as a material by formula', async () => {
    // A demo order line's item with a current formula: its material is demanded by open lines (decision 186).
    const [m] = await rows<{ material: number; demand: number }>(s.db, sql`
      select fm.item_id as material from formulamaterials fm join formulas f on f.id = fm.formula_id and f.is_current and not f.canceled
      join details d on d.item_id = f.item_id and not d.canceled join orders o on o.id = d.order_id and not o.canceled
        and o.status in ('confirmed', 'producing')
      where fm.sub_formula_id is null limit 1`);
    expect(m, 'the demo has open orders of items with formulas').toBeTruthy();
    const made = await save({ item_id: m!.material, warehouse_id: s.plant.warehouses[1], min_quantity: 1e9 }, store);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const r = await get('/warehouses/inventory/warn/', { warehouse_id: s.plant.warehouses[1]! }, store);
    const row = (r.body.dt as Row[]).find(x => x.item_id === m!.material)!;
    expect(Number(row.demand_materials)).toBeGreaterThan(0);
    // The same need as the formulas' own requirement of the open orders, summed.
    const orders = await rows<{ id: number }>(s.db, sql`select id from orders where status in ('confirmed', 'producing') and not canceled`);
    let sum = 0;
    for (const o of orders) {
      const req = await get('/formulas/requirement/', { order_id: o.id });
      const line = (req.body.dt as Row[] | undefined)?.find(x => x.item_id === m!.material);
      sum += Number(line?.quantity ?? 0);
    }
    expect(Number(row.demand_materials)).toBeCloseTo(sum, 3);
  });

  it('list an item over its maximum and stock idle for the configured days', async () => {
    const doc = await s.draft('in', {}, [{ item_id: other, position_id: s.plant.positions[0], quantity: 300, unit_cost: 1 }]);
    expect((await s.post(doc.id)).status).toBe(200);
    expect((await save({ item_id: other, warehouse_id: wh, max_quantity: 100 }, store)).status).toBe(200);
    const r = await get('/warehouses/inventory/warn1/', { warehouse_id: wh }, store);
    expect(r.status).toBe(200);
    expect(r.body.idle_days).toBe(90);
    expect((r.body.dt as Row[]).find(x => x.item_id === other)).toMatchObject({ reasons: ['over_max'], excess: 200, quantity: 300 });

    // Last moved 40 days ago: idle once the config says 30 days, not at the default 90.
    await s.db.execute(sql`update inventory set moved_at = now() - interval '40 days' where bin_key = ${`${item}:${wh}`}`);
    const before = await get('/warehouses/inventory/warn1/', { warehouse_id: wh }, store);
    expect((before.body.dt as Row[]).some(x => x.item_id === item)).toBe(false);
    await s.db.execute(sql`update configs set "values" = '30' where name = 'stock_idle_days'`);
    const idle = await get('/warehouses/inventory/warn1/', { warehouse_id: wh }, store);
    expect(idle.body.idle_days).toBe(30);
    expect((idle.body.dt as Row[]).find(x => x.item_id === item)).toMatchObject({ reasons: ['idle'], idle_days: 40 });
    await s.db.execute(sql`update configs set "values" = '90' where name = 'stock_idle_days'`);
  });
});

describe('the storekeeper is told', () => {
  it('by the to-do list, counting the items below their minimum', async () => {
    const [{ n }] = await rows<{ n: number }>(s.db, sql`
      select count(*)::int as n from stocklimits l left join inventory b on b.bin_key = l.limit_key
      where l.min_quantity is not null and coalesce(b.quantity, 0) < l.min_quantity`) as [{ n: number }];
    const todos = await get('/todos/', {}, store);
    expect(todos.status).toBe(200);
    const group = (todos.body.groups as Row[]).find(g => g.kind === 'stock_short')!;
    expect(group.count).toBe(n);
    expect(group.path).toBe('/inventory/warn');
    // The operator does not post stock: no such group.
    const theirs = await get('/todos/', {}, operator);
    expect((theirs.body.groups as Row[]).some(g => g.kind === 'stock_short')).toBe(false);
  });

  it('by a message when a posting takes an item below its minimum, once a day per item and warehouse', async () => {
    // `item` holds 80 with a minimum of 50: taking 20 leaves 60 (no message), taking 20 more leaves 40 (one).
    const take = async (q: number) => {
      const d = await s.draft('out', {}, [{ item_id: item, position_id: s.plant.positions[0], quantity: q }]);
      const r = await s.post(d.id);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return d.id;
    };
    await take(20);
    expect(await lowMessages(item)).toEqual([]);
    await take(20);
    const told = await lowMessages(item);
    const [storeAccount] = await rows<{ id: number }>(s.db, sql`select id from accounts where username = 'store'`);
    expect(told.map(m => Number(m.account_id))).toContain(Number(storeAccount!.id));
    expect(new Set(told.map(m => m.link))).toEqual(new Set([`/inventory/warn?warehouse_id=${wh}&item_id=${item}`]));
    const [operatorAccount] = await rows<{ id: number }>(s.db, sql`select id from accounts where username = 'operator'`);
    expect(told.map(m => Number(m.account_id))).not.toContain(Number(operatorAccount!.id));
    const count = told.length;

    // Goods in back above the minimum, and out below it again the same day: no second message.
    const back = await s.draft('in', {}, [{ item_id: item, position_id: s.plant.positions[0], quantity: 30, unit_cost: 1 }]);
    expect((await s.post(back.id)).status).toBe(200);
    await take(30);
    expect((await lowMessages(item)).length).toBe(count);

    // A posting refused whole (its other line wants more than there is) sends nothing, though its first line would
    // have taken the item below its minimum.
    await s.db.execute(sql`delete from messages where kind = 'stock_low'`);
    const refill = await s.draft('in', {}, [{ item_id: item, position_id: s.plant.positions[0], quantity: 20, unit_cost: 1 }]);
    expect((await s.post(refill.id)).status).toBe(200);
    const d = await s.draft('out', {}, [{ item_id: item, position_id: s.plant.positions[0], quantity: 30 },
      { item_id: other, position_id: s.plant.positions[0], quantity: 1e6 }]);
    expect((await s.post(d.id)).status).toBe(409);
    expect(await lowMessages(item)).toEqual([]);
    const [bin] = await rows<{ q: number }>(s.db, sql`select quantity::float8 as q from inventory where bin_key = ${`${item}:${wh}`}`);
    expect(bin!.q).toBe(60);
  });
});
