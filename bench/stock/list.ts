/**
 * bench/stock, the list half (issue 31, "Benchmarks"): reading stock over a ledger of 1,000,000 movements, each figure
 * printed beside a baseline measured the same way in the same run on the same database (DESIGN §10), as a ratio:
 * - `/inventory/list` as the screen asks it: `GET /warehouses/inventory/list/?page=1&limit=50&totals=1` (page 1 in the
 *   default order, item then id, with the reference names, the count and the sums of quantity and value), and the same
 *   filtered to one warehouse;
 * - an item's on-hand: `GET /warehouses/inventory/list/?item_id=…` (per warehouse) and `GET /warehouses/stocklots/list/?item_id=…`
 *   (per exact place and lot);
 * each p99 at 50 concurrent connections beside the raw SQL of the same result — the reply's own select (reference
 * names joined) with the same where and order, plus its count and sums where the reply has them, sent by the database
 * client at the same concurrency — goal ≤ 3×. For information, the same on-hand summed from the ledger (what the
 * balances save: `sum(quantity) … from itemlogs where item_id = … group by warehouse`).
 *
 * The movements are made set-based (`insert … select … from generate_series`), not posted one by one: BENCH_ITEMS
 * items (default 2,000) × every warehouse × 10 lots are the places, each with its share of the movements in order
 * (every fourth one an issue of half a receipt, so no place goes below zero), each row's `balance` its place's running
 * sum; then `stocklots` and `inventory` are built from the ledger by `group by`, so they are exactly its sums (the
 * invariant tests/api/stock/ledger.test.ts holds posting to).
 *
 *   npx tsx bench/stock/list.ts                                 # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/stock/list.ts # a fresh database beside the given one, dropped after
 *
 * `BENCH_MOVEMENTS` (default 1,000,000), `BENCH_LIST_REQUESTS` (per figure and round, default 300), `BENCH_LIST_ROUNDS`
 * (default 3: the server first in one round, the baseline first in the next; medians printed with the ratios' range),
 * `BENCH_EXPLAIN=1` prints the plans.
 */
import autocannon from 'autocannon';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rows } from '../../server/db/connection';
import { column, replyRows, selectRows } from '../../server/db/columns';
import { tableOf } from '../../server/db/tables';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { inventory } from '../../src/domain/resources/warehouse/inventory';
import { stocklots } from '../../src/domain/resources/warehouse/stocklots';
import { closedLoop, percentile } from '../lib/closed-loop';
import { seededApp } from '../lib/seeded-app';

const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 1_000_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 2_000);
const LOTS = 10;
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 3);
const CONNECTIONS = 50;
/** Movements inserted per statement: one transaction each, so the load never holds a million rows' undo at once. */
const CHUNK = 100_000;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
interface Latency { p50: number; p99: number }
const sorted = (lat: number[]): Latency => ({ p50: percentile(lat, 50), p99: percentile(lat, 99) });

