import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, post, sessionOf } from '../client';
import {
  admin, cancel, detail, makeCustomer, makeDelivery, makeOrder, makeWarehouse, ok, rowsWhere, salesPerson, save, type Order, type Row,
} from './fixtures';

/**
 * Delivery requests (docs/delivery.md "Requests"), on both databases: sales asks to ship its customers' order lines
 * within what is left of them; the shipping office accepts them into a draft delivery note — a line accepted in part
 * leaves the rest requested in a request split from it — or refuses them with a reply.
 */

let customer: Row;
let wh: { id: number; positions: number[] };
let order: Order;

beforeAll(async () => {
  customer = await makeCustomer(await salesPerson());
  wh = await makeWarehouse();
  order = await makeOrder(Number(customer.id), [100, 60, 30]);
});

/** A request of the customer made by sales, with these lines; its row. */
async function request(lines: Row[], extra: Row = {}): Promise<Row> {
  const sales = await sessionOf('sales');
  const r = ok(await save('/deliveryrequests', { customer_id: customer.id, date: '2026-12-01', ...extra }, sales), 'request');
  for (const l of lines) ok(await save('/deliveryrequests/lines', { request_id: r.body.id, ...l }, sales), 'request line');
  return detail('/deliveryrequests', Number(r.body.id), sales);
}

async function linesOf(requestId: number): Promise<Row[]> {
  return (await rowsWhere('/deliveryrequests/lines/list/', 'request_id', requestId)).sort((a, b) => Number(a.id) - Number(b.id));
}

