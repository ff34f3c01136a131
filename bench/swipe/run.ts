/**
 * bench/swipe (issue 13, "Benchmarks"): the card-swipe kiosk's answer time — from the Enter that ends a reader's
 * burst to the frame after the large green panel shows the card — over 500 swipes with the network cut (each swipe
 * written to the outbox only) and 500 online (the outbox pushed in the operator's pauses), next to a bare strict-durability
 * IndexedDB put followed by one animation frame, 500 times, in the same browser in the same run. Goal: the kiosk's
 * p95 ≤ 2× the bare put's p95.
 *
 *   npm run bench:swipe                                   # server on an embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:swipe   # on a fresh database beside the given one
 *   BENCH_DUMP=/tmp/swipe.json npm run bench:swipe        # also writes every swipe's time and the page's /sync/ calls
 *
 * The app is built (vite build, the PWA with its service worker) into a temp folder and served by the real server on
 * the demo data; a terminal bound to a work node of its own holds 500 waiting cards. The kiosk logs in from the login
 * page as that terminal, the operator badges in, and each swipe is typed as a keyboard-wedge reader types it (keys
 * 8 ms apart, stamped with their own time through CDP). The time is taken in the page: performance.now() when the
 * Enter's keydown reaches the window, and in the first animation frame after the panel shows the card, green. The
 * bare put is timed the same way: from before the transaction to the frame after its `complete`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';
import { freshDatabase } from '../../tests/api/test-database';
import { scanAsReader as scan } from '../../tests/e2e/reader';
import { percentile } from '../lib/closed-loop';

const SWIPES = Number(process.env.BENCH_SWIPES ?? 500);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

type Row = Record<string, unknown>;
const BADGE = `88${Date.now().toString().slice(-7)}`;

declare global {
  interface Window {
    swipeBench: { waitPanel(code: string): Promise<number>; barePut(n: number): Promise<number[]> };
  }
}

/** Installs the page-side clocks: the Enter's arrival, the panel's green frame, and the bare put. */
function installClocks(): void {
  let enterAt = 0;
  window.addEventListener('keydown', e => { if (e.key === 'Enter') enterAt = performance.now(); }, true);
  const frame = () => new Promise<number>(resolve => requestAnimationFrame(() => resolve(performance.now())));
  window.swipeBench = {
    waitPanel(code: string) {
      return new Promise<number>((resolve, reject) => {
        const shows = () => {
          const panel = document.querySelector('[data-testid="kiosk-panel"]');
          return panel?.getAttribute('data-state') === 'ok' && (panel.textContent ?? '').includes(code);
        };
        const timer = setTimeout(() => {
          observer.disconnect();
          const panel = document.querySelector('[data-testid="kiosk-panel"]');
          reject(new Error(`no green panel for ${code}: ${panel?.getAttribute('data-state')} ${panel?.textContent}`));
        }, 30_000);
        const observer = new MutationObserver(() => {
          if (!shows()) return;
          observer.disconnect();
          clearTimeout(timer);
          void frame().then(t => resolve(t - enterAt));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
    },
    async barePut(n: number) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('swipe-bench-bare', 1);
        r.onupgradeneeded = () => r.result.createObjectStore('s', { keyPath: 'seq' });
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('s', 'readwrite', { durability: 'strict' });
          tx.objectStore('s').put({ seq: i, id: crypto.randomUUID(), name: 'tap', args: { card: `C${i}`, worknode_id: 1, person_id: 1, action: 'start' }, at: new Date().toISOString() });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        out.push((await frame()) - t0);
      }
      db.close();
      return out;
    },
  };
}

const stats = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return { p50: percentile(s, 50), p95: percentile(s, 95) }; };

const out = await mkdtemp(join(tmpdir(), 'ipos-bench-swipe-'));
const tdb = await freshDatabase('bench-swipe');
let browser: Browser | undefined;
try {
  await build({ root: join(import.meta.dirname, '..', '..'), logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  await migrate(tdb.database);
  await seedDemo(tdb.database.db);
  const app = await buildApp({ db: tdb.database.db, serversFile: '/nonexistent', webRoot: out });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = String(((await (await fetch(`${base}/accounts/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  })).json()) as Row).sessionid);
  const call = async (path: string, body?: Row): Promise<Row> => {
    const r = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET', headers: { authorization: admin, 'content-type': 'application/json' }, body: body && JSON.stringify(body),
    });
    const json = (await r.json()) as Row;
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };

  // A work node of its own with SWIPES waiting cards, its terminal, and a badge for the demo's person P0009.
  const node = (await call('/workflows/worknodes/save/', { code: 'BENCH-SW', name: '刷卡基准工序', tap_mode: 'start_finish', sequence_check: 'off' })).dt as Row;
  const flow = (await call('/workflows/workflows/save/', { code: 'BENCH-SWF', name: '刷卡基准流程', worknode_ids: [node.id] })).dt as Row;
  const item = (await call('/items/save/', { code: 'BENCH-SWI', name: '刷卡基准物料', unit: '个', workflow_id: flow.id, price: 1 })).dt as Row;
  const pc = (await call('/computers/save/', { code: 'BENCH-KIOSK', name: '基准刷卡机', worknode_ids: [node.id] })).dt as Row;
  const enrol = String((await call('/computers/enrol/', { id: pc.id })).code);
  const person = ((await call(`/persons/list/?limit=1&filter=${encodeURIComponent(JSON.stringify([{ field: 'code', op: 'eq', value: 'P0009' }]))}`)).dt as Row[])[0]!;
  await call('/persons/save/', { id: person.id, version: person.version, card_no: BADGE });
  const customer = ((await call('/customers/list/?limit=1')).dt as Row[])[0]!;
  const saved = await call('/orders/orders/save_with_lines/', { item: { customer_id: customer.id }, lines: [{ item_id: item.id, quantity: SWIPES * 10, workflow_id: flow.id }] });
  await call('/orders/orders/transition/', { id: saved.id, version: saved.version, to: 'confirmed' });
  const cards = ((await call('/orders/cards/generate/', { detail_id: (saved.lines as Row[])[0]!.id, count: SWIPES })).dt as Row[]).map(c => String(c.show_id));

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const context = await browser.newContext({ locale: 'zh-CN', baseURL: base, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(90_000);
  const page = await context.newPage();
  page.on('pageerror', e => console.error('page error:', e.message));
  await page.goto('/login');
  await page.getByTestId('login-form').waitFor();
  await page.locator('input[name=username]').fill('operator');
  await page.locator('input[name=password]').fill('oper123');
  await page.getByTestId('login-terminal').fill('BENCH-KIOSK');
  await page.getByTestId('login-enrol').fill(enrol);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(u => !u.pathname.startsWith('/login'));
  await page.goto('/orders/tap3');
  await page.locator('[data-testid="kiosk"][data-ready="true"][data-badges="true"]').waitFor();
  await page.getByText('数据时间').waitFor();
  // tsx (esbuild, keepNames) wraps named functions in a `__name` helper that the page lacks.
  await page.evaluate('window.__name = f => f');
  await page.evaluate(installClocks);
  await scan(context, page, BADGE);
  await page.waitForFunction(() => document.querySelector('[data-testid="kiosk-operator"]')?.textContent !== '请刷工牌');

  // For BENCH_DUMP: when each swipe was typed and each call of the outbox and the offline copy went and came back.
  const events: [number, string][] = [];
  page.on('request', r => { if (r.url().includes('/sync/')) events.push([Date.now(), new URL(r.url()).pathname]); });
  page.on('requestfinished', r => { if (r.url().includes('/sync/')) events.push([Date.now(), 'done ' + new URL(r.url()).pathname]); });
  const swipe = async (code: string) => {
    events.push([Date.now(), 'swipe ' + code]);
    const waiting = page.evaluate(c => window.swipeBench.waitPanel(c), code);
    await scan(context, page, code);
    return waiting;
  };
  await context.setOffline(true);
  const offline: number[] = [];
  const offlineFrom = Date.now();
  for (const c of cards) offline.push(await swipe(c));
  // The second swipe of a card within the kiosk's lockout (the demo's 10 s) is ignored: a short run waits it out.
  const lockoutMs = 10_500 - (Date.now() - offlineFrom);
  if (lockoutMs > 0) await new Promise(resolve => setTimeout(resolve, lockoutMs));
  await context.setOffline(false);
  const online: number[] = [];
  for (const c of cards) online.push(await swipe(c));
  const bare = await page.evaluate(n => window.swipeBench.barePut(n), SWIPES);
  if (process.env.BENCH_DUMP) (await import("node:fs")).writeFileSync(process.env.BENCH_DUMP, JSON.stringify({ offline, online, bare, events }));

  const b = stats(bare), off = stats(offline), on = stats(online);
  const row = (label: string, s: { p50: number; p95: number }) =>
    `  ${label.padEnd(44)} ${s.p50.toFixed(1).padStart(7)} ${s.p95.toFixed(1).padStart(7)}   ${(s.p95 / b.p95).toFixed(2)}`;
  console.log(`\nbench/swipe: Enter → green panel, ${SWIPES} swipes each, server on ${tdb.engine}`);
  console.log(`(machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)})`);
  console.log(`  ${''.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)}   p95 ratio`);
  console.log(row('kiosk offline (outbox write only)', off));
  console.log(row('kiosk online (outbox write, push after)', on));
  console.log(row('bare strict IndexedDB put + one frame', b));
  console.log(`  goal: kiosk p95 ≤ 2× the bare put's p95`);
  await app.close();
} finally {
  await browser?.close();
  await tdb.drop();
  await rm(out, { recursive: true, force: true });
}

