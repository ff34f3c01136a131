import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { units } from '../../../src/domain/rules/numbers';
import { get, listEvery, post, postJson, type Reply } from '../client';
import { admin, cancel, detail, makeCustomer, salesPerson, type Row } from '../delivery/fixtures';
import { draftBill, receipt } from './money-fixtures';

/**
 * The money invariants 1–3 of docs/finance.md, held to the last unit (0.0001) after random sequences of bills made,
 * confirmed and cancelled, receipts made and cancelled, allocations (named or automatic) made and taken back — on
 * either database. Each run is a fresh customer; every step may be refused (4xx: over a bill, over a receipt, a draft
 * bill…) but never fails (5xx). Afterwards the sums are computed independently from the rows and compared with the
 * stored `allocated` columns and with the balance the server answers. Runs and steps are few: the server is real.
 */

type Step =
  | { kind: 'bill'; amount: number }
  | { kind: 'confirm'; bill: number }
  | { kind: 'cancelBill'; bill: number }
  | { kind: 'receipt'; amount: number }
  | { kind: 'cancelReceipt'; receipt: number }
  | { kind: 'auto'; receipt: number }
  | { kind: 'allocate'; receipt: number; bill: number; amount: number }
  | { kind: 'unallocate'; allocation: number };

/** An amount of at most 4 decimals, up to 500. */
const amount = fc.integer({ min: 1, max: 5_000_000 }).map(u => u / 10_000);
const pick = fc.nat({ max: 7 });
const step: fc.Arbitrary<Step> = fc.oneof(
  amount.map(a => ({ kind: 'bill' as const, amount: a })),
  pick.map(b => ({ kind: 'confirm' as const, bill: b })),
  pick.map(b => ({ kind: 'cancelBill' as const, bill: b })),
  amount.map(a => ({ kind: 'receipt' as const, amount: a })),
  pick.map(r => ({ kind: 'cancelReceipt' as const, receipt: r })),
  pick.map(r => ({ kind: 'auto' as const, receipt: r })),
  fc.record({ receipt: pick, bill: pick, amount }).map(x => ({ kind: 'allocate' as const, ...x })),
  pick.map(a => ({ kind: 'unallocate' as const, allocation: a })),
);

const at = <T>(list: readonly T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);

/** Runs one step; the reply must never be a server error. */
async function run(s: Step, world: { customer: number; bills: number[]; receipts: number[]; allocations: number[] }, session: string) {
  let r: Reply | undefined;
  const bill = 'bill' in s ? at(world.bills, s.bill) : undefined;
  const rec = 'receipt' in s ? at(world.receipts, s.receipt) : undefined;
  switch (s.kind) {
    case 'bill': world.bills.push(await draftBill(world.customer, s.amount)); return;
    case 'confirm': if (bill) r = await post('/payments/bills/confirm/', { id: bill, version: (await detail('/payments/bills', bill)).version }, { session }); break;
    case 'cancelBill': if (bill) r = await cancel('/payments/bills', bill); break;
    case 'receipt': {
      r = await receipt(world.customer, s.amount, undefined, session);
      if (r.status === 200) world.receipts.push(Number((r.body.dt as Row).id));
      break;
    }
    case 'cancelReceipt': if (rec) r = await cancel('/payments', rec); break;
    case 'auto': if (rec) r = await postJson('/payments/allocate/', { receipt_id: rec, auto: 1 }, { session }); break;
    case 'allocate': if (rec && bill) r = await postJson('/payments/allocate/', { receipt_id: rec, lines: [{ bill_id: bill, amount: s.amount }] }, { session }); break;
    case 'unallocate': {
      const a = at(world.allocations, s.allocation);
      if (a) r = await post('/payments/unallocate/', { id: a }, { session });
      break;
    }
  }
  if (r === undefined) return;
  expect(r.status, `${JSON.stringify(s)}: ${JSON.stringify(r.body).slice(0, 200)}`).toBeLessThan(500);
  if (r.status === 200 && Array.isArray(r.body.lines)) world.allocations.push(...(r.body.lines as Row[]).map(l => Number(l.id)));
}

