import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/connection';
import { siteName } from '../../resources/configs';

/** One line of a printed or queried bill. Money at 4 decimals. */
export interface BillLine {
  line_no: number | null;
  delivery_id: number | null;
  delivery_show_id: string | null;
  delivery_date: string | null;
  order_show_id: string | null;
  item_code: string | null;
  description: string | null;
  quantity: number;
  unit: string | null;
  price: number | null;
  amount: number | null;
  adjustment: number | null;
  adjustment_reason: string | null;
  remark: string | null;
}

/** What one printed bill shows (bill-sheet.ts). */
export interface Bill {
  id: number;
  show_id: string;
  kind: string;
  status: string;
  customer: string | null;
  saler: string | null;
  date_from: string | null;
  date_to: string | null;
  date: string | null;
  check_code: string | null;
  quantity: number;
  amount: number;
  adjustment: number;
  total: number;
  /** Received: the live allocations to the bill (0 until receipts exist). */
  allocated: number;
  remark: string | null;
  lines: BillLine[];
}

const num = (v: unknown): number | null => (v == null ? null : Number(v));
const text = (v: unknown): string | null => (v == null || v === '' ? null : String(v));

/**
 * The live bills `ids` as the sheet prints them, in the order asked (a bill cancelled since is left out): the header
 * with its customer's and salesperson's names, the live lines in line order with their delivery note's number and the
 * order line's order. Plus the plant's name (config `site_name`) for the title.
 */
export async function billsOf(db: Db, ids: readonly number[]): Promise<{ site: string; bills: Bill[] }> {
  if (ids.length === 0) return { site: '', bills: [] };
  const idList = sql.param([...ids]);
  const heads = await rows<Record<string, unknown>>(db, sql`
    select b.id, b.show_id, b.kind, b.status, c.name as customer, sp.name as saler, b.date_from::text as date_from,
      b.date_to::text as date_to, b.date::text as date, b.check_code, b.quantity::text as quantity, b.amount::text as amount,
      b.adjustment::text as adjustment, b.total::text as total, b.allocated::text as allocated, b.remark
    from bills b left join customers c on c.id = b.customer_id left join persons sp on sp.id = b.saler_id
    where b.id = any(${idList}::int[]) and not b.canceled`);
  const lines = await linesOf(db, heads.map(h => Number(h.id)));
  const headById = new Map(heads.map(h => [Number(h.id), h]));
  const bills: Bill[] = [];
  for (const id of ids) {
    const h = headById.get(id);
    if (!h) continue;
    bills.push({
      id, show_id: String(h.show_id ?? id), kind: String(h.kind), status: String(h.status), customer: text(h.customer),
      saler: text(h.saler), date_from: text(h.date_from), date_to: text(h.date_to), date: text(h.date), check_code: text(h.check_code),
      quantity: Number(h.quantity ?? 0), amount: Number(h.amount ?? 0), adjustment: Number(h.adjustment ?? 0),
      total: Number(h.total ?? 0), allocated: Number(h.allocated ?? 0), remark: text(h.remark), lines: lines.get(id) ?? [],
    });
  }
  return { site: await siteName(db), bills };
}

/** The live lines of the bills, per bill, in line order. */
export async function linesOf(db: Db, billIds: readonly number[]): Promise<Map<number, BillLine[]>> {
  const out = new Map<number, BillLine[]>();
  if (billIds.length === 0) return out;
  const found = await rows<Record<string, unknown>>(db, sql`
    select l.bill_id, l.line_no, l.delivery_id, v.show_id as delivery_show_id, l.delivery_date::text as delivery_date,
      o.show_id as order_show_id, i.code as item_code, l.description, l.quantity::text as quantity, l.unit, l.price::text as price,
      l.amount::text as amount, l.adjustment::text as adjustment, l.adjustment_reason, l.remark
    from billlines l left join deliveries v on v.id = l.delivery_id left join details d on d.id = l.detail_id
      left join orders o on o.id = d.order_id left join items i on i.id = l.item_id
    where l.bill_id = any(${sql.param([...billIds])}::int[]) and not l.canceled
    order by l.bill_id, l.line_no, l.id`);
  for (const l of found) {
    const id = Number(l.bill_id);
    let list = out.get(id);
    if (!list) out.set(id, (list = []));
    list.push({
      line_no: num(l.line_no), delivery_id: num(l.delivery_id), delivery_show_id: text(l.delivery_show_id),
      delivery_date: text(l.delivery_date), order_show_id: text(l.order_show_id), item_code: text(l.item_code),
      description: text(l.description), quantity: Number(l.quantity ?? 0), unit: text(l.unit), price: num(l.price), amount: num(l.amount),
      adjustment: num(l.adjustment), adjustment_reason: text(l.adjustment_reason), remark: text(l.remark),
    });
  }
  return out;
}
