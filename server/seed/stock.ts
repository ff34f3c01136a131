import { sql } from 'drizzle-orm';
import { localDateString } from '../../src/domain/rules/date-single';
import type { Auth } from '../auth/sessions';
import { rows, type Db } from '../db/connection';
import { nextNumbers } from '../resources/numbering';
import { postDoc } from '../areas/stock/post';
import { Rng } from './random';

/**
 * The demo plant's stock (issue 31 item 7, docs/stock.md): the last quarter's documents, posted by the server's own
 * posting in date order, so the ledger, the balances and the averages are what the plant would have:
 * - paper reels (原纸, by the kilogram, each reel its own lot) received from suppliers twice a week, inks and glue
 *   (油墨胶水) and packing (包装辅料) once a week, at their list price ± 5 %;
 * - reels issued to the corrugating line (瓦线车间) on working days against the cards finished that day, part of a
 *   reel at a time; inks now and then;
 * - finished cards of the quarter checked into the finished-goods warehouse as lots (lot = card number) at 70 % of their
 *   item's price, shipped on delivery notes by server/seed/delivery.ts (those of the orders the book has as shipped
 *   over the quarter, a few days after they came in);
 * - cards whose printing finished put into the semi-finished store as lots of their card, most issued to the
 *   die-cutting shop a day or two later;
 * - a move between positions every week, and a stocktake of the paper store at the end with differences;
 * - the stock limits of the paper and supplies stores, some items below their minimum, one over its maximum.
 * Seeded once, into an empty ledger; posted as the storekeeper.
 */
