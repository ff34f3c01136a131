import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, post, postJson } from '../client';
import {
  admin, cancel, detail, makeCustomer, makeDelivery, makeOrder, makeWarehouse, ok, otherSaler, rowsWhere, salesPerson, save,
  stockIn, type Order, type Row,
} from './fixtures';

/**
 * Bad input on every delivery endpoint answers 4xx with its reason, never 500, and writes nothing (docs/delivery.md),
 * on both databases.
 */

let customer: Row;
let stranger: Row;
let order: Order;
let otherOrder: Order;
let wh: { id: number; positions: number[] };
let note = 0;
let requestId = 0;
let requestLine = 0;

beforeAll(async () => {
  const saler = await otherSaler(await salesPerson());
  customer = await makeCustomer(saler);
  stranger = await makeCustomer(saler);
  order = await makeOrder(Number(customer.id), [10, 10]);
  otherOrder = await makeOrder(Number(stranger.id), [10]);
  wh = await makeWarehouse();
  note = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: order.lines[0]!.id, quantity: 4, card_id: order.cards[0]!.id }]);
  requestId = ok(await save('/deliveryrequests', { customer_id: customer.id })).body.id as number;
  requestLine = ok(await save('/deliveryrequests/lines', { request_id: requestId, detail_id: order.lines[1]!.id, quantity: 2 })).body.id as number;
});

/** Every reply is a 4xx with a message. */
function refused(r: { status: number; body: Row }, what: string): void {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, what).toBeLessThan(500);
  expect(typeof r.body.msg, what).toBe('string');
}