/** Invariants 1–3 from the rows as stored, to the unit. */
async function checkInvariants(customer: number, session: string): Promise<void> {
  const filter = (field: string, value: unknown) => ({ filter: [{ field, op: 'eq', value }] });
  const bills = await listEvery('/payments/bills/list/', filter('customer_id', customer), { session });
  const recs = await listEvery('/payments/list/', filter('customer_id', customer), { session });
  const ids = bills.map(b => Number(b.id));
  const allocs = ids.length === 0 ? [] : await listEvery('/payments/allocations/list/', { filter: [{ field: 'bill_id', op: 'in', value: ids }] }, { session });
  const live = allocs.filter(a => !a.canceled);
  const sumOf = (rows: readonly Row[], key: string) => rows.reduce((s, r) => s + units(r[key]), 0);

  for (const b of bills) {
    const mine = live.filter(a => Number(a.bill_id) === Number(b.id));
    // 2. A bill's allocated is the sum of its live allocations, and never beyond its total.
    expect(units(b.allocated), `bill ${String(b.show_id)}`).toBe(sumOf(mine, 'amount'));
    expect(units(b.total) - units(b.allocated)).toBeGreaterThanOrEqual(0);
    // Only a live confirmed bill carries allocations.
    if (b.canceled || b.status !== 'confirmed') expect(mine).toHaveLength(0);
  }
  for (const r of recs) {
    const mine = live.filter(a => Number(a.receipt_id) === Number(r.id));
    // 3. A receipt's allocated is the sum of its live allocations, and never beyond its amount.
    expect(units(r.allocated), `receipt ${String(r.show_id)}`).toBe(sumOf(mine, 'amount'));
    expect(units(r.allocated)).toBeLessThanOrEqual(units(r.amount));
    if (r.canceled) expect(mine).toHaveLength(0);
  }
  // 1. The balance: billed − received = outstanding − credit, computed from the rows and answered by the server.
  const owed = bills.filter(b => !b.canceled && b.status === 'confirmed');
  const paid = recs.filter(r => !r.canceled);
  const billed = sumOf(owed, 'total');
  const received = sumOf(paid, 'amount');
  const outstanding = billed - sumOf(owed, 'allocated');
  const credit = received - sumOf(paid, 'allocated');
  expect(billed - received).toBe(outstanding - credit);
  const reply = await get('/payments/balances/', { customer_id: customer }, { session });
  expect(reply.status).toBe(200);
  const row = (reply.body.dt as Row[])[0];
  if (owed.length === 0 && paid.length === 0) {
    expect(row).toBeUndefined();
    return;
  }
  expect(units(row!.balance)).toBe(billed - received);
  expect(units(row!.credit)).toBe(credit);
  expect(units(row!.outstanding)).toBe(outstanding);
  const buckets = units(row!.age_0_30) + units(row!.age_31_60) + units(row!.age_61_90) + units(row!.age_over_90);
  expect(buckets).toBe(outstanding);
}

describe('money invariants', () => {
  it('hold to the unit after any sequence of bills, confirms, cancels, receipts and allocations', async () => {
    const session = await admin();
    const saler = await salesPerson();
    let allocated = 0;
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async steps => {
      const world = { customer: Number((await makeCustomer(saler)).id), bills: [] as number[], receipts: [] as number[], allocations: [] as number[] };
      // A confirmed bill and a receipt first, so most sequences have something to allocate.
      const start: Step[] = [{ kind: 'bill', amount: 100 }, { kind: 'confirm', bill: 0 }, { kind: 'receipt', amount: 60 }];
      for (const s of [...start, ...steps]) await run(s, world, session);
      allocated += world.allocations.length;
      await checkInvariants(world.customer, session);
    }), { numRuns: 15 });
    // The sequences did allocate (else the invariants were checked on nothing).
    expect(allocated).toBeGreaterThan(0);
  }, 180_000);
});
