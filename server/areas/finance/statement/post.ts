import { sql } from 'drizzle-orm';
import type { IgnoreStatementParams, PostStatementParams, PostStatementReply } from '../../../../src/domain/contract/statement';
import { receipts } from '../../../../src/domain/resources/finance/receipts';
import { statementlines } from '../../../../src/domain/resources/finance/statementlines';
import type { Auth } from '../../../auth/sessions';
import { rows, type Db } from '../../../db/connection';
import { localDateString } from '../../../../src/domain/rules/date-single';
import { ApiError } from '../../../lib/api-error';
import type { RowData } from '../../../resources/behaviour-types';
import { insertValidated } from '../../../resources/write-many';
import { systemUpdate } from '../../../resources/write-primitives';
import { allocate } from '../allocate';
import { FIN_MONTHS, monthsOf } from '../periods';

/** The lines named, locked `for update` in id order (so two posts of overlapping lines queue, never deadlock). */
async function lockLines(tx: Db, ids: readonly number[]): Promise<Map<number, RowData>> {
  const found = await rows<RowData>(tx, sql`
    select * from statementlines where id = any(${sql.param([...new Set(ids)])}::int[]) and not canceled order by id for update`);
  const byId = new Map(found.map(r => [Number(r.id), r]));
  const missing = ids.find(id => !byId.has(id));
  if (missing !== undefined) throw new ApiError(404, 'statement_line_unknown');
  return byId;
}

/**
 * Posts accepted statement lines (`POST /payments/statement/post/`, docs/finance.md "4. Bank statement import"), in the
 * caller's transaction. Each line, under its row lock: already posted → counted `already`, its receipt answered, no
 * second one (a double click, a second tab); ignored → 409; a debit line → 422 (money out is a payout); else one
 * receipt (bank, day, amount, payer, account, reference, memo, the customer chosen or none) made through the receipts'
 * own write path (numbering, owner, checks), and the line `posted` with its receipt and customer. Every line's month
 * must be open (409 naming it). With `allocate`, each new receipt of a customer is allocated automatically (the
 * receipts' FIFO, oldest confirmed bill first, dated the line's day); one with nothing to pay stays the customer's
 * credit. All or nothing.
 */
export async function postStatement(tx: Db, auth: Auth, p: PostStatementParams): Promise<Omit<PostStatementReply, 'msg'>> {
  const byId = await lockLines(tx, p.lines.map(l => l.id));
  const chosen = new Map(p.lines.map(l => [l.id, l.customer_id]));
  const out: PostStatementReply['lines'] = [];
  let posted = 0;
  let already = 0;
  const todo: RowData[] = [];
  for (const line of [...byId.values()]) {
    if (line.status === 'posted') {
      already++;
      out.push({ id: Number(line.id), receipt_id: Number(line.receipt_id), receipt_show_id: null, allocated: 0 });
      continue;
    }
    if (line.status === 'ignored') throw new ApiError(409, 'statement_ignored', { row: String(line.reference ?? line.id) });
    if (Number(line.amount) <= 0) throw new ApiError(422, 'statement_debit');
    todo.push(line);
  }
  await FIN_MONTHS.assertOpen(tx, monthsOf(...todo.map(l => l.date)));
  for (const line of todo) {
    const customerId = chosen.get(Number(line.id)) ?? null;
    const [receipt] = await insertValidated(tx, receipts, [{
      bank_id: line.bank_id, date: line.date, customer_id: customerId, amount: line.amount, payer_name: line.name,
      payer_account: line.account, reference: line.reference, memo: line.memo, statementline_id: line.id,
    }], auth);
    await systemUpdate(tx, statementlines, line, { status: 'posted', receipt_id: receipt!.id, customer_id: customerId }, auth);
    posted++;
    const allocated = p.allocate && customerId !== null ? await allocateAuto(tx, auth, Number(receipt!.id), line.date) : 0;
    out.push({ id: Number(line.id), receipt_id: Number(receipt!.id), receipt_show_id: receipt!.show_id == null ? null : String(receipt!.show_id),
      allocated });
  }
  const showIds = await rows<{ id: number; show_id: string | null }>(tx, sql`
    select id, show_id from receipts where id = any(${sql.param(out.map(o => o.receipt_id))}::int[])`);
  const shown = new Map(showIds.map(r => [Number(r.id), r.show_id]));
  for (const o of out) o.receipt_show_id = shown.get(o.receipt_id) ?? o.receipt_show_id;
  return { posted, already, lines: out };
}

/** A receipt allocated oldest bill first; what its customer has no open bill for is left as credit (0 allocated). */
async function allocateAuto(tx: Db, auth: Auth, receiptId: number, date: unknown): Promise<number> {
  // A date column read as a Date is local midnight of its day.
  const day = date instanceof Date ? localDateString(date) : String(date).slice(0, 10);
  try {
    const { lines } = await allocate(tx, auth, { receipt_id: receiptId, auto: true, date: day });
    return lines.reduce((sum, l) => sum + Math.round(Number(l.amount) * 10_000), 0) / 10_000;
  } catch (e) {
    // Refused before anything was written (no open bill): the receipt stays credit. Any other refusal refuses the post.
    if (e instanceof ApiError && e.key === 'allocation_nothing') return 0;
    throw e;
  }
}

/** Sets new lines aside (`POST /payments/statement/ignore/`): an ignored one stays; a posted one is refused (409). */
export async function ignoreStatement(tx: Db, auth: Auth, p: IgnoreStatementParams): Promise<number> {
  const byId = await lockLines(tx, p.ids);
  let ignored = 0;
  for (const line of byId.values()) {
    if (line.status === 'posted') throw new ApiError(409, 'statement_not_new');
    if (line.status === 'ignored') continue;
    await systemUpdate(tx, statementlines, line, { status: 'ignored' }, auth);
    ignored++;
  }
  return ignored;
}