describe('bad input on the delivery endpoints', () => {
  it('the special calls refuse malformed parameters with 4xx and change nothing', async () => {
    const session = await admin();
    const req = await detail('/deliveryrequests', requestId);
    const n = await detail('/deliveries', note);
    const calls: [string, Row][] = [
      ['/deliveryrequests/accept/', {}],
      ['/deliveryrequests/accept/', { id: 'x', version: 1, warehouse_id: wh.id, lines: [] }],
      ['/deliveryrequests/accept/', { id: requestId, version: req.version, warehouse_id: wh.id, lines: 'not json' }],
      ['/deliveryrequests/accept/', { id: requestId, version: req.version, warehouse_id: wh.id, lines: [] }],
      ['/deliveryrequests/accept/', { id: requestId, version: req.version, warehouse_id: wh.id, lines: [{ id: requestLine, quantity: -1 }] }],
      ['/deliveryrequests/accept/', { id: requestId, version: req.version, warehouse_id: wh.id, lines: [{ id: requestLine, quantity: 1.23456 }] }],
      ['/deliveryrequests/accept/', { id: requestId, version: req.version, warehouse_id: wh.id, lines: [{ id: requestLine, quantity: '2' }] }],
      ['/deliveryrequests/accept/', { id: requestId, version: req.version, warehouse_id: 2_147_483_000, lines: [{ id: requestLine, quantity: 2 }] }],
      ['/deliveryrequests/accept/', { id: 2_147_483_000, version: 1, warehouse_id: wh.id, lines: [{ id: requestLine, quantity: 2 }] }],
      ['/deliveryrequests/accept/', { id: requestId, version: req.version, lines: [{ id: requestLine, quantity: 2 }] }],
      ['/deliveryrequests/refuse/', { id: requestId, version: req.version }],
      ['/deliveryrequests/refuse/', { id: requestId, version: req.version, reply: 'x'.repeat(201) }],
      ['/deliveryrequests/refuse/', { id: requestId, version: Number(req.version) + 1, reply: 'no' }],
      ['/deliveries/ship/', { id: note }],
      ['/deliveries/ship/', { id: -1, version: 1 }],
      ['/deliveries/ship/', { id: 2_147_483_000, version: 1 }],
      ['/deliveries/ship/', { id: note, version: Number(n.version) + 3 }],
      ['/deliveries/sign/', { delivery_id: note }],
      ['/deliveries/sign/', { delivery_id: note, signer: 'a', signature: '/files/?action=download&id=nosuchfileatallxx' }],
      ['/deliveries/sign/', { delivery_id: note, signer: 'a', signature: 'x', place: '100,200' }],
      ['/deliveries/sign/', { delivery_id: note, signer: 'a', signature: 'x', at: '2026-11-20T15:30:00' }],
      ['/deliveries/sign/', { delivery_id: note, signer: ' ', signature: 'x' }],
    ];
    for (const [path, body] of calls) refused(await post(path, body, { session }), `${path} ${JSON.stringify(body)}`);
    // A JSON body of the wrong types.
    refused(await postJson('/deliveries/ship/', { id: [note], version: { v: 1 } }, { session }), 'ship JSON');
    refused(await postJson('/deliveryrequests/accept/', { id: requestId, version: req.version, warehouse_id: wh.id,
      lines: [{ id: requestLine, quantity: Number.MAX_VALUE }] }, { session }), 'accept huge');
    for (const q of [{}, { customer_id: 'x' }, { customer_id: customer.id, order_id: -2 }, { customer_id: customer.id, keyword: 'x'.repeat(101) }]) {
      refused(await get('/deliveries/open_lines/', q, { session }), `open_lines ${JSON.stringify(q)}`);
    }
    const printBad = await post('/prints/do/', { item: { category: 'deliveries', ids: [note], template: -99 }, action: 'preview' }, { session });
    expect(printBad.status).toBe(400);
    // Nothing changed.
    expect(await detail('/deliveryrequests', requestId)).toMatchObject({ status: 'requested', version: req.version });
    expect(await detail('/deliveries', note)).toMatchObject({ status: 'draft', version: n.version });
    expect(await rowsWhere('/deliveries/list/', 'request_id', requestId)).toEqual([]);
    expect(await rowsWhere('/warehouses/stockdocs/list/', 'delivery_id', note)).toEqual([]);
  });

  it('the documents\' saves refuse what their rules forbid, naming the field, and write nothing', async () => {
    const session = await admin();
    const [l0, l1] = order.lines;
    const bad: [string, Row, number, string | null][] = [
      ['/deliveries/lines', { delivery_id: note, detail_id: l0!.id, quantity: 0 }, 422, 'delivery_quantity'],
      ['/deliveries/lines', { delivery_id: note, detail_id: l0!.id, quantity: 7 }, 422, null],
      ['/deliveries/lines', { delivery_id: note, detail_id: otherOrder.lines[0]!.id, quantity: 1 }, 422, 'delivery_line_other_customer'],
      ['/deliveries/lines', { delivery_id: note, detail_id: l0!.id, quantity: 1, card_id: order.cards[1]!.id }, 422, null],
      ['/deliveries/lines', { delivery_id: note, detail_id: 2_147_483_000, quantity: 1 }, 422, null],
      ['/deliveries/lines', { delivery_id: note, detail_id: l0!.id, quantity: 'lots' }, 422, null],
      ['/deliveries/lines', { delivery_id: note, detail_id: l0!.id, quantity: 1, amount: 5 }, 422, null],
      ['/deliveries', { customer_id: customer.id, warehouse_id: wh.id, status: 'shipped' }, 422, null],
      ['/deliveries', { customer_id: customer.id }, 422, null],
      ['/deliveryrequests', { customer_id: customer.id, order_id: otherOrder.id }, 422, 'delivery_order_other_customer'],
      ['/deliveryrequests/lines', { request_id: requestId, detail_id: l1!.id, quantity: 9 }, 422, null],
      ['/deliveryrequests/lines', { request_id: requestId, detail_id: l1!.id, quantity: -1 }, 422, null],
      ['/deliveryrequests/lines', { request_id: requestId, detail_id: l1!.id, quantity: 1, accepted_quantity: 1 }, 422, null],
      ['/warehouses/stockdocs', { kind: 'checkout', warehouse_id: wh.id }, 409, 'stock_checkout_by_delivery'],
    ];
    const linesBefore = (await rowsWhere('/deliveries/lines/list/', 'delivery_id', note)).length;
    for (const [api, item, status, key] of bad) {
      const r = await save(api, item, session);
      expect(r.status, `${api} ${JSON.stringify(item)}: ${JSON.stringify(r.body)}`).toBe(status);
      if (key) expect(r.body.msg).toContain(translate('zh', key as 'delivery_quantity').split('{')[0]!);
    }
    // A package that holds none of the line's item.
    const pkg = ok(await save('/warehouses/packages', { kind: 'carton' })).body.id as number;
    const empty = await save('/deliveries/lines', { delivery_id: note, detail_id: l0!.id, quantity: 1, package_id: pkg }, session);
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(['package_id']);
    expect((await rowsWhere('/deliveries/lines/list/', 'delivery_id', note)).length).toBe(linesBefore);
    expect(Number((await detail('/deliveries', note)).quantity)).toBe(4);
    // A line cannot move to another note, nor a note change customer once it has lines.
    const other = await makeDelivery(Number(customer.id), wh.id, []);
    const [line] = await rowsWhere('/deliveries/lines/list/', 'delivery_id', note);
    expect((await save('/deliveries/lines', { id: line!.id, version: line!.version, delivery_id: other })).status).toBe(422);
    const n = await detail('/deliveries', note);
    expect((await save('/deliveries', { id: note, version: n.version, customer_id: stranger.id })).status).toBe(409);
    // A cancelled order's line can no longer be requested or delivered.
    const gone = await makeOrder(Number(customer.id), [5], [0]);
    const go = await detail('/orders/orders', gone.id);
    ok(await post('/orders/orders/cancel/', { id: gone.id, version: go.version }, { session }), 'cancel order');
    const late = await save('/deliveries/lines', { delivery_id: other, detail_id: gone.lines[0]!.id, quantity: 1 }, session);
    expect(late.status).toBe(422);
  });

  it('a cancelled note cannot be shipped, and nothing is written', async () => {
    const o = await makeOrder(Number(customer.id), [10]);
    await stockIn(wh.id, [{ item_id: o.cards[0]!.item_id, quantity: 10, position_id: wh.positions[0], card_id: o.cards[0]!.id }]);
    const d = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: o.lines[0]!.id, quantity: 10, card_id: o.cards[0]!.id }]);
    // A draft note cancelled can no longer be shipped.
    ok(await cancel('/deliveries', d));
    const n = await detail('/deliveries', d);
    const r = await post('/deliveries/ship/', { id: d, version: n.version }, { session: await admin() });
    expect(r).toEqual({ status: 409, body: { msg: translate('zh', 'delivery_canceled') } });
    expect(await rowsWhere('/warehouses/stockdocs/list/', 'delivery_id', d)).toEqual([]);
  });
});
