import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/connection';
import { siteName } from '../../resources/configs';

/** One line of a printed delivery note. */
export interface NoteLine {
  line_no: number | null;
  order_show_id: string | null;
  item_code: string | null;
  item_name: string | null;
  spec: string | null;
  /** The lot (a card's number) or the package's number. */
  lot: string | null;
  package_no: string | null;
  props: Record<string, unknown> | null;
  quantity: number;
  unit: string | null;
  quantity2: number | null;
  unit2: string | null;
  price: number | null;
  amount: number | null;
  remark: string | null;
}

/** What one printed delivery note shows (note-sheet.ts). */
export interface Note {
  show_id: string;
  date: string | null;
  status: string;
  customer: string | null;
  address: string | null;
  contact: string | null;
  phone: string | null;
  vehicle: string | null;
  driver: string | null;
  saler: string | null;
  warehouse: string | null;
  remark: string | null;
  quantity: number;
  amount: number;
  lines: NoteLine[];
  /** The orders of its lines, each with its check code for the public order query. */
  orders: { show_id: string; check_code: string | null }[];
}

const num = (v: unknown): number | null => (v == null ? null : Number(v));
const text = (v: unknown): string | null => (v == null || v === '' ? null : String(v));

/**
 * The live delivery notes `ids` as the sheet prints them, in the order asked (a note cancelled since is left out): the
 * header with its customer's, driver's, salesperson's and warehouse's names, the live lines in line order with their
 * order, item, lot or package and the order line's secondary unit, and the orders with their check codes. Plus the
 * plant's name (config `site_name`) for the title.
 */
export async function notesOf(db: Db, ids: readonly number[]): Promise<{ site: string; notes: Note[] }> {
  if (ids.length === 0) return { site: '', notes: [] };
  const idList = sql.param([...ids]);
  const heads = await rows<Record<string, unknown>>(db, sql`
    select v.id, v.show_id, v.date::text as date, v.status, c.name as customer, v.address, v.contact, v.phone, v.vehicle,
      dp.name as driver, sp.name as saler, w.name as warehouse, v.remark, v.quantity::float8 as quantity, v.amount::float8 as amount
    from deliveries v left join customers c on c.id = v.customer_id left join persons dp on dp.id = v.driver_id
      left join persons sp on sp.id = v.saler_id left join warehouses w on w.id = v.warehouse_id
    where v.id = any(${idList}::int[]) and not v.canceled`);
  const lines = await rows<Record<string, unknown>>(db, sql`
    select l.delivery_id, l.line_no, o.show_id as order_show_id, o.check_code, i.code as item_code, i.name as item_name, i.spec,
      l.lot, k.show_id as package_no, l.props, l.quantity::float8 as quantity, l.unit, l.quantity2::float8 as quantity2, d.unit2,
      l.price::float8 as price, l.amount::float8 as amount, l.remark
    from deliverylines l left join orders o on o.id = l.order_id left join items i on i.id = l.item_id
      left join packages k on k.id = l.package_id left join details d on d.id = l.detail_id
    where l.delivery_id = any(${idList}::int[]) and not l.canceled
    order by l.delivery_id, l.line_no, l.id`);
  const byNote = new Map<number, Record<string, unknown>[]>();
  for (const l of lines) {
    const list = byNote.get(Number(l.delivery_id)) ?? [];
    list.push(l);
    byNote.set(Number(l.delivery_id), list);
  }
  const headById = new Map(heads.map(h => [Number(h.id), h]));
  const notes: Note[] = [];
  for (const id of ids) {
    const h = headById.get(id);
    if (!h) continue;
    const own = byNote.get(id) ?? [];
    const orders = new Map<string, string | null>();
    for (const l of own) if (l.order_show_id) orders.set(String(l.order_show_id), text(l.check_code));
    notes.push({
      show_id: String(h.show_id ?? id), date: text(h.date), status: String(h.status), customer: text(h.customer), address: text(h.address),
      contact: text(h.contact), phone: text(h.phone), vehicle: text(h.vehicle), driver: text(h.driver), saler: text(h.saler),
      warehouse: text(h.warehouse), remark: text(h.remark), quantity: Number(h.quantity ?? 0), amount: Number(h.amount ?? 0),
      lines: own.map(l => ({
        line_no: num(l.line_no), order_show_id: text(l.order_show_id), item_code: text(l.item_code), item_name: text(l.item_name),
        spec: text(l.spec), lot: text(l.lot), package_no: text(l.package_no),
        props: l.props && typeof l.props === 'object' && !Array.isArray(l.props) ? l.props as Record<string, unknown> : null,
        quantity: Number(l.quantity ?? 0), unit: text(l.unit), quantity2: num(l.quantity2), unit2: text(l.unit2), price: num(l.price),
        amount: num(l.amount), remark: text(l.remark),
      })),
      orders: [...orders].map(([show_id, check_code]) => ({ show_id, check_code })),
    });
  }
  return { site: await siteName(db), notes };
}
