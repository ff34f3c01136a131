/**
 * bench/sync (issue 13, "Benchmarks"): draining a kiosk's queue. 10,000 queued swipes (5,000 cards started and
 * finished at one work node: every second swipe finishes a step, so it also moves its card on and makes a piece-work
 * record) pushed through `POST /sync/push/` in batches of 500, one call after the other as the kiosk's sender sends
 * them, timed end to end over HTTP, as rows/s; beside a raw batched INSERT of the same fact rows into the same
 * database (the same columns and values the push stores, new uuids; one multi-row INSERT of 500 rows per batch, each
 * batch its own transaction as each push is; SQL text and parameters straight to the database client: pg or PGlite).
 * Goal ≥ 0.5 of the raw rate. The two alternate batch by batch (push batch k, the raw INSERT of its rows, which goes
 * first alternating), each batch timed on its own and summed per side; `BENCH_RUNS` runs (default 5), median taken.
 *
 *   npm run bench:sync                                 # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:sync # a fresh database beside the given one, dropped after
 *
 * The cards, their steps, the work nodes and the terminal are made by SQL; the demo plant gives the accounts, a
 * person and a customer. `BENCH_SWIPES` (default 10,000, even) and `BENCH_BATCH` (default 500) change the sizes. All
 * traffic goes to 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { issueEnrolment } from '../../server/areas/shopfloor/enrolment';
import { rows, type Db } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';
import { scheduleEmbeddedVacuum } from '../../server/ops/embedded-vacuum';
import { PUSH_MAX, type Mutation, type PushReply } from '../../src/domain/contract/sync';
import { freshDatabase } from '../../tests/api/test-database';

const SWIPES = Number(process.env.BENCH_SWIPES ?? 10_000);
const BATCH = Math.min(Number(process.env.BENCH_BATCH ?? PUSH_MAX), PUSH_MAX);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CARDS = SWIPES / 2;
if (!Number.isInteger(CARDS) || CARDS < 1) throw new Error('BENCH_SWIPES must be a positive even number');
/** Cards of the warm-up (both paths run once on a small batch first: compilation, prepared plans, the serializer). */
const WARM_CARDS = 250;
/** Cards of one order line. */
const CARDS_PER_LINE = 20;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const one = async <T extends Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>): Promise<T> => (await rows<T>(db, q))[0]!;

/** The columns the push stores for a fact (server/areas/shopfloor/facts/write.ts), in the baseline's INSERT. */
const FACT_COLUMNS = ['uuid', 'computer_id', 'seq', 'name', 'v', 'args', 'at', 'status', 'reason', 'reason_params', 'person_id', 'card_id',
  'card_show_id', 'cardnode_id', 'worknode_id', 'device_id', 'action', 'good', 'bad', 'created_by', 'updated_by'] as const;
type FactValues = Record<(typeof FACT_COLUMNS)[number], unknown>;

