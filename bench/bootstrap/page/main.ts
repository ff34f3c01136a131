import type { PullReply } from '../../../src/domain/contract/sync';
import { apiGet } from '../../../src/data/http';
import { OfflineDb } from '../../../src/data/offline/db';
import { proxy, wrap } from 'comlink';
import type { PullWorkerApi } from '../../../src/data/offline/pull-types';
import { PULL_PAGE } from '../../../src/data/offline/sync-engine';
import { sessionStore } from '../../../src/data/session/session-store';

/**
 * The bench page (bench/bootstrap/run.ts drives it through `window.bootBench`), served by the real server, so its pulls
 * go to `/sync/pull/` over HTTP exactly as the app's do.
 *
 * - `pull`: the first fill of the items' offline copy through the app's own path — the pull worker the app starts
 *   (src/data/offline/pull.worker.ts: its fetch, `pullTable` fetching a page while the previous one is written, each
 *   written with its cursor in one transaction) into a fresh offline database.
 * - `raw`: the same rows, already in memory, written with Dexie's `bulkPut` in transactions of the same size into
 *   another fresh database of the same schema: the fastest the browser can store them.
 */
let n = 0;
const fetchPage = (table: string, since: number, count: boolean) =>
  apiGet<PullReply>('/sync/pull/', { table, since, limit: PULL_PAGE, count: count ? 1 : undefined }, { quiet: true });

let rows: Record<string, unknown>[] = [];
let sessionid = '';
const worker = wrap<PullWorkerApi>(new Worker(new URL('../../../src/data/offline/pull.worker.ts', import.meta.url), { type: 'module' }));

declare global {
  interface Window { bootBench: { login(sessionid: string): void; load(): Promise<{ rows: number; ms: number }>; pull(): Promise<{ ms: number; rows: number }>; raw(): Promise<{ ms: number; rows: number }> } }
}

window.bootBench = {
  login(id) { sessionid = id; sessionStore.setState({ sessionid: id, baseURL: '' }); },
  /** Reads every row into memory once (not timed), for the raw write. */
  async load() {
    rows = [];
    const t0 = performance.now();
    for (let since = 0; ;) {
      const page = await fetchPage('items', since, false);
      rows.push(...page.rows);
      since = page.cursor;
      if (!page.more) return { rows: rows.length, ms: performance.now() - t0 };
    }
  },
  async pull() {
    const dbName = `bench-pull-${++n}`;
    // Opened (created) here first, as the app's offline copy is before its first pull.
    const db = new OfflineDb(dbName);
    await db.open();
    const t0 = performance.now();
    const outcome = await worker.pull('items', {
      baseURL: '', origin: location.origin, sessionid, lang: undefined, dbName, pageSize: PULL_PAGE,
    }, proxy(() => {}));
    const ms = performance.now() - t0;
    db.close();
    if (!outcome.ok) throw new Error(`pull failed: ${outcome.kind} ${outcome.msg}`);
    return { ms, rows: outcome.rows };
  },
  async raw() {
    const db = new OfflineDb(`bench-raw-${++n}`);
    await db.open();
    const t0 = performance.now();
    for (let i = 0; i < rows.length; i += PULL_PAGE) {
      const part = rows.slice(i, i + PULL_PAGE);
      await db.transaction('rw', db.rows, async () => {
        await db.rows.bulkPut(part.map(r => ({ t: 'items', id: r.id as number, row: r })));
      });
    }
    const ms = performance.now() - t0;
    db.close();
    return { ms, rows: rows.length };
  },
};
document.title = 'ready';
