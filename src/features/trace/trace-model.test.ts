import { describe, expect, it } from 'vitest';
import type { TraceReply } from '../../domain/contract/trace';
import { cardTraces, customersReached, forwardRows } from './trace-model';

const card = (id: number, detail: number) => ({
  id, show_id: `C${id}`, order_id: 1, order_show_id: 'O1', detail_id: detail, item_id: 5, item_code: 'P', item_name: 'Box', quantity: 50,
  finished_quantity: 50, bad_quantity: 0, status: 'done', canceled: false, customer_id: 7, customer_name: 'ACME',
});
const shipment = (id: number, cardId: number, delivery: number | null, line: number | null, quantity: number) => ({
  id, card_id: cardId, package_id: null, delivery_id: delivery, deliveryline_id: line, doc_id: 1, doc_show_id: 'S1', warehouse_name: 'W',
  at: '2026-11-29T10:00:00Z', item_id: 5, lot: `C${cardId}`, quantity,
});
const material = (id: number, cardId: number | null, detail: number | null, lot: string) => ({
  id, card_id: cardId, detail_id: detail, doc_id: 2, doc_show_id: 'S2', at: '2026-11-28T10:00:00Z', item_id: 9, item_code: 'R',
  item_name: 'Reel', lot, warehouse_name: 'Paper', quantity: 100, unit: 'kg',
});

const reply: TraceReply = {
  msg: 'OK', start: { kind: 'deliveryline', id: 31, lot: null, item_id: null, label: 'D1-1' }, hidden: [], withheld: 0, cut: false,
  cards: [card(1, 10), card(2, 10)], steps: [], works: [], inspections: [], defects: [],
  materials: [material(1, 1, null, 'R1'), material(2, null, 10, 'R2')],
  shipments: [shipment(1, 1, 20, 31, 30), shipment(2, 1, 21, null, 20), shipment(3, 2, null, null, 5)],
  packages: [{ id: 4, show_id: 'PK4', kind: 'pallet', stage: 'finished', status: 'shipped', card_ids: [2] }],
  deliveries: [
    { id: 20, show_id: 'D1', customer_id: 7, customer_name: 'ACME', date: null, status: 'shipped', canceled: false, shipped_at: null, signed_at: null, signer: null },
    { id: 21, show_id: 'D2', customer_id: 8, customer_name: 'Beta', date: null, status: 'signed', canceled: false, shipped_at: null, signed_at: null, signer: 'X' },
  ],
  deliverylines: [{ id: 31, delivery_id: 20, code: 'D1-1', detail_id: 10, item_id: 5, package_id: null, card_id: 1, lot: 'C1', quantity: 30, canceled: false }],
  asOf: '2026-11-29T10:00:00Z',
};

describe('the trace screen\'s model', () => {
  it('forward: each shipment with its delivery, line and card, the start\'s own marked; the customers reached once each', () => {
    expect(forwardRows(reply).map(r => [r.shipment.id, r.delivery?.show_id ?? null, r.lineCode, r.card?.show_id, r.own])).toEqual([
      [1, 'D1', 'D1-1', 'C1', true], [2, 'D2', null, 'C1', false], [3, null, null, 'C2', false]]);
    expect(customersReached(reply)).toEqual([{ id: 7, name: 'ACME' }, { id: 8, name: 'Beta' }]);
  });

  it('backward per card: its own materials and its order line\'s, its packages, what it shipped', () => {
    const [c1, c2] = cardTraces(reply);
    expect(c1!.materials.map(m => m.lot)).toEqual(['R1', 'R2']);
    expect(c2!.materials.map(m => m.lot)).toEqual(['R2']);
    expect([c1!.packages.length, c2!.packages.map(p => p.show_id)]).toEqual([0, ['PK4']]);
    expect([c1!.shipped, c2!.shipped]).toEqual([50, 5]);
  });
});
