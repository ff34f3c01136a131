import { sql } from 'drizzle-orm';
import type { BillQueryParams, BillQueryReply } from '../../../src/domain/contract/finance';
import { attemptFailed, attemptSucceeded, claimAttempt, type FailureLimit } from '../../auth/failure-limit';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';
import { sameCheckCode } from '../production/routes/order-query';
import { linesOf } from './bill-data';

/** Failed lookups one client address may make, as the public order query's (10 in 15 minutes, then 429). */
export const BILL_QUERY_LIMIT: FailureLimit = { prefix: 'bq', max: 10, windowMin: 15, message: 'bill_query_limited' };

/**
 * `GET /payments/bills/query/?show_id=&code=` (contract src/domain/contract/finance.ts), no login: the live bill of that
 * number whose check code is the one given, as its customer reads it — customer name, period, date, status, lines
 * (note, order, description, quantity, unit, price, amount, adjustment and reason) and totals, received included — and
 * nothing else (no salesperson, no remark, no id). A wrong code, an unknown or a cancelled bill answer the same 404
 * after the same work; failures are limited per client address.
 */
export async function queryBill(db: Db, p: BillQueryParams, ip: string): Promise<BillQueryReply['dt']> {
  const claim = await claimAttempt(db, BILL_QUERY_LIMIT, ip);
  const [bill] = await rows<Record<string, unknown>>(db, sql`
    select b.id, b.show_id, b.check_code, c.name as customer, b.date_from::text as date_from, b.date_to::text as date_to,
      b.date::text as date, b.status, b.amount::text as amount, b.adjustment::text as adjustment, b.total::text as total,
      b.allocated::text as allocated
    from bills b left join customers c on c.id = b.customer_id
    where (b.show_id = ${p.show_id} or b.show_id = ${p.show_id.toUpperCase()}) and not b.canceled
    order by (b.show_id = ${p.show_id}) desc
    limit 1`);
  if (!bill || !sameCheckCode(p.code, bill.check_code as string | null)) {
    await attemptFailed(db, BILL_QUERY_LIMIT, claim);
    throw new ApiError(404, 'bill_query_not_found');
  }
  await attemptSucceeded(db, claim);
  const lines = (await linesOf(db, [Number(bill.id)])).get(Number(bill.id)) ?? [];
  const txt = (v: unknown) => (v == null ? null : String(v));
  return {
    show_id: String(bill.show_id), customer: txt(bill.customer), date_from: txt(bill.date_from), date_to: txt(bill.date_to),
    date: txt(bill.date), status: bill.status === 'confirmed' ? 'confirmed' : 'draft', amount: Number(bill.amount ?? 0),
    adjustment: Number(bill.adjustment ?? 0), total: Number(bill.total ?? 0), allocated: Number(bill.allocated ?? 0),
    lines: lines.map((l, i) => ({
      line_no: l.line_no ?? i + 1, delivery_show_id: l.delivery_show_id, delivery_date: l.delivery_date, order_show_id: l.order_show_id,
      description: l.description, quantity: l.quantity, unit: l.unit, price: l.price, amount: l.amount ?? 0,
      adjustment: l.adjustment ?? 0, adjustment_reason: l.adjustment_reason,
    })),
  };
}
