import { describe, expect, it } from 'vitest';
import type { TodosReply } from '../../src/domain/contract/todos';
import { get, sessionOf, type DemoRole } from './client';

/** `GET /todos/` (docs/reports.md "To-do list") on the demo plant: each kind for whoever may handle it, counted right. */

async function todosOf(role: DemoRole): Promise<TodosReply> {
  const r = await get('/todos/', {}, { session: await sessionOf(role), lang: 'en' });
  expect(r.status).toBe(200);
  return r.body as unknown as TodosReply;
}

const total = async (role: DemoRole, path: string, params: Record<string, string | number>) => {
  const r = await get(path, { ...params, limit: 1 }, { session: await sessionOf(role) });
  expect(r.status).toBe(200);
  return Number(r.body.total);
};

describe('to-do list', () => {
  it('gives a supervisor every kind, each counted as its list counts it', async () => {
    const t = await todosOf('supervisor');
    expect(t.groups.map(g => g.kind)).toEqual(['deadletters', 'orders_to_confirm', 'cards_queued', 'maintenance_due', 'forms_flagged']);
    const of = (k: string) => t.groups.find(g => g.kind === k)!;
    // Flagged forms not reviewed yet (docs/sales-office.md "Forms"), as the forms list counts them.
    expect(of('forms_flagged').count).toBe(await total('supervisor', '/forms/list/', { flagged: 1, status: 'submitted' }));
    expect(of('orders_to_confirm').count).toBe(await total('supervisor', '/orders/orders/list/', { status: 'draft' }));
    expect(of('deadletters').count).toBe(await total('supervisor', '/sync/facts/list/', { status: 'rejected' }));
    expect(of('cards_queued').count).toBeGreaterThan(0);
    for (const g of t.groups) {
      expect(g.entries.length).toBeLessThanOrEqual(Math.min(8, g.count));
      for (const e of g.entries) expect(e.path).toMatch(/^\//);
    }
    for (const e of of('orders_to_confirm').entries) expect(e.path).toBe(`/orders/edit/${e.id}`);
  });

  it('gives each role only what it may handle, a salesperson only its own orders', async () => {
    expect((await todosOf('operator')).groups.map(g => g.kind)).toEqual(['cards_queued']);
    expect((await todosOf('finance')).groups).toEqual([]);
    const sales = await todosOf('sales');
    expect(sales.groups.map(g => g.kind)).toEqual(['orders_to_confirm', 'cards_queued']);
    expect(sales.groups[0]!.count).toBe(await total('sales', '/orders/orders/list/', { status: 'draft' }));
    expect(sales.groups[0]!.count).toBeLessThanOrEqual((await todosOf('supervisor')).groups[1]!.count);
    // The storekeeper: the demo's items below their minimum stock, as the shortage list counts them (docs/stock.md).
    const store = await todosOf('storekeeper');
    expect(store.groups.map(g => g.kind)).toEqual(['stock_short']);
    const shortages = await get('/warehouses/inventory/warn/', {}, { session: await sessionOf('storekeeper') });
    expect(store.groups[0]!.count).toBe(shortages.body.total);
    expect(store.groups[0]!.count).toBeGreaterThan(0);
  });

  it('refuses a caller without a session', async () => {
    expect((await get('/todos/')).status).toBe(401);
  });
});
