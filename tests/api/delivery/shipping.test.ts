import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, post } from '../client';
import {
  admin, cancel, detail, lineOf, makeCustomer, makeDelivery, makeOrder, makeWarehouse, ok, otherSaler, rowsWhere, salesPerson,
  save, ship, stockIn, stockOf, uploadImage, type Row,
} from './fixtures';

/**
 * Shipping a delivery note (docs/delivery.md "Shipping", "Orders follow", "Cancelling"), on both databases: the
 * check-out it posts takes exactly what its lines name, the order lines' delivered quantities and the orders' status
 * follow two partial deliveries and a cancel, a package goes whole, a shipping short of stock writes nothing, and a
 * signed note stays.
 */

let customer: Row;
let wh: { id: number; positions: number[] };

beforeAll(async () => {
  customer = await makeCustomer(await otherSaler(await salesPerson()));
  wh = await makeWarehouse();
});

/** The ledger rows of a stock document, oldest first. */
async function movementsOf(docId: number): Promise<Row[]> {
  const r = ok(await get('/warehouse/movements/list/', { filter: [{ field: 'doc_id', op: 'eq', value: docId }], sort: 'id', limit: 1000 },
    { session: await admin() }));
  return r.body.dt as Row[];
}

const sum = (rows: readonly Row[], f = 'quantity') => rows.reduce((s, r) => s + Number(r[f] ?? 0), 0);

