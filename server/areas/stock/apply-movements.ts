import { sql } from 'drizzle-orm';
import { fromUnits, roundTo, units } from '../../../src/domain/rules/numbers';
import { binKey, placeKey, type Movement, type MovementKind } from '../../../src/domain/rules/stock';
import { inventory } from '../../../src/domain/resources/warehouse/inventory';
import { itemlogs } from '../../../src/domain/resources/warehouse/itemlogs';
import { stocklots } from '../../../src/domain/resources/warehouse/stocklots';
import type { Auth } from '../../auth/sessions';
import { insertRows } from '../../db/bulk-write';
import { rows, type Db } from '../../db/connection';
import { ReferenceGone, withoutRowChecks } from '../../db/reference-checks';
import { ApiError } from '../../lib/api-error';
import { tellLowStock } from './alerts';
import { refreshPackages } from '../delivery/package-state';

/** A movement as applied: a document's, or the reversal of a ledger row (its exact cost and value, negated). */
export interface Applied extends Movement {
  kind: MovementKind;
  /** The ledger row this one reverses, with the value it had (the reversal takes exactly that value back). */
  reverses?: { id: number; value: number };
}

/** A place's balance (units) as the walk over the movements goes. */
interface Place { id: number; key: string; quantity: number }
/** An item in a warehouse (units), with its minimum (`stocklimits`, units; null: none), read as it is locked. */
interface Bin { id: number; key: string; quantity: number; quantity2: number; quantity3: number; value: number; unit_cost: number | null; min: number | null }
/** A bin's quantity before and after the movements, and its minimum (units), for the alerts. */
interface BinMoved { key: string; before: number; after: number; min: number | null }

/**
 * The tables `applyMovements` writes with the row-by-row foreign-key checks off (decision 141) when its caller may:
 * tests/api/reference-checks.test.ts holds them to the rules of server/db/reference-checks.ts. The message a posting
 * may send (alerts.ts) is written after the stretch.
 */
export const WRITTEN_WITHOUT_ROW_CHECKS = ['stocklots', 'inventory', 'itemlogs'] as const;

/**
 * How the writes check their foreign keys: row by row by PostgreSQL's triggers, or — when `skippable`
 * (`rowChecksSkippable`) — once per row they name, in one statement at the end of the writes (`withoutRowChecks`,
 * decision 141); `held`: rows the caller holds locked already (the document `for update`, its lines `for key share`).
 */
export interface RowChecks { skippable: boolean; held?: ReadonlyMap<string, ReadonlySet<number>> }

/**
 * Applies movements of one document to the stock, in the caller's transaction (docs/stock.md, "Posting"):
 * - the places (`stocklots`) and the item-in-warehouse rows (`inventory`) they touch are created when new and locked
 *   in key order, so two postings that share places queue rather than deadlock, and each reads the balance the other
 *   left (two issues of the last 10 units: one posts, the other is refused with what is there); a place is moved by
 *   the movements' sum in the statement that locks it, and the walk below refuses the whole posting (its transaction
 *   rolls back) when a movement took it below zero;
 * - a movement that takes a place below zero is refused (409 `stock_negative`, naming the item, what is there and what
 *   was wanted) unless config `allow_negative_stock` is true;
 * - value by moving average per item and warehouse: goods in at their cost (else the average), goods out and counts
 *   down at the average, a move's put at its take's cost, a reversal at exactly the value it reverses; a bin that
 *   empties takes its remaining value with the last movement, so no rounding dust stays;
 * - then one INSERT of the ledger rows (`itemlogs`, each with the place's balance after it);
 * - these writes' foreign keys checked once per row they name, in one statement at their end, rather than by
 *   PostgreSQL's trigger per row and key (`rowChecks`; `withoutRowChecks`, decision 141): a 500-line document names
 *   some 50 items, one warehouse, its own lines and itself, against 3,000 lookups row by row (bench/stock);
 * - the packages whose places moved are refreshed (server/areas/delivery/package-state.ts);
 * - an item taken below its minimum in a warehouse tells the storekeepers (alerts.ts).
 * Returns the number of ledger rows written.
 */
export async function applyMovements(tx: Db, auth: Auth, doc: { id: number; show_id: string | null }, moves: readonly Applied[],
  at = new Date(), rowChecks: RowChecks = { skippable: false }): Promise<number> {
  if (moves.length === 0) return 0;
  let written: { ledger: number; bins: BinMoved[] };
  try {
    written = await withoutRowChecks(tx, rowChecks.skippable, rowChecks.held ?? new Map(), () => writeMovements(tx, auth, doc, moves, at));
  } catch (e) {
    // A row the movements name was deleted while they were written (the stretch's lock at its end found it gone).
    if (e instanceof ReferenceGone) throw new ApiError(409, 'ref_missing');
    throw e;
  }
  // The packages whose places moved follow them: contents, place, shipped (docs/delivery.md "Packing"); after the
  // stretch, as a package's refresh is a row's write with its history.
  await refreshPackages(tx, auth, moves);
  // An item taken below its minimum tells the storekeepers, in this transaction (alerts.ts, decision 187); after the
  // stretch, as a message is not written by the bulk writers. Only the bins whose minimum (read with their lock) was
  // crossed are asked about: a posting that takes none below it sends no statement for it.
  const crossed = written.bins.filter(b => b.min !== null && b.before >= b.min && b.after < b.min);
  if (crossed.length > 0) await tellLowStock(tx, auth, doc, crossed);
  return written.ledger;
}

