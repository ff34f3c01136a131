import { sql } from 'drizzle-orm';
import type { BuildBillParams } from '../../../src/domain/contract/finance';
import { billlines } from '../../../src/domain/resources/finance/billlines';
import { bills } from '../../../src/domain/resources/finance/bills';
import { assertOwnRow, callerOwner, isScoped } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, notFound } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { insertValidated } from '../../resources/write-many';
import { recordHistoryBatch, staleVersion, systemUpdate } from '../../resources/write-primitives';
import { rowById } from '../production/rows';
import { refreshBillSums } from './behaviours/bills';
import { contractsOfBills, refreshContractSums } from '../sales/contract-sums';
import { FIN_MONTHS, monthsOf } from './periods';

/** The lock class of the per-customer build lock (decision 215). */
const BUILD_LOCK = 7311300;
/** The unique index that bills a delivery line at most once among live lines (migration 0025). */
const BILLED_ONCE = 'billlines_deliveryline_live_key';

/** Whether an error is the unique index's refusal of a line billed twice (PGlite and node-postgres, wrapped or not). */
function isBilledTwice(e: unknown): boolean {
  for (let x: unknown = e, depth = 0; x && typeof x === 'object' && depth < 4; x = (x as { cause?: unknown }).cause, depth++) {
    const o = x as { code?: unknown; constraint?: unknown; message?: unknown };
    if (o.code === '23505' && (o.constraint === BILLED_ONCE || String(o.message ?? '').includes(BILLED_ONCE))) return true;
  }
  return false;
}

/**
 * Builds a draft bill of a customer's unbilled delivery lines of a period (`POST /payments/bills/build/`, docs/finance.md
 * "Bills"), in the caller's transaction:
 * 1. the customer's build lock (an advisory transaction lock), so two builds of one customer queue and the second
 *    reads after the first committed;
 * 2. the customer, the caller's (row scope: 404 `customer_unknown` for another's, telling nothing); the bill's date
 *    (`date`, else `to`) in an open finance month;
 * 3. the lines of shipped (or, with `signed_only`, signed) uncancelled deliveries of the customer dated in the period
 *    that no live bill line names, locked `for update` in id order (none: 422 `bill_nothing`);
 * 4. the bill (numbered, its check code drawn, by the bills' rules) and one line per delivery line, in delivery date,
 *    note and line order, copying quantity, unit and price, each line with its history entry (set-based); then its sums.
 * The unique index is the last guard: a line billed meanwhile by another path refuses the whole build (409).
 */
export async function buildBill(tx: Db, auth: Auth, p: BuildBillParams): Promise<{ bill: RowData; lines: number }> {
  await rows(tx, sql`select pg_advisory_xact_lock(${BUILD_LOCK}, ${p.customer_id})`);
  const [customer] = await rows<{ id: number; saler_id: number | null }>(tx, sql`select id, saler_id from customers where id = ${p.customer_id}`);
  if (!customer || (isScoped(auth, bills) && callerOwner(auth, bills) !== customer.saler_id)) {
    throw new ApiError(404, 'customer_unknown', {}, { customer_id: { key: 'customer_unknown' } });
  }
  const date = p.date ?? p.to;
  await FIN_MONTHS.assertOpen(tx, monthsOf(date));

  const statuses = p.signed_only ? ['signed'] : ['shipped', 'signed'];
  const found = await rows<{ id: number }>(tx, sql`
    select dl.id from deliverylines dl join deliveries v on v.id = dl.delivery_id
    where v.customer_id = ${p.customer_id} and not v.canceled and not dl.canceled
      and v.status = any(${sql.param(statuses)}::text[]) and v.date between ${p.from}::date and ${p.to}::date
      and not exists (select 1 from billlines bl where bl.deliveryline_id = dl.id and not bl.canceled)
    order by dl.id for update of dl`);
  if (found.length === 0) throw new ApiError(422, 'bill_nothing');

  const [bill] = await insertValidated(tx, bills, [{
    kind: 'delivery', customer_id: p.customer_id, date_from: p.from, date_to: p.to, date, remark: p.remark ?? null,
  }], auth);
  const billId = Number(bill!.id);
  let written: RowData[];
  try {
    // Set-based: one statement whatever the month's size. A line without a price bills 0 (adjust it with a reason).
    written = await rows<RowData>(tx, sql`
      insert into billlines (bill_id, line_no, deliveryline_id, delivery_id, delivery_date, detail_id, item_id, description,
        quantity, unit, price, amount, adjustment, created_by, updated_by)
      select ${billId}, row_number() over (order by v.date, v.id, dl.line_no, dl.id), dl.id, dl.delivery_id, v.date,
        dl.detail_id, dl.item_id, left(concat_ws(' ', i.name, i.spec), 200), dl.quantity, dl.unit, dl.price,
        coalesce(dl.amount, 0), 0, ${auth.accountId}, ${auth.accountId}
      from deliverylines dl join deliveries v on v.id = dl.delivery_id left join items i on i.id = dl.item_id
      where dl.id = any(${sql.param(found.map(r => Number(r.id)))}::int[])
      returning *`);
  } catch (e) {
    if (isBilledTwice(e)) throw new ApiError(409, 'bill_line_billed');
    throw e;
  }
  await recordHistoryBatch(tx, billlines, 'create', written.map(after => ({ before: null, after })), auth);
  await refreshBillSums(tx, [billId]);
  // What the contracts of the billed lines have billed (decision 261).
  await refreshContractSums(tx, await contractsOfBills(tx, [billId]));
  return { bill: (await rowById(tx, bills, billId))!, lines: found.length };
}

/** Confirms a draft bill (`POST /payments/bills/confirm/`): the caller's, at its version, with lines, in an open month. */
export async function confirmBill(tx: Db, auth: Auth, id: number, version: number): Promise<RowData> {
  const bill = await rowById(tx, bills, id, true);
  if (!bill) throw notFound();
  await assertOwnRow(tx, auth, bills, bill);
  if (bill.version !== version) throw await staleVersion(tx, bill);
  if (bill.canceled) throw new ApiError(409, 'bill_canceled');
  if (bill.status !== 'draft') throw new ApiError(409, 'bill_not_draft');
  await FIN_MONTHS.assertOpen(tx, monthsOf(bill.date));
  const [n] = await rows<{ n: string | number }>(tx, sql`select count(*) as n from billlines where bill_id = ${id} and not canceled`);
  if (Number(n?.n ?? 0) === 0) throw new ApiError(422, 'bill_empty');
  return systemUpdate(tx, bills, bill, { status: 'confirmed', confirmed_at: new Date(), confirmed_by: auth.accountId }, auth);
}