describe('shipping a delivery note', () => {
  it('posts a check-out of exactly its lines; two partial deliveries ship the order, a cancel takes it back', async () => {
    const order = await makeOrder(Number(customer.id), [100, 40]);
    const [c0, c1] = order.cards;
    const [l0, l1] = order.lines;
    const [p0, p1] = wh.positions;
    // Card 0's lot at two places (60 + 40), card 1's at one.
    await stockIn(wh.id, [
      { item_id: c0!.item_id, quantity: 60, position_id: p0, card_id: c0!.id },
      { item_id: c0!.item_id, quantity: 40, position_id: p1, card_id: c0!.id },
      { item_id: c1!.item_id, quantity: 40, position_id: p0, card_id: c1!.id },
    ]);

    const d1 = await makeDelivery(Number(customer.id), wh.id, [
      { detail_id: l0!.id, quantity: 70, card_id: c0!.id },
      { detail_id: l1!.id, quantity: 40, card_id: c1!.id, price: 3 },
    ], { vehicle: '沪A12345' });
    const note = await detail('/deliveries', d1);
    expect(note).toMatchObject({ status: 'draft', address: customer.address, contact: customer.contact, phone: customer.phone,
      saler_id: customer.saler_id });
    expect(Number(note.quantity)).toBe(110);
    // 70 × 2.5 (the order line's price) + 40 × 3 (the price given).
    expect(Number(note.amount)).toBe(295);
    const lines = await rowsWhere('/deliveries/lines/list/', 'delivery_id', d1);
    expect(lines.map(l => l.code).sort()).toEqual([`${String(note.show_id)}-1`, `${String(note.show_id)}-2`]);
    expect(lines.find(l => l.detail_id === l0!.id)).toMatchObject({ lot: c0!.show_id, order_id: order.id, item_id: c0!.item_id });

    const shipped = ok(await ship(d1), 'ship d1');
    const stockdocId = shipped.body.stockdoc_id as number;
    const doc = await detail('/warehouses/stockdocs', stockdocId);
    expect(doc).toMatchObject({ kind: 'checkout', status: 'posted', delivery_id: d1, warehouse_id: wh.id, customer_id: customer.id });
    // One check-out line per place taken: 60 at p0 and 10 at p1 of card 0's lot (the fullest place first), 40 of card 1's.
    const stockLines = await rowsWhere('/warehouses/stocklines/list/', 'doc_id', stockdocId);
    const moves = await movementsOf(stockdocId);
    expect(moves.length).toBe(3);
    expect(shipped.body.movements).toBe(3);
    const key = (r: Row) => `${String(r.item_id)}:${String(r.position_id)}:${String(r.lot)}:${Number(r.quantity)}`;
    expect(moves.map(key).sort()).toEqual(stockLines.map(l => key({ ...l, quantity: -Number(l.quantity) })).sort());
    expect(moves.map(key).sort()).toEqual([
      `${c0!.item_id}:${p0}:${c0!.show_id}:-60`, `${c0!.item_id}:${p1}:${c0!.show_id}:-10`, `${c1!.item_id}:${p0}:${c1!.show_id}:-40`,
    ].sort());
    // Per delivery line, what the check-out took is the line's quantity.
    for (const l of lines) expect(-sum(moves.filter(m => m.item_id === l.item_id && m.lot === l.lot))).toBe(Number(l.quantity));

    expect(await detail('/deliveries', d1)).toMatchObject({ status: 'shipped', stockdoc_id: stockdocId });
    expect(Number((await lineOf(l0!.id)).delivered_quantity)).toBe(70);
    expect(Number((await lineOf(l1!.id)).delivered_quantity)).toBe(40);
    expect((await detail('/orders/orders', order.id)).status).toBe('producing');

    // The rest of line 0 from p1: the order is delivered in full and shipped.
    const d2 = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: l0!.id, quantity: 30, card_id: c0!.id, position_id: p1 }]);
    ok(await ship(d2), 'ship d2');
    expect(Number((await lineOf(l0!.id)).delivered_quantity)).toBe(100);
    expect((await detail('/orders/orders', order.id)).status).toBe('shipped');
    expect((await stockOf(wh.id)).filter(s => s.lot === c0!.show_id)).toEqual([]);
    const history = ok(await get('/history/list/', { table_name: 'orders', kid: order.id }, { session: await admin() })).body.dt as Row[];
    expect(history.some(h => (h.after as Row | null)?.status === 'shipped')).toBe(true);

    // The check-out cannot be cancelled on its own: only with its note.
    const own = await cancel('/warehouses/stockdocs', stockdocId);
    expect(own).toEqual({ status: 409, body: { msg: translate('zh', 'stock_checkout_by_delivery') } });

    // Cancelling the second note: its goods back at p1, line 0 back to 70 delivered, the order back to producing (its
    // cards are not done).
    ok(await cancel('/deliveries', d2), 'cancel d2');
    expect(Number((await lineOf(l0!.id)).delivered_quantity)).toBe(70);
    expect((await detail('/orders/orders', order.id)).status).toBe('producing');
    const back = (await stockOf(wh.id)).filter(s => s.lot === c0!.show_id);
    expect(back.map(s => [s.position_id, Number(s.quantity)])).toEqual([[p1, 30]]);
    const d2doc = await detail('/warehouses/stockdocs', Number((await detail('/deliveries', d2)).stockdoc_id));
    expect(d2doc.canceled).toBe(true);
    const d2moves = await movementsOf(Number(d2doc.id));
    expect(sum(d2moves)).toBe(0);

    // A shipped note cannot change, nor take lines.
    const edit = await save('/deliveries', { id: d1, version: (await detail('/deliveries', d1)).version, vehicle: 'X' });
    expect(edit.status).toBe(409);
    const more = await save('/deliveries/lines', { delivery_id: d1, detail_id: l0!.id, quantity: 1, card_id: c0!.id });
    expect(more.status).toBe(409);
  });

  it('ships a package whole: one check-out line per place of it, the package shipped; a cancel puts it back', async () => {
    const order = await makeOrder(Number(customer.id), [50], [2]);
    const [ca, cb] = order.cards;
    const pkg = ok(await save('/warehouses/packages', { kind: 'pallet' }), 'package').body.id as number;
    await stockIn(wh.id, [
      { item_id: ca!.item_id, quantity: 20, position_id: wh.positions[0], card_id: ca!.id, package_id: pkg },
      { item_id: cb!.item_id, quantity: 30, position_id: wh.positions[0], card_id: cb!.id, package_id: pkg },
      // Loose goods of the same lot beside the package: not taken.
      { item_id: cb!.item_id, quantity: 5, position_id: wh.positions[0], card_id: cb!.id },
    ]);
    // The quantity sent is replaced by what the package holds of the line's item.
    const d = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: order.lines[0]!.id, package_id: pkg, quantity: 0 }]);
    const [line] = await rowsWhere('/deliveries/lines/list/', 'delivery_id', d);
    expect(Number(line!.quantity)).toBe(50);
    const r = ok(await ship(d), 'ship package');
    const moves = await movementsOf(r.body.stockdoc_id as number);
    expect(moves.map(m => [m.lot, m.package_id, Number(m.quantity)]).sort()).toEqual([
      [ca!.show_id, pkg, -20], [cb!.show_id, pkg, -30],
    ].sort());
    expect((await detail('/warehouses/packages', pkg)).status).toBe('shipped');
    const loose = (await stockOf(wh.id)).filter(s => s.lot === cb!.show_id);
    expect(loose.map(s => [s.package_id ?? null, Number(s.quantity)])).toEqual([[null, 5]]);
    expect((await detail('/orders/orders', order.id)).status).toBe('shipped');

    ok(await cancel('/deliveries', d), 'cancel');
    expect((await detail('/warehouses/packages', pkg)).status).toBe('closed');
    const inPackage = (await stockOf(wh.id)).filter(s => s.package_id === pkg);
    expect(sum(inPackage)).toBe(50);
    // One writer of the package's status (the posting's package refresh): one change to shipped, one back to closed.
    const history = ok(await get('/history/list/', { table_name: 'packages', kid: pkg, limit: 100 }, { session: await admin() })).body.dt as Row[];
    const statusChanges = history.map(h => [(h.before as Row | null)?.status, (h.after as Row | null)?.status])
      .filter(([b, a]) => a !== undefined && a !== b).map(([, a]) => a);
    expect(statusChanges.filter(s => s === 'shipped')).toHaveLength(1);
    expect(statusChanges.filter(s => s === 'closed')).toHaveLength(1);
  });

  it('refuses a shipping short of stock with what is there, and writes nothing', async () => {
    const order = await makeOrder(Number(customer.id), [80]);
    const [c] = order.cards;
    await stockIn(wh.id, [{ item_id: c!.item_id, quantity: 30, position_id: wh.positions[1], card_id: c!.id }]);
    const d = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: order.lines[0]!.id, quantity: 50, card_id: c!.id }]);
    const before = await detail('/deliveries', d);
    const stockBefore = await stockOf(wh.id);
    const r = await ship(d, await admin());
    expect(r.status).toBe(409);
    expect(r.body.msg).toContain('30');
    expect(r.body.msg).toContain('50');
    const en = await post('/deliveries/ship/', { id: d, version: before.version }, { session: await admin(), lang: 'en' });
    expect(en.body.msg).toMatch(/^Not enough stock/);
    // Nothing written: the note as it was, no check-out, nothing delivered, the stock as it was.
    const after = await detail('/deliveries', d);
    expect(after).toMatchObject({ status: 'draft', version: before.version, stockdoc_id: null });
    expect(await rowsWhere('/warehouses/stockdocs/list/', 'delivery_id', d)).toEqual([]);
    expect(Number((await lineOf(order.lines[0]!.id)).delivered_quantity)).toBe(0);
    expect(await stockOf(wh.id)).toEqual(stockBefore);
    // A line naming neither a lot nor a package is not picked.
    const unpicked = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: order.lines[0]!.id, quantity: 10 }]);
    const u = await ship(unpicked);
    expect(u.status).toBe(422);
    expect(u.body.msg).toBe(translate('zh', 'delivery_line_unpicked', { line: `${String((await detail('/deliveries', unpicked)).show_id)}-1` }));
    // A card taken off a line takes its lot with it: the line is no longer picked from the card's lot.
    const carded = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: order.lines[0]!.id, quantity: 10, card_id: c!.id }]);
    const [cl] = await rowsWhere('/deliveries/lines/list/', 'delivery_id', carded);
    expect(cl).toMatchObject({ card_id: c!.id, lot: c!.show_id });
    ok(await save('/deliveries/lines', { id: cl!.id, version: cl!.version, card_id: null }), 'card off');
    expect(await detail('/deliveries/lines', Number(cl!.id))).toMatchObject({ card_id: null, lot: '' });
    expect((await ship(carded)).status).toBe(422);
  });

  it('signs a shipped note once, and a signed note cannot be cancelled', async () => {
    const order = await makeOrder(Number(customer.id), [10]);
    const [c] = order.cards;
    await stockIn(wh.id, [{ item_id: c!.item_id, quantity: 10, position_id: wh.positions[0], card_id: c!.id }]);
    const d = await makeDelivery(Number(customer.id), wh.id, [{ detail_id: order.lines[0]!.id, quantity: 10, card_id: c!.id }]);
    const signature = await uploadImage();
    const photo = await uploadImage();
    const session = await admin();
    const early = await post('/deliveries/sign/', { delivery_id: d, signer: '李收货', signature }, { session });
    expect(early).toEqual({ status: 409, body: { msg: translate('zh', 'delivery_not_shipped') } });
    ok(await ship(d), 'ship');
    const dataUrl = await post('/deliveries/sign/', { delivery_id: d, signer: '李收货', signature: 'data:image/png;base64,iVBORw0KGgo=' }, { session });
    expect(dataUrl.status).toBe(422);
    const at = '2026-11-20T15:30:00+08:00';
    ok(await post('/deliveries/sign/', { delivery_id: d, signer: '李收货', signature, photo, place: '31.2304,121.4737', at }, { session }), 'sign');
    const signed = await detail('/deliveries', d);
    expect(signed).toMatchObject({ status: 'signed', signer: '李收货', signature, photo, sign_place: '31.2304,121.4737' });
    expect(new Date(String(signed.signed_at)).toISOString()).toBe(new Date(at).toISOString());
    const again = await post('/deliveries/sign/', { delivery_id: d, signer: '张三', signature }, { session });
    expect(again).toEqual({ status: 409, body: { msg: translate('zh', 'delivery_already_signed') } });
    expect(await cancel('/deliveries', d)).toEqual({ status: 409, body: { msg: translate('zh', 'delivery_signed') } });
    expect((await detail('/deliveries', d)).canceled).toBe(false);
    expect(Number((await lineOf(order.lines[0]!.id)).delivered_quantity)).toBe(10);
  });
});
