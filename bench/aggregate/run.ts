/**
 * bench/aggregate (issue 14): the report engine (src/domain/rules/aggregate.ts) over 1,000,000 facts grouped by three
 * keys (work node × item × month) with four measures (sum of quantity, sum of money, average weight, most pieces),
 * beside a hand-written tight loop computing the same report over the same typed arrays in the same Web Worker, in
 * Debian's Chromium, in one run (DESIGN §10). Goals: the engine ≤ 1.5× the tight loop; no main-thread task of 50 ms
 * or more while a report computes.
 *
 *   npm run bench:aggregate        # BENCH_RUNS=9 for more runs (median reported)
 *
 * The page (bench/aggregate/page) is built with Vite's API into a temporary folder (the app's aggregation worker
 * bundled as in the app) and served by a small static server; Chromium (/usr/bin/chromium, or CHROMIUM_PATH) runs
 * through playwright-core.
 *
 * - engine / tight loop: timed inside the bench's worker, alternating which goes first, after two warm-up runs of
 *   each (the JIT's first compilations are not the figure); both results are compared to the last digit.
 * - end to end: a report through the app's call (src/workers/aggregate.ts): the facts transferred to the app's
 *   worker, computed, the result posted back, timed on the page; the main thread's long tasks (PerformanceObserver
 *   'longtask') and its longest gap between two frames over that window. Wall-clock figures grow when other
 *   processes take the CPU, so the machine's load is printed beside them.
 * - cancel: a report aborted 30 ms in: how soon the call rejects (the worker is terminated), and a next call.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { serveFolder } from '../lib/static-server';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
const LONG_TASK_MS = 50;
const GOAL_RATIO = 1.5;

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const out = await mkdtemp(join(tmpdir(), 'ipos-bench-aggregate-'));
let browser: Browser | undefined;
let server: Server | undefined;
try {
  await build({
    root: join(import.meta.dirname, 'page'),
    configFile: false,
    base: './',
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true },
  });

  const served = await serveFolder(out);
  server = served.server;

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const page = await browser.newPage();
  page.on('pageerror', e => console.error('page error:', e.message));
  await page.goto(served.base);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 60_000 });
  await page.evaluate(() => window.aggregateBench.prepare());

  // Warm-up runs of each side (and of the app's worker), so the JIT's first compilations are not the figure.
  for (const first of [true, false]) await page.evaluate(f => window.aggregateBench.compare(f), first);
  await page.evaluate(() => window.aggregateBench.endToEnd());
  const timed: { engineMs: number; tightMs: number; same: boolean; rows: number }[] = [];
  for (let i = 0; i < RUNS; i++) timed.push(await page.evaluate(first => window.aggregateBench.compare(first), i % 2 === 0));
  const e2e: Awaited<ReturnType<Window['aggregateBench']['endToEnd']>>[] = [];
  for (let i = 0; i < RUNS; i++) e2e.push(await page.evaluate(() => window.aggregateBench.endToEnd()));
  const cancel = await page.evaluate(() => window.aggregateBench.cancel());

  const engine = median(timed.map(t => t.engineMs));
  const tight = median(timed.map(t => t.tightMs));
  const ratio = engine / tight;
  const list = (xs: number[]) => xs.map(x => x.toFixed(0)).join(' ');
  const maxTask = Math.max(...e2e.map(r => r.maxTask));
  const longTasks = e2e.reduce((n, r) => n + r.longTasks, 0);
  console.log(`\nbench/aggregate in ${CHROMIUM} (${browser.version()}), ${RUNS} runs, median`);
  console.log(`machine: ${cpus().length} CPUs, load average ${loadavg().map(l => l.toFixed(1)).join(' ')} (1, 5, 15 min)`);
  console.log(`1,000,000 facts; work node × item × month (${timed[0]!.rows.toLocaleString('en')} groups); sum quantity, sum money, avg weight, max pieces`);
  console.log(`${'figure'.padEnd(56)}${'ms'.padStart(8)}  runs`);
  console.log(`${'engine (aggregate()) in a worker'.padEnd(56)}${engine.toFixed(1).padStart(8)}  ${list(timed.map(t => t.engineMs))}`);
  console.log(`${'hand-written tight loop, same arrays, same worker'.padEnd(56)}${tight.toFixed(1).padStart(8)}  ${list(timed.map(t => t.tightMs))}`);
  // Each run times both back to back, so its own ratio is less moved by the machine's load than the medians are.
  const paired = timed.map(t => t.engineMs / t.tightMs);
  console.log(`ratio engine / tight loop: ${ratio.toFixed(2)}× (median of each run's ratio ${median(paired).toFixed(2)}×: `
    + `${paired.map(r => r.toFixed(2)).join(' ')})  — goal ≤ ${GOAL_RATIO}×: ${ratio <= GOAL_RATIO ? 'met' : 'MISSED'}`
    + `; results identical: ${timed.every(t => t.same) ? 'yes' : 'NO'}`);
  console.log(`${'end to end through the app worker (transfer, compute, result)'.padEnd(56)}${median(e2e.map(r => r.ms)).toFixed(1).padStart(8)}  ${list(e2e.map(r => r.ms))}`);
  console.log(`main thread during those runs: ${longTasks} long tasks, longest ${maxTask.toFixed(0)} ms  — goal no task ≥ ${LONG_TASK_MS} ms: `
    + `${longTasks === 0 ? 'met' : 'MISSED'}; frames ${list(e2e.map(r => r.frames))}, longest frame gap ${Math.max(...e2e.map(r => r.maxFrameGap)).toFixed(0)} ms`);
  console.log(`cancel 30 ms into a report: ${cancel.outcome} ${cancel.rejectMs.toFixed(1)} ms after abort (longest task ${cancel.maxTask.toFixed(0)} ms);`
    + ` the next call answered ${cancel.nextRows} rows`);
} finally {
  await browser?.close();
  server?.close();
  await rm(out, { recursive: true, force: true });
}
