import { sql } from 'drizzle-orm';
import { items } from '../../../../src/domain/resources/items/items';
import { orders } from '../../../../src/domain/resources/orders/orders';
import { lineAmount } from '../../../../src/domain/rules/numbers';
import { convertQuantity } from '../../../../src/domain/rules/property-columns';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { cancelCardsOfLines } from '../cancel-cards';
import { refreshOrderSums } from '../derived';
import { fromUnits, rowById, units } from '../rows';
import { assertOrderEditable } from './orders';
import { currentFormulaOf } from '../../formulas/current';
import type { Behaviour } from '../../../resources/behaviour-types';

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
 * - the order's `quantity` and `amount` follow every write of a line.
 */
export const detailsBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    if (mode === 'update' && 'order_id' in out && out.order_id !== before!.order_id) throw fieldError('order_id', 'line_other_order');
    const order = await rowById(tx, orders, (mode === 'create' ? out.order_id : before!.order_id) as number, true);
    if (!order) throw new ApiError(422, 'invalid_input', {}, { order_id: { key: 'ref_missing' } });
    assertOrderEditable(order);
    if (mode === 'update' && before!.canceled) throw new ApiError(409, 'already_canceled');

    const itemId = (out.item_id ?? before?.item_id) as number;
    if (mode === 'create') {
      const item = await rowById(tx, items, itemId);
      if (out.line_no == null) {
        const [r] = await rows<{ n: number | null }>(tx, sql`select max(line_no) as n from details where order_id = ${order.id as number}`);
        out.line_no = Number(r?.n ?? 0) + 1;
      }
      for (const k of ['unit', 'unit2', 'unit3', 'workflow_id', 'price'] as const) {
        if (out[k] === undefined || out[k] === null || out[k] === '') out[k] = item?.[k] ?? null;
      }
      // The line is made with the item's current formula unless it names one (docs/formulas.md): a change to that
      // version later makes a new version and leaves this line's requirement as it was.
      if (out.formula_id == null) out.formula_id = await currentFormulaOf(tx, itemId);
      const q = Number(out.quantity);
      if (out.quantity2 == null) out.quantity2 = convertQuantity(q, item?.rate2 as number | null) ?? null;
      if (out.quantity3 == null) out.quantity3 = convertQuantity(q, item?.rate3 as number | null) ?? null;
    } else {
      const cardUnits = units(before!.card_quantity);
      if (cardUnits > 0) {
        if ('item_id' in out && out.item_id !== before!.item_id) throw fieldError('item_id', 'line_locked_by_cards');
        if ('workflow_id' in out && out.workflow_id !== before!.workflow_id) throw fieldError('workflow_id', 'line_locked_by_cards');
      }
      if ('quantity' in out && units(out.quantity) < cardUnits) {
        throw fieldError('quantity', 'line_below_cards', { min: fromUnits(cardUnits) });
      }
    }
    const lineNo = out.line_no ?? before?.line_no;
    out.code = `${order.show_id as string}-${String(lineNo)}`;
    if (mode === 'create' || 'quantity' in out || 'price' in out) {
      const q = (out.quantity ?? before?.quantity) as number | null;
      const p = (out.price !== undefined ? out.price : before?.price) as number | null;
      out.amount = lineAmount(q == null ? null : Number(q), p == null ? null : Number(p));
    }
    return out;
  },

  async afterWrite(tx, { action, before, after, auth }) {
    const orderId = (after ?? before)!.order_id as number;
    if (action === 'cancel') {
      const order = await rowById(tx, orders, orderId, true);
      if (order) assertOrderEditable(order);
      await cancelCardsOfLines(tx, [after!.id as number], auth);
    }
    await refreshOrderSums(tx, [orderId]);
  },
};
