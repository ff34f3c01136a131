/**
 * bench/load: how fast the PWA's shell loads in Chromium, each figure printed beside a blank page served by the same
 * server in the same run, as a ratio (DESIGN §10). Goals (the shell issue): a repeat load offline ≤ 3× the blank
 * page; the JavaScript of /login ≤ 250 KB gzip.
 *
 *   npm run build && npm run bench:load        # BENCH_RUNS=9 for more runs per figure (median reported)
 *
 * The real server (buildApp) on a fresh seeded PGlite serves the built app from dist/, plus a blank page. Chromium is
 * Debian's (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core. Timings come from the page itself: the
 * navigation's load event, and the moment the page's marker (login form, dashboard, blank paragraph) is in the DOM,
 * both measured from navigation start.
 *
 * - cold: a new browser context each run (empty HTTP cache, no service worker).
 * - repeat: the same context after one visit, the service worker in control (the blank page: HTTP cache warm).
 * - repeat offline: as repeat, with the context offline; the shell comes from the service worker's cache. The blank
 *   baseline for it is the blank page's repeat load online: the cheapest navigation this browser can make.
 * - JS of /login: every JavaScript response the page itself loads (service worker blocked, so its precache download
 *   is not counted here; it is printed on its own line), gzip-compressed here with node:zlib (level 9) because the
 *   server does not compress.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 7));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/** The blank page ends with a slash, so the app's service worker leaves it to the network like an API call. */
const BLANK = '/__bench/blank/';
const JS_GOAL_KB = 250;
const OFFLINE_GOAL = 3;

const MARKERS = {
  blank: '#blank',
  login: '[data-testid="login-form"]',
  dashboard: '[data-testid="app-layout"] [data-testid="dashboard"]',
  // Offline, whichever shell the app shows (the login page or the logged-in layout).
  shell: '[data-testid="login-form"], [data-testid="app-layout"]',
} as const;
type Marker = keyof typeof MARKERS;

interface Timing { load: number; marker: number }

const root = join(import.meta.dirname, '..', '..');
const web = join(root, 'dist');
if (!existsSync(join(web, 'index.html')) || !existsSync(join(web, 'sw.js'))) {
  throw new Error('dist/ is missing: run `npm run build` before the load bench');
}

