import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { nextNumbers } from '../../../resources/numbering';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { hasLiveLines, rowsById, withCustomerDefaults } from '../rows';

/** Refuses a change of a request the shipping office has decided (accepted or refused) or that is cancelled. */
export function assertRequestOpen(request: RowData | undefined): void {
  if (!request || request.canceled || request.status !== 'requested') throw new ApiError(409, 'delivery_request_not_open');
}

/**
 * The server rules of `deliveryrequests` (docs/delivery.md "Requests"):
 * - a new request is `requested`, numbered from `request_no_pattern`; its salesperson, address, consignee and phone are
 *   its customer's unless given;
 * - it changes only while requested and not cancelled; its customer not once it has lines (they are that customer's);
 *   an order it names is its customer's (its lines must then be of that order);
 * - a cancel is refused once accepted (the draft delivery made of it is what to cancel); a refused request may be
 *   cancelled (nothing depends on it). Accepting and refusing are their own endpoints (accept.ts).
 */
export const deliveryrequestsBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    let out = { ...values };
    if (mode === 'create') {
      out.status = 'requested';
      out.show_id = (await nextNumbers(tx, 'request_no_pattern', 1))[0];
      out = await withCustomerDefaults(tx, out);
    } else {
      assertRequestOpen(before!);
      if ('customer_id' in out && Number(out.customer_id) !== Number(before!.customer_id)
        && await hasLiveLines(tx, 'deliveryrequestlines', 'request_id', before!.id as number)) {
        throw new ApiError(409, 'delivery_request_customer_fixed', {}, { customer_id: { key: 'delivery_request_customer_fixed' } });
      }
    }
    await assertOrderOfCustomer(tx, { ...before, ...out });
    return out;
  },

  async afterWrite(_tx, { action, before }) {
    if (action === 'cancel' && before?.status === 'accepted') throw new ApiError(409, 'delivery_request_accepted');
  },
};

/** A request naming an order names one of its customer's (422 on `order_id`). */
async function assertOrderOfCustomer(tx: Db, request: RowData): Promise<void> {
  if (request.order_id == null) return;
  const [order] = (await rowsById(tx, 'orders', [request.order_id as number])).values();
  if (order && Number(order.customer_id) !== Number(request.customer_id)) {
    const params = { order: String(order.show_id ?? order.id) };
    throw new ApiError(422, 'delivery_order_other_customer', params, { order_id: { key: 'delivery_order_other_customer', params } });
  }
}

/** A request's quantity: the sum of its live lines. */
export async function refreshRequestQuantity(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await rows(tx, sql`
    update deliveryrequests r set quantity = coalesce((select sum(quantity) from deliveryrequestlines l
        where l.request_id = r.id and not l.canceled), 0), rev = next_rev()
    where r.id = any(${sql.param([...new Set(ids)])}::int[])`);
}
