/**
 * bench/stock/opening.ts (decision 180): what the stock report's opening costs, two ways, on one synthetic ledger in
 * one run (PostgreSQL; a scratch schema dropped after):
 *
 * - A, the opening snapshot (`stockopening`): the movements before a day summed per item, warehouse, position and card,
 *   as fact-pages.ts reads it — one grouped scan, its reply as many rows as keys with stock;
 * - B, the whole history as facts: every movement up to the range (what the worker would need to split before/within)
 *   read as the `stockmoves` facts are — its reply as many rows as movements, and the device's copy holding them all.
 *
 * Printed: rows and milliseconds of each (median of BENCH_RUNS, default 5) and B ÷ A. The ledger: BENCH_MOVES movements
 * (default 1,000,000) over three years, 2,000 items × 5 warehouses × 20 positions, one in ten with a card.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/stock/opening.ts
 */
import pg from 'pg';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MOVES = Number(process.env.BENCH_MOVES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCHEMA = `bench_opening_${process.pid}`;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const client = new pg.Client({ connectionString: URL });
await client.connect();
try {
  await client.query(`create schema ${SCHEMA}; set search_path = ${SCHEMA}`);
  await client.query(`create table itemlogs (id serial primary key, item_id int not null, warehouse_id int not null, position_id int,
    card_id int, quantity numeric(18,4) not null, value numeric(18,4) not null, at timestamptz not null)`);
  const t0 = performance.now();
  await client.query(`insert into itemlogs (item_id, warehouse_id, position_id, card_id, quantity, value, at)
    select 1 + (g * 7919) % 2000, 1 + (g * 31) % 5, 1 + (g * 17) % 20, case when g % 10 = 0 then 1 + g % 5000 end,
      case when g % 3 = 0 then -((g % 50) + 1) else (g % 70) + 1 end, case when g % 3 = 0 then -((g % 50) + 1) * 2.5 else ((g % 70) + 1) * 2.5 end,
      now() - interval '1095 days' + (g::float8 / $1) * interval '1095 days'
    from generate_series(1::bigint, $1::bigint) g`, [MOVES]);
  await client.query('create index on itemlogs (at); analyze itemlogs');
  console.log(`ledger: ${MOVES} movements written in ${Math.round(performance.now() - t0)} ms`);

  // The range: the last 30 days; its opening is the stock at its first day's start.
  const start = "date_trunc('day', now() - interval '30 days')";
  const snapshot = `select min(l.id) as id, l.item_id, l.warehouse_id, l.position_id, l.card_id, sum(l.quantity) as quantity, sum(l.value) as value
    from itemlogs l where l.at < ${start} group by l.item_id, l.warehouse_id, l.position_id, l.card_id
    having sum(l.quantity) <> 0 or sum(l.value) <> 0`;
  const history = `select l.id, extract(epoch from l.at) * 1000 as at_ms, l.item_id, l.warehouse_id, l.position_id, l.card_id,
      greatest(l.quantity, 0) as received, greatest(-l.quantity, 0) as issued
    from itemlogs l where l.at < ${start} order by l.id`;
  const time = async (q: string): Promise<{ ms: number; rows: number }> => {
    const a = performance.now();
    const r = await client.query(q);
    return { ms: performance.now() - a, rows: r.rowCount ?? 0 };
  };
  const A: number[] = [], B: number[] = [];
  let rowsA = 0, rowsB = 0;
  for (let i = 0; i < RUNS; i++) {
    // Rotate which goes first, so a warm cache favours neither.
    const order = i % 2 === 0 ? [snapshot, history] : [history, snapshot];
    for (const q of order) {
      const r = await time(q);
      if (q === snapshot) { A.push(r.ms); rowsA = r.rows; } else { B.push(r.ms); rowsB = r.rows; }
    }
  }
  const a = median(A), b = median(B);
  console.log(`A opening snapshot: ${rowsA} rows in ${a.toFixed(0)} ms`);
  console.log(`B whole history:    ${rowsB} rows in ${b.toFixed(0)} ms`);
  console.log(`B / A: ${(b / a).toFixed(2)} × the time, ${(rowsB / Math.max(1, rowsA)).toFixed(1)} × the rows`);
} finally {
  await client.query(`drop schema if exists ${SCHEMA} cascade`);
  await client.end();
}
