import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_STOCK_IDLE_DAYS, MAX_ALERT_ROWS, type StockAlertItem, type StockAlertParams, type StockExcessReply, type StockExcessRow,
  type StockShortReply, type StockShortRow,
} from '../../../src/domain/contract/stock';
import { translate } from '../../../src/domain/messages/catalog';
import type { RequirementDemand } from '../../../src/domain/rules/formula-requirement';
import { fromUnits, units } from '../../../src/domain/rules/numbers';
import { binKey } from '../../../src/domain/rules/stock';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { configValues } from '../../resources/configs';
import { escapeLike } from '../../resources/list';
import { accountsThatCan, sendMessage } from '../../resources/messages';
import { ApiError } from '../../lib/api-error';
import { needOf } from '../formulas/requirement';

/**
 * The stock alerts (docs/stock.md "Alerts", decisions 185–187): the items below their minimum with the open demand on
 * them, the items over their maximum or idle, the storekeeper's to-do count and the message a posting sends.
 */

/** An item in a warehouse is short when it has a minimum and less than that on hand (0 when it never moved there). */
const SHORT = sql`l.min_quantity is not null and coalesce(b.quantity, 0) < l.min_quantity`;

/** The columns both lists show, over `l` (stocklimits, may be absent) and `b` (inventory, may be absent). */
const ITEM_COLUMNS = sql`l.id as limit_id, b.id as inventory_id, i.id as item_id, i.code as item_code, i.name as item_name,
  i.spec, i.unit, w.id as warehouse_id, w.name as warehouse_name, coalesce(b.quantity, 0)::float8 as quantity,
  l.min_quantity::float8 as min_quantity, l.max_quantity::float8 as max_quantity, b.moved_at`;

function filters(p: StockAlertParams, warehouse: SQL): SQL[] {
  const out: SQL[] = [];
  if (p.warehouse_id !== undefined) out.push(sql`${warehouse} = ${p.warehouse_id}`);
  if (p.keyword !== undefined) {
    const like = `%${escapeLike(p.keyword.trim().toLowerCase())}%`;
    out.push(sql`(lower(coalesce(i.code, '')) like ${like} or lower(i.name) like ${like})`);
  }
  return out;
}

type ItemRow = Omit<StockAlertItem, 'moved_at'> & { moved_at: Date | string | null; total: number | string };

function item(r: ItemRow): StockAlertItem {
  const n = (x: unknown) => (x == null ? null : Number(x));
  return {
    limit_id: n(r.limit_id), inventory_id: n(r.inventory_id), item_id: Number(r.item_id), item_code: r.item_code, item_name: r.item_name,
    spec: r.spec, unit: r.unit, warehouse_id: Number(r.warehouse_id), warehouse_name: r.warehouse_name, quantity: Number(r.quantity),
    min_quantity: n(r.min_quantity), max_quantity: n(r.max_quantity),
    moved_at: r.moved_at == null ? null : new Date(r.moved_at).toISOString(),
  };
}

/** `/inventory/warn`: the items below their minimum, the emptiest (by share of the minimum) first. */
export async function stockShortages(db: Db, p: StockAlertParams): Promise<Omit<StockShortReply, 'msg'>> {
  const where = [SHORT, ...filters(p, sql`l.warehouse_id`)];
  const found = await rows<ItemRow>(db, sql`
    select ${ITEM_COLUMNS}, count(*) over () as total
    from stocklimits l join items i on i.id = l.item_id join warehouses w on w.id = l.warehouse_id
    left join inventory b on b.bin_key = l.limit_key
    where ${sql.join(where, sql` and `)}
    order by coalesce(b.quantity, 0) / nullif(l.min_quantity, 0) nulls first, i.code nulls last, l.id
    limit ${MAX_ALERT_ROWS}`);
  const demand = await openDemand(db, found.map(r => Number(r.item_id)));
  const dt: StockShortRow[] = found.map(r => {
    const it = item(r);
    const d = demand.get(it.item_id);
    return { ...it, shortfall: fromUnits(Math.round((it.min_quantity! - it.quantity) * 10_000)),
      demand_orders: d?.orders ?? 0, demand_materials: d?.materials ?? 0 };
  });
  return { dt, total: Number(found[0]?.total ?? 0), asOf: new Date().toISOString() };
}

