/**
 * bench/bootstrap: the first fill of 100,000 items into the browser's offline copy (IndexedDB) through the real pull
 * path (`/sync/pull/` over HTTP, the request layer, `pullTable` and Dexie), next to a raw Dexie `bulkPut` of the same
 * rows into the same schema, in the same browser in the same run (DESIGN §10). Goal: the pull's rate ≥ 0.8 of the
 * raw rate.
 *
 *   npm run bench:bootstrap        # BENCH_RUNS=5 for more runs (median reported)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:bootstrap   # the server on a fresh PostgreSQL database
 *
 * The real server runs on a fresh PGlite holding the demo data and 100,000 items in all; the bench page
 * (bench/bootstrap/page) is built with Vite and served by that server, so its calls are same-origin as the app's.
 * Each run uses fresh databases; the two paths alternate which goes first.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../../server/app';
import { rows } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';
import { freshDatabase } from '../../tests/api/test-database';

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const ITEMS = 100_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
// The server's database: PGlite in a temp folder, or a fresh database beside BENCH_DATABASE_URL (PostgreSQL).
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const out = await mkdtemp(join(tmpdir(), 'ipos-bench-bootstrap-'));
const tdb = await freshDatabase('bench-boot');
let browser: Browser | undefined;
try {
  await build({ root: join(import.meta.dirname, 'page'), configFile: false, base: '/', logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  await migrate(tdb.database);
  await seedDemo(tdb.database.db);
  const [have] = await rows<{ n: number }>(tdb.database.db, sql`select count(*)::int as n from items`);
  await tdb.database.db.execute(sql`
    insert into items (code, name, spec, price, weight, active, remark)
    select 'BOOT-' || lpad(i::text, 6, '0'), '纸箱 ' || (i % 97) || ' 号', '规格 ' || (i % 13), (i % 500) + 0.25, (i % 70) * 0.125, true, '备注 ' || i
    from generate_series(1, ${ITEMS - have!.n}) as i`);
  const app = await buildApp({ db: tdb.database.db, serversFile: '/nonexistent', webRoot: out });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await (await fetch(`${base}/accounts/login/`, {
    method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin123' }),
  })).json() as { sessionid: string };

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', e => console.error('page error:', e.message));
  await page.goto(`${base}/index.html`);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 60_000 });
  await page.evaluate(s => window.bootBench.login(s), login.sessionid);
  const loaded = await page.evaluate(() => window.bootBench.load());
  if (loaded.rows !== ITEMS) throw new Error(`expected ${ITEMS} items, the pull served ${loaded.rows}`);
  const fetches: number[] = [];

  const pulls: number[] = [];
  const raws: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    fetches.push((await page.evaluate(() => window.bootBench.load())).ms);
    for (const which of i % 2 === 0 ? ['pull', 'raw'] as const : ['raw', 'pull'] as const) {
      const r = await page.evaluate(w => window.bootBench[w](), which);
      if (r.rows !== ITEMS) throw new Error(`${which} wrote ${r.rows} rows`);
      (which === 'pull' ? pulls : raws).push(r.ms);
    }
  }
  const pullMs = median(pulls), rawMs = median(raws);
  const rate = (ms: number) => Math.round(ITEMS / (ms / 1000));
  console.log(`\nbench/bootstrap: first fill of ${ITEMS.toLocaleString()} items into IndexedDB, median of ${RUNS} runs, server on ${tdb.engine}`);
  console.log(`(machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)})`);
  console.log(`  pull path (HTTP + Dexie)   ${pullMs.toFixed(0).padStart(7)} ms   ${rate(pullMs).toLocaleString().padStart(8)} rows/s`);
  console.log(`  raw Dexie bulkPut          ${rawMs.toFixed(0).padStart(7)} ms   ${rate(rawMs).toLocaleString().padStart(8)} rows/s`);
  console.log(`  pull rate / raw rate       ${(rawMs / pullMs).toFixed(2)}   (goal ≥ 0.8)`);
  console.log(`  (the pages alone, fetched and parsed without writing: ${median(fetches).toFixed(0)} ms)`);
  console.log(`  runs (ms) pull: ${pulls.map(x => x.toFixed(0)).join(', ')}; raw: ${raws.map(x => x.toFixed(0)).join(', ')}`);
  await app.close();
} finally {
  await browser?.close();
  await tdb.drop();
  await rm(out, { recursive: true, force: true });
}
