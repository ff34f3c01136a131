import { sql } from 'drizzle-orm';
import { contractlines } from '../../../../src/domain/resources/sales/contractlines';
import { contracts } from '../../../../src/domain/resources/sales/contracts';
import { customers } from '../../../../src/domain/resources/sales/customers';
import { contractDatesValid, ORDER_CURRENCY } from '../../../../src/domain/rules/contracts';
import type { MessageKey } from '../../../../src/domain/messages/catalog';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { nextNumbers } from '../../../resources/numbering';
import { systemUpdate } from '../../../resources/write-primitives';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { rowById } from '../../production/rows';

/** Fields an active (or expired, or terminated) contract keeps as signed (decision 259). */
const FIXED_WHEN_ACTIVE = ['customer_id', 'currency', 'valid_from'] as const;

const fieldError = (field: string, key: MessageKey) => new ApiError(422, 'invalid_input', {}, { [field]: { key } });

/** Refuses a span `valid_from`..`valid_to` that is reversed or longer than five years (422 on `valid_to`). */
function assertDates(from: unknown, to: unknown): void {
  if (typeof from === 'string' && typeof to === 'string' && !contractDatesValid(from, to)) {
    throw fieldError('valid_to', 'contract_dates');
  }
}

/** The currency as written (the declaration's codes), CNY when none is given. */
const currencyOf = (v: unknown): unknown => (v == null || v === '' ? ORDER_CURRENCY : v);

/**
 * The server rules of `contracts` (src/domain/resources/sales/contracts.ts, docs/sales-office.md §1):
 * - a new contract is a draft, numbered from `contract_no_pattern`, its salesperson the customer's unless given, its
 *   currency CNY unless given; `valid_from` ≤ `valid_to`, at most five years (422 `contract_dates`);
 * - a cancelled contract changes no more (409 `contract_canceled`); a draft's customer is fixed once it has live lines
 *   (409 `contract_customer_fixed`); an active, expired or terminated contract keeps its customer, currency and start
 *   (409 `contract_fixed`), and its end moves only later (an extension);
 * - a cancel takes only a draft (409 `contract_not_draft`) and cancels its lines with it.
 * `status`, the transition stamps and the sums are read-only: activate, terminate, the sweep and refreshContractSums
 * write them.
 */
export const contractsBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out: RowData = { ...values };
    if (mode === 'create') {
      out.status = 'draft';
      out.currency = currencyOf(out.currency);
      if (!out.show_id) out.show_id = (await nextNumbers(tx, 'contract_no_pattern', 1))[0];
      if (out.saler_id == null && out.customer_id != null) {
        out.saler_id = (await rowById(tx, customers, Number(out.customer_id)))?.saler_id ?? null;
      }
      assertDates(out.valid_from, out.valid_to);
      return out;
    }
    const b = before!;
    if (b.canceled) throw new ApiError(409, 'contract_canceled');
    if ('currency' in out) out.currency = currencyOf(out.currency);
    const changed = (k: string) => k in out && String(out[k] ?? '') !== String(b[k] ?? '');
    if (b.status !== 'draft') {
      if (FIXED_WHEN_ACTIVE.some(changed)) throw new ApiError(409, 'contract_fixed');
      if (changed('valid_to') && String(out.valid_to ?? '') < String(b.valid_to ?? '')) throw new ApiError(409, 'contract_fixed');
    } else if (changed('customer_id')) {
      const [{ n }] = await rows<{ n: number }>(tx, sql`
        select count(*)::int as n from contractlines where contract_id = ${b.id as number} and not canceled`) as [{ n: number }];
      if (n > 0) throw new ApiError(409, 'contract_customer_fixed');
    }
    assertDates(out.valid_from ?? b.valid_from, out.valid_to ?? b.valid_to);
    return out;
  },

  async afterWrite(tx, { action, before, after, auth }) {
    if (action !== 'cancel' || !before || !after) return;
    if (before.status !== 'draft') throw new ApiError(409, 'contract_not_draft');
    const lines = await rows<{ id: number }>(tx, sql`
      select id from contractlines where contract_id = ${after.id as number} and not canceled order by id for update`);
    for (const l of lines) {
      const line = await rowById(tx, contractlines, Number(l.id));
      if (line) await systemUpdate(tx, contractlines, line, { canceled: true }, auth, 'cancel');
    }
  },
};

/** The contract of `id` locked for update, refused when missing, cancelled, or not a draft (lines are written then). */
export async function lockedDraftContract(tx: Parameters<NonNullable<Behaviour['prepare']>>[0], id: number): Promise<RowData> {
  const c = await rowById(tx, contracts, id, true);
  if (!c) throw fieldError('contract_id', 'ref_missing');
  if (c.canceled) throw new ApiError(409, 'contract_canceled');
  if (c.status !== 'draft') throw new ApiError(409, 'contract_line_fixed');
  return c;
}
