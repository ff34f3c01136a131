import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, get, post } from '../client';
import { admin, makeCustomer, makeDelivery, makeOrder, makeWarehouse, ok, otherSaler, salesPerson, type Order, type Row } from './fixtures';

/**
 * The printed delivery note (docs/delivery.md "The printed note"): print category `deliveries` through `/prints/do/`,
 * on A4 or the 241 mm continuous form, with the customer, address, lines, totals, signature boxes and, per order, its
 * number and check code as text and as a QR code of the public order query.
 */

interface Sheet { id: number; name: string; print_url: string; width_mm: number; height_mm: number }

let customer: Row;
let orders: Order[];
let note = 0;

beforeAll(async () => {
  customer = await makeCustomer(await otherSaler(await salesPerson()));
  orders = [await makeOrder(Number(customer.id), [12]), await makeOrder(Number(customer.id), [7])];
  const wh = await makeWarehouse();
  note = await makeDelivery(Number(customer.id), wh.id, [
    { detail_id: orders[0]!.lines[0]!.id, quantity: 12, card_id: orders[0]!.cards[0]!.id },
    { detail_id: orders[1]!.lines[0]!.id, quantity: 5, card_id: orders[1]!.cards[0]!.id, remark: '轻放' },
  ], { vehicle: '沪B99999', remark: '下午送到' });
});

async function print(action: string, template?: number): Promise<Sheet[]> {
  const item: Row = { category: 'deliveries', ids: [note] };
  if (template !== undefined) item.template = template;
  return ok(await post('/prints/do/', { item, action }, { session: await admin() }), 'print').body.ds as Sheet[];
}

describe('the printed delivery note', () => {
  it('offers A4 and the 241 mm form, and prints the one chosen', async () => {
    const both = await print('preview');
    expect(both.map(s => [s.id, s.width_mm, s.height_mm])).toEqual([[-2, 210, 297], [-3, 241, 140]]);
    const form = await print('browser', -3);
    expect(form.map(s => s.id)).toEqual([-3]);
    const logs = ok(await get('/prints/logs/list/', { page: 1, limit: 5, sort: '-id' }, { session: await admin() })).body.dt as Row[];
    expect(logs[0]).toMatchObject({ category: 'deliveries', template: '送货单（241 二联）', how: 'browser', count: 1 });
    const html = await (await fetch(form[0]!.print_url)).text();
    expect(html).toContain('size: 241mm 140mm');
    // A link of one paper cannot be turned into the other's.
    const url = new URL(form[0]!.print_url);
    url.searchParams.set('t', '-2');
    expect((await fetch(url)).status).toBe(403);
  });

  it('holds the customer, address, lines, totals, signature boxes, and each order\'s check code as text and QR code', async () => {
    const [a4] = await print('preview', -2);
    const res = await fetch(a4!.print_url);
    expect(res.status).toBe(200);
    const html = await res.text();
    const d = ok(await get('/deliveries/detail/', { id: note }, { session: await admin() })).body.dt as Row;
    for (const text of [String(d.show_id), String(customer.name), String(customer.address), '沪B99999', '下午送到', '轻放', '送货单', '合计',
      '收货人签字', '司机签字', 'size: 210mm 297mm']) expect(html, text).toContain(text);
    // Totals: 17 pieces, 17 × 2.5.
    expect(html).toContain('>17<');
    expect(html).toContain('>42.5<');
    for (const o of orders) {
      expect(html).toContain(`订单 ${o.show_id}`);
      expect(html).toContain(`<b>${o.check_code}</b>`);
      // The QR code is the public order query of this order on the server the note was printed from.
      const query = `${baseUrl()}/orders/query?${new URLSearchParams({ show_id: o.show_id, code: o.check_code }).toString()}`;
      const svg = await QRCode.toString(query, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
      expect(html).toContain(svg);
      // And the address answers that order.
      const answer = ok(await get('/orders/query/', { show_id: o.show_id, code: o.check_code }), 'order query');
      expect((answer.body.dt as Row).show_id).toBe(o.show_id);
    }
  });
});