describe('delivery requests', () => {
  it('are written by sales for its own customer, numbered, with the customer\'s address, and within what is left', async () => {
    const [l0] = order.lines;
    const r = await request([{ detail_id: l0!.id, quantity: 40, remark: '先送一半' }]);
    expect(r).toMatchObject({ status: 'requested', customer_id: customer.id, saler_id: customer.saler_id, address: customer.address,
      contact: customer.contact, phone: customer.phone });
    expect(Number(r.quantity)).toBe(40);
    const [line] = await linesOf(Number(r.id));
    expect(line).toMatchObject({ code: `${String(r.show_id)}-1`, item_id: l0!.item_id, detail_id: l0!.id });
    // 100 ordered, 40 requested: another request of 70 is beyond what is left (60).
    const sales = await sessionOf('sales');
    const r2 = ok(await save('/deliveryrequests', { customer_id: customer.id }, sales)).body.id as number;
    const over = await save('/deliveryrequests/lines', { request_id: r2, detail_id: l0!.id, quantity: 70 }, sales);
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe(translate('zh', 'delivery_over_order', { line: l0!.code, left: 60, wanted: 70 }));
    // A draft delivery note holds too: 50 on a note leaves 10.
    const note = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: l0!.id, quantity: 50 }]);
    expect((await save('/deliveryrequests/lines', { request_id: r2, detail_id: l0!.id, quantity: 11 }, sales)).status).toBe(422);
    ok(await save('/deliveryrequests/lines', { request_id: r2, detail_id: l0!.id, quantity: 10 }, sales));
    // The open lines say the same.
    const open = ok(await get('/deliveries/open_lines/', { customer_id: customer.id }, { session: sales })).body.dt as Row[];
    expect(open.find(o => o.detail_id === l0!.id)).toMatchObject({ quantity: 100, delivered: 0, held: 100, left: 0 });
    // The note cancelled, the request cancelled: what they held is free again.
    ok(await cancel('/deliveries', note));
    ok(await cancel('/deliveryrequests', r2, sales));
    const again = ok(await get('/deliveries/open_lines/', { customer_id: customer.id }, { session: sales })).body.dt as Row[];
    expect(again.find(o => o.detail_id === l0!.id)).toMatchObject({ held: 40, left: 60 });
  });

  it('are accepted into a draft note; a line accepted in part leaves the rest in a request split off', async () => {
    const [, l1, l2] = order.lines;
    const r = await request([{ detail_id: l1!.id, quantity: 60 }, { detail_id: l2!.id, quantity: 30 }], { remark: '急' });
    const [a, b] = await linesOf(Number(r.id));
    const store = await sessionOf('storekeeper');
    const res = ok(await post('/deliveryrequests/accept/', {
      id: r.id, version: r.version, warehouse_id: wh.id, lines: [{ id: a!.id, quantity: 45 }, { id: b!.id, quantity: 30 }],
    }, { session: store }), 'accept');
    const done = await detail('/deliveryrequests', Number(r.id));
    expect(done).toMatchObject({ status: 'accepted', delivery_id: res.body.delivery_id });
    expect((await linesOf(Number(r.id))).map(l => Number(l.accepted_quantity))).toEqual([45, 30]);
    // The note: the request's customer, date, address and consignee, from the warehouse chosen, a line per line accepted.
    const note = await detail('/deliveries', Number(res.body.delivery_id));
    expect(note).toMatchObject({ status: 'draft', customer_id: customer.id, request_id: r.id, warehouse_id: wh.id, date: '2026-12-01',
      address: customer.address, contact: customer.contact, remark: '急' });
    const noteLines = await rowsWhere('/deliveries/lines/list/', 'delivery_id', note.id);
    expect(noteLines.map(l => [l.detail_id, Number(l.quantity)]).sort()).toEqual([[l1!.id, 45], [l2!.id, 30]].sort());
    // The rest: 15 of line 1, requested, split from the first.
    const split = await detail('/deliveryrequests', Number(res.body.split_id));
    expect(split).toMatchObject({ status: 'requested', split_from_id: r.id, customer_id: customer.id, date: '2026-12-01' });
    expect(Number(split.quantity)).toBe(15);
    expect((await linesOf(Number(split.id))).map(l => [l.detail_id, Number(l.quantity)])).toEqual([[l1!.id, 15]]);
    // Accepted: it cannot change, be accepted again or be cancelled.
    const sales = await sessionOf('sales');
    expect((await save('/deliveryrequests', { id: r.id, version: done.version, remark: 'x' }, sales)).status).toBe(409);
    expect((await post('/deliveryrequests/accept/', { id: r.id, version: done.version, warehouse_id: wh.id,
      lines: [{ id: a!.id, quantity: 1 }] }, { session: store })).status).toBe(409);
    expect(await cancel('/deliveryrequests', Number(r.id), sales)).toEqual({ status: 409, body: { msg: translate('zh', 'delivery_request_accepted') } });
    // Sales sees the note made of its request.
    expect((await get('/deliveries/detail/', { id: note.id }, { session: sales })).status).toBe(200);

    // The split request refused with a reply: it holds nothing any more.
    const refused = ok(await post('/deliveryrequests/refuse/', { id: split.id, version: split.version, reply: '库存不足，下周再发' },
      { session: store }), 'refuse');
    expect(await detail('/deliveryrequests', Number(refused.body.id))).toMatchObject({ status: 'refused', reply: '库存不足，下周再发' });
    const open = ok(await get('/deliveries/open_lines/', { customer_id: customer.id }, { session: sales })).body.dt as Row[];
    expect(open.find(o => o.detail_id === l1!.id)).toMatchObject({ held: 45, left: 15 });
  });

  it('refuse an acceptance that is not of the request\'s lines, beyond a line, or of nothing, and leave it as it was', async () => {
    const [l0] = order.lines;
    const r = await request([{ detail_id: l0!.id, quantity: 5 }]);
    const [a] = await linesOf(Number(r.id));
    const store = await sessionOf('storekeeper');
    const other = await request([{ detail_id: l0!.id, quantity: 5 }]);
    const [b] = await linesOf(Number(other.id));
    const base = { id: r.id, version: r.version, warehouse_id: wh.id };
    const cases: [Row, number, string][] = [
      // Another request's line is not known here by its code.
      [{ ...base, lines: [{ id: b!.id, quantity: 5 }] }, 422, translate('zh', 'delivery_accept_line_unknown', { line: `#${String(b!.id)}` })],
      [{ ...base, lines: [{ id: a!.id, quantity: 6 }] }, 422, translate('zh', 'delivery_accept_quantity', { line: String(a!.code), max: 5 })],
      [{ ...base, lines: [{ id: a!.id, quantity: 0 }] }, 422, translate('zh', 'delivery_accept_nothing')],
      [{ ...base, lines: [{ id: a!.id, quantity: 2 }, { id: a!.id, quantity: 2 }] }, 422,
        translate('zh', 'delivery_accept_line_unknown', { line: String(a!.code) })],
      [{ ...base, version: Number(r.version) + 5, lines: [{ id: a!.id, quantity: 5 }] }, 409, ''],
    ];
    for (const [body, status, msg] of cases) {
      const res = await post('/deliveryrequests/accept/', body, { session: store });
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    const after = await detail('/deliveryrequests', Number(r.id));
    expect(after).toMatchObject({ status: 'requested', version: r.version, delivery_id: null });
    expect(await rowsWhere('/deliveries/list/', 'request_id', r.id)).toEqual([]);
    // Sales may not accept, nor refuse.
    const sales = await sessionOf('sales');
    expect((await post('/deliveryrequests/accept/', { ...base, lines: [{ id: a!.id, quantity: 5 }] }, { session: sales })).status).toBe(403);
    expect((await post('/deliveryrequests/refuse/', { id: r.id, version: r.version, reply: 'no' }, { session: sales })).status).toBe(403);
    // A refusal needs its reply.
    const blank = await post('/deliveryrequests/refuse/', { id: r.id, version: r.version, reply: '  ' }, { session: store });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe(translate('zh', 'delivery_refuse_reply'));
    // Cleaned up: neither request holds the line any more.
    ok(await cancel('/deliveryrequests', Number(r.id), sales));
    ok(await cancel('/deliveryrequests', Number(other.id), sales));
    const admins = await admin();
    expect((await get('/deliveryrequests/detail/', { id: r.id }, { session: admins })).body.dt).toMatchObject({ canceled: true });
  });
});