const tdb = await freshDatabase('bench-sync');
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let upkeep: { stop(): Promise<void> } | undefined;
try {
  await migrate(tdb.database);
  await seedDemo(tdb.database.db);
  const db = tdb.database.db;
  app = await buildApp({ db, serversFile: '/dev/null' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // As the server runs it (server/server.ts): PGlite's stand-in for the autovacuum a PostgreSQL server has.
  upkeep = scheduleEmbeddedVacuum(tdb.database, app.log);
  const admin = await one<{ id: number }>(db, sql`select id from accounts where username = 'admin'`);
  const person = await one<{ id: number }>(db, sql`select id from persons where active order by id limit 1`);

  // ---- Data, by SQL -----------------------------------------------------------------------------------------------
  // Two work nodes (a swipe to start and one to finish; the previous step only warned about), a routing through both,
  // a terminal serving them, one order with CARDS cards per run (and some for the warm-up) on lines of 20, each card
  // with its two steps, all waiting.
  const nodes = await rows<{ id: number }>(db, sql`
    insert into worknodes (code, name, tap_mode, sequence_check, sort)
    values ('BENCH-SA', '压测开工完工', 'start_finish', 'warn', 9001), ('BENCH-SB', '压测后工序', 'start_finish', 'warn', 9002)
    returning id`);
  const [nodeA, nodeB] = nodes.map(n => Number(n.id)) as [number, number];
  const flow = await one<{ id: number }>(db, sql`
    insert into workflows (code, name, worknode_ids) values ('BENCH-SYNC', '压测同步工艺', array[${nodeA}, ${nodeB}]::int[]) returning id`);
  const pc = await one<{ id: number }>(db, sql`
    insert into computers (code, name, worknode_ids, last_seq) values ('BENCH-PC', '压测终端', array[${nodeA}, ${nodeB}]::int[], 0) returning id`);
  // The baseline's rows are another terminal's, so they never fill the pushing terminal's sequence.
  const rawPc = await one<{ id: number }>(db, sql`
    insert into computers (code, name, worknode_ids, last_seq) values ('BENCH-RAW', '压测基准', array[${nodeA}]::int[], 0) returning id`);
  const customer = await one<{ id: number }>(db, sql`select id from customers order by id limit 1`);
  const item = await one<{ id: number }>(db, sql`select id from items where active order by id limit 1`);
  const order = await one<{ id: number; show_id: string }>(db, sql`
    insert into orders (show_id, customer_id, order_date, status, quantity, check_code, remark)
    values ('SO-BENCH-SYNC', ${customer.id}, current_date, 'producing', ${(RUNS * CARDS + WARM_CARDS) * 10}, 'BENCH', 'bench/sync')
    returning id, show_id`);
  interface Card { id: number; show_id: string; step: number }
  let lineNo = 0;
  /**
   * `n` cards of 10 pieces numbered `<tag>00001`…, 20 to an order line (as bench/cards' plant: a line's cards are a
   * few dozen, so each batch re-sums a handful of lines), each with its two steps; the cards and their first steps.
   */
  const makeCards = async (n: number, tag: string): Promise<Card[]> => {
    const lines = Math.ceil(n / CARDS_PER_LINE);
    const first = lineNo + 1;
    lineNo += lines;
    await db.execute(sql`
      insert into details (order_id, line_no, code, item_id, unit, quantity, workflow_id, price, amount, card_quantity, finished_quantity)
      select ${order.id}, l, ${order.show_id} || '-' || l, ${item.id}, '个', ${CARDS_PER_LINE * 10}, ${flow.id}, 1, ${CARDS_PER_LINE * 10},
        ${CARDS_PER_LINE * 10}, 0
      from generate_series(${first}::int, ${first + lines - 1}::int) l`);
    await db.execute(sql`
      insert into cards (show_id, order_show_id, order_id, detail_id, item_id, workflow_id, seq, quantity, unit, status, worknode_id,
        finished_quantity, bad_quantity, printed, created_by, updated_by)
      select ${tag} || lpad(i::text, 5, '0'), ${order.show_id}, ${order.id}, d.id, ${item.id}, ${flow.id}, (i - 1) % ${CARDS_PER_LINE} + 1,
        10, '个', 'waiting', ${nodeA}, 0, 0, 0, ${admin.id}, ${admin.id}
      from generate_series(1, ${n}::int) i
      join details d on d.order_id = ${order.id} and d.line_no = ${first} + (i - 1) / ${CARDS_PER_LINE}
      order by i`);
    await db.execute(sql`
      insert into cardnodes (card_id, card_show_id, worknode_id, seq, status, created_by, updated_by)
      select c.id, c.show_id, w.node, w.seq, 'waiting', ${admin.id}, ${admin.id}
      from cards c cross join (values (${nodeA}::int, 1), (${nodeB}::int, 2)) as w(node, seq)
      where c.show_id like ${`${tag}%`} order by c.id, w.seq`);
    const made = await rows<{ id: number; show_id: string; step: number }>(db, sql`
      select c.id, c.show_id, n.id as step from cards c join cardnodes n on n.card_id = c.id and n.seq = 1
      where c.show_id like ${`${tag}%`} order by c.id`);
    return made.map(c => ({ id: Number(c.id), show_id: c.show_id, step: Number(c.step) }));
  };
  const warmCards = await makeCards(WARM_CARDS, 'CBW');
  const runCards: Card[][] = [];
  for (let r = 0; r < RUNS; r++) runCards.push(await makeCards(CARDS, `CB${r}R`));
  for (const t of ['cards', 'cardnodes', 'details']) await db.execute(sql.raw(`vacuum analyze ${t}`));

  // ---- The kiosk ----------------------------------------------------------------------------------------------------
  const login = await (await fetch(`${base}/accounts/login/`, {
    method: 'POST', body: new URLSearchParams({
      username: 'admin', password: 'admin123', client: 'BENCH-PC', enrol: (await issueEnrolment(db, Number(pc.id), null)).code,
    }),
  })).json() as { sessionid: string; computer?: { id: number } };
  if (login.computer?.id !== Number(pc.id)) throw new Error('the bench terminal did not log in as a device');
  let seq = 0;
  /** The swipes of some cards as the kiosk queued them: each card started, then finished with 9 good and 1 bad. */
  const swipesOf = (cards: readonly Card[]): Mutation[] => cards.flatMap(c => (['start', 'finish'] as const).map(action => ({
    id: randomUUID(), seq: ++seq, name: 'tap' as const, at: new Date().toISOString(), v: 1,
    args: { card: c.show_id, worknode_id: nodeA, person_id: Number(person.id), action, ...(action === 'finish' ? { good: 9, bad: 1 } : {}) },
  })));

  /** Pushes one batch as the kiosk's sender does and returns its time; every fact must be applied. */
  const pushBatch = async (batch: readonly Mutation[]): Promise<number> => {
    const t = performance.now();
    // As the kiosk's sender sends it (src/data/sync-client.ts): a JSON body.
    const res = await fetch(`${base}/sync/push/`, {
      method: 'POST', headers: { authorization: login.sessionid, 'content-type': 'application/json' },
      body: JSON.stringify({ device: 'BENCH-PC', mutations: batch, floor: batch[0]!.seq, ios: 1 }),
    });
    const reply = await res.json() as PushReply;
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`push: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
    const refused = reply.results.filter(r => r.status !== 'applied');
    if (refused.length > 0) throw new Error(`push: ${refused.length} not applied, e.g. ${JSON.stringify(refused[0])}`);
    if (reply.lastSeq !== batch[batch.length - 1]!.seq) throw new Error(`push: lastSeq ${reply.lastSeq}`);
    return ms;
  };

  // The baseline's rows: what the push stores for the same swipes (its decided columns), under new uuids (of the other
  // terminal).
  const rawRowsOf = (cards: readonly Card[], swipes: readonly Mutation[]): FactValues[] => swipes.map((m, i) => {
    const c = cards[Math.floor(i / 2)]!;
    const finish = i % 2 === 1;
    return {
      uuid: randomUUID(), computer_id: Number(rawPc.id), seq: m.seq, name: 'tap', v: 1, args: JSON.stringify(m.args), at: m.at,
      status: 'applied', reason: null, reason_params: null, person_id: Number(person.id), card_id: c.id, card_show_id: c.show_id,
      cardnode_id: c.step, worknode_id: nodeA, device_id: null, action: finish ? 'finish' : 'start', good: finish ? 9 : null,
      bad: finish ? 1 : null, created_by: admin.id, updated_by: admin.id,
    };
  });
  type Query = (text: string, params: unknown[]) => Promise<unknown>;
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
      await client.transaction(async tx => { await fn((text, params) => tx.query(text, params)); });
    }
  };
  const insertText = (n: number): string =>
    `insert into facts (${FACT_COLUMNS.join(', ')}) values ${Array.from({ length: n }, (_, r) =>
      `(${FACT_COLUMNS.map((_, c) => `$${r * FACT_COLUMNS.length + c + 1}`).join(', ')})`).join(', ')}`;
  /** The raw INSERT of one batch's rows, one statement in its own transaction; returns its time. */
  const rawBatch = async (batch: readonly FactValues[]): Promise<number> => {
    const t = performance.now();
    await inClientTransaction(q => q(insertText(batch.length), batch.flatMap(v => FACT_COLUMNS.map(c => v[c]))).then(() => {}));
    return performance.now() - t;
  };
  /**
   * A queue drained beside its baseline, batch by batch: push batch k and the raw INSERT of batch k's rows one after
   * the other (which goes first alternating), each timed on its own, summed per side. Both then meet the same table
   * sizes, the same checkpoints and the same autovacuum work (a whole drain then a whole baseline let PostgreSQL's
   * autovacuum of the facts, started by one side's rows, slow the other: runs of one session varied 0.41–0.64).
   */
  const run = async (swipes: readonly Mutation[], rawRows: readonly FactValues[], rawFirst: boolean): Promise<{ push: number; raw: number }> => {
    const sum = { push: 0, raw: 0 };
    for (let i = 0, k = 0; i < swipes.length; i += BATCH, k++) {
      const doPush = async () => { sum.push += await pushBatch(swipes.slice(i, i + BATCH)); };
      const doRaw = async () => { sum.raw += await rawBatch(rawRows.slice(i, i + BATCH)); };
      if ((k % 2 === 0) === rawFirst) { await doRaw(); await doPush(); } else { await doPush(); await doRaw(); }
    }
    return sum;
  };

  // ---- Runs -------------------------------------------------------------------------------------------------------
  {
    const warm = swipesOf(warmCards);
    await run(warm, rawRowsOf(warmCards, warm), false);
  }
  const pushed: number[] = [];
  const raw: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const swipes = swipesOf(runCards[r]!);
    const rawRows = rawRowsOf(runCards[r]!, swipes);
    const t = await run(swipes, rawRows, r % 2 === 1);
    pushed.push(t.push);
    raw.push(t.raw);
    // What the push must have done: every step done, every card moved on, one work record per step.
    const check = await one<{ done: number | string; moved: number | string; works: number | string }>(db, sql`
      select (select count(*) from cardnodes n join cards c on c.id = n.card_id where c.show_id like ${`CB${r}R%`} and n.seq = 1 and n.status = 'done') as done,
        (select count(*) from cards where show_id like ${`CB${r}R%`} and worknode_id = ${nodeB} and status = 'running') as moved,
        (select count(*) from works w join cards c on c.id = w.card_id where c.show_id like ${`CB${r}R%`} and w.source = 'swipe') as works`);
    if (Number(check.done) !== CARDS || Number(check.moved) !== CARDS || Number(check.works) !== CARDS) {
      throw new Error(`run ${r + 1}: ${JSON.stringify(check)} (expected ${CARDS} each)`);
    }
  }

  // ---- Report -----------------------------------------------------------------------------------------------------
  const rate = (ms: number) => SWIPES / (ms / 1000);
  const f = (n: number, w = 9, d = 0) => n.toFixed(d).padStart(w);
  console.log(`\nbench/sync on ${tdb.engine}`);
  console.log(`${SWIPES.toLocaleString('en')} queued swipes (${CARDS.toLocaleString('en')} cards started and finished) in batches of ${BATCH}, `
    + `${RUNS} runs`);
  console.log(`${''.padEnd(40)}${'rows/s'.padStart(9)}${'s'.padStart(9)}   rate ratio`);
  for (let r = 0; r < RUNS; r++) {
    console.log(`  run ${r + 1}: POST /sync/push/${''.padEnd(17)}${f(rate(pushed[r]!))}${f(pushed[r]! / 1000, 9, 2)}   ${(raw[r]! / pushed[r]!).toFixed(2)}`);
    console.log(`         raw INSERT of the fact rows${''.padEnd(6)}${f(rate(raw[r]!))}${f(raw[r]! / 1000, 9, 2)}`);
  }
  console.log(`  median: push ${rate(median(pushed)).toFixed(0)} rows/s, raw INSERT ${rate(median(raw)).toFixed(0)} rows/s: `
    + `${(median(raw) / median(pushed)).toFixed(2)} of the raw rate (goal ≥ 0.5)`);
  // All runs pooled: each run's ratio leans on which side its GIN pending-list merges fell to (bench/README.md).
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  console.log(`  all ${RUNS} runs pooled: ${(sum(raw) / sum(pushed)).toFixed(2)} of the raw rate`);
} finally {
  await upkeep?.stop();
  await app?.close();
  await tdb.drop();
}
