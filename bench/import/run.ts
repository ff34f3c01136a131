/**
 * bench/import: 10,000 item rows imported through `POST /items/import/` (batches of 500 and of 1,000), printed
 * beside a raw batched INSERT of the same rows into the same table in the same run (DESIGN §10), as rows/s and
 * a ratio. Also the idempotent re-run (every row unchanged).
 *
 *   npm run bench:import                          # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:import   # a fresh database beside the given one
 *
 * The import does per row what the raw INSERT skips: cells parsed and validated by the registry, references resolved
 * by name or code, the natural key looked up (and locked), a change number and a history row; the ratio is its cost.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { rows as query } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';
import { tableOf } from '../../server/db/tables';
import { resourceByName } from '../../src/domain/resources/all';
import { freshDatabase } from '../../tests/api/test-database';

const N = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

type Cells = Record<string, string>;

/** Item rows as a sheet gives them: all text, the category by name, the workflow by code. */
function sheetRows(prefix: string, n: number): Cells[] {
  return Array.from({ length: n }, (_, i) => ({
    code: `${prefix}-${String(i).padStart(6, '0')}`, name: `压测物料 ${i}`, spec: `${100 + (i % 50)}x${200 + (i % 30)}`,
    unit: '个', category_id: i % 2 ? '纸箱' : '彩盒', workflow_id: i % 2 ? 'WF01' : 'WF02',
    weight: String((i % 100) / 10), price: String(1 + (i % 997) / 100), active: i % 10 ? '是' : '否', remark: '',
  }));
}

const tdb = await freshDatabase('bench-import');
try {
  await migrate(tdb.database);
  await seedDemo(tdb.database.db);
  const db = tdb.database.db;
  const app = await buildApp({ db, serversFile: '/dev/null' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await (await fetch(`${base}/accounts/login/`, {
    method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin123' }),
  })).json() as { sessionid: string };

  const importAll = async (rows: Cells[], batch: number) => {
    const sum = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
    const t = performance.now();
    for (let i = 0; i < rows.length; i += batch) {
      const res = await fetch(`${base}/items/import/`, {
        method: 'POST', headers: { authorization: login.sessionid, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ rows: JSON.stringify(rows.slice(i, i + batch)) }),
      });
      const body = await res.json() as typeof sum & { msg: string };
      if (res.status !== 200) throw new Error(`import failed: ${res.status} ${body.msg}`);
      for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += body[k];
    }
    return { ms: performance.now() - t, ...sum };
  };

  /** The baseline: the same rows, references already ids and values typed, in multi-row INSERTs of `batch`. */
  const rawInsert = async (rows: Cells[], batch: number) => {
    const t0 = performance.now();
    const ids = async (table: string, col: string) => new Map((await query<{ id: number; k: string }>(db,
      sql`select id, ${sql.identifier(col)} as k from ${sql.identifier(table)}`)).map(r => [r.k, r.id]));
    const [cats, flows] = [await ids('itemcategories', 'name'), await ids('workflows', 'code')];
    const typed = rows.map(r => ({
      code: r.code, name: r.name, spec: r.spec, unit: r.unit, category_id: cats.get(r.category_id!)!, workflow_id: flows.get(r.workflow_id!)!,
      weight: Number(r.weight), price: Number(r.price), active: r.active === '是', remark: null, rev: sql`nextval('rev_seq')`,
    }));
    const items = tableOf(resourceByName('items')!);
    for (let i = 0; i < typed.length; i += batch) await db.insert(items).values(typed.slice(i, i + batch));
    return { ms: performance.now() - t0 };
  };

  // Warm both paths (first-use compilation, prepared plans) so neither pays for it in the measurement.
  await importAll(sheetRows('WARM-I', 500), 500);
  await rawInsert(sheetRows('WARM-R', 500), 500);

  const i500 = await importAll(sheetRows('BENCH-A', N), 500);
  const i1000 = await importAll(sheetRows('BENCH-B', N), 1000);
  const again = await importAll(sheetRows('BENCH-B', N), 1000);
  const raw500 = await rawInsert(sheetRows('BENCH-C', N), 500);
  const raw1000 = await rawInsert(sheetRows('BENCH-D', N), 1000);
  if (i500.created !== N || i1000.created !== N || again.unchanged !== N) {
    throw new Error(`unexpected counts: ${JSON.stringify({ i500, i1000, again })}`);
  }

  const rps = (ms: number) => N / (ms / 1000);
  const line = (label: string, ms: number, base?: number) =>
    console.log(`${label.padEnd(44)}${rps(ms).toFixed(0).padStart(9)}${(ms / 1000).toFixed(2).padStart(9)}${base ? `${(ms / base).toFixed(2).padStart(9)}x` : ''}`);
  console.log(`\nbench/import on ${tdb.engine}, ${N.toLocaleString()} item rows`);
  console.log(`${''.padEnd(44)}${'rows/s'.padStart(9)}${'s'.padStart(9)}${'time ratio'.padStart(11)}`);
  line('raw batched INSERT, 500 a statement', raw500.ms);
  line('POST /items/import/, batches of 500', i500.ms, raw500.ms);
  line('raw batched INSERT, 1,000 a statement', raw1000.ms);
  line('POST /items/import/, batches of 1,000', i1000.ms, raw1000.ms);
  line('  re-import of the same rows (all unchanged)', again.ms, raw1000.ms);
  await app.close();
} finally {
  await tdb.drop();
}
