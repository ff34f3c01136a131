/**
 * bench/orders (issue 29 item 5): one big order saved as a document, printed beside baselines measured in the same run
 * on the same database (DESIGN §10), as ratios:
 * - `POST /orders/orders/save_with_lines/` of a new order with `BENCH_LINES` lines (default 500, the most a save takes),
 *   timed end to end over HTTP, beside a raw INSERT of the same order and line rows (same values: numbers, codes,
 *   amounts) in one transaction, SQL straight to the database client — the cost of the rules, history and reply;
 * - a small list (`/orders/orders/list/`, 15 rows) sent every 10 ms while such a save runs, the slowest of them,
 *   beside the same list alone: on the embedded database a transaction holds the database, so this is how long a big
 *   save makes everyone else wait (before issue 29: a 15 ms list took 10.7 s).
 * `BENCH_RUNS` runs of each (default 5), median taken.
 *
 *   npm run bench:orders                                 # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:orders # a fresh database beside the given one, dropped after
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../../server/db/connection';
import { MAX_LINES } from '../../src/domain/contract/orders';
import { lineAmount } from '../../src/domain/rules/numbers';
import { seededApp } from '../lib/seeded-app';

const LINES = Math.min(Number(process.env.BENCH_LINES ?? MAX_LINES), MAX_LINES);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

const server = await seededApp('bench-orders');
try {
  const { tdb, db, base, auth } = server;

  const customer = (await rows<{ id: number }>(db, sql`select id from customers order by id limit 1`))[0]!;
  const items = await rows<{ id: number; price: string | number | null; unit: string | null }>(db, sql`
    select id, price, unit from items where active and price > 0 order by id limit 50`);
  const lines = Array.from({ length: LINES }, (_, i) => ({ item_id: items[i % items.length]!.id, quantity: (i % 9) + 1 }));

  const save = async (): Promise<number> => {
    const body = new URLSearchParams({ item: JSON.stringify({ customer_id: customer.id }), lines: JSON.stringify(lines) });
    const t = performance.now();
    const res = await fetch(`${base}/orders/orders/save_with_lines/`, {
      method: 'POST', body, headers: { ...auth, 'idempotency-key': randomUUID() },
    });
    const reply = await res.text();
    if (res.status !== 200) throw new Error(`save: ${res.status} ${reply.slice(0, 300)}`);
    return performance.now() - t;
  };
  let rawNo = 0;
  const raw = async (): Promise<number> => {
    const t = performance.now();
    await db.transaction(async tx => {
      rawNo += 1;
      const showId = `RAW${rawNo}`;
      const [o] = await rows<{ id: number }>(tx, sql`insert into orders (show_id, customer_id, status, check_code, rev)
        values (${showId}, ${customer.id}, 'draft', 'RAWCHECK', next_rev()) returning id`);
      const values = lines.map((l, i) => {
        const item = items[i % items.length]!;
        const price = Number(item.price);
        return sql`(${o!.id}, ${i + 1}, ${`${showId}-${i + 1}`}, ${l.item_id}, ${item.unit}, ${l.quantity}, ${price},
          ${lineAmount(l.quantity, price)}, next_rev())`;
      });
      await tx.execute(sql`insert into details (order_id, line_no, code, item_id, unit, quantity, price, amount, rev)
        values ${sql.join(values, sql`, `)}`);
    });
    return performance.now() - t;
  };
  const list = async (): Promise<number> => {
    const t = performance.now();
    const res = await fetch(`${base}/orders/orders/list/?ios=1&limit=15`, { headers: auth });
    await res.text();
    if (res.status !== 200) throw new Error(`list: ${res.status}`);
    return performance.now() - t;
  };

  await save(); await raw(); await list(); // warm up
  const saves: number[] = [];
  const raws: number[] = [];
  const alone: number[] = [];
  const during: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    if (r % 2 === 0) { saves.push(await save()); raws.push(await raw()); } else { raws.push(await raw()); saves.push(await save()); }
    alone.push(await list());
    // Colleagues' lists sent every 10 ms while the save runs: the slowest of them is how long the save made one wait.
    let saving = true;
    const running = save().finally(() => { saving = false; });
    const waits: number[] = [];
    while (saving) {
      waits.push(await list());
      await new Promise(resolve => setTimeout(resolve, 10));
    }
    await running;
    during.push(Math.max(...waits));
  }
  const s = median(saves);
  const w = median(raws);
  const a = median(alone);
  const d = median(during);
  console.log(`engine: ${tdb.engine}, ${LINES} lines, median of ${RUNS}`);
  console.log(`save_with_lines ${ms(s)} against a raw INSERT of the same rows ${ms(w)}: ${(s / w).toFixed(1)}× (runs ${saves.map(x => x.toFixed(0)).join(', ')})`);
  console.log(`the slowest 15-row list while a ${LINES}-line save runs ${ms(d)} against one alone ${ms(a)}: ${(d / a).toFixed(1)}× (runs ${during.map(x => x.toFixed(0)).join(', ')})`);
} finally {
  await server.close();
}
