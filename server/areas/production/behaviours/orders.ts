import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { shippedParam } from '../../../../src/domain/contract/orders';
import { details } from '../../../../src/domain/resources/orders/details';
import { customers } from '../../../../src/domain/resources/sales/customers';
import { orders } from '../../../../src/domain/resources/orders/orders';
import { cancelable, linesEditable, type OrderStatus } from '../../../../src/domain/rules/order-status';
import { localDateString } from '../../../../src/domain/rules/date-single';
import { rows } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError, badRequest } from '../../../lib/api-error';
import { str } from '../../../lib/params';
import { column } from '../../../db/columns';
import { nextNumbers } from '../../../resources/numbering';
import { cancelCardsOfLines } from '../cancel-cards';
import { refreshOrderSums, startedCardsOf } from '../derived';
import { rowById, statusParam } from '../rows';
import { systemUpdate } from '../../../resources/write-primitives';
import { ordersAnywhere } from '../anywhere';
import type { Behaviour } from '../../../resources/behaviour-types';
import { assertOrderMayName, orderHasLines } from '../../sales/contract-rules';
import { refreshContractSums } from '../../sales/contract-sums';

/** Check codes avoid characters a customer misreads on paper (0/O, 1/I/L). */
const CHECK_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CHECK_LENGTH = 8;

export function newCheckCode(): string {
  let s = '';
  for (let i = 0; i < CHECK_LENGTH; i++) s += CHECK_ALPHABET[randomInt(CHECK_ALPHABET.length)];
  return s;
}

/** Refuses a change of an order whose status (or cancellation) forbids it. */
export function assertOrderEditable(order: Record<string, unknown>): void {
  if (order.canceled) throw new ApiError(409, 'order_canceled');
  if (!linesEditable(order.status as OrderStatus)) {
    throw new ApiError(409, 'order_locked', { status: statusParam(orders, order.status) });
  }
}

/**
 * The server rules of `orders` (src/domain/resources/orders/orders.ts, docs/production.md):
 * - a new order is a draft, numbered from `order_no_pattern` when its number is left empty, with a fresh check code,
 *   the customer's salesperson unless one is given, and today as its order date unless one is given;
 * - an order changes only while its status allows (draft, confirmed, producing) and is not cancelled; its number
 *   only while a draft (the lines' codes follow it);
 * - a cancel is allowed from draft, confirmed, and producing while no card has started, and cancels its lines and
 *   their cards with it;
 * - `status`, `quantity`, `amount` and `check_code` are never written by a save (read-only in the declaration): the
 *   transitions and the lines keep them.
 * - List parameter `shipped` (spec §7): 1 = shipped orders only, 0 = all but shipped.
 * - `contract_id` names a contract the order may name (server/areas/sales/contract-rules.ts), checked again when the
 *   customer or date changes; it is fixed once the order has live lines; `contract_no` takes its number when empty.
 */
export const ordersBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values, auth }) {
    const out = { ...values };
    if (mode === 'create') {
      out.status = 'draft';
      out.check_code = newCheckCode();
      if (!out.show_id) out.show_id = (await nextNumbers(tx, 'order_no_pattern', 1))[0];
      if (out.saler_id == null && out.customer_id != null) {
        const customer = await rowById(tx, customers, out.customer_id as number);
        out.saler_id = customer?.saler_id ?? null;
      }
      if (!out.order_date) out.order_date = localDateString(new Date());
      if (out.contract_id != null) {
        const c = await assertOrderMayName(tx, auth, Number(out.contract_id), out);
        if (!out.contract_no) out.contract_no = c.show_id;
      }
      return out;
    }
    assertOrderEditable(before!);
    await assertContractKept(tx, auth, before!, out);
    if ('show_id' in out && out.show_id !== before!.show_id) {
      // An emptied number keeps the one the order has; a new one only while nobody outside has seen it.
      if (!out.show_id) delete out.show_id;
      else if (before!.status !== 'draft') throw new ApiError(409, 'show_id_locked');
    }
    return out;
  },

  async afterWrite(tx, { action, before, after, auth }) {
    if (action === 'update' && after && before && after.show_id !== before.show_id) {
      await tx.execute(sql`update details set code = ${after.show_id as string} || '-' || line_no, rev = next_rev()
        where order_id = ${after.id as number}`);
    }
    if (action !== 'cancel' || !before || !after) return;
    if (!cancelable(before.status as OrderStatus)) {
      throw new ApiError(409, 'order_not_cancelable', { status: statusParam(orders, before.status) });
    }
    const lines = await rows<{ id: number }>(tx, sql`select id from details where order_id = ${after.id as number} and not canceled`);
    const lineIds = lines.map(l => l.id);
    if (await startedCardsOf(tx, lineIds) > 0) throw new ApiError(409, 'line_has_started_cards');
    await cancelCardsOfLines(tx, lineIds, auth);
    for (const id of lineIds) {
      const line = await rowById(tx, details, id, true);
      if (line && !line.canceled) await systemUpdate(tx, details, line, { canceled: true }, auth, 'cancel');
    }
    await refreshOrderSums(tx, [after.id as number]);
    await refreshContractSums(tx, [after.contract_id as number | null]);
  },

  list(auth, p, res) {
    const shipped = str(p, 'shipped');
    if (shipped !== undefined && shipped !== '' && !shippedParam.safeParse(shipped).success) throw badRequest();
    const status = column(tableOf(res), 'status');
    const where = [];
    if (shipped === '1') where.push(sql`${status} = 'shipped'`);
    if (shipped === '0') where.push(sql`${status} <> 'shipped'`);
    // `anywhere`: the queries menu's search across the order, its customer, lines and cards (production/anywhere.ts).
    const anywhere = str(p, 'anywhere')?.trim();
    if (anywhere) where.push(ordersAnywhere(auth, res, anywhere));
    return { where, ownParams: ['anywhere'] };
  },
};

/**
 * An order's contract on an update (decisions 257, 258): a change of contract is refused once the order has live
 * lines (409 `order_contract_fixed`); the contract it names is checked again when it, the customer or the date changes.
 */
async function assertContractKept(tx: Parameters<NonNullable<Behaviour['prepare']>>[0], auth: Parameters<typeof assertOrderMayName>[1],
  before: Record<string, unknown>, out: Record<string, unknown>): Promise<void> {
  const changed = (k: string) => k in out && String(out[k] ?? '') !== String(before[k] ?? '');
  if (changed('contract_id') && await orderHasLines(tx, Number(before.id))) throw new ApiError(409, 'order_contract_fixed');
  const contractId = 'contract_id' in out ? out.contract_id : before.contract_id;
  if (contractId == null || !(changed('contract_id') || changed('customer_id') || changed('order_date'))) return;
  const c = await assertOrderMayName(tx, auth, Number(contractId), {
    customer_id: 'customer_id' in out ? out.customer_id : before.customer_id,
    order_date: 'order_date' in out ? out.order_date : before.order_date,
  });
  if (changed('contract_id') && !('contract_no' in out ? out.contract_no : before.contract_no)) out.contract_no = c.show_id;
}
