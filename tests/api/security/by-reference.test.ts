import { describe, expect, it } from 'vitest';
import { get, sessionOf } from '../client';
import { admin, ok } from './helpers';

/**
 * Issue 29, finding 4: "Read-by-reference hands out more than names." A role that may view cards reads the orders
 * the cards name, and one that may view facts the accounts that resolved them — to show their names. Such a caller
 * now gets each row's id and display name, nothing else, and may not filter or sort by anything else.
 */

type Row = Record<string, unknown>;
const ALLOWED = (display: string) => new Set(['id', 'canceled', display]);

async function listed(role: 'operator' | 'inspector' | 'supervisor', api: string): Promise<Row[]> {
  return ok(await get(`${api}/list/`, { limit: 50 }, { session: await sessionOf(role) }), `${role} ${api}`).body.dt as Row[];
}

describe('a resource read only by reference', () => {
  it.each(['operator', 'inspector'] as const)('gives the %s the orders\' numbers, no customer, amount or check code', async role => {
    const rows = await listed(role, '/orders/orders');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) for (const k of Object.keys(r)) expect(ALLOWED('show_id').has(k), `${role} sees orders.${k}`).toBe(true);
    const one = ok(await get('/orders/orders/detail/', { id: rows[0]!.id }, { session: await sessionOf(role) })).body.dt as Row;
    expect(Object.keys(one).every(k => ALLOWED('show_id').has(k))).toBe(true);
    // The full row is there for a role that views orders.
    const full = ok(await get('/orders/orders/detail/', { id: rows[0]!.id }, { session: await admin() })).body.dt as Row;
    expect(full).toHaveProperty('check_code');
  });

  it.each(['operator', 'inspector', 'supervisor'] as const)('gives the %s the accounts\' names, no username, roles or state', async role => {
    const r = await get('/accounts/list/', { limit: 50 }, { session: await sessionOf(role) });
    if (r.status === 403) return; // this role does not read accounts at all
    for (const row of r.body.dt as Row[]) for (const k of Object.keys(row)) expect(ALLOWED('name').has(k), `${role} sees accounts.${k}`).toBe(true);
  });

  it('refuses a filter or sort on anything but the name, so nothing can be guessed through them', async () => {
    const operator = await sessionOf('operator');
    const byCode = await get('/orders/orders/list/', { filter: JSON.stringify([{ field: 'check_code', op: 'eq', value: '1234' }]) },
      { session: operator });
    expect(byCode.status).toBe(400);
    expect((await get('/orders/orders/list/', { sort: '-amount' }, { session: operator })).status).toBe(400);
  });

  it('leaves the kiosk roles what their screens read: work nodes with their swipe rules, routes, items', async () => {
    const nodes = await listed('operator', '/workflows/worknodes');
    expect(nodes.some(n => 'tap_mode' in n)).toBe(true);
    const flows = await listed('operator', '/workflows/workflows');
    expect(flows.some(f => 'worknode_ids' in f)).toBe(true);
  });
});
