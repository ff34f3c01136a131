/**
 * bench/cards (issue 11, "Benchmark"): process cards at a factory's scale, each figure printed beside a baseline
 * measured the same way in the same run on the same database (DESIGN §10), as a ratio:
 * - card generation: `POST /orders/cards/generate/` making 10,000 cards of one order line (`count=10000`, a routing of
 *   5 work nodes, so 50,000 card nodes) in one call, timed end to end over HTTP, beside a raw batched INSERT of the
 *   same card rows and node rows (same columns, multi-row inserts of 1,000 rows, one transaction, SQL text and
 *   parameters straight to the database client) — goal ≥ 0.5 of the raw rate; and, for information, the same INSERTs
 *   built by drizzle as the server builds its own; `BENCH_RUNS` runs of each (default 3), rotating which goes first,
 *   median taken; and the slowest of a colleague's 15-row order lists sent every 10 ms while one more generation runs
 *   (the generation commits in chunks so no request waits more than about a second; issue 29 item 5);
 * - the cards list over 200,000 cards: the server-paged list `notfinished=1` (page 1 and page 100 of 50), and a keyword
 *   (an order number) and a card-number prefix with it, p99 at 50 concurrent connections, beside the raw SQL of the
 *   same page (the reply's select with its reference names, the same where, `order by id desc limit 50 offset …`)
 *   run by the database client at the same concurrency — goal p99 ≤ 3×. For information also the page's select plus
 *   the count of the filtered rows, which is what the reply's `total` needs.
 *
 *   npm run bench:cards                                 # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:cards # a fresh database beside the given one, dropped after
 *
 * A p99 is the slowest few requests, so one stall of the shared cores can decide it: each list figure is measured in
 * `BENCH_LIST_ROUNDS` rounds (default 3; the server first in one round, the baselines first in the next) and the
 * medians of the rounds are printed, with the range of the ratios.
 *
 * `BENCH_CARDS` (cards per generation, default and maximum 10,000), `BENCH_RUNS`, `BENCH_LIST_CARDS` (default 200,000)
 * and `BENCH_LIST_REQUESTS` (requests per list figure and round, default 300) change the sizes. `BENCH_EXPLAIN=1`
 * prints the plans of each page and count. All traffic goes to 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { rows, type Db } from '../../server/db/connection';
import { tableOf } from '../../server/db/tables';
import { replyRows, selectRows } from '../../server/db/columns';
import { MAX_CARDS_PER_GENERATION, splitQuantities } from '../../src/domain/contract/cards';
import { cardnodes } from '../../src/domain/resources/orders/cardnodes';
import { cards } from '../../src/domain/resources/orders/cards';
import { GENERATION_CHUNK } from '../../server/areas/production/generate-cards';
import { seededApp } from '../lib/seeded-app';
import { closedLoop, percentile } from '../lib/closed-loop';

const CARDS = Math.min(Number(process.env.BENCH_CARDS ?? MAX_CARDS_PER_GENERATION), MAX_CARDS_PER_GENERATION);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIST_CARDS = Number(process.env.BENCH_LIST_CARDS ?? 200_000);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const LIST_ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 3);
const CONNECTIONS = 50;
/** Work nodes of the bench's routing: a typical carton route is 5 to 8 steps. */
const ROUTE_NODES = 5;
/** Rows of one multi-row INSERT in the baseline, as a careful hand-written loader sends them (16,000 parameters a card batch). */
const RAW_BATCH = 1_000;
/** The bulk list data: 20 cards a line, 5 lines an order; cards numbered 1,000 a day, as a plant of this size does. */
const CARDS_PER_LINE = 20;
const LINES_PER_ORDER = 5;
const CARDS_PER_DAY = 1_000;
/** The newest cards still in production; older ones are done but for one in 50 (stragglers, held cards). */
const OPEN_SHARE = 0.15;

