import { sql } from 'drizzle-orm';
import { contractlines } from '../../src/domain/resources/sales/contractlines';
import { contracts } from '../../src/domain/resources/sales/contracts';
import { localDateString } from '../../src/domain/rules/date-single';
import { rows, type Db } from '../db/connection';
import { refreshContractSums } from '../areas/sales/contract-sums';
import { systemUpdate } from '../resources/write-primitives';
import { createMany } from '../resources/write-many';
import { seedAuth } from './seed-auth';

/**
 * The demo plant's contracts (docs/sales-office.md §8 "Contracts"), made after finance through the server's own write
 * paths (the contracts' and lines' behaviours, history, numbering), as admin:
 * - each customer with orders in the book holds an annual contract, active, from 1 January of its first order's year
 *   to 31 December of this year, whose lines are the items and the last prices the book charged it — so naming it
 *   changes no figure of the book; its finished and shipped orders name it (written once, by a system update of
 *   `contract_id` and the lines' `contractline_id`, then refreshContractSums). Orders still open are left unnamed: their
 *   lines may still change, and other tests edit them with items of their own;
 * - the first three of them held last year's contract too, now expired; the fourth's was terminated with its reason;
 * - three drafts of next year's contracts wait to be activated.
 * Seeded once, when there is no contract yet.
 */
export async function seedContracts(tx: Db): Promise<number> {
  if ((await rows(tx, sql`select 1 from contracts limit 1`)).length > 0) return 0;
  const auth = await seedAuth(tx, 'admin');
  if (!auth) return 0;
  const year = Number(localDateString(new Date()).slice(0, 4));
  const charged = await rows<{ customer_id: number; item_id: number; price: string; quantity: string; first: string }>(tx, sql`
    select o.customer_id, d.item_id, (array_agg(d.price order by o.order_date desc, d.id desc))[1]::text as price,
      sum(d.quantity)::text as quantity, min(o.order_date)::text as first
    from details d join orders o on o.id = d.order_id
    where not d.canceled and not o.canceled and d.price is not null
    group by o.customer_id, d.item_id order by o.customer_id, d.item_id`);
  const byCustomer = new Map<number, typeof charged>();
  for (const c of charged) byCustomer.set(Number(c.customer_id), [...(byCustomer.get(Number(c.customer_id)) ?? []), c]);

  let made = 0;
  const make = async (customer: number, head: Record<string, unknown>, lines: Record<string, unknown>[]): Promise<Record<string, unknown>> => {
    const [c] = await createMany(tx, contracts, [{ customer_id: customer, currency: 'CNY', payment_terms: '月结 30 天', credit_days: 30, ...head }], auth);
    await createMany(tx, contractlines, lines.map(l => ({ ...l, contract_id: c!.id })), auth);
    made += 1 + lines.length;
    return (await rows<Record<string, unknown>>(tx, sql`select * from contracts where id = ${c!.id as number} for update`))[0]!;
  };
  const activate = (c: Record<string, unknown>) =>
    systemUpdate(tx, contracts, c, { status: 'active', activated_at: new Date(), activated_by: auth.accountId }, auth);

  const customers = [...byCustomer.keys()];
  for (const [k, customer] of customers.entries()) {
    const lines = byCustomer.get(customer)!;
    const from = `${Math.min(year, ...lines.map(l => Number(l.first.slice(0, 4))))}-01-01`;
    // An agreed quantity a little above what the book ordered on every other line; a price agreement on the rest.
    const agreed = lines.map((l, i) => ({
      item_id: l.item_id, price: l.price, quantity: i % 2 === 0 ? Math.ceil(Number(l.quantity) * 1.25 / 100) * 100 : null,
    }));
    const c = await make(customer, { title: `${year} 年度纸箱供货合同`, signed_date: from, valid_from: from, valid_to: `${year}-12-31`,
      customer_ref: `CG-${year}-${String(customer).padStart(4, '0')}` }, agreed);
    await activate(c);
    await nameBook(tx, Number(c.id), customer, from, `${year}-12-31`);

    if (k < 4) {
      // Last year's agreement, at the prices before this year's increase.
      const old = await make(customer, { title: `${year - 1} 年度纸箱供货合同`, signed_date: `${year - 1}-01-01`,
        valid_from: `${year - 1}-01-01`, valid_to: `${year - 1}-12-31` },
      lines.map(l => ({ item_id: l.item_id, price: Math.round(Number(l.price) * 0.97 * 10_000) / 10_000 })));
      const on = await activate(old);
      await systemUpdate(tx, contracts, on, k < 3
        ? { status: 'expired' }
        : { status: 'terminated', terminated_at: new Date(), terminated_by: auth.accountId, termination_reason: '客户经营调整，双方协商提前终止' }, auth);
    }
    if (k >= customers.length - 3) {
      await make(customer, { title: `${year + 1} 年度纸箱供货合同（待生效）`, valid_from: `${year + 1}-01-01`, valid_to: `${year + 1}-12-31`,
        remark: '新年度报价已发客户确认' }, agreed.map(l => ({ ...l, quantity: null })));
    }
  }
  return made;
}

/**
 * The book's finished and shipped orders of `customer` dated within the contract name it, and their lines its lines
 * of their items: a derived link written once (a new change number, no new version), then the contract's figures.
 */
async function nameBook(tx: Db, contractId: number, customer: number, from: string, to: string): Promise<void> {
  const named = await rows<{ id: number }>(tx, sql`
    update orders set contract_id = ${contractId}, rev = next_rev()
    where customer_id = ${customer} and not canceled and status in ('finished', 'shipped')
      and order_date between ${from}::date and ${to}::date
    returning id`);
  if (named.length === 0) return;
  await tx.execute(sql`
    update details d set contractline_id = cl.id, rev = next_rev()
    from contractlines cl
    where d.order_id = any(${sql.param(named.map(n => Number(n.id)))}::int[]) and cl.contract_id = ${contractId}
      and cl.item_id = d.item_id and not cl.canceled`);
  await refreshContractSums(tx, [contractId]);
}