const dir = await mkdtemp(join(tmpdir(), 'ipos-bench-load-'));
const database = await openDatabase({ dataDir: join(dir, 'db') });
let browser: Browser | undefined;
try {
  await migrate(database);
  await seedDemo(database.db);
  const serversFile = join(dir, 'servers.json');
  await writeFile(serversFile, JSON.stringify([{ name: '本机', server: '' }]));
  const app = await buildApp({ db: database.db, serversFile, webRoot: web });
  app.get(BLANK, { config: { access: 'public' } }, async (_req, reply) => reply
    .header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body><p id="blank">blank</p></body></html>'));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const b = browser;

  /** A fresh context that records, on every document, when the marker first appears (ms from navigation start). */
  async function newContext(opts: { blockSw?: boolean } = {}): Promise<BrowserContext> {
    const ctx = await b.newContext({ baseURL: base, locale: 'zh-CN', serviceWorkers: opts.blockSw ? 'block' : 'allow' });
    await ctx.addInitScript(`(() => {
      const sel = ${JSON.stringify(Object.values(MARKERS).join(', '))};
      const w = window;
      const check = () => {
        if (w.__benchMark === undefined && document.querySelector(sel)) { w.__benchMark = performance.now(); obs.disconnect(); }
      };
      const obs = new MutationObserver(check);
      obs.observe(document, { childList: true, subtree: true });
    })();`);
    return ctx;
  }

  /** Navigates (or reloads) and returns the load event and the marker time of that navigation. */
  async function measure(page: Page, path: string, marker: Marker, reload = false): Promise<Timing> {
    if (reload) await page.reload({ waitUntil: 'load' });
    else await page.goto(path, { waitUntil: 'load' });
    await page.waitForSelector(MARKERS[marker], { state: 'attached', timeout: 30_000 });
    return page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const mark = (window as unknown as { __benchMark?: number }).__benchMark ?? Number.NaN;
      return { load: nav.loadEventEnd - nav.startTime, marker: mark };
    });
  }

  /** A login through the API: the token and session id a logged-in tab holds. */
  async function apiLogin(): Promise<{ token: string; sessionid: string }> {
    const r = await fetch(`${base}/accounts/login/`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin123' }) });
    const body = await r.json() as { sessionid: string; data: { token: string } };
    return { token: body.data.token, sessionid: body.sessionid };
  }

  /** Puts a login into a context, as the login page leaves it: the Admin-Token cookie and the tab's session id. */
  async function logIn(ctx: BrowserContext): Promise<void> {
    const { token, sessionid } = await apiLogin();
    await ctx.addCookies([{ name: 'Admin-Token', value: encodeURIComponent(token), url: base, sameSite: 'Lax' }]);
    await ctx.addInitScript(`sessionStorage.setItem('sessionid', ${JSON.stringify(sessionid)});`);
  }

  async function waitForSwControl(page: Page): Promise<void> {
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }

  async function cold(path: string, marker: Marker, opts: { login?: boolean } = {}): Promise<Timing[]> {
    const out: Timing[] = [];
    for (let i = 0; i < RUNS; i++) {
      // No service worker on a cold load: it would only be registered after the page loaded anyway.
      const ctx = await newContext({ blockSw: true });
      if (opts.login) await logIn(ctx);
      out.push(await measure(await ctx.newPage(), path, marker));
      await ctx.close();
    }
    return out;
  }

  async function repeat(path: string, marker: Marker, opts: { login?: boolean; offline?: boolean; blank?: boolean } = {}): Promise<Timing[]> {
    const ctx = await newContext({ blockSw: opts.blank });
    if (opts.login) await logIn(ctx);
    const page = await ctx.newPage();
    await page.goto(path);
    await page.waitForSelector(MARKERS[marker], { state: 'attached', timeout: 30_000 });
    if (!opts.blank) await waitForSwControl(page);
    await measure(page, path, marker); // one more warm-up, with everything in place
    if (opts.offline) await ctx.setOffline(true);
    const out: Timing[] = [];
    for (let i = 0; i < RUNS; i++) out.push(await measure(page, path, opts.offline ? 'shell' : marker, true));
    const endedOn = new URL(page.url()).pathname;
    await ctx.close();
    if (endedOn !== new URL(path, base).pathname) console.warn(`  note: ${path}${opts.offline ? ' offline' : ''} ended on ${endedOn}`);
    return out;
  }

  async function loginJs(): Promise<{ files: number; raw: number; gzip: number }> {
    const ctx = await newContext({ blockSw: true });
    const page = await ctx.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', r => {
      const type = r.headers()['content-type'] ?? '';
      if (r.request().resourceType() === 'script' || /javascript/.test(type)) bodies.push(r.body());
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.waitForSelector(MARKERS.login);
    const all = await Promise.all(bodies);
    await ctx.close();
    return {
      files: all.length,
      raw: all.reduce((n, x) => n + x.length, 0),
      gzip: all.reduce((n, x) => n + gzipSync(x, { level: 9 }).length, 0),
    };
  }

  /** What the service worker downloads on the first visit (its precache: every screen's chunk, styles, icons). */
  async function precache(): Promise<{ files: number; bytes: number; jsGzip: number }> {
    const ctx = await newContext();
    const page = await ctx.newPage();
    await page.goto('/login');
    await waitForSwControl(page);
    const r = await page.evaluate(async () => {
      const out: { url: string; bytes: number[] }[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          const res = await cache.match(req);
          const buf = new Uint8Array(await res!.arrayBuffer());
          out.push({ url: req.url, bytes: Array.from(buf) });
        }
      }
      return out;
    });
    await ctx.close();
    const js = r.filter(x => /\.js(\?|$)/.test(x.url));
    return {
      files: r.length,
      bytes: r.reduce((n, x) => n + x.bytes.length, 0),
      jsGzip: js.reduce((n, x) => n + gzipSync(Buffer.from(x.bytes), { level: 9 }).length, 0),
    };
  }

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, c) => a - c);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const med = (ts: Timing[]) => ({ load: median(ts.map(t => t.load)), marker: median(ts.map(t => t.marker)) });

  // Warm the server and the browser once, so the first measured figure pays for no first-use compilation.
  await cold('/login', 'login');

  const blankCold = med(await cold(BLANK, 'blank'));
  const blankRepeat = med(await repeat(BLANK, 'blank', { blank: true }));
  const rows: [string, ReturnType<typeof med>, ReturnType<typeof med>, number | null][] = [
    ['cold /login', med(await cold('/login', 'login')), blankCold, null],
    ['cold /dashboard (logged in)', med(await cold('/dashboard', 'dashboard', { login: true })), blankCold, null],
    ['repeat /login (service worker)', med(await repeat('/login', 'login')), blankRepeat, null],
    ['repeat /dashboard (service worker)', med(await repeat('/dashboard', 'dashboard', { login: true })), blankRepeat, null],
    ['repeat /login offline', med(await repeat('/login', 'login', { offline: true })), blankRepeat, OFFLINE_GOAL],
    ['repeat /dashboard offline', med(await repeat('/dashboard', 'dashboard', { login: true, offline: true })), blankRepeat, OFFLINE_GOAL],
  ];
  const js = await loginJs();
  const pre = await precache();

  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a').padStart(8);
  const ratio = (a: number, c: number) => `${(a / c).toFixed(2)}×`.padStart(8);
  const verdict = (a: number, c: number, goal: number | null) => (goal === null ? '' : `  goal ≤ ${goal}× ${a / c <= goal ? 'met' : 'MISSED'}`);
  console.log(`\nbench/load in ${CHROMIUM} (${await b.version()}), median of ${RUNS} runs, ms from navigation start`);
  console.log('marker = login form / dashboard inside the layout / blank paragraph in the DOM; offline: either shell');
  console.log(`${'figure'.padEnd(36)}${'load'.padStart(8)}${'blank'.padStart(8)}${'ratio'.padStart(8)}  ${'marker'.padStart(8)}${'blank'.padStart(8)}${'ratio'.padStart(8)}`);
  for (const [name, a, c, goal] of rows) {
    console.log(`${name.padEnd(36)}${f(a.load)}${f(c.load)}${ratio(a.load, c.load)}  ${f(a.marker)}${f(c.marker)}${ratio(a.marker, c.marker)}${verdict(a.marker, c.marker, goal)}`);
  }
  console.log('(the dashboard waits 1 s after the app starts before it loads the menu, spec §9: its marker includes that)');
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(`\n/login JavaScript: ${js.files} files, ${kb(js.raw)} KB raw, ${kb(js.gzip)} KB gzip`
    + `  — ${(js.gzip / 1024 / JS_GOAL_KB).toFixed(2)}× the ${JS_GOAL_KB} KB goal: ${js.gzip / 1024 <= JS_GOAL_KB ? 'met' : 'MISSED'}`);
  console.log(`service worker precache (downloaded once, in the background): ${pre.files} files, ${kb(pre.bytes)} KB raw, JS ${kb(pre.jsGzip)} KB gzip`);
  await app.close();
} finally {
  await browser?.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
