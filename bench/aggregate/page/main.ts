import { wrap } from 'comlink';
import { aggregateFacts } from '../../../src/workers/aggregate';
import { FACTS, QUERY } from './facts';
import type { BenchWorkerApi } from './bench.worker';

/**
 * The bench page (bench/aggregate/run.ts drives it through `window.aggregateBench`).
 * - `compare`: the engine and the tight loop timed in the bench's worker, on the same arrays.
 * - `endToEnd`: a report through the app's own call (src/workers/aggregate.ts: the facts transferred to the
 *   aggregation worker, the result posted back), timed from the page, while a PerformanceObserver collects the main
 *   thread's long tasks (≥ 50 ms) and requestAnimationFrame the gaps between frames.
 * - `cancel`: a report aborted mid-way: how soon the call rejects, and that the next one still answers.
 */
const worker = wrap<BenchWorkerApi>(new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module' }));

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });

const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));

interface Watched<T> { value: T; ms: number; longTasks: number; maxTask: number; frames: number; maxFrameGap: number }

/** Long tasks and frame gaps while `run` is in flight (frames keep coming only while the main thread is free). */
async function watched<T>(run: () => Promise<T>): Promise<Watched<T>> {
  await sleep(200); // let the previous step's tasks end before the window opens
  let frames = 0;
  let maxFrameGap = 0;
  let last = performance.now();
  let watching = true;
  const onFrame = (now: number) => {
    frames++;
    maxFrameGap = Math.max(maxFrameGap, now - last);
    last = now;
    if (watching) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  const t0 = performance.now();
  const value = await run();
  const t1 = performance.now();
  watching = false;
  await sleep(300); // long-task entries arrive after their task
  const inWindow = longTasks.filter(t => t.start + t.duration >= t0 && t.start <= t1);
  return { value, ms: t1 - t0, longTasks: inWindow.length, maxTask: Math.max(0, ...inWindow.map(t => t.duration)), frames, maxFrameGap };
}

const bench = {
  async prepare(): Promise<void> {
    await worker.prepare(FACTS);
  },
  compare: (engineFirst: boolean) => worker.time(engineFirst),
  async endToEnd() {
    const facts = await worker.copy(FACTS);
    const r = await watched(() => aggregateFacts(facts, QUERY));
    return { ms: r.ms, longTasks: r.longTasks, maxTask: r.maxTask, frames: r.frames, maxFrameGap: r.maxFrameGap, rows: r.value.rows };
  },
  async cancel() {
    const facts = await worker.copy(FACTS);
    const ctl = new AbortController();
    const r = await watched(async () => {
      const call = aggregateFacts(facts, QUERY, { signal: ctl.signal });
      await sleep(30);
      const t = performance.now();
      ctl.abort();
      const outcome = await call.then(() => 'finished', (e: unknown) => (e as Error).name);
      return { outcome, rejectMs: performance.now() - t };
    });
    const next = await aggregateFacts(await worker.copy(1_000), QUERY);
    return { ...r.value, nextRows: next.rows, maxTask: r.maxTask };
  },
};

declare global {
  interface Window { aggregateBench: typeof bench }
}
window.aggregateBench = bench;
document.title = 'ready';
