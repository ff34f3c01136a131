import { sql } from 'drizzle-orm';
import { items } from '../../../../src/domain/resources/items/items';
import { lineAmount } from '../../../../src/domain/rules/numbers';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';
import { rowById } from '../../production/rows';
import { refreshContractSums } from '../contract-sums';
import { lockedDraftContract } from './contracts';

/** The item's name and spec as a contract prints them. */
function describe(item: RowData | undefined): string | null {
  if (!item) return null;
  const text = [item.name, item.spec].filter(v => typeof v === 'string' && v.trim() !== '').join(' ');
  return text === '' ? null : text.slice(0, 200);
}

/** Refuses a second live line of an item on a contract (409 `contract_item_twice`); the index is the backstop. */
async function assertItemOnce(tx: Db, contractId: number, itemId: number, exceptId: number | null): Promise<void> {
  const found = await rows<{ id: number }>(tx, sql`
    select id from contractlines where contract_id = ${contractId} and item_id = ${itemId} and not canceled
      and id <> ${exceptId ?? 0} limit 1`);
  if (found.length > 0) throw new ApiError(409, 'contract_item_twice');
}

/**
 * The server rules of `contractlines` (src/domain/resources/sales/contractlines.ts, docs/sales-office.md §1):
 * - a line is written or cancelled only while its contract is a draft (409 `contract_line_fixed`), the contract locked
 *   first so its lines are written one after another; a line never moves to another contract;
 * - a new line takes the next line number, and from its item the description (name and spec) and unit not given;
 * - one live line per item (409 `contract_item_twice`); `amount` = quantity × price at 4 decimals;
 * - the contract's `amount` follows every write.
 */
export const contractlinesBehaviour: Behaviour = {
  // In batch form so the lines of one save number one after another (each sees the numbers given before it).
  async prepareMany(tx, { mode, rows: list, rowError }) {
    const lastLine = new Map<number, number>();
    const seen = new Set<string>();
    const out: RowData[] = [];
    for (const [i, r] of list.entries()) {
      try {
        out.push(await prepareLine(tx, mode, r.before, r.values, lastLine, seen));
      } catch (e) {
        throw rowError(i, e);
      }
    }
    return out;
  },

  async afterWriteMany(tx, { action, changes }) {
    const contractIds = [...new Set(changes.map(c => Number((c.after ?? c.before)!.contract_id)))];
    if (action === 'cancel') for (const id of contractIds) await lockedDraftContract(tx, id);
    await refreshContractSums(tx, contractIds);
  },
};

/** One line's values to write (the rules above); `lastLine` carries the numbers given in this write, by contract. */
async function prepareLine(tx: Db, mode: 'create' | 'update', before: RowData | null, values: RowData,
  lastLine: Map<number, number>, seen: Set<string>): Promise<RowData> {
  const out: RowData = { ...values };
  if (mode === 'update' && 'contract_id' in out && Number(out.contract_id) !== Number(before!.contract_id)) {
    throw new ApiError(422, 'invalid_input', {}, { contract_id: { key: 'contract_line_other' } });
  }
  if (mode === 'update' && before!.canceled) throw new ApiError(409, 'already_canceled');
  const contractId = Number(mode === 'create' ? out.contract_id : before!.contract_id);
  await lockedDraftContract(tx, contractId);
  const itemId = Number(out.item_id ?? before?.item_id);
  if (mode === 'create' || ('item_id' in out && Number(out.item_id) !== Number(before!.item_id))) {
    await assertItemOnce(tx, contractId, itemId, mode === 'update' ? Number(before!.id) : null);
    // Twice in one save: the rows are not written yet, so the write's own items are remembered.
    if (seen.has(`${contractId}:${itemId}`)) throw new ApiError(409, 'contract_item_twice');
    seen.add(`${contractId}:${itemId}`);
  }
  if (mode === 'create') {
    const item = await rowById(tx, items, itemId);
    const [{ n }] = await rows<{ n: number | null }>(tx, sql`
      select max(line_no) as n from contractlines where contract_id = ${contractId}`) as [{ n: number | null }];
    out.line_no = Math.max(Number(n ?? 0), lastLine.get(contractId) ?? 0) + 1;
    lastLine.set(contractId, Number(out.line_no));
    if (out.description == null || out.description === '') out.description = describe(item);
    if (out.unit == null || out.unit === '') out.unit = (item?.unit as string | null | undefined) ?? null;
  }
  if (mode === 'create' || 'quantity' in out || 'price' in out) {
    const q = (out.quantity !== undefined ? out.quantity : before?.quantity) as number | string | null;
    const p = (out.price !== undefined ? out.price : before?.price) as number | string | null;
    out.amount = lineAmount(q == null ? null : Number(q), p == null ? null : Number(p)) ?? 0;
  }
  return out;
}