// autocannon refuses fewer requests than connections; page 100 of 50 needs 5,000 open cards (17 % of the cards).
if (LIST_REQUESTS < CONNECTIONS) throw new Error(`BENCH_LIST_REQUESTS must be at least ${CONNECTIONS}`);
if (LIST_CARDS < 30_000) throw new Error('BENCH_LIST_CARDS must be at least 30,000 (page 100 of the open cards)');

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function http(url: string, headers: Record<string, string>, amount: number): Promise<{ p50: number; p99: number }> {
  const r = await autocannon({
    url, connections: CONNECTIONS, amount, headers,
    // On PGlite requests queue behind one another; a queue is latency to measure, not an error.
    timeout: 300,
    // The load generator runs in its own thread, so parsing replies does not steal the server's event loop.
    workers: 1,
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts)`);
  return { p50: r.latency.p50, p99: r.latency.p99 };
}

const one = async <T extends Record<string, unknown>>(db: Db, q: SQL): Promise<T> => (await rows<T>(db, q))[0]!;

// Closed before the database is dropped, also when a step fails, so a failed run leaves no database or folder behind.
const server = await seededApp('bench-cards');
try {
  const { tdb, db, base, auth } = server;
  const admin = await one<{ id: number }>(db, sql`select id from accounts where username = 'admin'`);

  // ---- 1. Card generation ---------------------------------------------------------------------------------------
  // A routing of the first five work nodes of the plant, and one confirmed order with a line of CARDS for each
  // generation and each baseline of each run (the baselines' cards belong to a line, like real ones), and a small
  // line for warming up.
  const flow = await one<{ id: number; nodes: number[] }>(db, sql`
    insert into workflows (code, name, worknode_ids)
    values ('BENCH5', '压测工艺', array(select id from worknodes order by sort, id limit ${ROUTE_NODES}))
    returning id, worknode_ids as nodes`);
  if (flow.nodes.length !== ROUTE_NODES) throw new Error(`the demo plant has fewer than ${ROUTE_NODES} work nodes`);
  const customer = await one<{ id: number }>(db, sql`select id from customers order by id limit 1`);
  const item = await one<{ id: number }>(db, sql`select id from items where active order by id limit 1`);
  const lineOf = (quantity: number) => ({ item_id: item.id, quantity, workflow_id: flow.id });
  const post = async (path: string, values: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(values)) body.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...auth, ...headers }, body });
    const reply = await res.json() as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
    return reply;
  };
  const saved = await post('/orders/orders/save_with_lines/', {
    item: { customer_id: customer.id, remark: 'bench/cards' },
    lines: [lineOf(200), ...Array.from({ length: 3 * RUNS + 2 }, () => lineOf(CARDS))],
  }, { 'idempotency-key': randomUUID() });
  await post('/orders/orders/transition/', { id: String(saved.id), version: String(saved.version), to: 'confirmed' });
  const order = await one<{ id: number; show_id: string }>(db, sql`select id, show_id from orders where id = ${saved.id as number}`);
  const lines = await rows<{ id: number; unit: string | null }>(db, sql`
    select id, unit from details where order_id = ${order.id} order by line_no`);

  /** The call as the screen makes it: the whole line by count, with an Idempotency-Key; the reply read to its end. */
  const generate = async (detailId: number, count: number): Promise<number> => {
    const t = performance.now();
    const reply = await post('/orders/cards/generate/', { detail_id: String(detailId), count: String(count) },
      { 'idempotency-key': randomUUID() });
    const ms = performance.now() - t;
    if (reply.total !== count) throw new Error(`generated ${String(reply.total)} cards, expected ${count}`);
    return ms;
  };

  /**
   * The baseline: the same card rows and node rows the generation writes (same columns and values, numbers made up
   * front), sent as multi-row INSERTs of RAW_BATCH rows in one transaction; the cards' ids come back from their
   * INSERT, as a loader needs them for the nodes. No checks, locks, numbering, history or derived sums.
   * - `driver`: SQL text with `$n` parameters straight to the database client (pg or PGlite) — the goal's baseline,
   *   what the database can take;
   * - `drizzle`: the same rows through drizzle's insert builder, as the server writes them — for information: the
   *   part of both that is building statements in JavaScript.
   */
  const cardsTable = tableOf(cards);
  const nodesTable = tableOf(cardnodes);
  const CARD_COLUMNS = ['show_id', 'order_show_id', 'order_id', 'detail_id', 'item_id', 'workflow_id', 'seq', 'quantity', 'unit',
    'status', 'worknode_id', 'finished_quantity', 'bad_quantity', 'printed', 'created_by', 'updated_by'] as const;
  const NODE_COLUMNS = ['card_id', 'card_show_id', 'worknode_id', 'seq', 'status', 'created_by', 'updated_by'] as const;
  type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** One transaction on the database client under drizzle (the PGlite instance, or a connection of the pg pool). */
  const inClientTransaction = async (fn: (q: Query) => Promise<void>): Promise<void> => {
    const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
    if (client instanceof pg.Pool) {
      const c = await client.connect();
      try {
        await c.query('begin');
        await fn((text, params) => c.query(text, params));
        await c.query('commit');
      } catch (e) {
        await c.query('rollback');
        throw e;
      } finally {
        c.release();
      }
    } else {
      await client.transaction(tx => fn((text, params) => tx.query<Record<string, unknown>>(text, params)));
    }
  };
  /** `insert into <table> (<columns>) values ($1, …), (…) …`: every value a parameter, one row per object. */
  const insertText = (table: string, columns: readonly string[], n: number, returning = ''): string =>
    `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: n }, (_, r) =>
      `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`).join(', ')}${returning}`;

  const rawInsert = async (line: { id: number; unit: string | null }, count: number, tag: string,
    via: 'driver' | 'drizzle'): Promise<number> => {
    const t = performance.now();
    const values = splitQuantities(CARDS, { count }).map((quantity, i) => ({
      show_id: `${tag}${String(i + 1).padStart(5, '0')}`, order_show_id: order.show_id, order_id: order.id, detail_id: line.id,
      item_id: item.id, workflow_id: flow.id, seq: i + 1, quantity, unit: line.unit, status: 'waiting', worknode_id: flow.nodes[0]!,
      finished_quantity: 0, bad_quantity: 0, printed: 0, created_by: admin.id, updated_by: admin.id,
    }));
    const nodesOf = (made: readonly { id: number; show_id: string }[]) => made.flatMap(c => flow.nodes.map((w, i) => ({
      card_id: c.id, card_show_id: c.show_id, worknode_id: w, seq: i + 1, status: 'waiting', created_by: admin.id, updated_by: admin.id,
    })));
    if (via === 'driver') {
      await inClientTransaction(async q => {
        const made: { id: number; show_id: string }[] = [];
        for (let i = 0; i < values.length; i += RAW_BATCH) {
          const batch = values.slice(i, i + RAW_BATCH);
          const r = await q(insertText('cards', CARD_COLUMNS, batch.length, ' returning id, show_id'),
            batch.flatMap(v => CARD_COLUMNS.map(c => v[c])));
          made.push(...r.rows.map(x => ({ id: Number(x.id), show_id: String(x.show_id) })));
        }
        const nodes = nodesOf(made);
        for (let i = 0; i < nodes.length; i += RAW_BATCH) {
          const batch = nodes.slice(i, i + RAW_BATCH);
          await q(insertText('cardnodes', NODE_COLUMNS, batch.length), batch.flatMap(v => NODE_COLUMNS.map(c => v[c])));
        }
      });
    } else {
      await db.transaction(async tx => {
        const made: { id: number; show_id: string }[] = [];
        for (let i = 0; i < values.length; i += RAW_BATCH) {
          const r = await tx.insert(cardsTable).values(values.slice(i, i + RAW_BATCH))
            .returning({ id: cardsTable.id, show_id: cardsTable.show_id });
          made.push(...r.map(x => ({ id: Number(x.id), show_id: String(x.show_id) })));
        }
        const nodes = nodesOf(made);
        for (let i = 0; i < nodes.length; i += RAW_BATCH) await tx.insert(nodesTable).values(nodes.slice(i, i + RAW_BATCH));
      });
    }
    return performance.now() - t;
  };

  // Warm every path (first-use compilation, the reply's serializer, prepared plans).
  await generate(lines[0]!.id, 100);
  await rawInsert(lines[1]!, 200, 'RAWW-', 'driver');
  await rawInsert(lines[1]!, 200, 'RAWWD-', 'drizzle');
  const gen: number[] = [];
  const raw: number[] = [];
  const built: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    // Rotating which goes first, so none always meets the others' dead rows, checkpoints or autovacuum.
    const steps = [
      async () => { gen.push(await generate(lines[2 + 3 * r]!.id, CARDS)); },
      async () => { raw.push(await rawInsert(lines[3 + 3 * r]!, CARDS, `RAW${r}-`, 'driver')); },
      async () => { built.push(await rawInsert(lines[4 + 3 * r]!, CARDS, `RAWD${r}-`, 'drizzle')); },
    ];
    for (let k = 0; k < steps.length; k++) await steps[(r + k) % steps.length]!();
  }
  // A colleague's 15-row order list sent every 10 ms while one more generation runs: the slowest of them is how long
  // the generation made another request wait (it commits in chunks of GENERATION_CHUNK cards; issue 29 item 5).
  const list = async (): Promise<number> => {
    const t = performance.now();
    const res = await fetch(`${base}/orders/orders/list/?ios=1&limit=15`, { headers: auth });
    await res.text();
    if (res.status !== 200) throw new Error(`list: ${res.status}`);
    return performance.now() - t;
  };
  await list();
  const alone = [await list(), await list(), await list()].sort((a, b) => a - b)[1]!;
  let generating = true;
  const during = generate(lines[2 + 3 * RUNS]!.id, CARDS).finally(() => { generating = false; });
  const waits: number[] = [];
  while (generating) {
    waits.push(await list());
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  const duringGeneration = await during;
  const nodeCount = await one<{ n: number | string }>(db, sql`
    select count(*) as n from cardnodes n join cards c on c.id = n.card_id where c.order_id = ${order.id} and c.show_id like 'C%'`);
  if (Number(nodeCount.n) !== ((RUNS + 1) * CARDS + 100) * ROUTE_NODES) throw new Error(`unexpected node count ${String(nodeCount.n)}`);

  // ---- 2. The cards list ----------------------------------------------------------------------------------------
  // LIST_CARDS cards in all, made by SQL: the cards and nodes above are removed first (the list reads no nodes), then
  // orders and lines to hang the cards on (so every reference name of the list has a row to join), then the cards,
  // oldest first. Card numbers are of days in 2025, so they never meet today's numbers.
  // `cascade`: whatever a later migration hangs on cards goes too — this database is the bench's own, dropped after.
  await db.execute(sql`truncate cardnodes, cards cascade`);
  const lineCount = Math.ceil(LIST_CARDS / CARDS_PER_LINE);
  const orderCount = Math.ceil(lineCount / LINES_PER_ORDER);
  const tLoad = performance.now();
  await db.execute(sql`
    insert into orders (show_id, customer_id, saler_id, order_date, status, quantity, check_code, remark)
    select 'SOB' || lpad(i::text, 6, '0'), c.ids[1 + i % cardinality(c.ids)], null, date '2025-05-01' + i / 10, 'producing',
      ${LINES_PER_ORDER * CARDS_PER_LINE * 100}, 'BENCH', 'bench/cards'
    from generate_series(1, ${orderCount}) i, (select array_agg(id order by id) as ids from customers) c`);
  await db.execute(sql`
    insert into details (order_id, line_no, code, item_id, unit, quantity, workflow_id, price, amount, card_quantity, finished_quantity)
    select o.id, l, o.show_id || '-' || l, it.ids[1 + (o.id * ${LINES_PER_ORDER} + l) % cardinality(it.ids)], '个',
      ${CARDS_PER_LINE * 100}, ${flow.id}, 1.5, ${CARDS_PER_LINE * 150}, ${CARDS_PER_LINE * 100}, 0
    from orders o, generate_series(1, ${LINES_PER_ORDER}) l,
      (select array_agg(id order by id) as ids from items where active) it
    where o.remark = 'bench/cards' and o.show_id like 'SOB%'
    order by o.id, l`);
  const openFrom = Math.floor(LIST_CARDS * (1 - OPEN_SHARE));
  // The routing's node ids, written into the statement: integers read from the database a moment ago.
  const nodes = sql.raw(`array[${flow.nodes.map(Number).join(',')}]`);
  await db.execute(sql`
    with d as (
      select d.id, d.order_id, d.item_id, o.show_id as order_show_id, row_number() over (order by d.id) - 1 as k
      from details d join orders o on o.id = d.order_id where o.show_id like 'SOB%')
    insert into cards (show_id, order_show_id, order_id, detail_id, item_id, workflow_id, seq, quantity, unit, status,
      worknode_id, finished_quantity, bad_quantity, printed, created_by, updated_by)
    select 'C' || to_char(date '2025-05-01' + (i - 1) / ${CARDS_PER_DAY}, 'YYMMDD') || lpad(((i - 1) % ${CARDS_PER_DAY} + 1)::text, 5, '0'),
      d.order_show_id, d.order_id, d.id, d.item_id, ${flow.id}, (i - 1) % ${CARDS_PER_LINE} + 1, 100, '个', s.status,
      (${nodes})[case s.status when 'waiting' then 1 when 'done' then ${ROUTE_NODES} else 1 + i % ${ROUTE_NODES} end],
      case s.status when 'done' then 99 else 0 end, case s.status when 'done' then 1 else 0 end, 1, ${admin.id}, ${admin.id}
    from generate_series(1, ${LIST_CARDS}) i
    join d on d.k = (i - 1) / ${CARDS_PER_LINE}
    cross join lateral (select case when i <= ${openFrom} and i % 50 <> 0 then 'done'
      when i % 3 = 0 then 'waiting' else 'running' end as status) s
    order by i`);
  // What autovacuum would have done by the time anyone pages through these: statistics and the visibility map.
  for (const t of ['orders', 'details', 'cards']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  const loadMs = performance.now() - tLoad;
  const stats = await one<{ n: number | string; open: number | string }>(db, sql`
    select count(*) as n, count(*) filter (where status <> 'done') as open from cards`);

  // The list figures: each URL beside the raw SQL of its page. A keyword is an order number of the open cards (its 100
  // cards), a prefix a day of card numbers among them (1,000 cards), both with notfinished=1 as the screen sends them.
  const lastOrder = `SOB${String(orderCount - 5).padStart(6, '0')}`;
  const lastDay = await one<{ p: string }>(db, sql`
    select left(show_id, 7) as p from cards order by id desc offset ${CARDS_PER_DAY * 2} limit 1`);
  const notDone = sql`${cardsTable.status} <> 'done'`;
  // The keyword's expression, the one cards' trigram index is built on (migration 0008).
  const searchExpr = sql`lower(coalesce(${cardsTable.show_id}, '') || ' ' || coalesce(${cardsTable.order_show_id}, '')
    || ' ' || coalesce(${cardsTable.remark}, ''))`;
  const cases: { label: string; query: string; where: SQL; page: number }[] = [
    { label: 'notfinished, page 1 of 50', query: 'notfinished=1&page=1&limit=50', where: notDone, page: 1 },
    { label: 'notfinished, page 100 of 50', query: 'notfinished=1&page=100&limit=50', where: notDone, page: 100 },
    { label: `keyword ${lastOrder} (an order)`, query: `notfinished=1&keyword=${lastOrder}&page=1&limit=50`,
      where: sql`${notDone} and ${searchExpr} like lower(${`%${lastOrder}%`})`, page: 1 },
    { label: `show_id=${lastDay.p} (prefix)`, query: `notfinished=1&show_id=${lastDay.p}&page=1&limit=50`,
      where: sql`${notDone} and ${cardsTable.show_id} like ${`${lastDay.p}%`}`, page: 1 },
  ];
  interface Latency { p50: number; p99: number }
  const sorted = (lat: number[]): Latency => ({ p50: percentile(lat, 50), p99: percentile(lat, 99) });
  const listed: { label: string; n: number; rounds: { http: Latency; page: Latency; pageCount: Latency }[] }[] = [];
  for (const c of cases) {
    const url = `${base}/orders/cards/list/?${c.query}`;
    // The raw page: the reply's own select (reference names joined) with the same where, in id order as a hand-written
    // query writes it; and the same plus the count of the filtered rows, the reply's second query.
    const page = () => replyRows(db, selectRows(db, cards).where(c.where).orderBy(sql`${cardsTable.id} desc`).limit(50).offset((c.page - 1) * 50));
    const count = () => rows(db, sql`select count(*) from cards where ${c.where}`);
    const check = await (await fetch(url, { headers: auth })).json() as { dt: { id: number }[]; total: number };
    const same = await page();
    if (check.dt.length !== 50 || check.dt.map(r => r.id).join() !== same.map(r => r.id).join()) {
      throw new Error(`${c.label}: the reply's page is not the raw query's (${check.dt.length} rows)`);
    }
    for (let i = 0; i < 5; i++) { await fetch(url, { headers: auth }); await page(); }
    if (process.env.BENCH_EXPLAIN) {
      // The plans of the raw page, of the server's page and of the count, for reading where a figure's time goes.
      const q = selectRows(db, cards).where(c.where).orderBy(sql`${cardsTable.id} desc`).limit(50).offset((c.page - 1) * 50).getSQL();
      // The server's own order (server/resources/list.ts: the sort, `nulls last`, then the id as tie-breaker).
      const served = selectRows(db, cards).where(c.where).orderBy(sql`${cardsTable.id} desc nulls last`, sql`${cardsTable.id} desc`)
        .limit(50).offset((c.page - 1) * 50).getSQL();
      for (const s of [q, served, sql`select count(*) from cards where ${c.where}`]) {
        const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${s}`);
        console.log(`-- ${c.label}\n${plan.map(r => r['QUERY PLAN']).join('\n')}`);
      }
    }
    const rounds: { http: Latency; page: Latency; pageCount: Latency }[] = [];
    for (let r = 0; r < LIST_ROUNDS; r++) {
      const server = () => http(url, auth, LIST_REQUESTS);
      const baseline = async () => ({
        page: sorted(await closedLoop(LIST_REQUESTS, CONNECTIONS, page)),
        pageCount: sorted(await closedLoop(LIST_REQUESTS, CONNECTIONS, async () => { await page(); await count(); })),
      });
      if (r % 2 === 0) { const h = await server(); rounds.push({ http: h, ...await baseline() }); }
      else { const b = await baseline(); rounds.push({ http: await server(), ...b }); }
    }
    listed.push({ label: c.label, n: check.total, rounds });
  }

  // ---- Report ---------------------------------------------------------------------------------------------------
  const rate = (ms: number) => CARDS / (ms / 1000);
  const f = (n: number, w = 9, d = 1) => n.toFixed(d).padStart(w);
  console.log(`\nbench/cards on ${tdb.engine}`);
  console.log(`\ncard generation: ${CARDS.toLocaleString('en')} cards × ${ROUTE_NODES} nodes in one call, ${RUNS} runs`);
  console.log(`${''.padEnd(48)}${'cards/s'.padStart(9)}${'s'.padStart(9)}   rate ratio`);
  for (let r = 0; r < RUNS; r++) {
    console.log(`  run ${r + 1}: POST /orders/cards/generate/${''.padEnd(13)}${f(rate(gen[r]!), 9, 0)}${f(gen[r]! / 1000, 9, 2)}`);
    console.log(`         raw INSERT, driver${''.padEnd(20)}${f(rate(raw[r]!), 9, 0)}${f(raw[r]! / 1000, 9, 2)}   ${(raw[r]! / gen[r]!).toFixed(2)}`);
    console.log(`         raw INSERT, drizzle's builder${''.padEnd(9)}${f(rate(built[r]!), 9, 0)}${f(built[r]! / 1000, 9, 2)}   ${(built[r]! / gen[r]!).toFixed(2)}`);
  }
  console.log(`  median: generation ${rate(median(gen)).toFixed(0)} cards/s, raw INSERT ${rate(median(raw)).toFixed(0)} cards/s: `
    + `${(median(raw) / median(gen)).toFixed(2)} of the raw rate (goal ≥ 0.5); through drizzle's builder `
    + `${rate(median(built)).toFixed(0)} cards/s (${(median(built) / median(gen)).toFixed(2)})`);
  console.log(`  the slowest 15-row order list while ${CARDS.toLocaleString('en')} cards are generated (${(duringGeneration / 1000).toFixed(2)} s, `
    + `chunks of ${GENERATION_CHUNK.toLocaleString('en')}): ${Math.max(...waits).toFixed(0)} ms against one alone ${alone.toFixed(0)} ms `
    + `(${waits.length} lists; goal: no request waits more than about a second)`);

  console.log(`\ncards list: ${Number(stats.n).toLocaleString('en')} cards (${Number(stats.open).toLocaleString('en')} not finished; `
    + `loaded in ${(loadMs / 1000).toFixed(1)} s), ${CONNECTIONS} concurrent connections, ${LIST_ROUNDS} rounds of `
    + `${LIST_REQUESTS} requests (ms: medians of the rounds; p99 ratios: median and range of the rounds)`);
  console.log(`${''.padEnd(46)}${'p50'.padStart(9)}${'p99'.padStart(9)}   p99 ratio`);
  for (const l of listed) {
    const mid = (pick: (r: (typeof l.rounds)[number]) => number) => median(l.rounds.map(pick));
    const ratios = (base: 'page' | 'pageCount') => {
      const rs = l.rounds.map(r => r.http.p99 / r[base].p99).sort((a, b) => a - b);
      return `${median(rs).toFixed(2)}x (${rs[0]!.toFixed(2)}–${rs[rs.length - 1]!.toFixed(2)})`;
    };
    console.log(`${`GET …/cards/list/ ${l.label}`.padEnd(46)}${f(mid(r => r.http.p50))}${f(mid(r => r.http.p99))}   (total ${l.n.toLocaleString('en')})`);
    console.log(`${'  raw SQL, the same page'.padEnd(46)}${f(mid(r => r.page.p50))}${f(mid(r => r.page.p99))}   ${ratios('page')}  goal ≤ 3x`);
    console.log(`${'  raw SQL, the page and its count'.padEnd(46)}${f(mid(r => r.pageCount.p50))}${f(mid(r => r.pageCount.p99))}   ${ratios('pageCount')}`);
  }
} finally {
  await server.close();
}
