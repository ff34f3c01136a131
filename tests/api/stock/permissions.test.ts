import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, sessionOf } from '../client';

/**
 * Who may do what with stock (docs/stock.md): the storekeeper writes and posts stock documents and reads the ledger
 * and the balances; a role without the `post` action (supervisor, sales) may not post, and sales may not even read.
 */
let store = '';
let sales = '';
let supervisor = '';

beforeAll(async () => {
  store = await sessionOf('storekeeper');
  sales = await sessionOf('sales');
  supervisor = await sessionOf('supervisor');
});

type Row = Record<string, unknown>;

describe('stock permissions', () => {
  it('lets the storekeeper post and read the ledger, and no one without the action', async () => {
    const warehouses = (await get('/warehouses/list/', { limit: -1 }, { session: store })).body.dt as Row[];
    const items = (await get('/items/list/', { limit: 5 }, { session: store })).body.dt as Row[];
    expect(warehouses.length).toBeGreaterThan(0);
    const doc = await post('/warehouses/stockdocs/save/', { item: { kind: 'in', warehouse_id: warehouses[0]!.id } },
      { session: store, headers: { 'idempotency-key': randomUUID() } });
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    const line = await post('/warehouses/stocklines/save/', { item: { doc_id: doc.body.id, item_id: items[0]!.id, quantity: 3, unit_cost: 2 } },
      { session: store, headers: { 'idempotency-key': randomUUID() } });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    const version = ((await get('/warehouses/stockdocs/detail/', { id: doc.body.id }, { session: store })).body.dt as Row).version;

    for (const session of [sales, supervisor]) {
      expect((await post('/warehouses/stockdocs/post/', { id: doc.body.id, version }, { session })).status).toBe(403);
    }
    expect((await post('/warehouses/stockdocs/save/', { item: { kind: 'in', warehouse_id: warehouses[0]!.id } },
      { session: sales, headers: { 'idempotency-key': randomUUID() } })).status).toBe(403);
    expect((await get('/warehouse/movements/list/', {}, { session: sales })).status).toBe(403);

    const posted = await post('/warehouses/stockdocs/post/', { id: doc.body.id, version }, { session: store });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const ledger = await get('/warehouse/movements/list/', { doc_id: doc.body.id }, { session: store });
    expect(ledger.status).toBe(200);
    expect((ledger.body.dt as Row[]).map(r => Number(r.quantity))).toEqual([3]);
    expect((await get('/warehouses/inventory/list/', { item_id: items[0]!.id }, { session: store })).status).toBe(200);
  });
});
