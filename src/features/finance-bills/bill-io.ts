import { resourceClient } from '../../data/resource-client';
import type { ListRow } from '../../domain/contract/rows';
import { billlines } from '../../domain/resources/finance/billlines';
import { bills } from '../../domain/resources/finance/bills';

export type BillRow = ListRow<typeof bills>;
export type BillLineRow = ListRow<typeof billlines>;

/** A bill and its live lines in line order, read through their resource clients. */
export async function loadBill(id: number, signal?: AbortSignal): Promise<{ bill: BillRow; lines: BillLineRow[] }> {
  const [bill, lines] = await Promise.all([
    resourceClient(bills).detail(id, { signal }),
    resourceClient(billlines).list({ limit: -1, sort: ['line_no'], filter: [{ field: 'bill_id', op: 'eq', value: id }] }, { signal }),
  ]);
  return { bill: bill.row, lines: lines.dt.filter(l => !l.canceled) };
}

/** What the accountant may type on a line: its adjustment and reason, and on a bill by hand what it charges. */
export interface LineEdit {
  description?: string;
  quantity?: string;
  unit?: string;
  price?: string;
  adjustment?: string;
  adjustment_reason?: string;
}

/** A typed number: '' is none (null), anything not a number is `undefined` (the screen says so before sending). */
export function typedNumber(s: string): number | null | undefined {
  const v = s.trim();
  if (v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The values of a line by hand to save: a description with a quantity and a price, or one amount (one unit at that
 * price: the bill line's amount is always quantity × price, decision 232). `null` when what is typed is not a line.
 */
export function handLine(p: { description: string; quantity: string; unit: string; price: string; amount: string }):
  { description: string; quantity: number; unit: string | null; price: number } | null {
  const description = p.description.trim();
  if (!description) return null;
  const amount = typedNumber(p.amount);
  const quantity = typedNumber(p.quantity);
  const price = typedNumber(p.price);
  if (quantity === undefined || price === undefined || amount === undefined) return null;
  if (quantity === null && price === null) {
    return amount === null ? null : { description, quantity: 1, unit: p.unit.trim() || null, price: amount };
  }
  if (quantity === null || price === null || quantity < 0) return null;
  return { description, quantity, unit: p.unit.trim() || null, price };
}
