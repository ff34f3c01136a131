import type { FastifyInstance } from 'fastify';
import {
  allocateReceipt, customerBalances, customerOpenItems, unallocateReceipt,
} from '../../../../src/domain/contract/endpoints/receipts';
import { fromUnits, units } from '../../../../src/domain/rules/numbers';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import type { Db } from '../../../db/connection';
import { allocate, unallocate } from '../allocate';
import { balances, openItems } from '../balances';

/**
 * The special calls of receipts (docs/finance.md "Receipts and allocations", "Balances and aging"; contract
 * src/domain/contract/endpoints/receipts.ts). Each write is one transaction: refused whole, nothing half-written. The
 * `allocate` action of receipts is checked by the declarations' access; row scope and the rest by the rules.
 */
export default async function receiptsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, allocateReceipt, async (p, req) => db.transaction(async tx => {
    const { receipt, lines } = await allocate(tx, authOf(req), p);
    return {
      msg: 'OK', receipt_id: Number(receipt.id),
      lines: lines.map(l => ({ id: Number(l.id), bill_id: Number(l.bill_id), amount: Number(l.amount) })),
      allocated: fromUnits(units(receipt.allocated)), unallocated: fromUnits(units(receipt.amount) - units(receipt.allocated)),
    };
  }));

  route(app, unallocateReceipt, async (p, req) => db.transaction(async tx => {
    const row = await unallocate(tx, authOf(req), p.id);
    return { msg: 'OK', id: Number(row.id), receipt_id: row.receipt_id == null ? null : Number(row.receipt_id), bill_id: Number(row.bill_id) };
  }));

  route(app, customerBalances, async (p, req) => ({ msg: 'OK', ...(await balances(db, authOf(req), p)) }));
  route(app, customerOpenItems, async (p, req) => ({ msg: 'OK', customer_id: p.customer_id, ...(await openItems(db, authOf(req), p)) }));
}
