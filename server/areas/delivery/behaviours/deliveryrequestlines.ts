import { sql } from 'drizzle-orm';
import { units } from '../../../../src/domain/rules/numbers';
import { rows } from '../../../db/connection';
import { ApiError, notFound } from '../../../lib/api-error';
import { deliveryrequests } from '../../../../src/domain/resources/delivery/deliveryrequests';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { assertDeliverable, LeftToDeliver, orderLinesFor } from '../order-lines';
import { assertSameParent, ownParents, rowsById } from '../rows';
import { assertRequestOpen, refreshRequestQuantity } from './deliveryrequests';

/**
 * The server rules of `deliveryrequestlines` (docs/delivery.md "Requests"), for every row of a save or an import at
 * once:
 * - a line is written or cancelled only while its request is requested, and never moves to another request;
 * - it names a live line of a deliverable order of the request's customer (of the request's order when it names one);
 *   its item and unit are that line's;
 * - its quantity is above zero and within what is left to deliver of the line (order-lines.ts);
 * - its code is `<request no.>-<n>`, n counting the request's lines, cancelled ones too (never reused);
 * - the request's quantity is the sum of its live lines.
 */
export const deliveryrequestlinesBehaviour: Behaviour = {
  async prepareMany(tx, { auth, rows: written, rowError }) {
    written.forEach((r, i) => {
      try {
        assertSameParent(r.before, r.values, 'request_id');
        if (r.before?.canceled) throw new ApiError(409, 'already_canceled');
      } catch (e) {
        throw rowError(i, e);
      }
    });
    const requestOf = (r: typeof written[number]) => Number(r.before?.request_id ?? r.values.request_id);
    // Locked: the lines of one request are numbered, and its quantity summed, by one writer at a time.
    const requests = await ownParents(tx, auth, deliveryrequests, await rowsById(tx, 'deliveryrequests', written.map(requestOf), true));
    const orders = await rowsById(tx, 'orders', [...requests.values()].map(r => r.order_id as number | null));
    const lines = await orderLinesFor(tx, written.map(r => Number(r.values.detail_id ?? r.before?.detail_id)),
      { requestLines: written.flatMap(r => (r.before ? [r.before.id as number] : [])) });
    const left = new LeftToDeliver(lines);
    const counts = new Map<number, number>();
    for (const c of await rows<{ request_id: number; n: number | string }>(tx, sql`
      select request_id, count(*) as n from deliveryrequestlines where request_id = any(${sql.param([...requests.keys()])}::int[])
      group by request_id`)) counts.set(Number(c.request_id), Number(c.n));

    return written.map((r, i): RowData => {
      try {
        const request = requests.get(requestOf(r));
        if (!request) throw notFound();
        assertRequestOpen(request);
        const merged = { ...r.before, ...r.values };
        const order = request!.order_id == null ? null : orders.get(request!.order_id as number);
        const line = assertDeliverable(left.line(Number(merged.detail_id)), Number(request!.customer_id),
          order ? { id: Number(order.id), show_id: String(order.show_id ?? order.id) } : null);
        const out = { ...r.values };
        if (!r.before || 'detail_id' in r.values) {
          out.item_id = line.item_id;
          out.unit = line.unit;
        }
        const q = units(merged.quantity);
        if (q <= 0) throw new ApiError(422, 'delivery_quantity', {}, { quantity: { key: 'delivery_quantity' } });
        left.take(line, q);
        if (!r.before) {
          const n = (counts.get(Number(request!.id)) ?? 0) + 1;
          counts.set(Number(request!.id), n);
          out.code = `${String(request!.show_id ?? request!.id)}-${n}`;
        }
        return out;
      } catch (e) {
        throw rowError(i, e);
      }
    });
  },

  async afterWriteMany(tx, { action, changes, rowError }) {
    const ids = [...new Set(changes.flatMap(c => [c.before?.request_id, c.after?.request_id]).filter(v => v != null).map(Number))];
    if (action === 'cancel') {
      const requests = await rowsById(tx, 'deliveryrequests', ids);
      changes.forEach((c, i) => {
        try {
          assertRequestOpen(requests.get(Number(c.before!.request_id)));
        } catch (e) {
          throw rowError(i, e);
        }
      });
    }
    await refreshRequestQuantity(tx, ids);
  },
};
