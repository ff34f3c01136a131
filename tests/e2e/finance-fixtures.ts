import { randomUUID } from 'node:crypto';
import { appUrl } from './browser';
import { callAs } from './helpers';

/**
 * What the finance browser tests set up through the API before the accountant's screens are used (shared by
 * finance-bills.test.ts and finance-month.test.ts).
 */
type Row = Record<string, unknown>;

/** A write as `session` with its own idempotency key; throws with the reply unless it is a 200. */
export async function createAs(session: string, path: string, form: Row): Promise<Row> {
  const r = await fetch(`${appUrl()}${path}`, {
    method: 'POST', headers: { authorization: session, 'idempotency-key': randomUUID() },
    body: new URLSearchParams(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))),
  });
  const body = await r.json() as Row;
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** The id a save answers (on the reply, or on its row). */
export const idOf = (r: Row) => Number(r.id ?? (r.dt as Row | undefined)?.id);

/**
 * A new customer `name` of a demo salesperson with one delivery note shipped today from a finished-goods store of its
 * own (code `store`, one position): an order of two lines, 100 and 50 at `price`, both taken in, 70 and 40 shipped — the
 * second at `secondPrice` when given (a price changed after the order, which the reconciliation shows).
 */
export async function shippedDelivery(session: string, o: { name: string; store: string; price: number; secondPrice?: number }):
  Promise<{ id: number; name: string; note: string }> {
  const call = (path: string, form?: Row) => callAs(session, path, form);
  const create = (path: string, form: Row) => createAs(session, path, form);
  const salers = (await call('/persons/list/?is_saler=true&limit=-1')).dt as Row[];
  const customer = idOf(await create('/customers/save/', { item: { name: o.name, saler_id: salers[0]!.id } }));
  const wh = idOf(await create('/warehouses/save/', { item: { code: o.store, name: o.store, kind: 'finished' } }));
  const position = idOf(await create('/warehouses/positions/save/', { item: { warehouse_id: wh, code: `${o.store}-A`, name: `${o.store}-A` } }));
  const items = ((await call('/items/list/?limit=200')).dt as Row[]).filter(i => i.unit != null);
  const [flow] = (await call('/workflows/workflows/list/?limit=1')).dt as Row[];
  const order = await create('/orders/orders/save_with_lines/', { item: { customer_id: customer },
    lines: [100, 50].map((quantity, i) => ({ item_id: items[i]!.id, quantity, price: o.price, workflow_id: flow!.id })) });
  await call('/orders/orders/transition/', { id: order.id, version: order.version, to: 'confirmed' });
  const lines = (order.lines as Row[]).map(l => ({ id: Number(l.id), item_id: Number(l.item_id) }));
  const doc = idOf(await create('/warehouses/stockdocs/save/', { item: { kind: 'in', warehouse_id: wh } }));
  for (const [i, l] of lines.entries()) {
    await create('/warehouses/stocklines/save/', { item: { doc_id: doc, item_id: l.item_id, quantity: [100, 50][i], position_id: position, lot: `L${l.id}` } });
  }
  const d = (await call(`/warehouses/stockdocs/detail/?id=${doc}`)).dt as Row;
  await call('/warehouses/stockdocs/post/', { id: doc, version: d.version });
  const note = idOf(await create('/deliveries/save/', { item: { customer_id: customer, warehouse_id: wh } }));
  await create('/deliveries/lines/save/', { item: { delivery_id: note, detail_id: lines[0]!.id, quantity: 70, lot: `L${lines[0]!.id}` } });
  await create('/deliveries/lines/save/', { item: { delivery_id: note, detail_id: lines[1]!.id, quantity: 40, lot: `L${lines[1]!.id}`,
    ...(o.secondPrice === undefined ? {} : { price: o.secondPrice }) } });
  const n = (await call(`/deliveries/detail/?id=${note}`)).dt as Row;
  await call('/deliveries/ship/', { id: note, version: n.version });
  return { id: customer, name: o.name, note: String(n.show_id) };
}
