import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/connection';

/** The order statuses whose lines count as ordered against a contract (decision 261): confirmed and beyond. */
const ORDERED_STATUSES = ['confirmed', 'producing', 'finished', 'shipped'];

/**
 * Rewrites what each line of the contracts `contractIds` has ordered, delivered and billed, and the contracts' sums,
 * from the rows (docs/sales-office.md §1, decision 261) — never added up incrementally, so a writer that forgets a
 * case cannot drift them: a later write of any of its rows puts them right.
 *
 * - ordered: live lines (`details.contractline_id`) of live orders that are confirmed, producing, finished or shipped;
 * - delivered: live lines of shipped or signed, live deliveries of those order lines (at the delivery line's amount);
 * - billed: live lines of live bills of those delivery lines, their amount with adjustments.
 *
 * Called in the same transaction by every writer that can change them (order lines, order transitions and cancel,
 * shipping and its cancel, bill lines and bills). It locks the contracts in id order after the writer's own locks,
 * so two writers of the same contract queue and never deadlock. Only rows whose figures change are written.
 */
export async function refreshContractSums(tx: Db, contractIds: readonly (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(contractIds.filter((id): id is number => id != null).map(Number))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await rows(tx, sql`select id from contracts where id = any(${sql.param(ids)}::int[]) order by id for update`);
  await tx.execute(sql`
    update contractlines cl set ordered_quantity = s.oq, ordered_amount = s.oa, delivered_quantity = s.dq,
      delivered_amount = s.da, billed_quantity = s.bq, billed_amount = s.ba, rev = next_rev()
    from (select l.id,
            coalesce((select sum(d.quantity) from details d join orders o on o.id = d.order_id
              where d.contractline_id = l.id and not d.canceled and not o.canceled
                and o.status = any(${sql.param(ORDERED_STATUSES)}::text[])), 0) as oq,
            coalesce((select sum(d.amount) from details d join orders o on o.id = d.order_id
              where d.contractline_id = l.id and not d.canceled and not o.canceled
                and o.status = any(${sql.param(ORDERED_STATUSES)}::text[])), 0) as oa,
            coalesce((select sum(dl.quantity) from deliverylines dl join deliveries v on v.id = dl.delivery_id
              join details d on d.id = dl.detail_id
              where d.contractline_id = l.id and not dl.canceled and not v.canceled and v.status in ('shipped', 'signed')), 0) as dq,
            coalesce((select sum(dl.amount) from deliverylines dl join deliveries v on v.id = dl.delivery_id
              join details d on d.id = dl.detail_id
              where d.contractline_id = l.id and not dl.canceled and not v.canceled and v.status in ('shipped', 'signed')), 0) as da,
            coalesce((select sum(bl.quantity) from billlines bl join bills b on b.id = bl.bill_id
              join deliverylines dl on dl.id = bl.deliveryline_id join details d on d.id = dl.detail_id
              where d.contractline_id = l.id and not bl.canceled and not b.canceled), 0) as bq,
            coalesce((select sum(coalesce(bl.amount, 0) + coalesce(bl.adjustment, 0)) from billlines bl join bills b on b.id = bl.bill_id
              join deliverylines dl on dl.id = bl.deliveryline_id join details d on d.id = dl.detail_id
              where d.contractline_id = l.id and not bl.canceled and not b.canceled), 0) as ba
          from contractlines l where l.contract_id = any(${sql.param(ids)}::int[])) s
    where cl.id = s.id and (cl.ordered_quantity is distinct from s.oq or cl.ordered_amount is distinct from s.oa
      or cl.delivered_quantity is distinct from s.dq or cl.delivered_amount is distinct from s.da
      or cl.billed_quantity is distinct from s.bq or cl.billed_amount is distinct from s.ba)`);
  await tx.execute(sql`
    update contracts c set amount = s.a, ordered_amount = s.oa, delivered_amount = s.da, billed_amount = s.ba, rev = next_rev()
    from (select c2.id,
            coalesce(sum(l.amount) filter (where not l.canceled), 0) as a,
            coalesce(sum(l.ordered_amount), 0) as oa,
            coalesce(sum(l.delivered_amount), 0) as da,
            coalesce(sum(l.billed_amount), 0) as ba
          from contracts c2 left join contractlines l on l.contract_id = c2.id
          where c2.id = any(${sql.param(ids)}::int[]) group by c2.id) s
    where c.id = s.id and (c.amount is distinct from s.a or c.ordered_amount is distinct from s.oa
      or c.delivered_amount is distinct from s.da or c.billed_amount is distinct from s.ba)`);
}

/** The contracts named by the orders `orderIds` (a writer of orders refreshes these). */
export async function contractsOfOrders(tx: Db, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const found = await rows<{ id: number }>(tx, sql`
    select distinct contract_id as id from orders where id = any(${sql.param([...new Set(orderIds)])}::int[]) and contract_id is not null`);
  return found.map(r => Number(r.id));
}

/** The contracts of the order lines `detailIds` (through their contract lines). */
export async function contractsOfDetails(tx: Db, detailIds: readonly number[]): Promise<number[]> {
  if (detailIds.length === 0) return [];
  const found = await rows<{ id: number }>(tx, sql`
    select distinct cl.contract_id as id from details d join contractlines cl on cl.id = d.contractline_id
    where d.id = any(${sql.param([...new Set(detailIds)])}::int[])`);
  return found.map(r => Number(r.id));
}

/** The contracts of the delivery lines `deliverylineIds`. */
export async function contractsOfDeliveryLines(tx: Db, deliverylineIds: readonly number[]): Promise<number[]> {
  if (deliverylineIds.length === 0) return [];
  const found = await rows<{ id: number }>(tx, sql`
    select distinct cl.contract_id as id from deliverylines dl join details d on d.id = dl.detail_id
      join contractlines cl on cl.id = d.contractline_id
    where dl.id = any(${sql.param([...new Set(deliverylineIds)])}::int[])`);
  return found.map(r => Number(r.id));
}

/** The contracts of the bills `billIds` (through their lines' delivery lines). */
export async function contractsOfBills(tx: Db, billIds: readonly number[]): Promise<number[]> {
  if (billIds.length === 0) return [];
  const found = await rows<{ id: number }>(tx, sql`
    select distinct cl.contract_id as id from billlines bl join deliverylines dl on dl.id = bl.deliveryline_id
      join details d on d.id = dl.detail_id join contractlines cl on cl.id = d.contractline_id
    where bl.bill_id = any(${sql.param([...new Set(billIds)])}::int[])`);
  return found.map(r => Number(r.id));
}
