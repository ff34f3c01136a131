import { sql } from 'drizzle-orm';
import type { BankBalanceRow, BankBalancesParams } from '../../../src/domain/contract/payfees';
import { invoices } from '../../../src/domain/resources/finance/invoices';
import { payouts } from '../../../src/domain/resources/finance/payouts';
import { receipts } from '../../../src/domain/resources/finance/receipts';
import { assertOwnRow } from '../../auth/row-scope';
import { hiddenOf } from '../../auth/permissions';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, forbidden, notFound } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { staleVersion, systemUpdate } from '../../resources/write-primitives';
import { rowById } from '../production/rows';
import { refreshBillInvoiced } from './invoicing';
import { FIN_MONTHS, monthsOf } from './periods';

/**
 * Voids an issued invoice (`POST /invoices/void/`, the `void` action): the caller's, at its version, in an open month;
 * its bill locked first (the order every invoice write takes), then the invoice, then the bill's invoiced amount freed.
 */
export async function voidInvoice(tx: Db, auth: Auth, id: number, version: number): Promise<RowData> {
  const [peek] = await rows<{ bill_id: number }>(tx, sql`select bill_id from invoices where id = ${id}`);
  if (!peek) throw notFound();
  await rows(tx, sql`select id from bills where id = ${Number(peek.bill_id)} for update`);
  const inv = await rowById(tx, invoices, id, true);
  if (!inv) throw notFound();
  await assertOwnRow(tx, auth, invoices, inv);
  if (inv.version !== version) throw await staleVersion(tx, inv);
  if (inv.canceled) throw new ApiError(409, 'already_canceled');
  if (inv.status !== 'issued') throw new ApiError(409, 'invoice_voided');
  await FIN_MONTHS.assertOpen(tx, monthsOf(inv.date));
  const after = await systemUpdate(tx, invoices, inv, { status: 'voided' }, auth);
  await refreshBillInvoiced(tx, [Number(inv.bill_id)]);
  return after;
}

/**
 * Each bank account's balance (docs/finance.md invariant 4): opening_balance + Σ live receipts − Σ live payouts
 * + Σ live income fees − Σ live expense fees paid through it, up to the end of `date` when given, at 4 decimals.
 *
 * Payouts' and receipts' amounts are sensitive (decision 66): a caller who may not see them gets 403, not a balance
 * that reveals them.
 */
export async function bankBalances(db: Db, auth: Auth, p: BankBalancesParams): Promise<BankBalanceRow[]> {
  if (hiddenOf(auth, payouts).includes('amount') || hiddenOf(auth, receipts).includes('amount')) throw forbidden();
  const upTo = p.date ? sql`and x.date <= ${p.date}::date` : sql``;
  const found = await rows<Record<string, unknown>>(db, sql`
    select b.id as bank_id, b.name, b.currency, coalesce(b.opening_balance, 0) as opening_balance,
      coalesce((select sum(x.amount) from receipts x where x.bank_id = b.id and not x.canceled ${upTo}), 0) as receipts,
      coalesce((select sum(x.amount) from payouts x where x.bank_id = b.id and not x.canceled ${upTo}), 0) as payouts,
      coalesce((select sum(x.amount) from fees x join feecategories c on c.id = x.category_id
        where x.bank_id = b.id and not x.canceled and c.direction = 'income' ${upTo}), 0) as fees_income,
      coalesce((select sum(x.amount) from fees x join feecategories c on c.id = x.category_id
        where x.bank_id = b.id and not x.canceled and c.direction <> 'income' ${upTo}), 0) as fees_expense
    from banks b
    where ${p.bank_id ? sql`b.id = ${p.bank_id}` : sql`true`}
    order by b.name, b.id`);
  // Sums kept as 1/10 000 integers, so the balance is exact to the last kept decimal (DESIGN §8).
  const u = (v: unknown) => Math.round(Number(v ?? 0) * 10_000);
  return found.map(r => ({
    bank_id: Number(r.bank_id), name: String(r.name), currency: String(r.currency ?? ''),
    opening_balance: Number(r.opening_balance), receipts: Number(r.receipts), payouts: Number(r.payouts),
    fees_income: Number(r.fees_income), fees_expense: Number(r.fees_expense),
    balance: (u(r.opening_balance) + u(r.receipts) - u(r.payouts) + u(r.fees_income) - u(r.fees_expense)) / 10_000,
  }));
}
