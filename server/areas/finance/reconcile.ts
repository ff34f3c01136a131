import { sql } from 'drizzle-orm';
import type { ReconcileParams, ReconcileReply, ReconcileRow } from '../../../src/domain/contract/finance';
import { bills } from '../../../src/domain/resources/finance/bills';
import { ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';

const PAGE = 50;
const num = (v: unknown) => (v == null ? null : Number(v));
const txt = (v: unknown) => (v == null ? null : String(v));

/**
 * The reconciliation (`GET /payments/listbill/`; `packagesOnly`: `GET /warehouses/deliverypackings/list/`), docs/finance.md
 * "Reconciliation": the lines of shipped or signed, uncancelled deliveries dated in the period, each with the price it
 * was delivered at and the order line's price today (a change shown, never applied) and the live bill that bills it.
 * One statement: the page, the count and the sums over every matching row (window functions, before the limit).
 * A caller scoped to its own bills sees its own customers' lines (the customer's salesperson).
 */
export async function reconcile(db: Db, auth: Auth, p: ReconcileParams, packagesOnly: boolean): Promise<Omit<ReconcileReply, 'msg'>> {
  const statuses = p.signed_only ? ['signed'] : ['shipped', 'signed'];
  const limit = p.limit === -1 ? null : p.limit ?? PAGE;
  const offset = limit === null ? 0 : ((p.page ?? 1) - 1) * limit;
  const found = await rows<Record<string, unknown>>(db, sql`
    select dl.id, dl.delivery_id, v.show_id as delivery_show_id, v.date::text as delivery_date, v.status, v.customer_id,
      c.name as customer_name, o.show_id as order_show_id, dl.code, dl.item_id, i.code as item_code, i.name as item_name, i.spec,
      dl.package_id, p.show_id as package_show_id, dl.lot, dl.quantity::text as quantity, dl.unit, dl.price::text as price,
      d.price::text as price_now, dl.amount::text as amount, b.id as bill_id, b.show_id as bill_show_id, b.status as bill_status,
      count(*) over () as total_rows, coalesce(sum(dl.amount) over (), 0)::text as sum_amount,
      coalesce(sum(case when b.id is not null then dl.amount end) over (), 0)::text as sum_billed
    from deliverylines dl join deliveries v on v.id = dl.delivery_id join customers c on c.id = v.customer_id
      left join details d on d.id = dl.detail_id left join orders o on o.id = dl.order_id left join items i on i.id = dl.item_id
      left join packages p on p.id = dl.package_id
      left join billlines bl on bl.deliveryline_id = dl.id and not bl.canceled left join bills b on b.id = bl.bill_id
    where not dl.canceled and not v.canceled and v.status = any(${sql.param(statuses)}::text[])
      and v.date between ${p.from}::date and ${p.to}::date
      ${p.customer_id === undefined ? sql`` : sql`and v.customer_id = ${p.customer_id}`}
      ${p.billed === 'yes' ? sql`and b.id is not null` : p.billed === 'no' ? sql`and b.id is null` : sql``}
      ${packagesOnly ? sql`and dl.package_id is not null` : sql``}
      and ${ownerConditionOn(auth, bills, 'c')}
    order by v.date, v.id, dl.line_no, dl.id
    ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`);
  const first = found[0];
  const amount = Number(first?.sum_amount ?? 0);
  const billed = Number(first?.sum_billed ?? 0);
  const dt: ReconcileRow[] = found.map(r => {
    const price = num(r.price);
    const priceNow = num(r.price_now);
    return {
      deliveryline_id: Number(r.id), delivery_id: Number(r.delivery_id), delivery_show_id: txt(r.delivery_show_id),
      delivery_date: txt(r.delivery_date), delivery_status: r.status as 'shipped' | 'signed', customer_id: Number(r.customer_id),
      customer_name: txt(r.customer_name), order_show_id: txt(r.order_show_id), line_code: txt(r.code), item_id: Number(r.item_id),
      item_code: txt(r.item_code), item_name: txt(r.item_name), spec: txt(r.spec), package_id: num(r.package_id),
      package_show_id: txt(r.package_show_id), lot: txt(r.lot), quantity: Number(r.quantity), unit: txt(r.unit), price,
      price_now: priceNow, price_changed: price !== null && priceNow !== null && price !== priceNow, amount: num(r.amount),
      bill_id: num(r.bill_id), bill_show_id: txt(r.bill_show_id), bill_status: txt(r.bill_status),
    };
  });
  // The sums are of 4-decimal numerics: their difference is exact on whole 1/10 000 units.
  const unbilled = Math.round(amount * 10_000 - billed * 10_000) / 10_000;
  return {
    dt, total: Number(first?.total_rows ?? 0), sums: { amount, billed_amount: billed, unbilled_amount: unbilled },
    ...(p.token !== undefined ? { token: p.token } : {}), ...(p.token1 !== undefined ? { token1: p.token1 } : {}),
    ...(p.token2 !== undefined ? { token2: p.token2 } : {}),
  };
}