/**
 * The writes of `applyMovements`, every one by the bulk writers (so noted when in a stretch without row checks): the
 * places and bins locked and read, the walk, the bins' balances and the ledger. Statements go out as soon as they are
 * built (`insertRows` and `rows` submit at the call; the connection runs them in call order), so the database never
 * waits for a round trip between two that do not depend on each other.
 */
async function writeMovements(tx: Db, auth: Auth, doc: { id: number; show_id: string | null }, moves: readonly Applied[],
  at: Date): Promise<{ ledger: number; bins: BinMoved[] }> {
  // Places, then bins: the same order of locks in every posting.
  const placesMoved = movedPlaces(tx, auth, moves, at);
  const { bins, allowNegative } = await lockedBins(tx, auth, moves);
  const places = await placesMoved;
  const binsBefore = new Map([...bins.values()].map(b => [b.key, b.quantity]));
  const ledger: Record<string, unknown>[] = [];
  let takeCost = 0;
  for (const m of moves) {
    const place = places.get(placeKey(m))!;
    const bin = bins.get(binKey(m))!;
    const q = units(m.quantity);
    if (q < 0 && place.quantity + q < 0 && !allowNegative) throw await negative(tx, m, place.quantity);
    const average = bin.quantity > 0 ? bin.value / bin.quantity : (bin.unit_cost ?? 0);
    let cost: number;
    let value: number;
    if (m.reverses) {
      value = -units(m.reverses.value);
      cost = q === 0 ? 0 : Math.abs(value / q);
    } else {
      cost = q > 0 ? (m.costOfTake ? takeCost : (m.unit_cost ?? average)) : average;
      // A bin that empties gives up all of its value, so no rounding dust stays behind.
      value = q < 0 && bin.quantity + q === 0 ? -bin.value : units(fromUnits(q) * cost);
    }
    if (q < 0) takeCost = cost;
    place.quantity += q;
    bin.quantity += q;
    bin.quantity2 += units(m.quantity2 ?? 0);
    bin.quantity3 += units(m.quantity3 ?? 0);
    bin.value += value;
    // The average while stock is there; the last cost when none is (the next goods out of nothing take it).
    bin.unit_cost = bin.quantity > 0 ? bin.value / bin.quantity : cost;
    ledger.push({
      kind: m.kind, doc_id: doc.id, doc_show_id: doc.show_id, line_id: m.line_id, item_id: m.item_id, warehouse_id: m.warehouse_id,
      position_id: m.position_id, status_id: m.status_id, lot: m.lot, card_id: m.card_id, package_id: m.package_id, quantity: m.quantity,
      quantity2: m.quantity2, quantity3: m.quantity3, unit_cost: roundTo(cost, 4), value: fromUnits(value),
      balance: fromUnits(place.quantity), reverses_id: m.reverses?.id ?? null, computer_id: auth.computerId ?? null,
      at: at.toISOString(), created_by: auth.accountId, updated_by: auth.accountId,
    });
  }
  // The bins' new balances go in the ledger's statement (one round trip fewer); the update sets no foreign key.
  const newBalances = sql`bins as (
    update inventory i set quantity = x.quantity, quantity2 = x.quantity2, quantity3 = x.quantity3, value = x.value,
      unit_cost = x.unit_cost, moved_at = ${at.toISOString()}::timestamptz, rev = next_rev(), updated_at = now(),
      updated_by = ${auth.accountId}::int
    from json_to_recordset(${JSON.stringify([...bins.values()].map(b => ({
      id: b.id, quantity: fromUnits(b.quantity), quantity2: fromUnits(b.quantity2), quantity3: fromUnits(b.quantity3),
      value: fromUnits(b.value), unit_cost: b.unit_cost === null ? null : roundTo(b.unit_cost, 4),
    })))}::json) as x(id int, quantity numeric, quantity2 numeric, quantity3 numeric, value numeric, unit_cost numeric)
    where i.id = x.id)`;
  await insertRows(tx, itemlogs, ledger, { with: newBalances, sendOnce: true });
  return {
    ledger: ledger.length,
    bins: [...bins.values()].map(b => ({ key: b.key, before: binsBefore.get(b.key)!, after: b.quantity, min: b.min })),
  };
}

/**
 * The places the movements touch, moved by the movements' sum in one statement (`insert … on conflict do update`, rows
 * in key order: a place is created when new, and locked until the transaction ends); each returned with its balance
 * before them, in units, for the walk that checks every movement and notes each one's balance.
 */
