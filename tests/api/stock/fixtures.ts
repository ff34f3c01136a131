import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../../server/app';
import { rows, type Db } from '../../../server/db/connection';
import { freshDatabase, type TestDatabase } from '../test-database';
import { postTo } from '../security/own-server';

export type Row = Record<string, unknown>;

/**
 * A stock test's own server and database (docs/stock.md): the tests read the ledger and the balances directly to hold
 * them to their invariants. Calls go over HTTP as the admin.
 */
export interface StockServer {
  db: Db;
  /** `http://127.0.0.1:<port>` and the admin's session, for calls as another login or by GET. */
  url: string;
  session: string;
  call(path: string, values: Row, headers?: Record<string, string>): Promise<{ status: number; body: Row }>;
  /** A saved draft document of `kind` with these lines; its id and version. */
  draft(kind: string, head: Row, lines: Row[]): Promise<{ id: number; version: number }>;
  /** Posts a document at its current version. */
  post(id: number): Promise<{ status: number; body: Row }>;
  /** Cancels a document at its current version. */
  cancel(id: number): Promise<{ status: number; body: Row }>;
  /** Demo warehouses, positions (of the first warehouse), statuses and items with a unit. */
  plant: { warehouses: number[]; positions: number[]; statuses: number[]; items: number[] };
  close(): Promise<void>;
}

export async function stockServer(label: string): Promise<StockServer> {
  const tdb: TestDatabase = await freshDatabase(label, { seeded: true });
  const db = tdb.database.db;
  const app: FastifyInstance = await buildApp({ db, serversFile: '/nonexistent' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await postTo(url, '/accounts/login/', { username: 'admin', password: 'admin123' });
  const session = login.body.sessionid as string;
  const call = (path: string, values: Row, headers: Record<string, string> = {}) => postTo(url, path, values, session, headers);
  const ids = async (q: ReturnType<typeof sql>) => (await rows<{ id: number }>(db, q)).map(r => Number(r.id));
  const warehouses = await ids(sql`select id from warehouses order by id limit 3`);
  const plant = {
    warehouses,
    positions: await ids(sql`select id from warepositions where warehouse_id = ${warehouses[0]!} order by id limit 4`),
    statuses: await ids(sql`select id from warestatus order by id limit 2`),
    // Items the demo's stock never touched, so a test's balances start at zero and no limit of theirs alerts.
    items: await ids(sql`select id from items where unit is not null and active
      and not exists (select 1 from itemlogs l where l.item_id = items.id)
      and not exists (select 1 from stocklimits s where s.item_id = items.id) order by id limit 4`),
  };
  const versionOf = async (id: number) => Number((await rows<{ v: number }>(db, sql`select version as v from stockdocs where id = ${id}`))[0]!.v);
  return {
    db, url, session, call, plant,
    async draft(kind, head, lines) {
      const doc = await call('/warehouses/stockdocs/save/', { item: { kind, warehouse_id: warehouses[0], ...head } },
        { 'idempotency-key': randomUUID() });
      expect(doc.status, JSON.stringify(doc.body)).toBe(200);
      const id = Number(doc.body.id);
      for (const l of lines) {
        const r = await call('/warehouses/stocklines/save/', { item: { doc_id: id, ...l } }, { 'idempotency-key': randomUUID() });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      return { id, version: await versionOf(id) };
    },
    async post(id) { return call('/warehouses/stockdocs/post/', { id, version: await versionOf(id) }); },
    async cancel(id) { return call('/warehouses/stockdocs/cancel/', { id, version: await versionOf(id) }); },
    async close() { await app.close(); await tdb.drop(); },
  };
}

/**
 * The ledger's invariants: every place's on-hand is the sum of its movements (a place: item, warehouse, position,
 * status, package and lot), every item-in-warehouse's quantity and
 * value the sums of theirs, and each ledger row's balance its place's running sum in the order written.
 */
export async function expectLedgerHolds(db: Db): Promise<void> {
  const places = await rows<Row>(db, sql`
    select s.place_key, s.quantity::float8 as held, coalesce(sum(l.quantity), 0)::float8 as moved
    from stocklots s left join itemlogs l on l.item_id = s.item_id and l.warehouse_id = s.warehouse_id
      and l.position_id is not distinct from s.position_id and l.status_id is not distinct from s.status_id and l.lot = s.lot
      and l.package_id is not distinct from s.package_id
    group by s.id having s.quantity <> coalesce(sum(l.quantity), 0)`);
  expect(places, 'on-hand = Σ movements per place').toEqual([]);
  const orphans = await rows<Row>(db, sql`
    select l.id from itemlogs l where not exists (select 1 from stocklots s where s.item_id = l.item_id and s.warehouse_id = l.warehouse_id
      and s.position_id is not distinct from l.position_id and s.status_id is not distinct from l.status_id and s.lot = l.lot
      and s.package_id is not distinct from l.package_id)`);
  expect(orphans, 'every movement has its place').toEqual([]);
  const bins = await rows<Row>(db, sql`
    select i.bin_key, i.quantity::float8 as q, i.value::float8 as v, coalesce(sum(l.quantity), 0)::float8 as mq,
      coalesce(sum(l.value), 0)::float8 as mv
    from inventory i left join itemlogs l on l.item_id = i.item_id and l.warehouse_id = i.warehouse_id
    group by i.id having i.quantity <> coalesce(sum(l.quantity), 0) or i.value <> coalesce(sum(l.value), 0)`);
  expect(bins, 'item in warehouse: quantity and value = Σ movements').toEqual([]);
  const balances = await rows<Row>(db, sql`
    select id from (
      select l.id, l.balance, sum(l.quantity) over (partition by l.item_id, l.warehouse_id, l.position_id, l.status_id, l.package_id,
        l.lot order by l.id) as running from itemlogs l) x
    where balance <> running`);
  expect(balances, 'each movement\'s balance is its place\'s running sum').toEqual([]);
}

/** A place's on-hand quantity (0 when it never had stock). */
export async function onHand(db: Db, where: { item: number; warehouse: number; position?: number | null; lot?: string }): Promise<number> {
  const [r] = await rows<{ q: number }>(db, sql`
    select coalesce(sum(quantity), 0)::float8 as q from stocklots where item_id = ${where.item} and warehouse_id = ${where.warehouse}
      and (${where.position === undefined}::boolean or position_id is not distinct from ${where.position ?? null}::int)
      and (${where.lot === undefined}::boolean or lot = ${where.lot ?? ''})`);
  return Number(r!.q);
}
