/**
 * bench/api: at 50 concurrent connections, each printed beside a baseline measured the same way in the same run
 * (DESIGN §10):
 * - on the demo data, the list of 1,000 items beside the raw SQL query of the same rows — goal: p99 ≤ 3× raw SQL;
 * - then with items up to 100,000 in all:
 * - a keyword search over the 100,000 items (a page of 50, its total, through the trigram indexes) beside a page of the
 *   same list without a keyword (sorted by the code's index) — goal: p99 ≤ 3× that page;
 * - the login beside the raw SQL query of the account row (scrypt is slow on purpose).
 *
 * The list and the search run in `BENCH_ROUNDS` rounds (default 3), the server first in one round and the baseline
 * first in the next, like bench/cards: a p99 of 600 requests on two shared cores moves by 2× between back-to-back
 * runs, so each round's ratio is printed and the median of the rounds is the figure.
 *
 *   npm run bench:api                       # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:api   # a fresh database beside the given one
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { rows } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { selectRows, replyRows } from '../../server/db/columns';
import { resourceByName } from '../../src/domain/resources/all';
import { seedDemo } from '../../server/seed/demo';
import { freshDatabase } from '../../tests/api/test-database';
import { closedLoop, percentile } from '../lib/closed-loop';

const CONNECTIONS = 50;
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 600);
const LOGIN_REQUESTS = Number(process.env.BENCH_LOGIN_REQUESTS ?? 200);
const SEARCH_REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ITEMS = 100_000;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

async function http(url: string, opts: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; amount: number }) {
  const r = await autocannon({
    url, connections: CONNECTIONS, amount: opts.amount, method: opts.method ?? 'GET', body: opts.body,
    headers: opts.headers,
    // On PGlite requests queue behind one another; a queue is latency to measure, not an error.
    timeout: 300,
    // The load generator runs in its own thread, so parsing replies does not steal the server's event loop.
    workers: 1,
  });
  if (r.non2xx > 0 || r.errors > 0) {
    throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts)`);
  }
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
}

const fmt = (n: number) => n.toFixed(1).padStart(8);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Latency { p50: number; p99: number }
const latency = (sorted: number[]): Latency => ({ p50: percentile(sorted, 50), p99: percentile(sorted, 99) });

/**
 * ROUNDS rounds of a measured call and its baselines, alternating which goes first (so neither always runs on the
 * warmer or the busier machine).
 */
async function rounds(measured: () => Promise<Latency>, baselines: (() => Promise<Latency>)[]): Promise<Latency[][]> {
  const out: Latency[][] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      const m = await measured();
      const b: Latency[] = [];
      for (const f of baselines) b.push(await f());
      out.push([m, ...b]);
    } else {
      const b: Latency[] = [];
      for (const f of baselines) b.push(await f());
      out.push([await measured(), ...b]);
    }
  }
  return out;
}

/** One line of a figure: medians of the rounds' p50 and p99 and, against `of`, the p99 ratio of each round. */
function line(label: string, rs: Latency[][], i: number, of?: number, goal = ''): string {
  const head = `${label.padEnd(26)}${fmt(median(rs.map(r => r[i]!.p50)))}  ${fmt(median(rs.map(r => r[i]!.p99)))}`;
  if (of === undefined) return head;
  const ratios = rs.map(r => r[of]!.p99 / r[i]!.p99);
  return `${head}   ${median(ratios).toFixed(2)}x (rounds ${ratios.map(x => x.toFixed(2)).join(', ')})${goal}`;
}

const tdb = await freshDatabase('bench');
try {
  await migrate(tdb.database);
  await seedDemo(tdb.database.db);
  const app = await buildApp({ db: tdb.database.db, serversFile: '/dev/null' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await (await fetch(`${base}/accounts/login/`, {
    method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin123' }),
  })).json() as { sessionid: string };
  const auth = { authorization: login.sessionid };
  const [count] = await rows<{ n: string | number }>(tdb.database.db, sql`select count(*) as n from items`);
  if (Number(count!.n) < 1000) throw new Error('the seed has fewer than 1,000 items');

  // Warm both paths so neither pays for first-use compilation in the measurement.
  for (let i = 0; i < 5; i++) await fetch(`${base}/items/list/?limit=1000&sort=code`, { headers: auth });

  const items = resourceByName('items')!;
  const sameQuery = selectRows(tdb.database.db, items).orderBy(sql`code asc nulls last`, sql`items.id desc`).limit(1000);
  const listRounds = await rounds(
    () => http(`${base}/items/list/?limit=1000&sort=code`, { headers: auth, amount: LIST_REQUESTS }),
    [
      async () => latency(await closedLoop(LIST_REQUESTS, CONNECTIONS, () =>
        rows(tdb.database.db, sql`select * from items order by code limit 1000`))),
      // For information: the reply's own query (reference names joined), to tell the database's share from the server's.
      async () => latency(await closedLoop(LIST_REQUESTS, CONNECTIONS, () => replyRows(tdb.database.db, sameQuery))),
    ]);

  await tdb.database.db.execute(sql`
    insert into items (code, name, spec, price, active)
    select 'BENCH-' || lpad(i::text, 6, '0'), '纸箱 ' || (i % 97) || ' 号', 'S' || (i % 13), (i % 500) + 0.25, true
    from generate_series(1, ${ITEMS - Number(count!.n)}) as i`);
  await tdb.database.db.execute(sql`analyze items`);
  // A keyword found in ~100 of the 100,000 codes, against the plain page of the same list (the code's btree index).
  const keywordUrl = `${base}/items/list/?keyword=${encodeURIComponent('BENCH-0123')}&limit=50`;
  const pageUrl = `${base}/items/list/?page=3&limit=50&sort=code`;
  for (let i = 0; i < 5; i++) { await fetch(keywordUrl, { headers: auth }); await fetch(pageUrl, { headers: auth }); }
  const searchRounds = await rounds(() => http(keywordUrl, { headers: auth, amount: SEARCH_REQUESTS }),
    [() => http(pageUrl, { headers: auth, amount: SEARCH_REQUESTS })]);

  const loginBody = new URLSearchParams({ username: 'admin', password: 'admin123' }).toString();
  const loginHttp = await http(`${base}/accounts/login/`, {
    method: 'POST', body: loginBody, amount: LOGIN_REQUESTS,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const rawLogin = await closedLoop(LOGIN_REQUESTS, CONNECTIONS, () =>
    rows(tdb.database.db, sql`select * from accounts where lower(username) = lower(${'admin'})`));

  console.log(`\nbench/api on ${tdb.engine}, ${CONNECTIONS} concurrent connections, ${ROUNDS} rounds (ms: medians of the rounds)`);
  console.log('                                p50        p99   p99 ratio');
  console.log(line('items list 1000 (HTTP)', listRounds, 0));
  console.log(line('  raw SQL same rows', listRounds, 1, 0, '  goal ≤ 3x'));
  console.log(line("  raw SQL, reply's query", listRounds, 2, 0));
  console.log(line('keyword over 100,000', searchRounds, 0));
  console.log(line('  page 3 of 50, no keyword', searchRounds, 1, 0, '  goal ≤ 3x'));
  console.log(`login (HTTP, scrypt)     ${fmt(loginHttp.p50)}  ${fmt(loginHttp.p99)}`);
  console.log(`  raw SQL account row    ${fmt(percentile(rawLogin, 50))}  ${fmt(percentile(rawLogin, 99))}   ${(loginHttp.p99 / percentile(rawLogin, 99)).toFixed(2)}x  (scrypt is deliberately slow)`);
  await app.close();
} finally {
  await tdb.drop();
}
