import { deflateSync, crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
// The deliveries are written through the server's rules (behaviours): installed here too, as the seed also runs outside
// the server (npm run seed, the seed's own tests).
import '../behaviours';
import { deliveries } from '../../src/domain/resources/delivery/deliveries';
import { deliverylines } from '../../src/domain/resources/delivery/deliverylines';
import { deliveryrequestlines } from '../../src/domain/resources/delivery/deliveryrequestlines';
import { deliveryrequests } from '../../src/domain/resources/delivery/deliveryrequests';
import { packages } from '../../src/domain/resources/warehouse/packages';
import { localDateString } from '../../src/domain/rules/date-single';
import { rows, type Db } from '../db/connection';
import { files } from '../db/tables';
import { newSecret } from '../lib/secrets';
import { createRow, updateRow } from '../resources/write';
import { acceptRequest, refuseRequest } from '../areas/delivery/accept';
import { closePackage, packLots } from '../areas/delivery/packing';
import { shipDelivery } from '../areas/delivery/ship';
import { markSigned } from '../areas/delivery/sign';
import { rowById } from '../areas/production/rows';
import { Rng } from './random';
import { seedAuth } from './seed-auth';

/**
 * The demo plant's deliveries (issue 32 item 7, docs/delivery.md "Demo data"), made after the quarter's stock
 * (server/seed/stock.ts checked the finished cards into the finished-goods store) by the server's own rules — the
 * generic writes with their behaviours, packing, accepting, shipping and signing — so stock, order lines and orders
 * agree as they would in the plant:
 * - the orders the order book has as shipped went out on notes over the quarter, each whole, a few days after its last
 *   lot came in, and nearly all were signed for: the shipping office's history, which the finance's bills of three
 *   months are made from (server/seed/finance.ts);
 * - per open order, its finished lots, oldest first: about one order in seven keeps its goods in store; a third of the rest are asked for by sales (a delivery request, accepted into a note — a few accepted in
 *   part, the rest split off and still requested — some refused), the others are written by the shipping office;
 * - an order line with two lots or more is packed onto a pallet (sealed) and shipped as the package, or, with three or
 *   more, its last lot stays behind (a partial delivery);
 * - each note ships a day or three after its last lot came in (its check-out posted then), on one of the drivers'
 *   vans; notes shipped before yesterday are mostly signed for (signer, a signature image, the dock's place); the last
 *   two stay drafts being picked.
 * Seeded once, when there is no delivery yet; as the storekeeper (and the admin for sales' requests).
 */
export async function seedDelivery(tx: Db): Promise<number> {
  if ((await rows(tx, sql`select 1 from deliveries limit 1`)).length > 0) return 0;
  const store = await seedAuth(tx, 'store');
  const office = await seedAuth(tx, 'admin');
  const driver = await seedAuth(tx, 'driver');
  if (!store || !office || !driver) return 0;
  const rng = Rng.for('delivery');
  const [wh] = await rows<{ id: number }>(tx, sql`select id from warehouses where code = 'WH03'`);
  if (!wh) return 0;
  const warehouse = Number(wh.id);
  // The drivers: the people of the driver's login's department and kind (物流部's 送货司机).
  const drivers = (await rows<{ id: number }>(tx, sql`
    select p.id from persons p join persons me on me.id = ${driver.personId ?? 0}
    where p.department_id = me.department_id and p.category_id is not distinct from me.category_id and coalesce(p.active, true)
    order by p.id`)).map(r => Number(r.id));
  // The order book's shipped orders with goods in store are `finished` while their notes are written and shipped (a
  // line goes on a note only in a deliverable status, DELIVERABLE), and `shipped` again at the end, as the book has them.
  const history = (await rows<{ id: number }>(tx, sql`
    update orders o set status = 'finished' where o.status = 'shipped' and not o.canceled and exists (
      select 1 from stocklots s join cards c on c.id = s.card_id
      where c.order_id = o.id and s.warehouse_id = ${warehouse} and s.quantity > 0 and s.package_id is null)
    returning o.id`)).map(r => Number(r.id));
  const shippedBefore = new Set(history);
  const lots = await rows<Lot>(tx, sql`
    select s.id as place_id, s.item_id, s.position_id, s.lot, s.card_id, s.quantity::float8 as q, c.detail_id, c.order_id,
      o.customer_id, to_char(max(l.at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day
    from stocklots s join cards c on c.id = s.card_id join orders o on o.id = c.order_id
      join itemlogs l on l.card_id = s.card_id and l.warehouse_id = s.warehouse_id
    where s.warehouse_id = ${warehouse} and s.quantity > 0 and s.package_id is null and not o.canceled
      and o.status in ('confirmed', 'producing', 'finished')
    group by s.id, c.detail_id, c.order_id, o.customer_id
    order by min(l.at), s.id`);
  // One note per order (a customer's orders ship apart: each on its due date).
  const byCustomer = new Map<number, Lot[]>();
  for (const l of lots) byCustomer.set(Number(l.order_id), [...(byCustomer.get(Number(l.order_id)) ?? []), l]);
  const today = localDateString(new Date());
  const yesterday = localDateString(new Date(Date.now() - 86_400_000));
  const signature = await storeSignature(tx, Number(driver.accountId));

  let shipped = 0;
  const notes: { id: number; day: string; old: boolean }[] = [];
  for (const held of byCustomer.values()) {
    const customer = Number(held[0]!.customer_id);
    const old = shippedBefore.has(Number(held[0]!.order_id));
    if (!old && rng.chance(0.15)) continue;
    // Per order line: its lots; a line of three or more leaves its last one behind.
    const byLine = new Map<number, Lot[]>();
    for (const l of held) byLine.set(Number(l.detail_id), [...(byLine.get(Number(l.detail_id)) ?? []), l]);
    const lines: { detail: number; lots: Lot[]; packed: boolean }[] = [];
    for (const [detail, ls] of byLine) {
      const going = ls.length >= 3 && !old ? ls.slice(0, -1) : ls;
      lines.push({ detail, lots: going, packed: going.length >= 2 && rng.chance(0.5) });
    }
    const lastIn = lines.flatMap(l => l.lots.map(x => x.day)).sort().at(-1)!;
    const day = minDay(addDays(lastIn, rng.int(1, 3)), yesterday);
    if (day < lastIn) continue;

    // Pallets first: an order line's lots packed together and sealed, in the store where they lie.
    const packageOf = new Map<number, number>();
    for (const line of lines.filter(l => l.packed)) {
      const p = await createRow(tx, packages, { kind: 'pallet', stage: 'finished', gross_weight: round1(line.lots.length * rng.int(80, 140)) }, store);
      await packLots(tx, store, { package_id: Number(p.id), warehouse_id: warehouse, lines: line.lots.map(l => ({ place_id: Number(l.place_id) })) });
      const packed = await rowById(tx, packages, Number(p.id));
      await closePackage(tx, store, { id: Number(p.id), version: Number(packed!.version) });
      packageOf.set(line.detail, Number(p.id));
    }

    let noteId: number;
    if (rng.chance(0.33)) {
      // Sales asks; the shipping office accepts (now and then only part of one line: the rest stays requested).
      const request = await createRow(tx, deliveryrequests, { customer_id: customer, date: day, remark: '请按期发货' }, office);
      const asked = new Map<number, number>();
      for (const line of lines) {
        const r = await createRow(tx, deliveryrequestlines, { request_id: Number(request.id), detail_id: line.detail, quantity: total(line.lots) }, office);
        asked.set(Number(r.id), line.detail);
      }
      const head = await rowById(tx, deliveryrequests, Number(request.id));
      const short = !old && rng.chance(0.2) ? lines.find(l => !l.packed && l.lots.length >= 2) : undefined;
      if (short) short.lots = short.lots.slice(0, -1);
      const accepted = await acceptRequest(tx, store, {
        id: Number(request.id), version: Number(head!.version), warehouse_id: warehouse,
        lines: [...asked].map(([id, detail]) => ({ id, quantity: total(lines.find(l => l.detail === detail)!.lots) })),
      });
      noteId = accepted.deliveryId;
      // Picked: each accepted line names its package or its first lot; an order line's other lots get lines of their own.
      for (const nl of await rows<{ id: number; version: number; detail_id: number }>(tx, sql`
        select id, version, detail_id from deliverylines where delivery_id = ${noteId} and not canceled order by id`)) {
        const line = lines.find(l => l.detail === Number(nl.detail_id))!;
        const pkg = packageOf.get(line.detail);
        if (pkg) {
          await updateRow(tx, deliverylines, Number(nl.id), Number(nl.version), { package_id: pkg }, store);
          continue;
        }
        const [first, ...rest] = line.lots;
        await updateRow(tx, deliverylines, Number(nl.id), Number(nl.version), lotLine(first!), store);
        for (const l of rest) await createRow(tx, deliverylines, { delivery_id: noteId, detail_id: line.detail, ...lotLine(l) }, store);
      }
    } else {
      const note = await createRow(tx, deliveries, { customer_id: customer, warehouse_id: warehouse, date: day }, store);
      noteId = Number(note.id);
      for (const line of lines) {
        const pkg = packageOf.get(line.detail);
        if (pkg) await createRow(tx, deliverylines, { delivery_id: noteId, detail_id: line.detail, package_id: pkg, quantity: total(line.lots) }, store);
        else for (const l of line.lots) await createRow(tx, deliverylines, { delivery_id: noteId, detail_id: line.detail, ...lotLine(l) }, store);
      }
    }
    const note = await rowById(tx, deliveries, noteId);
    const van = drivers.length ? drivers[rng.int(0, drivers.length - 1)]! : null;
    await updateRow(tx, deliveries, noteId, Number(note!.version), {
      date: day, driver_id: van, vehicle: `粤S·${rng.pick(['D', 'F', 'K'])}${rng.digits(4)}`,
    }, store);
    notes.push({ id: noteId, day, old });
  }

  // The last two notes of open orders are still being picked; the others shipped on their day, most of the older ones
  // signed for (the shipped orders' nearly all).
  notes.sort((a, b) => a.day.localeCompare(b.day) || a.id - b.id);
  const picking = new Set(notes.filter(n => !n.old).slice(-2).map(n => n.id));
  for (const n of notes) {
    if (picking.has(n.id)) continue;
    const note = await rowById(tx, deliveries, n.id);
    const when = new Date(`${n.day}T${String(rng.int(8, 11)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00+08:00`);
    await shipDelivery(tx, store, n.id, Number(note!.version), when);
    shipped++;
    if (n.day < yesterday && rng.chance(n.old ? 0.95 : 0.75)) {
      const locked = await rowById(tx, deliveries, n.id, true);
      await markSigned(tx, driver, locked!, {
        signer: rng.pick(['王收货', '李仓管', '陈主管', '张验收', '刘文员']), signature, photo: null,
        place: `${(22.95 + rng.next() * 0.2).toFixed(5)},${(113.6 + rng.next() * 0.3).toFixed(5)}`,
        at: new Date(when.getTime() + rng.int(2, 6) * 3_600_000),
      });
    }
  }

  // Sales' requests the shipping office has not taken yet, and one it refused.
  const open = [...byCustomer.entries()].filter(([order, ls]) => ls.length > 0 && !shippedBefore.has(order)).slice(-6);
  for (const [k, [, ls]] of open.entries()) {
    const customer = Number(ls[0]!.customer_id);
    const free = await rows<{ id: number; left: number }>(tx, sql`
      select d.id, (d.quantity - coalesce(d.delivered_quantity, 0))::float8 as left from details d
      where d.id = any(${sql.param([...new Set(ls.map(l => Number(l.detail_id)))])}::int[]) and not d.canceled
        and d.quantity - coalesce(d.delivered_quantity, 0) > 0
        and not exists (select 1 from deliverylines x join deliveries n on n.id = x.delivery_id
          where x.detail_id = d.id and not x.canceled and not n.canceled and n.status = 'draft')
        and not exists (select 1 from deliveryrequestlines x join deliveryrequests r on r.id = x.request_id
          where x.detail_id = d.id and not x.canceled and not r.canceled and r.status = 'requested')
      order by d.id limit 1`);
    if (!free[0]) continue;
    const request = await createRow(tx, deliveryrequests, { customer_id: customer, date: today, remark: '客户催货' }, office);
    await createRow(tx, deliveryrequestlines, { request_id: Number(request.id), detail_id: Number(free[0].id), quantity: Math.min(free[0].left, 500) }, office);
    if (k === 0) {
      const head = await rowById(tx, deliveryrequests, Number(request.id));
      await refuseRequest(tx, store, { id: Number(request.id), version: Number(head!.version), reply: '库存不足，下周排产后再发' });
    }
  }
  // Shipped, as the order book has them (those delivered in full are already: the shipping promoted them).
  if (history.length) await tx.execute(sql`update orders set status = 'shipped' where id = any(${sql.param(history)}::int[]) and status <> 'shipped'`);
  return shipped;
}

interface Lot {
  place_id: number; item_id: number; position_id: number | null; lot: string; card_id: number; q: number;
  detail_id: number; order_id: number; customer_id: number; day: string;
}

const lotLine = (l: Lot) => ({ lot: l.lot, card_id: Number(l.card_id), position_id: l.position_id, quantity: Number(l.q) });
const total = (ls: readonly Lot[]) => Math.round(ls.reduce((s, l) => s + Number(l.q), 0) * 10_000) / 10_000;
const round1 = (x: number) => Math.round(x * 10) / 10;
const addDays = (day: string, n: number) => localDateString(new Date(new Date(`${day}T12:00:00+08:00`).getTime() + n * 86_400_000));
const minDay = (a: string, b: string) => (a < b ? a : b);

/**
 * The signature the demo's receipts carry: a pen stroke drawn into a small PNG (grey on white), stored once as an
 * uploaded image kept for good, its URL as the phone's upload would name it.
 */
async function storeSignature(tx: Db, accountId: number): Promise<string> {
  const w = 240;
  const h = 80;
  const px = Buffer.alloc((w + 1) * h, 255);
  for (let x = 10; x < w - 10; x++) {
    const y = Math.round(h / 2 + Math.sin(x / 11) * 18 * Math.cos(x / 47) + Math.sin(x / 3.7) * 4);
    for (let d = -1; d <= 1; d++) if (y + d >= 0 && y + d < h) px[(y + d) * (w + 1) + 1 + x] = 40;
  }
  for (let y = 0; y < h; y++) px[y * (w + 1)] = 0; // each row's filter byte: none
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(px)),
    chunk('IEND', Buffer.alloc(0))]);
  const id = newSecret().replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  await tx.insert(files).values({ id, name: 'signature.png', mime: 'image/png', size: png.length, data: png, account_id: accountId,
    kind: 'upload', expires_at: null });
  return `/files/?action=download&id=${id}`;
}