/** Config `stock_idle_days`, else DEFAULT_STOCK_IDLE_DAYS. */
export async function idleDays(db: Db): Promise<number> {
  const v = Number((await configValues(db, ['stock_idle_days'])).get('stock_idle_days'));
  return Number.isInteger(v) && v > 0 ? v : DEFAULT_STOCK_IDLE_DAYS;
}

/**
 * `/inventory/warn1`: the items in a warehouse with stock over their maximum, or with stock not moved for the idle
 * days (an item with nothing on hand is not excess, however long ago it moved); the biggest excess first, then the
 * longest idle.
 */
export async function stockExcesses(db: Db, p: StockAlertParams): Promise<Omit<StockExcessReply, 'msg'>> {
  const days = await idleDays(db);
  const over = sql`l.max_quantity is not null and b.quantity > l.max_quantity`;
  const idle = sql`b.moved_at < now() - make_interval(days => ${days}::int)`;
  const where = [sql`b.quantity > 0`, sql`(${over} or ${idle})`, ...filters(p, sql`b.warehouse_id`)];
  const found = await rows<ItemRow & { over: boolean; idle: boolean; idle_days: number | null }>(db, sql`
    select ${ITEM_COLUMNS}, (${over}) as over, (${idle}) as idle,
      floor(extract(epoch from now() - b.moved_at) / 86400)::int as idle_days, count(*) over () as total
    from inventory b join items i on i.id = b.item_id join warehouses w on w.id = b.warehouse_id
    left join stocklimits l on l.limit_key = b.bin_key
    where ${sql.join(where, sql` and `)}
    order by coalesce(b.quantity - l.max_quantity, 0) desc, b.moved_at nulls first, b.id
    limit ${MAX_ALERT_ROWS}`);
  const dt: StockExcessRow[] = found.map(r => {
    const it = item(r);
    return {
      ...it, reasons: [...(r.over ? ['over_max' as const] : []), ...(r.idle ? ['idle' as const] : [])],
      excess: r.over ? fromUnits(Math.round((it.quantity - it.max_quantity!) * 10_000)) : 0,
      idle_days: r.idle_days == null ? null : Number(r.idle_days),
    };
  });
  return { dt, total: Number(found[0]?.total ?? 0), idle_days: days, asOf: new Date().toISOString() };
}

/**
 * The open demand on items (decision 186): the live lines of confirmed and producing orders — not drafts, which are
 * not yet demand, nor finished and shipped ones — counted twice over: the line's own quantity when it orders the item
 * (finished goods), and the item's need as a material of the lines through their formulas (the line's formula version,
 * else its item's current one; docs/formulas.md). Gross: what was already issued to those orders' cards is not taken
 * off, because an issue names a card or a department, not an order line's material, and the ledger cannot tell which
 * need it served.
 */
export async function openDemand(db: Db, itemIds: readonly number[]): Promise<Map<number, { orders: number; materials: number }>> {
  const out = new Map<number, { orders: number; materials: number }>();
  const wanted = new Set(itemIds);
  if (wanted.size === 0) return out;
  const lines = await rows<{ item_id: number; quantity: number; formula_id: number | null }>(db, sql`
    select d.item_id, d.quantity::float8 as quantity,
      coalesce(d.formula_id, (select f.id from formulas f where f.item_id = d.item_id and f.is_current and not f.canceled
        order by f.code, f.id limit 1)) as formula_id
    from details d join orders o on o.id = d.order_id
    where not d.canceled and not o.canceled and o.status in ('confirmed', 'producing')`);
  const entry = (id: number) => {
    let e = out.get(id);
    if (!e) out.set(id, (e = { orders: 0, materials: 0 }));
    return e;
  };
  const demands: RequirementDemand[] = [];
  for (const l of lines) {
    const id = Number(l.item_id);
    if (wanted.has(id)) entry(id).orders = fromUnits(units(entry(id).orders) + units(l.quantity));
    if (l.formula_id != null) demands.push({ formula_id: Number(l.formula_id), quantity: Number(l.quantity) });
  }
  let need: Map<number, number>;
  try {
    need = await needOf(db, demands);
  } catch (err) {
    // A cycle written around the formulas' checks leaves the materials' demand unknown, not the list unreadable.
    if (err instanceof ApiError && err.key === 'formula_cycle') return out;
    throw err;
  }
  for (const [id, q] of need) if (wanted.has(id)) entry(id).materials = q;
  return out;
}

