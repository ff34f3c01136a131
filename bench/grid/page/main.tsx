import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initI18n } from '../../../src/i18n/react';
import { DataGrid } from '../../../src/ui/grid/DataGrid';
import { COLUMNS, makeRows, type BenchRow } from './data';
import { PlainTable } from './PlainTable';

/**
 * The bench page (bench/grid/run.ts drives it through `window.bench`). Rows are generated before any clock starts;
 * a render counts from just before React is given the data to the end of the first frame painted with rows in it
 * (requestAnimationFrame, then a task after it: the frame has been painted by then). Long tasks come from a
 * PerformanceObserver ('longtask': main-thread tasks of 50 ms or more).
 */
const GRID_ROWS = 100_000;
const PLAIN_ROWS = 2_000;

const gridRows = makeRows(GRID_ROWS);
const plainRows = gridRows.slice(0, PLAIN_ROWS);

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });

const nextFrame = () => new Promise<void>(r => requestAnimationFrame(() => r()));
const nextTask = () => new Promise<void>(r => setTimeout(r, 0));
const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));

/** Resolves once `ready()` holds at a frame and that frame has been painted; the ms since `t0`. */
async function paintedWhen(ready: () => boolean, t0: number): Promise<number> {
  for (;;) {
    await nextFrame();
    if (ready()) {
      await nextTask();
      return performance.now() - t0;
    }
  }
}

let setKeyword: (k: string) => void = () => {};

function GridHarness() {
  const [keyword, setK] = useState('');
  setKeyword = setK;
  return (
    <DataGrid<BenchRow>
      rows={gridRows}
      columns={COLUMNS}
      rowId={r => r.id}
      keyword={keyword}
      height={700}
      isCanceled={r => r.canceled}
      lastUsedId={5}
    />
  );
}

const host = document.getElementById('root')!;
let root: Root | null = null;

async function mount(el: ReactNode, ready: () => boolean) {
  root?.unmount();
  host.replaceChildren();
  root = createRoot(host);
  await nextFrame();
  await nextTask();
  const since = longTasks.length;
  const t0 = performance.now();
  root.render(<MantineProvider>{el}</MantineProvider>);
  const ms = await paintedWhen(ready, t0);
  await sleep(60); // the observer reports a task shortly after it ends
  const tasks = longTasks.slice(since);
  return { ms, longTasks: tasks.length, maxTask: Math.max(0, ...tasks.map(t => t.duration)) };
}

const grid = () => document.querySelector<HTMLElement>('[role="grid"]')!;
const q = (s: string) => document.querySelector(s);
const firstRowId = () => q('[data-testid="grid-row"]')?.getAttribute('data-row-id') ?? null;

/** Whether the rows in the DOM cover the grid's viewport at this scroll position (no blank rows on screen). */
function covered(el: HTMLElement): boolean {
  const rowHeight = 32;
  const first = Math.floor(el.scrollTop / rowHeight);
  const last = Math.min(GRID_ROWS - 1, Math.floor((el.scrollTop + el.clientHeight - 34 - 32) / rowHeight));
  const shown = new Set([...el.querySelectorAll('[data-testid="grid-row"]')].map(r => Number(r.getAttribute('data-index'))));
  return shown.has(first) && shown.has(last);
}

