import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, listEvery, post, sessionOf } from '../client';
import {
  admin, makeCustomer, makeDelivery, makeOrder, makeWarehouse, ok, otherSaler, salesPerson, save, type Order, type Row,
} from './fixtures';

/**
 * Row scope of delivery (docs/delivery.md "Who may do what"), on both databases: the demo salesperson, scoped to its
 * own customers, sees and writes only its own customers' requests and reads only their delivery notes and lines —
 * in every list (the spec's `/warehouses/deliverieslist/` too), detail, open line and print; a colleague's answer 404
 * as if absent. The shipping office sees them all.
 */

let mine: Row;
let theirs: Row;
let myOrder: Order;
let theirOrder: Order;
let wh: { id: number; positions: number[] };
let myNote = 0;
let theirNote = 0;
let theirRequest = 0;

beforeAll(async () => {
  const me = await salesPerson();
  mine = await makeCustomer(me);
  theirs = await makeCustomer(await otherSaler(me));
  myOrder = await makeOrder(Number(mine.id), [20]);
  theirOrder = await makeOrder(Number(theirs.id), [20]);
  wh = await makeWarehouse();
  myNote = await makeDelivery(Number(mine.id), wh.id, [{ detail_id: myOrder.lines[0]!.id, quantity: 5 }]);
  theirNote = await makeDelivery(Number(theirs.id), wh.id, [{ detail_id: theirOrder.lines[0]!.id, quantity: 5 }]);
  theirRequest = ok(await save('/deliveryrequests', { customer_id: theirs.id })).body.id as number;
  ok(await save('/deliveryrequests/lines', { request_id: theirRequest, detail_id: theirOrder.lines[0]!.id, quantity: 3 }));
});

const ids = (rows: readonly Row[]) => rows.map(r => Number(r.id));

describe('delivery row scope', () => {
  it('lets sales see only its own customers\' requests, notes and lines, everywhere', async () => {
    const sales = await sessionOf('sales');
    const me = await salesPerson();
    const requests = await listEvery('/deliveryrequests/list/', {}, { session: sales });
    expect(requests.every(r => r.saler_id === me)).toBe(true);
    expect(ids(requests)).not.toContain(theirRequest);
    const reqLines = await listEvery('/deliveryrequests/lines/list/', {}, { session: sales });
    expect(reqLines.some(l => l.request_id === theirRequest)).toBe(false);
    for (const path of ['/deliveries/list/', '/warehouses/deliverieslist/']) {
      const notes = await listEvery(path, {}, { session: sales });
      expect(ids(notes), path).toContain(myNote);
      expect(ids(notes), path).not.toContain(theirNote);
      expect(notes.every(n => n.saler_id === me), path).toBe(true);
    }
    const lines = await listEvery('/deliveries/lines/list/', {}, { session: sales });
    expect(lines.some(l => l.delivery_id === myNote)).toBe(true);
    expect(lines.some(l => l.delivery_id === theirNote)).toBe(false);
    expect((await get('/deliveries/detail/', { id: theirNote }, { session: sales })).status).toBe(404);
    expect((await get('/deliveryrequests/detail/', { id: theirRequest }, { session: sales })).status).toBe(404);
    expect((await get('/history/list/', { table_name: 'deliveries', kid: theirNote }, { session: sales })).status).toBe(404);
    // Open lines: its own customer's; a colleague's customer has none for it.
    const open = ok(await get('/deliveries/open_lines/', { customer_id: mine.id }, { session: sales })).body.dt as Row[];
    expect(open.map(o => o.detail_id)).toEqual([myOrder.lines[0]!.id]);
    expect(ok(await get('/deliveries/open_lines/', { customer_id: theirs.id }, { session: sales })).body.dt).toEqual([]);
    // Printing a colleague's note: as if it did not exist.
    const print = await post('/prints/do/', { item: { category: 'deliveries', ids: [theirNote] }, action: 'preview' }, { session: sales });
    expect(print.status).toBe(422);
    ok(await post('/prints/do/', { item: { category: 'deliveries', ids: [myNote] }, action: 'preview' }, { session: sales }));
  });

  it('lets sales write requests for its own customers only', async () => {
    const sales = await sessionOf('sales');
    const forTheirs = await save('/deliveryrequests', { customer_id: theirs.id }, sales);
    expect(forTheirs.status).toBe(403);
    expect(forTheirs.body.errors).toEqual({ customer_id: translate('zh', 'not_own_row') });
    const own = ok(await save('/deliveryrequests', { customer_id: mine.id }, sales)).body.id as number;
    // A line of a colleague's customer's order on its own request: refused, naming nothing of it.
    const foreign = await save('/deliveryrequests/lines', { request_id: own, detail_id: theirOrder.lines[0]!.id, quantity: 1 }, sales);
    expect(foreign.status).toBe(422);
    expect(foreign.body.msg).toBe(translate('zh', 'delivery_line_other_customer'));
    // A line on a colleague's request: that request is not there for it.
    const onTheirs = await save('/deliveryrequests/lines', { request_id: theirRequest, detail_id: myOrder.lines[0]!.id, quantity: 1 }, sales);
    expect(onTheirs).toEqual({ status: 404, body: { msg: translate('zh', 'not_found') } });
    const theirLines = await listEvery('/deliveryrequests/lines/list/', { filter: [{ field: 'request_id', op: 'eq', value: theirRequest }] },
      { session: await admin() });
    expect(theirLines.length).toBe(1);
    // Sales reads notes, never writes or ships them.
    expect((await save('/deliveries', { customer_id: mine.id, warehouse_id: wh.id }, sales)).status).toBe(403);
    const note = ok(await get('/deliveries/detail/', { id: myNote }, { session: sales })).body.dt as Row;
    expect((await post('/deliveries/ship/', { id: myNote, version: note.version }, { session: sales })).status).toBe(403);
    expect((await post('/deliveries/cancel/', { id: myNote, version: note.version }, { session: sales })).status).toBe(403);
  });

  it('lets the shipping office see every customer\'s requests and notes', async () => {
    const store = await sessionOf('storekeeper');
    const notes = await listEvery('/deliveries/list/', {}, { session: store });
    expect(ids(notes)).toEqual(expect.arrayContaining([myNote, theirNote]));
    const requests = await listEvery('/deliveryrequests/list/', {}, { session: store });
    expect(ids(requests)).toContain(theirRequest);
    // It decides requests but does not write them.
    expect((await save('/deliveryrequests', { customer_id: mine.id }, store)).status).toBe(403);
  });
});
