import { sql } from 'drizzle-orm';
import type { Lang, MessageKey } from '../../../src/domain/messages/catalog';
import { translate } from '../../../src/domain/messages/catalog';
import { contracts } from '../../../src/domain/resources/sales/contracts';
import { contractRefusal } from '../../../src/domain/rules/contracts';
import { localDateString } from '../../../src/domain/rules/date-single';
import { formatNumber, fromUnits, units } from '../../../src/domain/rules/numbers';
import { isOwnRow } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError, notFound } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { rowById, statusParam } from '../production/rows';

/**
 * The rules between an order and the contract it names (docs/sales-office.md §1 "An order names its contract",
 * decisions 257, 258, 262, 263), called by the orders' and lines' behaviours and the orders' route.
 */

const contractError = (key: MessageKey) => new ApiError(422, 'invalid_input', {}, { contract_id: { key } });

/**
 * Refuses an order (its values after the write) naming contract `contractId` that it may not name: a colleague's
 * contract for a caller scoped to its own is unknown (404); else it must be the order's customer's (422
 * `contract_other_customer`), active or expired (409 `contract_not_usable`), in CNY (422 `contract_currency`) and
 * valid on the order's date, today when it has none (422 `contract_out_of_dates`). Returns the contract.
 */
export async function assertOrderMayName(tx: Db, auth: Auth, contractId: number, order: RowData): Promise<RowData> {
  const c = await rowById(tx, contracts, contractId);
  if (!c || !(await isOwnRow(tx, auth, contracts, c))) throw notFound();
  const day = typeof order.order_date === 'string' && order.order_date !== '' ? order.order_date : localDateString(new Date());
  const refusal = contractRefusal({
    customer_id: Number(c.customer_id), status: String(c.status), canceled: Boolean(c.canceled),
    currency: (c.currency as string | null) ?? null, valid_from: String(c.valid_from), valid_to: String(c.valid_to),
  }, Number(order.customer_id), day);
  if (c.canceled) throw new ApiError(409, 'contract_canceled');
  if (refusal === 'contract_not_usable') throw new ApiError(409, 'contract_not_usable', { status: statusParam(contracts, c.status) });
  if (refusal) throw contractError(refusal);
  return c;
}

/** Whether the order has live lines (its contract is then fixed: 409 `order_contract_fixed`). */
export async function orderHasLines(tx: Db, orderId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(tx, sql`select id from details where order_id = ${orderId} and not canceled limit 1`);
  return found.length > 0;
}

/** The live lines of the contracts named, by contract and item: what an order line of that item takes. */
export async function contractLinesByItem(tx: Db, contractIds: readonly number[]): Promise<Map<string, RowData>> {
  const ids = [...new Set(contractIds)];
  if (ids.length === 0) return new Map();
  const found = await rows<RowData>(tx, sql`
    select id, contract_id, item_id, unit, price from contractlines
    where contract_id = any(${sql.param(ids)}::int[]) and not canceled`);
  return new Map(found.map(r => [`${Number(r.contract_id)}:${Number(r.item_id)}`, r]));
}

/**
 * What the order's lines order beyond what their contract lines with an agreed quantity have left (quantity −
 * ordered by other live, confirmed-or-beyond orders), one entry per such contract line: the `contract_over_quantity`
 * warning (decision 263), never a refusal. Carton orders run a few percent over or under (加放).
 */
export async function overQuantities(tx: Db, orderId: number): Promise<{ item: string; left: number }[]> {
  const found = await rows<{ item: string | null; agreed: string | number; others: string | number; mine: string | number }>(tx, sql`
    select coalesce(i.name, cl.description, '') as item, cl.quantity as agreed,
      coalesce((select sum(d2.quantity) from details d2 join orders o2 on o2.id = d2.order_id
        where d2.contractline_id = cl.id and not d2.canceled and not o2.canceled and o2.id <> ${orderId}
          and o2.status in ('confirmed', 'producing', 'finished', 'shipped')), 0) as others,
      sum(d.quantity) as mine
    from details d join contractlines cl on cl.id = d.contractline_id left join items i on i.id = cl.item_id
    where d.order_id = ${orderId} and not d.canceled and cl.quantity > 0
    group by cl.id, i.name, cl.description, cl.quantity
    order by min(d.line_no)`);
  return found
    .filter(r => units(r.others) + units(r.mine) > units(r.agreed))
    .map(r => ({ item: r.item ?? '', left: fromUnits(units(r.agreed) - units(r.others)) }));
}

/** The `msg1` warning of an order's save or confirm beyond its contract's quantities, or undefined. */
export async function overQuantityWarning(tx: Db, orderId: number, lang: Lang): Promise<string | undefined> {
  const over = await overQuantities(tx, orderId);
  if (over.length === 0) return undefined;
  return over.map(o => translate(lang, 'contract_over_quantity', { item: o.item, left: formatNumber(o.left, 4) }))
    .join('；');
}