async function http(url: string, headers: Record<string, string>): Promise<Latency> {
  const r = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, headers, timeout: 300, workers: 1 });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts)`);
  return { p50: r.latency.p50, p99: r.latency.p99 };
}

const server = await seededApp('bench-stock-list');
try {
  const { tdb, db, base, auth } = server;

  // ---- The ledger and its balances, set-based ---------------------------------------------------------------------
  const items = (await rows<{ id: number }>(db, sql`select id from items where active order by id limit ${ITEMS}`)).map(r => Number(r.id));
  const warehouses = (await rows<{ id: number }>(db, sql`select id from warehouses order by id`)).map(r => Number(r.id));
  const [admin] = await rows<{ id: number }>(db, sql`select id from accounts where username = 'admin'`);
  const places = items.length * warehouses.length * LOTS;
  const tLoad = performance.now();
  // Movement i (1-based) is the k-th of place p = (i - 1) % places, k = (i - 1) / places + 1: every place gets its
  // movements in order, and a place's k-th is an issue of 5 when k is a multiple of 4, else a receipt of 10 at a cost
  // that varies by item. Its balance is 10·(k − ⌊k/4⌋) − 5·⌊k/4⌋, its place's running sum, computed, not summed.
  for (let from = 1; from <= MOVEMENTS; from += CHUNK) {
    const to = Math.min(MOVEMENTS, from + CHUNK - 1);
    await db.transaction(async tx => {
      await tx.execute(sql`
        insert into itemlogs (kind, doc_show_id, item_id, warehouse_id, lot, quantity, unit_cost, value, balance, at, created_by, updated_by)
        select case when m.k % 4 = 0 then 'out' else 'in' end, 'BENCH-' || ((i - 1) / 500 + 1),
          (${sql.param(items)}::int[])[1 + m.p % ${items.length}],
          (${sql.param(warehouses)}::int[])[1 + (m.p / ${items.length}) % ${warehouses.length}],
          'L' || (m.p / ${items.length * warehouses.length}),
          case when m.k % 4 = 0 then -5 else 10 end, c.cost, case when m.k % 4 = 0 then -5 else 10 end * c.cost,
          10 * (m.k - m.k / 4) - 5 * (m.k / 4),
          now() - make_interval(secs => ${MOVEMENTS} - i), ${admin!.id}::int, ${admin!.id}::int
        from generate_series(${from}::int, ${to}::int) as i
        cross join lateral (select (i - 1) % ${places} as p, (i - 1) / ${places} + 1 as k) m
        cross join lateral (select 1.25 + (m.p % 13) * 0.5 as cost) c`);
    });
  }
  // The balances, as the ledger's sums (what posting keeps them at); value at the sums of the rows' values.
  await db.execute(sql`
    insert into stocklots (place_key, item_id, warehouse_id, position_id, status_id, lot, quantity, moved_at, created_by, updated_by)
    select item_id || ':' || warehouse_id || ':::' || ':' || lot, item_id, warehouse_id, null, null, lot, sum(quantity), max(at),
      ${admin!.id}::int, ${admin!.id}::int
    from itemlogs where doc_show_id like 'BENCH-%' group by item_id, warehouse_id, lot
    on conflict (place_key) do nothing`);
  await db.execute(sql`
    insert into inventory (bin_key, item_id, warehouse_id, quantity, quantity2, quantity3, value, unit_cost, moved_at, created_by, updated_by)
    select item_id || ':' || warehouse_id, item_id, warehouse_id, sum(quantity), 0, 0, sum(value), round(sum(value) / sum(quantity), 4),
      max(at), ${admin!.id}::int, ${admin!.id}::int
    from itemlogs where doc_show_id like 'BENCH-%' group by item_id, warehouse_id
    on conflict (bin_key) do update set quantity = inventory.quantity + excluded.quantity, value = inventory.value + excluded.value,
      moved_at = greatest(inventory.moved_at, excluded.moved_at)`);
  // What autovacuum would have done by the time anyone reads these: statistics and the visibility map.
  for (const t of ['itemlogs', 'stocklots', 'inventory']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  const loadMs = performance.now() - tLoad;
  const [counts] = await rows<{ logs: number; lots: number; bins: number }>(db, sql`
    select (select count(*) from itemlogs)::int as logs, (select count(*) from stocklots)::int as lots,
      (select count(*) from inventory)::int as bins`);

  // ---- The figures ----------------------------------------------------------------------------------------------
  const item = items[Math.floor(items.length / 2)]!;
  const wh = warehouses[0]!;
  const inv = tableOf(inventory);
  const lots = tableOf(stocklots);
  /** A list's raw SQL: its select (reference names joined), the same where, the server's order, a page of 50. */
  const page = (res: ResourceDef, where: SQL | undefined, order: SQL[]) => () =>
    replyRows(db, selectRows(db, res).where(where).orderBy(...order).limit(50));
  /** The same, with the count and the sums the reply carries (the screen asks `totals=1`). */
  const pageCountSums = (res: ResourceDef, where: SQL | undefined, order: SQL[], sums: string[]) => {
    const t = tableOf(res);
    const p = page(res, where, order);
    return async () => {
      await p();
      await db.execute(sql`select count(*) from ${t} ${where ? sql`where ${where}` : sql``}`);
      if (sums.length) {
        await db.execute(sql`select ${sql.join(sums.map(f => sql`sum(${column(t, f)})`), sql`, `)} from ${t} ${where ? sql`where ${where}` : sql``}`);
      }
    };
  };
  // The server's order for inventory (sort `item_id`) and stocklots (its declared sort), each with the id tie-break.
  const byItem = [sql`${column(inv, 'item_id')} asc nulls last`, desc(column(inv, 'id'))];
  const lotsSort = String(stocklots.sort ?? '-id');
  const lotsOrder = [sql`${column(lots, lotsSort.replace(/^-/, ''))} ${sql.raw(lotsSort.startsWith('-') ? 'desc' : 'asc')} nulls last`,
    desc(column(lots, 'id'))];
  const cases: { label: string; url: string; raw: () => Promise<unknown>; ledger?: () => Promise<unknown> }[] = [
    { label: '/inventory/list page 1 (totals)', url: '/warehouses/inventory/list/?page=1&limit=50&totals=1',
      raw: pageCountSums(inventory, undefined, byItem, ['quantity', 'quantity2', 'quantity3', 'value']) },
    { label: '/inventory/list one warehouse', url: `/warehouses/inventory/list/?page=1&limit=50&totals=1&warehouse_id=${wh}`,
      raw: pageCountSums(inventory, eq(column(inv, 'warehouse_id'), wh), byItem, ['quantity', 'quantity2', 'quantity3', 'value']) },
    { label: 'an item on hand, per warehouse', url: `/warehouses/inventory/list/?page=1&limit=50&item_id=${item}`,
      raw: page(inventory, eq(column(inv, 'item_id'), item), byItem),
      ledger: () => rows(db, sql`select warehouse_id, sum(quantity), sum(value) from itemlogs where item_id = ${item} group by warehouse_id`) },
    { label: 'an item on hand, per place', url: `/warehouses/stocklots/list/?page=1&limit=50&item_id=${item}`,
      raw: page(stocklots, and(eq(column(lots, 'item_id'), item)), lotsOrder),
      ledger: () => rows(db, sql`select warehouse_id, position_id, status_id, lot, sum(quantity) from itemlogs where item_id = ${item}
        group by warehouse_id, position_id, status_id, lot`) },
  ];

  const results: { label: string; n: number; rounds: { http: Latency; raw: Latency; ledger?: Latency }[] }[] = [];
  for (const c of cases) {
    const url = `${base}${c.url}`;
    const check = await (await fetch(url, { headers: auth })).json() as { dt?: unknown[]; total?: number; msg: string };
    if (!Array.isArray(check.dt) || check.dt.length === 0) throw new Error(`${c.label}: ${JSON.stringify(check).slice(0, 300)}`);
    for (let i = 0; i < 5; i++) { await fetch(url, { headers: auth }); await c.raw(); }
    if (process.env.BENCH_EXPLAIN) {
      const q = c.url.startsWith('/warehouses/stocklots') ? selectRows(db, stocklots).where(eq(column(lots, 'item_id'), item)).orderBy(...lotsOrder).limit(50)
        : selectRows(db, inventory).where(c.url.includes('item_id') ? eq(column(inv, 'item_id'), item)
          : c.url.includes('warehouse_id') ? eq(column(inv, 'warehouse_id'), wh) : undefined).orderBy(...byItem).limit(50);
      const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${q.getSQL()}`);
      console.log(`-- ${c.label}\n${plan.map(r => r['QUERY PLAN']).join('\n')}`);
    }
    const rounds: { http: Latency; raw: Latency; ledger?: Latency }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const baseline = async () => ({
        raw: sorted(await closedLoop(REQUESTS, CONNECTIONS, c.raw)),
        ...(c.ledger ? { ledger: sorted(await closedLoop(REQUESTS, CONNECTIONS, c.ledger)) } : {}),
      });
      if (r % 2 === 0) { const h = await http(url, auth); rounds.push({ http: h, ...await baseline() }); }
      else { const b = await baseline(); rounds.push({ http: await http(url, auth), ...b }); }
    }
    results.push({ label: c.label, n: Number(check.total ?? check.dt.length), rounds });
  }

  // ---- Report ---------------------------------------------------------------------------------------------------
  const f = (n: number, w = 9, d = 1) => n.toFixed(d).padStart(w);
  console.log(`\nbench/stock list half on ${tdb.engine}: ${counts!.logs.toLocaleString('en')} movements, `
    + `${counts!.lots.toLocaleString('en')} places, ${counts!.bins.toLocaleString('en')} items in warehouses (loaded in `
    + `${(loadMs / 1000).toFixed(1)} s); ${CONNECTIONS} connections, ${ROUNDS} rounds of ${REQUESTS} requests `
    + '(ms: medians of the rounds; p99 ratios: median and range of the rounds)');
  console.log(`${''.padEnd(52)}${'p50'.padStart(9)}${'p99'.padStart(9)}   p99 ratio`);
  for (const l of results) {
    const mid = (pick: (r: (typeof l.rounds)[number]) => number) => median(l.rounds.map(pick));
    const ratio = (pick: (r: (typeof l.rounds)[number]) => number) => {
      const rs = l.rounds.map(r => r.http.p99 / pick(r)).sort((a, b) => a - b);
      return `${median(rs).toFixed(2)}x (${rs[0]!.toFixed(2)}–${rs[rs.length - 1]!.toFixed(2)})`;
    };
    console.log(`${`GET ${l.label}`.padEnd(52)}${f(mid(r => r.http.p50))}${f(mid(r => r.http.p99))}   (total ${l.n.toLocaleString('en')})`);
    console.log(`${'  raw SQL, the same result'.padEnd(52)}${f(mid(r => r.raw.p50))}${f(mid(r => r.raw.p99))}   ${ratio(r => r.raw.p99)}  goal ≤ 3x`);
    if (l.rounds[0]!.ledger) {
      console.log(`${'  summed from the ledger instead (information)'.padEnd(52)}${f(mid(r => r.ledger!.p50))}${f(mid(r => r.ledger!.p99))}   `
        + ratio(r => r.ledger!.p99));
    }
  }
} finally {
  await server.close();
}
