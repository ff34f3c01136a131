import { describe, expect, it } from 'vitest';
import { get, listEvery, sessionOf } from '../client';

/**
 * The queries menu's search (`anywhere` on the orders and cards lists; docs/reports.md "Queries"): a word found in the
 * rows around an order or a card finds it, every word must be found, and the list stays paged by the server.
 */
type Row = Record<string, unknown>;

async function page(path: string, params: Record<string, string | number>, role: 'supervisor' | 'sales' = 'supervisor') {
  const r = await get(path, { ...params, limit: 20 }, { session: await sessionOf(role) });
  expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(200);
  return { dt: r.body.dt as Row[], total: Number(r.body.total) };
}

describe('anywhere', () => {
  it('finds an order by one of its cards\' numbers and by its customer\'s name, and a card by its order\'s customer', async () => {
    const session = await sessionOf('supervisor');
    const [card] = (await get('/orders/cards/list/', { limit: 1, sort: 'id' }, { session })).body.dt as Row[];
    expect(card).toBeDefined();
    const byCard = await page('/orders/orders/list/', { anywhere: String(card!.show_id) });
    expect(byCard.dt.map(o => o.id)).toContain(card!.order_id);

    const [order] = (await get('/orders/orders/list/', { limit: 1, id: Number(card!.order_id) }, { session })).body.dt as Row[];
    const customer = String(order!.customer_id_name);
    const byCustomer = await page('/orders/orders/list/', { anywhere: customer });
    expect(byCustomer.total).toBeGreaterThan(0);
    expect(byCustomer.dt.map(o => o.id)).toContain(order!.id);

    const cardsOfCustomer = await page('/orders/cards/list/', { anywhere: customer, sort: 'id' });
    expect(cardsOfCustomer.total).toBeGreaterThan(0);
    expect(cardsOfCustomer.dt.map(c => c.id)).toContain(card!.id);
  });

  it('needs every word, and a word found nowhere finds nothing', async () => {
    const session = await sessionOf('supervisor');
    const [card] = (await get('/orders/cards/list/', { limit: 1, sort: 'id' }, { session })).body.dt as Row[];
    expect((await page('/orders/cards/list/', { anywhere: `${String(card!.show_id)} 不存在的词` })).total).toBe(0);
    expect((await page('/orders/orders/list/', { anywhere: 'zzqqxx-nowhere' })).total).toBe(0);
    // Wildcards of LIKE are plain characters here.
    expect((await page('/orders/orders/list/', { anywhere: '%' })).total).toBe(0);
  });

  it('keeps a salesperson to their own orders', async () => {
    const mine = await listEvery('/orders/orders/list/', {}, { session: await sessionOf('sales') });
    const found = await page('/orders/orders/list/', { anywhere: '-' }, 'sales');
    expect(found.total).toBeLessThanOrEqual(mine.length);
    const ids = new Set(mine.map(o => o.id));
    for (const o of found.dt) expect(ids.has(o.id)).toBe(true);
  });
});
