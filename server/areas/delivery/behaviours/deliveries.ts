import { sql } from 'drizzle-orm';
import { localDateString } from '../../../../src/domain/rules/date-single';
import { rows, type Db } from '../../../db/connection';
import { ApiError, badRequest } from '../../../lib/api-error';
import { str } from '../../../lib/params';
import { nextNumbers } from '../../../resources/numbering';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { deliveriesAnywhere } from '../anywhere';
import { hasLiveLines, withCustomerDefaults } from '../rows';
import { unshipDelivery } from '../unship';

/** Refuses a change of a delivery note that is shipped (or signed) or cancelled. */
export function assertDeliveryDraft(delivery: RowData | undefined): void {
  if (!delivery || delivery.canceled) throw new ApiError(409, 'delivery_canceled');
  if (delivery.status !== 'draft') throw new ApiError(409, 'delivery_not_draft');
}

/**
 * The server rules of `deliveries` (docs/delivery.md "Deliveries"):
 * - a new note is a draft, numbered from `delivery_no_pattern`, dated today unless a date is given; its salesperson,
 *   address, consignee and phone are its customer's unless given;
 * - it changes only while a draft; its customer not once it has lines;
 * - a cancel of a draft just cancels it (its lines hold nothing any more); of a shipped note it reverses the check-out,
 *   gives the order lines back what they had delivered and moves the orders back (unship.ts); of a signed note it is
 *   refused (409 `delivery_signed`): the customer has signed for the goods.
 * - List parameter `anywhere` (the delivery query): words found in the note, its customer, its lines' orders, items,
 *   lots and packages.
 */
export const deliveriesBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    if (mode === 'create') {
      out.status = 'draft';
      out.show_id = (await nextNumbers(tx, 'delivery_no_pattern', 1))[0];
      if (!out.date) out.date = localDateString(new Date());
      return withCustomerDefaults(tx, out);
    }
    assertDeliveryDraft(before!);
    if ('customer_id' in out && Number(out.customer_id) !== Number(before!.customer_id)
      && await hasLiveLines(tx, 'deliverylines', 'delivery_id', before!.id as number)) {
      throw new ApiError(409, 'delivery_customer_fixed', {}, { customer_id: { key: 'delivery_customer_fixed' } });
    }
    return out;
  },

  async afterWrite(tx, { action, before, after, auth }) {
    if (action !== 'cancel' || !before || !after) return;
    if (before.status === 'signed') throw new ApiError(409, 'delivery_signed');
    // A delivery on a live bill stays: the bill is cancelled first (docs/finance.md "Bills").
    const [billed] = await rows<{ bill: string }>(tx, sql`select b.show_id as bill from billlines l join bills b on b.id = l.bill_id
      where l.delivery_id = ${after.id as number} and not l.canceled limit 1`);
    if (billed) throw new ApiError(409, 'delivery_billed', { delivery: String(before.show_id ?? ''), bill: billed.bill });
    if (before.status === 'shipped') await unshipDelivery(tx, auth, after);
  },

  list(auth, p, res) {
    const anywhere = str(p, 'anywhere');
    if (anywhere !== undefined && anywhere.length > 200) throw badRequest();
    const text = anywhere?.trim();
    return { where: text ? [deliveriesAnywhere(auth, res, text)] : [], ownParams: ['anywhere'] };
  },
};

/** A note's quantity and amount: the sums of its live lines. */
export async function refreshDeliverySums(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await rows(tx, sql`
    update deliveries v set quantity = s.q, amount = s.a, rev = next_rev()
    from (select v2.id, coalesce(sum(l.quantity) filter (where not l.canceled), 0) as q,
                 coalesce(sum(l.amount) filter (where not l.canceled), 0) as a
          from deliveries v2 left join deliverylines l on l.delivery_id = v2.id
          where v2.id = any(${sql.param([...new Set(ids)])}::int[]) group by v2.id) s
    where v.id = s.id and (v.quantity is distinct from s.q or v.amount is distinct from s.a)`);
}
