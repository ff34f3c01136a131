import { inArray, sql } from 'drizzle-orm';
import { items } from '../../../../src/domain/resources/items/items';
import { orders } from '../../../../src/domain/resources/orders/orders';
import { lineAmount } from '../../../../src/domain/rules/numbers';
import { convertQuantity } from '../../../../src/domain/rules/property-columns';
import { column } from '../../../db/columns';
import { rows, type Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError } from '../../../lib/api-error';
import { cancelCardsOfLines } from '../cancel-cards';
import { refreshOrderSums } from '../derived';
import { fromUnits, units, type RowData } from '../rows';
import { assertOrderEditable } from './orders';
import { currentFormulasOf } from '../../formulas/current';
import type { Behaviour } from '../../../resources/behaviour-types';
import { contractLinesByItem } from '../../sales/contract-rules';
import { contractsOfOrders, refreshContractSums } from '../../sales/contract-sums';

const fieldError = (field: string, key: 'line_below_cards' | 'line_locked_by_cards' | 'line_other_order', params?: Record<string, number>) =>
  new ApiError(422, 'invalid_input', {}, { [field]: { key, params } });

/**
 * The server rules of `details`, the order lines (src/domain/resources/orders/details.ts, docs/production.md):
 * - a line is written only while its order may change (assertOrderEditable); the order's row is locked first, so
 *   lines of one order are written one after another and its sums stay true;
 * - a new line takes the next line number of its order, and from its item the units, the workflow, the price and
 *   the secondary and third quantities (by the item's rates) that were not given;
 * - `code` is `<order number>-<line number>`; `amount` is quantity × price at 4 decimals;
 * - a line with cards keeps its item and workflow and never goes below what its cards hold (`card_quantity`), and
 *   cancelling it cancels its cards, refused when one has started;
 * - a line of an order naming a contract is of an item on it (422 `contract_item_missing`), names its contract line
 *   (`contractline_id`) and takes its unit and price unless typed — typed, then contract, then item (decision 258);
 * - the order's `quantity` and `amount`, and its contract's ordered figures, follow every write of a line.
 */