export async function seedStock(tx: Db): Promise<number> {
  if ((await rows(tx, sql`select 1 from stockdocs limit 1`)).length > 0) return 0;
  const [keeper] = await rows<{ id: number }>(tx, sql`select id from accounts where username = 'store'`);
  if (!keeper) return 0;
  const auth = { accountId: Number(keeper.id), computerId: null } as Auth;
  const rng = Rng.for('stock');
  const wh = new Map((await rows<{ id: number; code: string }>(tx, sql`select id, code from warehouses`)).map(w => [w.code, Number(w.id)]));
  const positions = async (code: string) => (await rows<{ id: number }>(tx, sql`
    select p.id from warepositions p join warehouses w on w.id = p.warehouse_id where w.code = ${code} order by p.code`)).map(r => Number(r.id));
  const paperAt = await positions('WH01');
  const suppliesAt = await positions('WH04');
  const finishedAt = await positions('WH03');
  const [good] = await rows<{ id: number }>(tx, sql`select id from warestatus where name = '合格'`);
  const status = good ? Number(good.id) : null;
  const itemsOf = (category: string, limit: number) => rows<{ id: number; price: number }>(tx, sql`
    select i.id, coalesce(i.price, 1)::float8 as price from items i join itemcategories c on c.id = i.category_id
    where c.name = ${category} and i.active order by i.id limit ${limit}`);
  const reels = (await itemsOf('原纸', 400)).filter((_, i) => i % 9 === 0).slice(0, 12);
  const supplies = [...await itemsOf('油墨胶水', 8), ...await itemsOf('包装辅料', 6)];
  const suppliers = (await rows<{ id: number }>(tx, sql`select id from suppliers order by id limit 6`)).map(r => Number(r.id));
  const [line] = await rows<{ id: number }>(tx, sql`select id from departments where name = '瓦线车间'`);
  if (!paperAt.length || !finishedAt.length || !reels.length || !suppliers.length) return 0;

  let posted = 0;
  const post = async (kind: string, day: string, head: Record<string, unknown>, lines: Record<string, unknown>[]) => {
    if (lines.length === 0) return;
    const at = new Date(`${day}T${String(8 + rng.int(0, 9)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00+08:00`);
    const [no] = await nextNumbers(tx, 'stock_no_pattern', 1, at);
    const [doc] = await rows<{ id: number; version: number }>(tx, sql`
      insert into stockdocs (show_id, kind, status, date, warehouse_id, to_warehouse_id, supplier_id, customer_id, department_id,
        quantity, remark, created_by, updated_by, created_at, updated_at)
      values (${no!}, ${kind}, 'draft', ${day}::date, ${head.warehouse_id as number}, ${(head.to_warehouse_id ?? null) as number | null},
        ${(head.supplier_id ?? null) as number | null}, ${(head.customer_id ?? null) as number | null},
        ${(head.department_id ?? null) as number | null}, 0, ${(head.remark ?? null) as string | null}, ${auth.accountId}, ${auth.accountId},
        ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      returning id, version`);
    await tx.execute(sql`
      insert into stocklines (doc_id, code, line_no, item_id, position_id, to_position_id, status_id, lot, card_id, quantity, unit,
        unit_cost, book_quantity, created_by, updated_by)
      select ${doc!.id}, ${no!} || '-' || x.n, x.n, x.item_id, x.position_id, x.to_position_id, ${status}::int, coalesce(x.lot, ''),
        x.card_id, x.quantity, i.unit, x.unit_cost, x.book_quantity, ${auth.accountId}::int, ${auth.accountId}::int
      from json_to_recordset(${JSON.stringify(lines.map((l, i) => ({ n: i + 1, ...l })))}::json) as x(n int, item_id int,
        position_id int, to_position_id int, lot text, card_id int, quantity numeric, unit_cost numeric, book_quantity numeric)
      join items i on i.id = x.item_id`);
    await tx.execute(sql`update stockdocs set quantity = (select sum(quantity) from stocklines where doc_id = ${doc!.id}) where id = ${doc!.id}`);
    posted += (await postDoc(tx, auth, Number(doc!.id), Number(doc!.version), at)).movements;
  };
  /** Reels in stock at the paper store, fullest first. */
  const reelsInStock = () => rows<{ item_id: number; position_id: number; lot: string; q: number }>(tx, sql`
    select item_id, position_id, lot, quantity::float8 as q from stocklots
    where warehouse_id = ${wh.get('WH01')!} and quantity > 0 order by quantity desc, place_key`);

  const today = new Date();
  const start = new Date(today.getTime() - 91 * 86_400_000);
  let reelNo = 0;
  for (let d = new Date(start); d < today; d = new Date(d.getTime() + 86_400_000)) {
    const day = localDateString(d);
    const weekday = d.getDay();
    if (weekday === 0) continue;
    if (weekday === 1 || weekday === 4) {
      const lines = Array.from({ length: rng.int(3, 6) }, () => {
        const item = rng.pick(reels);
        reelNo += 1;
        return { item_id: item.id, position_id: rng.pick(paperAt), lot: `R${day.replaceAll('-', '').slice(2)}-${String(reelNo).padStart(4, '0')}`,
          quantity: rng.step(800, 1500, 10), unit_cost: Math.round(item.price * (0.95 + rng.next() * 0.1) * 10_000) / 10_000 };
      });
      await post('in', day, { warehouse_id: wh.get('WH01'), supplier_id: rng.pick(suppliers), remark: '原纸到货' }, lines);
    }
    if (weekday === 3 && supplies.length) {
      const lines = Array.from({ length: rng.int(2, 4) }, () => {
        const item = rng.pick(supplies);
        return { item_id: item.id, position_id: rng.pick(suppliesAt), quantity: rng.int(5, 40) * 5,
          unit_cost: Math.round(item.price * (0.95 + rng.next() * 0.1) * 10_000) / 10_000 };
      });
      await post('in', day, { warehouse_id: wh.get('WH04'), supplier_id: rng.pick(suppliers), remark: '辅料到货' }, lines);
    }
    if (weekday >= 2 && weekday <= 6) {
      // Part of the fullest reels goes to the corrugating line.
      const stock = (await reelsInStock()).slice(0, rng.int(1, 3));
      await post('out', day, { warehouse_id: wh.get('WH01'), department_id: line?.id ?? null, remark: '瓦线领料' },
        stock.map(r => ({ item_id: r.item_id, position_id: r.position_id, lot: r.lot, quantity: Math.max(10, Math.round(r.q * rng.step(0.3, 0.8, 0.1))) })));
    }
    if (weekday === 5) {
      const stock = await reelsInStock();
      const r = stock.length ? rng.pick(stock) : undefined;
      const to = rng.pick(paperAt);
      if (r && to !== r.position_id) {
        await post('move', day, { warehouse_id: wh.get('WH01'), remark: '理库移位' },
          [{ item_id: r.item_id, position_id: r.position_id, to_position_id: to, lot: r.lot, quantity: r.q }]);
      }
    }
  }

  // Finished cards into the finished-goods store on the day they finished, most shipped a few days later.
  const done = await rows<{ id: number; show_id: string; item_id: number; q: number; price: number; customer_id: number | null; day: string }>(tx, sql`
    select * from (
      select c.id, c.show_id, c.item_id, c.finished_quantity::float8 as q, coalesce(i.price, 1)::float8 as price, o.customer_id,
        to_char(max(n.finished_at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, max(n.finished_at) as at,
        -- Of the shipped orders, the first 40 of each month (their notes, server/seed/delivery.ts, spread over the
        -- quarter: the finance's three months of bills); of the open ones, the quarter's first 240.
        o.status = 'shipped' as shipped, row_number() over (
          partition by o.status = 'shipped', case when o.status = 'shipped' then to_char(max(n.finished_at) at time zone 'Asia/Shanghai', 'YYYY-MM') end
          order by max(n.finished_at), c.id) as k
      from cards c join cardnodes n on n.card_id = c.id join items i on i.id = c.item_id join orders o on o.id = c.order_id
      where c.status = 'done' and not c.canceled and c.finished_quantity > 0 and not o.canceled
      group by c.id, i.price, o.customer_id, o.status
      having max(n.finished_at) >= ${start.toISOString()}::timestamptz) x
    where x.k <= case when x.shipped then 40 else 240 end
    order by x.at, x.id`);
  const byDay = new Map<string, typeof done>();
  for (const c of done) byDay.set(c.day, [...(byDay.get(c.day) ?? []), c]);
  for (const [day, cards] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    await post('checkin', day, { warehouse_id: wh.get('WH03'), remark: '成品入库' }, cards.map(c => ({
      item_id: c.item_id, position_id: rng.pick(finishedAt), card_id: c.id, lot: c.show_id, quantity: c.q,
      unit_cost: Math.round(c.price * 0.7 * 10_000) / 10_000,
    })));
  }
  // Semi-finished lots (半成品): cards whose printing finished in the quarter put into the semi-finished store as lots
  // of their card (semi-finished in) that day, at 40 % of their item's price; most issued to the die-cutting shop a
  // day or two later, the rest still waiting there (`/inventory/list_temp`).
  const semiAt = await positions('WH02');
  const [dieCut] = await rows<{ id: number }>(tx, sql`select id from departments where name = '模切车间'`);
  const printed = semiAt.length ? await rows<{ id: number; show_id: string; item_id: number; q: number; price: number; day: string }>(tx, sql`
    select c.id, c.show_id, c.item_id, n.good_quantity::float8 as q, coalesce(i.price, 1)::float8 as price,
      to_char(n.finished_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day
    from cardnodes n join worknodes w on w.id = n.worknode_id join cards c on c.id = n.card_id join items i on i.id = c.item_id
    where w.name = '印刷' and n.status = 'done' and not n.canceled and not c.canceled and n.good_quantity > 0
      and n.finished_at >= ${start.toISOString()}::timestamptz and n.finished_at < now() - interval '1 day'
    order by n.finished_at, c.id limit 60`) : [];
  const printedByDay = new Map<string, typeof printed>();
  for (const c of printed) printedByDay.set(c.day, [...(printedByDay.get(c.day) ?? []), c]);
  for (const [day, cards] of [...printedByDay].sort(([a], [b]) => a.localeCompare(b))) {
    await post('in_temp', day, { warehouse_id: wh.get('WH02'), department_id: dieCut?.id ?? null, remark: '印刷半成品入库' }, cards.map(c => ({
      item_id: c.item_id, position_id: rng.pick(semiAt), card_id: c.id, lot: c.show_id, quantity: c.q,
      unit_cost: Math.round(c.price * 0.4 * 10_000) / 10_000,
    })));
  }
  const waiting = await rows<{ item_id: number; position_id: number; lot: string; card_id: number; q: number }>(tx, sql`
    select item_id, position_id, lot, card_id, quantity::float8 as q from stocklots
    where warehouse_id = ${wh.get('WH02') ?? 0} and quantity > 0 order by place_key`);
  const dayOf = new Map(printed.map(c => [c.id, c.day]));
  const issued = waiting.filter(() => rng.chance(0.8)).map(w => {
    const put = new Date(`${dayOf.get(w.card_id) ?? localDateString(today)}T12:00:00+08:00`);
    const day = localDateString(new Date(Math.min(put.getTime() + rng.int(1, 2) * 86_400_000, today.getTime() - 86_400_000)));
    return { ...w, day };
  });
  const issuedByDay = new Map<string, typeof issued>();
  for (const w of issued) issuedByDay.set(w.day, [...(issuedByDay.get(w.day) ?? []), w]);
  for (const [day, lots] of [...issuedByDay].sort(([a], [b]) => a.localeCompare(b))) {
    await post('out', day, { warehouse_id: wh.get('WH02'), department_id: dieCut?.id ?? null, remark: '半成品领用' },
      lots.map(w => ({ item_id: w.item_id, position_id: w.position_id, lot: w.lot, card_id: w.card_id, quantity: w.q })));
  }

  // The quarter's stocktake of the paper store: most reels as booked, a few kilograms off on some.
  const counted = (await reelsInStock()).slice(0, 8);
  await post('count', localDateString(new Date(today.getTime() - 86_400_000)), { warehouse_id: wh.get('WH01'), remark: '季度盘点' },
    counted.map((r, i) => ({ item_id: r.item_id, position_id: r.position_id, lot: r.lot, book_quantity: r.q,
      quantity: i % 3 === 0 ? Math.max(0, r.q - rng.int(3, 25)) : r.q })));

  // Stock limits (docs/stock.md "Alerts"), set after the quarter so its postings send no messages: the reels and
  // supplies with a minimum around what is on hand (some end up below it) and a maximum above; a few reels the plant
  // keeps a minimum of but has none of; one supply over its maximum.
  const onHand = await rows<{ item_id: number; warehouse_id: number; q: number }>(tx, sql`
    select item_id, warehouse_id, quantity::float8 as q from inventory
    where warehouse_id = any(${sql.param([wh.get('WH01')!, wh.get('WH04') ?? wh.get('WH01')!])}::int[]) order by bin_key`);
  const limits = onHand.map((b, i) => {
    const min = i % 3 === 0 ? Math.ceil(b.q * 1.25 / 10) * 10 + 10 : Math.max(10, Math.floor(b.q * 0.4 / 10) * 10);
    const max = i === 1 ? Math.max(0, Math.floor(b.q * 0.8)) : min * 4;
    return { item_id: b.item_id, warehouse_id: b.warehouse_id, min: i === 1 ? Math.min(min, max) : min, max };
  });
  const never = (await itemsOf('原纸', 400)).filter(r => !onHand.some(b => b.item_id === r.id)).slice(0, 3);
  for (const r of never) limits.push({ item_id: r.id, warehouse_id: wh.get('WH01')!, min: 2000, max: 12_000 });
  if (limits.length) {
    await tx.execute(sql`
      insert into stocklimits (limit_key, item_id, warehouse_id, min_quantity, max_quantity, created_by, updated_by)
      select x.item_id || ':' || x.warehouse_id, x.item_id, x.warehouse_id, x.min, x.max, ${auth.accountId}::int, ${auth.accountId}::int
      from json_to_recordset(${JSON.stringify(limits)}::json) as x(item_id int, warehouse_id int, min numeric, max numeric)
      on conflict (limit_key) do nothing`);
  }
  return posted;
}