async function movedPlaces(tx: Db, auth: Auth, moves: readonly Applied[], at: Date): Promise<Map<string, Place>> {
  const sums = new Map<string, { row: Record<string, unknown>; dq: number; dq2: number; dq3: number }>();
  for (const m of moves) {
    const key = placeKey(m);
    const sum = sums.get(key) ?? { row: {
      place_key: key, item_id: m.item_id, warehouse_id: m.warehouse_id, position_id: m.position_id, status_id: m.status_id,
      lot: m.lot, card_id: m.card_id, package_id: m.package_id,
    }, dq: 0, dq2: 0, dq3: 0 };
    sum.dq += units(m.quantity);
    sum.dq2 += units(m.quantity2 ?? 0);
    sum.dq3 += units(m.quantity3 ?? 0);
    sums.set(key, sum);
  }
  const movedAt = at.toISOString();
  // Completed in place (a rest and a spread per row cost a posting milliseconds: movementsOf).
  const written = [...sums.keys()].sort().map(k => {
    const { row, dq, dq2, dq3 } = sums.get(k)!;
    return Object.assign(row, { quantity: fromUnits(dq), quantity2: fromUnits(dq2), quantity3: fromUnits(dq3), moved_at: movedAt,
      created_by: auth.accountId, updated_by: auth.accountId });
  });
  const found = await insertRows<typeof stocklots, { id: number; place_key: string; q: string }>(tx,
    stocklots, written, {
      sendOnce: true,
      tail: sql`on conflict (place_key) do update set quantity = stocklots.quantity + excluded.quantity,
        quantity2 = coalesce(stocklots.quantity2, 0) + excluded.quantity2, quantity3 = coalesce(stocklots.quantity3, 0) + excluded.quantity3,
        moved_at = excluded.moved_at, rev = next_rev(), updated_at = now(), updated_by = excluded.updated_by
      returning id, place_key, quantity::text as q`,
    });
  return new Map(found.map(r => {
    const sum = sums.get(r.place_key)!;
    return [r.place_key, { id: Number(r.id), key: r.place_key, quantity: units(Number(r.q)) - sum.dq }];
  }));
}

/**
 * The item-in-warehouse rows the movements touch, created at zero when new, locked in key order; in units, each with
 * its minimum (`stocklimits`, decision 185) for the alert. Config `allow_negative_stock` is read in the same statement
 * (a round trip fewer than a read of its own: `configValues`).
 */
async function lockedBins(tx: Db, auth: Auth, moves: readonly Applied[]): Promise<{ bins: Map<string, Bin>; allowNegative: boolean }> {
  const fresh = new Map<string, Record<string, unknown>>();
  for (const m of moves) {
    const key = binKey(m);
    if (!fresh.has(key)) {
      fresh.set(key, { bin_key: key, item_id: m.item_id, warehouse_id: m.warehouse_id, quantity: 0, quantity2: 0, quantity3: 0,
        value: 0, created_by: auth.accountId, updated_by: auth.accountId });
    }
  }
  // One statement creates the new rows and locks every row, in key order: the no-op update on a conflict takes the
  // row's lock and returns it as it stands.
  const found = await insertRows<typeof inventory,
    { id: number; bin_key: string; q: string; q2: string; q3: string; v: string; c: string | null; m: string | null; neg: boolean }>(
    tx, inventory, [...fresh.keys()].sort().map(k => fresh.get(k)!), {
      sendOnce: true,
      tail: sql`on conflict (bin_key) do update set bin_key = excluded.bin_key
        returning id, bin_key, quantity::text as q, coalesce(quantity2, 0)::text as q2, coalesce(quantity3, 0)::text as q3,
          coalesce(value, 0)::text as v, unit_cost::text as c,
          (select l.min_quantity::text from stocklimits l where l.limit_key = inventory.bin_key) as m,
          coalesce((select c.values = 'true' from configs c where c.name = 'allow_negative_stock'), false) as neg`,
    });
  const bins = new Map(found.map(r => [r.bin_key, {
    id: Number(r.id), key: r.bin_key, quantity: units(Number(r.q)), quantity2: units(Number(r.q2)), quantity3: units(Number(r.q3)),
    value: units(Number(r.v)), unit_cost: r.c === null ? null : Number(r.c), min: r.m === null ? null : units(Number(r.m)),
  }]));
  return { bins, allowNegative: found[0]?.neg === true };
}

async function negative(tx: Db, m: Movement, there: number): Promise<ApiError> {
  const [item] = await rows<{ name: string | null; code: string | null }>(tx, sql`select name, code from items where id = ${m.item_id}`);
  return new ApiError(409, 'stock_negative', {
    item: String(item?.name ?? item?.code ?? `#${m.item_id}`), available: fromUnits(there), wanted: -m.quantity,
  }, {}, { line_id: m.line_id });
}
