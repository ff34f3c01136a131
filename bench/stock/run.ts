/**
 * bench/stock (issue 31, "Benchmarks"): posting a stock document, printed beside a baseline measured in the same run on
 * the same database (DESIGN §10), as a ratio:
 * - `POST /warehouses/stockdocs/post/` of a goods-in document of `BENCH_LINES` lines (default 500) over as many places,
 *   timed end to end over HTTP — places and item-in-warehouse rows created and locked, moving average, the balances
 *   updated, the ledger written — beside a raw batched INSERT of the same ledger rows (same columns and values sent
 *   as parameters of one multi-row statement, one transaction) — goal ≥ 0.5 of the raw rate;
 * - the same for a goods-out document taking those places back (every balance read, checked and lowered).
 * The document and its lines are written by SQL beforehand (their saves are the generic writes, measured elsewhere).
 * `BENCH_RUNS` runs of each (default 5), rotating which goes first, median taken.
 *
 *   npm run bench:stock                                 # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:stock # a fresh database beside the given one, dropped after
 *
 * The list half — `/inventory/list` and an item's on-hand over 1,000,000 movements — is bench/stock/list.ts.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../server/db/connection';
import { seededApp } from '../lib/seeded-app';

const LINES = Number(process.env.BENCH_LINES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = await seededApp('bench-stock');
try {
  const { db, base, auth } = server;
  const [warehouse] = await rows<{ id: number }>(db, sql`select id from warehouses order by id limit 1`);
  const items = await rows<{ id: number; unit: string | null }>(db, sql`select id, unit from items where active order by id limit 50`);
  const [admin] = await rows<{ id: number }>(db, sql`select id from accounts where username = 'admin'`);

  /** A draft of `kind` whose lines each name their own lot, so every line is a place of its own. */
  const draft = async (kind: 'in' | 'out', tag: string): Promise<{ id: number; version: number }> => {
    const [d] = await rows<{ id: number; version: number }>(db, sql`
      insert into stockdocs (show_id, kind, status, date, warehouse_id, quantity)
      values (${`BENCH-${kind}-${tag}`}, ${kind}, 'draft', current_date, ${warehouse!.id}, ${LINES}) returning id, version`);
    await db.execute(sql`
      insert into stocklines (doc_id, line_no, item_id, lot, quantity, unit, unit_cost)
      select ${d!.id}, i, (${sql.param(items.map(x => x.id))}::int[])[1 + (i % ${items.length})], ${`LOT-${tag}-`} || i, 1 + (i % 7),
        'pc', 1.25 + (i % 13)
      from generate_series(1, ${LINES}) as i`);
    return { id: Number(d!.id), version: Number(d!.version) };
  };
  const post = async (doc: { id: number; version: number }): Promise<number> => {
    const t = performance.now();
    const res = await fetch(`${base}/warehouses/stockdocs/post/`, {
      method: 'POST', headers: auth, body: new URLSearchParams({ id: String(doc.id), version: String(doc.version) }),
    });
    const reply = await res.json() as { movements?: number; msg: string };
    if (res.status !== 200 || reply.movements !== LINES) throw new Error(`post: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
    return performance.now() - t;
  };
  /**
   * The baseline: the same ledger rows a posting writes (same columns and values), sent by the client as one multi-row
   * INSERT with a parameter per value, in one transaction — no balances, no checks, no history.
   */
  const raw = async (db: Db, tag: string, sign: 1 | -1): Promise<number> => {
    const at = new Date().toISOString();
    const values = Array.from({ length: LINES }, (_, k) => {
      const i = k + 1;
      const q = sign * (1 + (i % 7));
      const cost = 1.25 + (i % 13);
      return sql`(${sign > 0 ? 'in' : 'out'}, ${`RAW-${tag}`}, ${items[i % items.length]!.id}, ${warehouse!.id}, ${`RAW-${tag}-${i}`},
        ${q}, ${cost}, ${q * cost}, ${sign > 0 ? q : 0}, ${at}::timestamptz, ${admin!.id}, ${admin!.id})`;
    });
    const t = performance.now();
    await db.transaction(async tx => {
      await tx.execute(sql`
        insert into itemlogs (kind, doc_show_id, item_id, warehouse_id, lot, quantity, unit_cost, value, balance, at,
          created_by, updated_by)
        values ${sql.join(values, sql`, `)}`);
    });
    return performance.now() - t;
  };

  await post(await draft('in', 'warm'));
  await raw(db, 'warm', 1);
  const ins: number[] = [];
  const outs: number[] = [];
  const rawIns: number[] = [];
  const rawOuts: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const tag = `r${r}`;
    const inDoc = await draft('in', tag);
    if (r % 2 === 0) { ins.push(await post(inDoc)); rawIns.push(await raw(db, tag, 1)); } else { rawIns.push(await raw(db, tag, 1)); ins.push(await post(inDoc)); }
    // Goods out of the same lots: the lines name the places the goods-in made.
    const outDoc = await draft('out', tag);
    if (r % 2 === 0) { outs.push(await post(outDoc)); rawOuts.push(await raw(db, `${tag}o`, -1)); } else { rawOuts.push(await raw(db, `${tag}o`, -1)); outs.push(await post(outDoc)); }
  }
  const rate = (msTaken: number) => LINES / (msTaken / 1000);
  console.log(`\nbench/stock on ${server.tdb.engine}: a ${LINES}-line document posted, median of ${RUNS}`);
  for (const [label, p, w] of [['goods in', ins, rawIns], ['goods out', outs, rawOuts]] as const) {
    console.log(`${label.padEnd(10)} POST …/stockdocs/post/ ${median(p).toFixed(0)} ms (${rate(median(p)).toFixed(0)} lines/s), `
      + `raw INSERT of the ledger rows ${median(w).toFixed(0)} ms: ${(median(w) / median(p)).toFixed(2)} of the raw rate (goal ≥ 0.5)`);
  }
} finally {
  await server.close();
}