async function scrollGrid(jumps: number, pages: number) {
  const el = grid();
  let blankFrames = 0;
  const frameMs: number[] = [];
  let last = 0;
  const step = async () => {
    await nextFrame();
    const now = performance.now();
    frameMs.push(now - last);
    last = now;
  };
  await sleep(300); // the first totals are computed before the scrolling starts
  const since = longTasks.length;
  const t0 = performance.now();
  last = t0;
  const maxY = el.scrollHeight - el.clientHeight;
  // Jumps to the end: every frame shows rows that were not rendered before.
  for (let i = 1; i <= jumps; i++) {
    el.scrollTop = Math.round((maxY * i) / jumps);
    await step(); // the scroll event of this position was handled just before this frame's rAF callbacks
    if (!covered(el)) blankFrames++;
  }
  const rowsAtEnd = [...document.querySelectorAll('[data-testid="grid-row"]')].map(r => Number(r.getAttribute('data-row-id')));
  // Back to the top, then page by page as a user pages down.
  el.scrollTop = 0;
  await nextFrame();
  for (let i = 1; i <= pages; i++) {
    el.scrollTop += el.clientHeight;
    await step();
    if (!covered(el)) blankFrames++;
  }
  // Back up a third of the way, page by page: recycled rows must not be moved around in the DOM going up either.
  for (let i = 1; i <= Math.floor(pages / 3); i++) {
    el.scrollTop -= el.clientHeight;
    await step();
    if (!covered(el)) blankFrames++;
  }
  // And across all columns to the right end, a column width at a time.
  const maxX = el.scrollWidth - el.clientWidth;
  for (let x = 0; x <= maxX; x += 90) {
    el.scrollLeft = x;
    await step();
  }
  el.scrollLeft = maxX;
  await nextFrame();
  const lastHeader = [...document.querySelectorAll('[data-testid^="grid-header-"]')].at(-1)?.getAttribute('data-testid');
  const elapsed = performance.now() - t0;
  await sleep(100);
  const tasks = longTasks.slice(since);
  return {
    frames: frameMs.length,
    frameMs: frameMs.sort((a, b) => a - b),
    blankFrames,
    elapsed,
    longTasks: tasks.length,
    maxTask: Math.max(0, ...tasks.map(t => t.duration)),
    reachedLastRow: rowsAtEnd.includes(GRID_ROWS),
    reachedLastColumn: lastHeader === `grid-header-${COLUMNS[COLUMNS.length - 1]!.id}`,
  };
}

/** Time of one interaction that re-renders the grid: from the action to the frame that shows its result. */
async function interaction(act: () => void, ready: () => boolean) {
  await sleep(300);
  const since = longTasks.length;
  const t0 = performance.now();
  act();
  const ms = await paintedWhen(ready, t0);
  await sleep(60);
  const tasks = longTasks.slice(since);
  return { ms, maxTask: Math.max(0, ...tasks.map(t => t.duration)) };
}

const bench = {
  rows: { grid: GRID_ROWS, plain: PLAIN_ROWS, columns: COLUMNS.length },
  grid: () => mount(<GridHarness />, () => q('[data-testid="grid-row"]') !== null),
  plain: () => mount(<PlainTable rows={plainRows} columns={COLUMNS} />, () => q('[data-testid="plain-row"]') !== null),
  totalsReady: async () => {
    const t0 = performance.now();
    while (q('[data-testid="grid-totals"][data-pending]')) await sleep(5);
    const cells = [...document.querySelectorAll('[data-testid="grid-totals"] [role="gridcell"]')];
    return { ms: performance.now() - t0, text: cells.map(c => c.textContent).filter(Boolean).join(' | ') };
  },
  scroll: scrollGrid,
  sort: async (column = 'amount') => {
    const header = `[data-testid="grid-header-${column}"] span`;
    // Columns are virtualized: bring the column into view first (not timed), as a person would.
    if (!document.querySelector(header)) {
      grid().scrollLeft = 0;
      for (let i = 0; i < 3 && !document.querySelector(header); i++) await nextFrame();
    }
    const before = firstRowId();
    return interaction(
      () => document.querySelector<HTMLElement>(header)!.click(),
      () => firstRowId() !== before,
    );
  },
  keyword: (k: string) => interaction(
    () => setKeyword(k),
    () => Number(grid().getAttribute('aria-rowcount')) < GRID_ROWS + 2,
  ),
  unmount: () => { root?.unmount(); root = null; host.replaceChildren(); },
};

declare global {
  interface Window { bench: typeof bench }
}

await initI18n('zh');
window.bench = bench;
document.title = 'ready';