/** The to-do count: how many items in a warehouse are below their minimum, with the emptiest few. */
export async function shortTodo(db: Db, sample: number): Promise<{ id: number; label: string; detail: string; total: number | string }[]> {
  return rows(db, sql`
    select l.id, coalesce(i.code || ' ', '') || i.name as label, w.name as detail, count(*) over () as total
    from stocklimits l join items i on i.id = l.item_id join warehouses w on w.id = l.warehouse_id
    left join inventory b on b.bin_key = l.limit_key
    where ${SHORT}
    order by coalesce(b.quantity, 0) / nullif(l.min_quantity, 0) nulls first, l.id
    limit ${sample}`);
}

/** How often, at most, the storekeepers are told that one item in one warehouse went below its minimum: once a day. */
const LOW_STOCK_LINK = (itemId: number, warehouseId: number) => `/inventory/warn?warehouse_id=${warehouseId}&item_id=${itemId}`;

/**
 * A posting (or a cancel's reversal) that takes an item in a warehouse from its minimum or more to below it tells
 * whoever may view the stock (`view` of inventory: the storekeepers, admins), in the posting's transaction (a
 * posting refused sends nothing): one message per item and warehouse per calendar day at most, named by its link, so
 * a day of issues from a short item fills no inbox. The bins are those the posting locked, with their quantity
 * before and after it (units of 1/10 000).
 */
export async function tellLowStock(tx: Db, auth: Auth, doc: { show_id: string | null; id: number },
  bins: readonly { key: string; before: number; after: number }[]): Promise<void> {
  const fell = bins.filter(b => b.after < b.before);
  if (fell.length === 0) return;
  const crossed = await rows<{ item_id: number; warehouse_id: number; item: string; warehouse: string; min: string }>(tx, sql`
    select l.item_id, l.warehouse_id, coalesce(i.code || ' ', '') || i.name as item, w.name as warehouse, l.min_quantity::text as min,
      x.before, x.after
    from json_to_recordset(${JSON.stringify(fell.map(b => ({ key: b.key, before: fromUnits(b.before), after: fromUnits(b.after) })))}::json)
      as x(key text, before numeric, after numeric)
    join stocklimits l on l.limit_key = x.key
    join items i on i.id = l.item_id join warehouses w on w.id = l.warehouse_id
    where l.min_quantity is not null and x.before >= l.min_quantity and x.after < l.min_quantity
    order by l.limit_key`);
  if (crossed.length === 0) return;
  const links = crossed.map(c => LOW_STOCK_LINK(Number(c.item_id), Number(c.warehouse_id)));
  const told = new Set((await rows<{ link: string }>(tx, sql`
    select distinct link from messages where kind = 'stock_low' and link = any(${sql.param(links)}::text[])
      and created_at >= date_trunc('day', now())`)).map(r => r.link));
  const to = await accountsThatCan(tx, 'inventory', 'view');
  const after = new Map(fell.map(b => [b.key, fromUnits(b.after)]));
  for (const [k, c] of crossed.entries()) {
    if (told.has(links[k]!)) continue;
    const quantity = after.get(binKey({ item_id: Number(c.item_id), warehouse_id: Number(c.warehouse_id) })) ?? 0;
    await sendMessage(tx, to, lang => ({
      kind: 'stock_low', title: translate(lang, 'message_stock_low_title', { item: c.item, warehouse: c.warehouse }),
      body: translate(lang, 'message_stock_low_body', { quantity, min: Number(c.min), doc: doc.show_id ?? `#${doc.id}` }),
      link: links[k]!,
    }), auth.accountId);
  }
}