export const detailsBehaviour: Behaviour = {
  // In batch form (write-many.ts): an order's 500 lines read their order, items, formulas and last line number once.
  async prepareMany(tx, { mode, rows: list, rowError }) {
    const orderIdOf = (r: typeof list[number]) => Number(mode === 'create' ? r.values.order_id : r.before!.order_id);
    list.forEach((r, i) => {
      if (mode === 'update' && 'order_id' in r.values && r.values.order_id !== r.before!.order_id) {
        throw rowError(i, fieldError('order_id', 'line_other_order'));
      }
      if (mode === 'update' && r.before!.canceled) throw rowError(i, new ApiError(409, 'already_canceled'));
    });
    const orderById = await lockedOrders(tx, list.map(orderIdOf));
    list.forEach((r, i) => {
      const order = orderById.get(orderIdOf(r));
      if (!order) throw rowError(i, new ApiError(422, 'invalid_input', {}, { order_id: { key: 'ref_missing' } }));
      assertOrderEditable(order);
    });

    const creating = mode === 'create';
    const itemIds = list.map(r => Number(r.values.item_id));
    const itemById = creating ? await itemsById(tx, itemIds) : new Map<number, RowData>();
    const formulaOf = creating ? await currentFormulasOf(tx, itemIds) : new Map<number, number>();
    const lastLine = creating ? await lastLineNumbers(tx, [...orderById.keys()]) : new Map<number, number>();
    const contractIds = [...orderById.values()].flatMap(o => (o.contract_id == null ? [] : [Number(o.contract_id)]));
    const contractLine = await contractLinesByItem(tx, contractIds);

    return list.map(({ before, values }, i) => {
      const out = { ...values };
      const order = orderById.get(orderIdOf(list[i]!))!;
      if (order.contract_id != null && (creating || ('item_id' in out && out.item_id !== before!.item_id))) {
        const cl = contractLine.get(`${Number(order.contract_id)}:${Number(out.item_id)}`);
        if (!cl) throw rowError(i, new ApiError(422, 'invalid_input', {}, { item_id: { key: 'contract_item_missing' } }));
        out.contractline_id = cl.id;
        for (const k of ['unit', 'price'] as const) {
          if (creating && (out[k] === undefined || out[k] === null || out[k] === '')) out[k] = cl[k] ?? null;
        }
      }
      if (creating) {
        const itemId = Number(out.item_id);
        const item = itemById.get(itemId);
        // A line without a number takes the next of its order; the lines of one write follow each other.
        const last = lastLine.get(Number(order.id)) ?? 0;
        if (out.line_no == null) out.line_no = last + 1;
        lastLine.set(Number(order.id), Math.max(last, Number(out.line_no)));
        for (const k of ['unit', 'unit2', 'unit3', 'workflow_id', 'price'] as const) {
          if (out[k] === undefined || out[k] === null || out[k] === '') out[k] = item?.[k] ?? null;
        }
        // The line is made with the item's current formula unless it names one (docs/formulas.md): a change to that
        // version later makes a new version and leaves this line's requirement as it was.
        if (out.formula_id == null) out.formula_id = formulaOf.get(itemId) ?? null;
        const q = Number(out.quantity);
        if (out.quantity2 == null) out.quantity2 = convertQuantity(q, item?.rate2 as number | null) ?? null;
        if (out.quantity3 == null) out.quantity3 = convertQuantity(q, item?.rate3 as number | null) ?? null;
      } else {
        const cardUnits = units(before!.card_quantity);
        if (cardUnits > 0) {
          if ('item_id' in out && out.item_id !== before!.item_id) throw rowError(i, fieldError('item_id', 'line_locked_by_cards'));
          if ('workflow_id' in out && out.workflow_id !== before!.workflow_id) {
            throw rowError(i, fieldError('workflow_id', 'line_locked_by_cards'));
          }
        }
        if ('quantity' in out && units(out.quantity) < cardUnits) {
          throw rowError(i, fieldError('quantity', 'line_below_cards', { min: fromUnits(cardUnits) }));
        }
      }
      const lineNo = out.line_no ?? before?.line_no;
      out.code = `${order.show_id as string}-${String(lineNo)}`;
      if (creating || 'quantity' in out || 'price' in out) {
        const q = (out.quantity ?? before?.quantity) as number | null;
        const p = (out.price !== undefined ? out.price : before?.price) as number | null;
        out.amount = lineAmount(q == null ? null : Number(q), p == null ? null : Number(p));
      }
      return out;
    });
  },

  async afterWriteMany(tx, { action, changes, auth }) {
    const orderIds = changes.map(c => Number((c.after ?? c.before)!.order_id));
    if (action === 'cancel') {
      for (const order of (await lockedOrders(tx, orderIds)).values()) assertOrderEditable(order);
      await cancelCardsOfLines(tx, changes.map(c => c.after!.id as number), auth);
    }
    await refreshOrderSums(tx, orderIds);
    await refreshContractSums(tx, await contractsOfOrders(tx, orderIds));
  },
};

/** The orders of `ids`, locked in id order (two saves of lines of the same orders queue, never deadlock). */
async function lockedOrders(tx: Db, ids: readonly number[]): Promise<Map<number, RowData>> {
  const t = tableOf(orders);
  const found = await tx.select().from(t).where(inArray(column(t, 'id'), [...new Set(ids)]))
    .orderBy(column(t, 'id')).for('update');
  return new Map(found.map(o => [Number(o.id), o]));
}

async function itemsById(tx: Db, ids: readonly number[]): Promise<Map<number, RowData>> {
  const t = tableOf(items);
  const found = await tx.select().from(t).where(inArray(column(t, 'id'), [...new Set(ids)]));
  return new Map(found.map(r => [Number(r.id), r]));
}

/** The highest line number each order has used (its cancelled lines included: a number is never given twice). */
async function lastLineNumbers(tx: Db, orderIds: readonly number[]): Promise<Map<number, number>> {
  const found = await rows<{ order_id: number; n: number | null }>(tx, sql`
    select order_id, max(line_no) as n from details where order_id = any(${sql.param([...orderIds])}::int[]) group by order_id`);
  return new Map(found.map(r => [Number(r.order_id), Number(r.n ?? 0)]));
}
