import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp } from '../../../server/app';
import { postDoc, reverseDoc } from '../../../server/areas/stock/post';
import type { Auth } from '../../../server/auth/sessions';
import { rows, type Db } from '../../../server/db/connection';
import { hashPassword } from '../../../server/lib/secrets';
import { postTo } from '../security/own-server';
import { freshDatabase } from '../test-database';

type Row = Record<string, unknown>;

/** The chain's server: its own database with the demo data, served over HTTP; calls as the admin. */
export interface ChainServer {
  db: Db;
  url: string;
  /** The admin's session. */
  session: string;
  call(path: string, values: Row, headers?: Record<string, string>): Promise<{ status: number; body: Row }>;
  /** Raw statements (`db.execute`, what the areas' reads go through) the server has run so far. */
  executed(): number;
  close(): Promise<void>;
}

/** A server on a fresh seeded database (`webRoot`: the built app too, for the browser tests). */
export async function chainServer(label: string, webRoot?: string): Promise<ChainServer> {
  const tdb = await freshDatabase(label, { seeded: true });
  const db = tdb.database.db;
  // The server's database, its raw statements counted (every other member the database's own, bound to it).
  let executed = 0;
  const counted = new Proxy(db, {
    get(target, prop) {
      if (prop === 'execute') return (q: Parameters<Db['execute']>[0]) => { executed++; return target.execute(q); };
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  const app = await buildApp({ db: counted, serversFile: '/nonexistent', ...(webRoot ? { webRoot } : {}) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const session = String((await postTo(url, '/accounts/login/', { username: 'admin', password: 'admin123' })).body.sessionid);
  return {
    db, url, session,
    call: (path, values, headers = {}) => postTo(url, path, values, session, headers),
    executed: () => executed,
    async close() { await app.close(); await tdb.drop(); },
  };
}

/**
 * A small plant's way from a paper reel to a customer, for the trace and the finished-goods views (docs/delivery.md):
 * on a server and database of the test file's own, posted through the stock's own posting (`postDoc`) as the demo's
 * history is, with the deliveries written as rows (shipping is built beside this). The chain:
 *
 * - an order line of a customer of its own, cut into three cards, each done (good = its quantity); card 1's first step
 *   done by a person on a machine, a piece-work record of it, a finished-goods inspection with two defects;
 * - reel lot R (goods in) issued to card 1 (goods out naming the card), reel lot R2 issued to the order line;
 * - cards 1, 2, 3 checked into the finished-goods store (50, 40, 20); card 1 packed into package P, card 3 into P2;
 * - delivery D (shipped) with two lines: package P (card 1's 50) and 30 of card 2's lot, its check-out posted;
 * - delivery D2, whose check-out of 10 of card 2 was posted and cancelled.
 *
 * On hand after it: card 2's 10 loose, card 3's 20 in P2.
 */
export interface Chain {
  s: ChainServer;
  run: string;
  customer: { id: number; name: string };
  detail: number;
  cards: { id: number; show_id: string }[];
  reel: number;
  lots: { r: string; r2: string };
  packages: { p: number; p2: number; pNo: string };
  deliveries: { d: number; dNo: string; d2: number };
  lines: { pack: number; loose: number };
  inspector: number;
  finished: number;
  close(): Promise<void>;
}

export async function getFrom(url: string, path: string, params: Record<string, unknown>, session: string, lang = 'zh'):
  Promise<{ status: number; body: Row }> {
  const q = new URLSearchParams({ ios: '1' });
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const r = await fetch(`${url}${path}?${q.toString()}`, { headers: { authorization: session, 'accept-language': lang } });
  return { status: r.status, body: await r.json() as Row };
}

export async function loginTo(url: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${url}/accounts/login/`, {
    method: 'POST', body: new URLSearchParams({ username, password }), headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const body = await r.json() as Row;
  expect(r.status, JSON.stringify(body)).toBe(200);
  return String(body.sessionid);
}

/** An account of a role of its own with these grants (and no menus), logged in. */
export async function loginWithGrants(s: ChainServer, code: string, grants: Record<string, { actions: string[]; scope?: 'own' }>): Promise<string> {
  const [role] = await rows<{ id: number }>(s.db, sql`
    insert into roles (code, name, is_admin, menus, grants) values (${code}, ${code}, false, '{}'::text[], ${JSON.stringify(grants)}::jsonb)
    returning id`);
  await rows(s.db, sql`insert into accounts (username, name, password, role_ids, active)
    values (${code}, ${code}, ${await hashPassword('pass-1234')}, array[${role!.id}]::integer[], true)`);
  return loginTo(s.url, code, 'pass-1234');
}

export async function buildChain(label: string, webRoot?: string): Promise<Chain> {
  const s = await chainServer(label, webRoot);
  const db = s.db;
  const run = Date.now().toString(36).slice(-5) + Math.random().toString(36).slice(2, 5);
  const ok = (r: { status: number; body: Row }, what: string) => { expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200); return r.body; };
  const key = () => ({ 'idempotency-key': randomUUID() });
  const one = async <T = Row>(q: ReturnType<typeof sql>) => (await rows<T>(db, q))[0]!;

  // Master data: a route of one work node, the product, a reel item, a customer of its own.
  const node = Number(ok(await s.call('/workflows/worknodes/save/', { code: `TN${run}`, name: `糊箱${run}`, tap_mode: 'start_finish', sequence_check: 'warn' }), 'node').id);
  const workflow = Number(ok(await s.call('/workflows/workflows/save/', { code: `TW${run}`, name: `工艺${run}`, worknode_ids: [node] }), 'workflow').id);
  const product = Number(ok(await s.call('/items/save/', { code: `TP${run}`, name: `纸箱${run}`, unit: '只', workflow_id: workflow }), 'product').id);
  const reel = Number(ok(await s.call('/items/save/', { code: `TR${run}`, name: `原纸${run}`, unit: 'kg' }), 'reel').id);
  const customerName = `追溯客户${run}`;
  const customer = Number(ok(await s.call('/customers/save/', { name: customerName, code: `TC${run}` }), 'customer').id);
  const saved = ok(await s.call('/orders/orders/save_with_lines/', {
    item: { customer_id: customer }, lines: [{ item_id: product, quantity: 110, workflow_id: workflow }],
  }, key()), 'order');
  ok(await s.call('/orders/orders/transition/', { id: saved.id, version: saved.version, to: 'confirmed' }), 'confirm');
  const detail = Number((saved.lines as Row[])[0]!.id);
  const generated = ok(await s.call('/orders/cards/generate/', { detail_id: detail, count: 3 }, key()), 'generate');
  const cards = (generated.dt as Row[]).map(c => ({ id: Number(c.id), show_id: String(c.show_id) })).sort((a, b) => a.id - b.id);
  const good = [50, 40, 20];
  for (const [i, c] of cards.entries()) {
    await db.execute(sql`update cards set quantity = ${good[i]!}, status = 'done', finished_quantity = ${good[i]!} where id = ${c.id}`);
  }

  // Card 1's step: done by a person on a machine; its piece work; an inspection with two defects.
  const person = Number((await one<{ id: number }>(sql`select id from persons where active order by id limit 1`)).id);
  const inspector = Number((await one<{ id: number }>(sql`select id from persons where active order by id desc limit 1`)).id);
  const device = Number((await one<{ id: number }>(sql`select id from devices order by id limit 1`)).id);
  await db.execute(sql`update cardnodes set status = 'done', person_id = ${person}, device_id = ${device}, started_at = now() - interval '3 hours',
    finished_at = now() - interval '2 hours', good_quantity = 50, bad_quantity = 2 where card_id = ${cards[0]!.id}`);
  await db.execute(sql`insert into works (person_id, work_date, worknode_id, item_id, card_id, card_show_id, device_id, quantity, source)
    values (${person}, current_date, ${node}, ${product}, ${cards[0]!.id}, ${cards[0]!.show_id}, ${device}, 50, 'manual')`);
  const [insp] = await rows<{ id: number }>(db, sql`
    insert into inventorydetails (card_id, card_show_id, item_id, worknode_id, quantity, bad_quantity, grade, person_id, inspected_at)
    values (${cards[0]!.id}, ${cards[0]!.show_id}, ${product}, ${node}, 48, 3, 'A', ${inspector}, now() - interval '90 minutes') returning id`);
  await db.execute(sql`insert into baddetails (source, inventorydetail_id, card_id, card_show_id, item_id, worknode_id, reason, quantity, person_id, found_at)
    values ('inspect', ${insp!.id}, ${cards[0]!.id}, ${cards[0]!.show_id}, ${product}, ${node}, ${`T色差${run}`}, 2, ${inspector}, now() - interval '90 minutes'),
      ('inspect', ${insp!.id}, ${cards[0]!.id}, ${cards[0]!.show_id}, ${product}, ${node}, ${`T破损${run}`}, 1, ${inspector}, now() - interval '90 minutes')`);

  // Stores: a raw-materials store and a finished-goods store.
  const paper = Number((await one<{ id: number }>(sql`select id from warehouses where kind = 'material' order by id limit 1`)).id);
  const finished = Number((await one<{ id: number }>(sql`select id from warehouses where kind = 'finished' order by id limit 1`)).id);
  const admin = await one<{ id: number; person_id: number | null }>(sql`select id, person_id from accounts where username = 'admin'`);
  const auth = { accountId: Number(admin.id), personId: admin.person_id, isAdmin: true, computerId: null } as Auth;
  let docNo = 0;
  /** A document written as a draft and posted by the stock's own posting; its id. */
  const posted = async (kind: string, head: Row, lines: Row[]): Promise<number> => {
    const no = `TS${run}-${++docNo}`;
    const doc = await one<{ id: number; version: number }>(sql`
      insert into stockdocs (show_id, kind, status, date, warehouse_id, card_id, detail_id, package_id, delivery_id, quantity, created_by, updated_by)
      values (${no}, ${kind}, 'draft', current_date, ${head.warehouse_id as number}, ${(head.card_id ?? null) as number | null},
        ${(head.detail_id ?? null) as number | null}, ${(head.package_id ?? null) as number | null}, ${(head.delivery_id ?? null) as number | null},
        0, ${auth.accountId}, ${auth.accountId})
      returning id, version`);
    await db.execute(sql`
      insert into stocklines (doc_id, code, line_no, item_id, position_id, lot, card_id, package_id, to_package_id, quantity, unit, unit_cost,
        created_by, updated_by)
      select ${doc.id}, ${no} || '-' || x.n, x.n, x.item_id, x.position_id, coalesce(x.lot, ''), x.card_id, x.package_id, x.to_package_id,
        x.quantity, i.unit, x.unit_cost, ${auth.accountId}::int, ${auth.accountId}::int
      from json_to_recordset(${JSON.stringify(lines.map((l, i) => ({ n: i + 1, ...l })))}::json) as x(n int, item_id int, position_id int,
        lot text, card_id int, package_id int, to_package_id int, quantity numeric, unit_cost numeric)
      join items i on i.id = x.item_id`);
    await db.execute(sql`update stockdocs set quantity = (select sum(quantity) from stocklines where doc_id = ${doc.id}) where id = ${doc.id}`);
    await db.transaction(async tx => { await postDoc(tx, auth, Number(doc.id), Number(doc.version)); });
    return Number(doc.id);
  };

  const lots = { r: `R${run}`, r2: `R2${run}` };
  await posted('in', { warehouse_id: paper }, [
    { item_id: reel, lot: lots.r, quantity: 1000, unit_cost: 2 }, { item_id: reel, lot: lots.r2, quantity: 800, unit_cost: 2 }]);
  await posted('out', { warehouse_id: paper, card_id: cards[0]!.id }, [{ item_id: reel, lot: lots.r, quantity: 300 }]);
  await posted('out', { warehouse_id: paper, detail_id: detail }, [{ item_id: reel, lot: lots.r2, quantity: 200 }]);
  await posted('checkin', { warehouse_id: finished }, cards.map((c, i) => ({ item_id: product, card_id: c.id, lot: c.show_id, quantity: good[i] })));

  const pkg = async (no: string) => Number((await one<{ id: number }>(sql`
    insert into packages (show_id, kind, stage, status, warehouse_id, quantity, lots) values (${no}, 'pallet', 'finished', 'open', ${finished}, 0, 0)
    returning id`)).id);
  const packages = { pNo: `PK${run}`, p: await pkg(`PK${run}`), p2: await pkg(`PK2${run}`) };
  await posted('pack', { warehouse_id: finished, package_id: packages.p },
    [{ item_id: product, card_id: cards[0]!.id, lot: cards[0]!.show_id, quantity: 50, to_package_id: packages.p }]);
  await posted('pack', { warehouse_id: finished, package_id: packages.p2 },
    [{ item_id: product, card_id: cards[2]!.id, lot: cards[2]!.show_id, quantity: 20, to_package_id: packages.p2 }]);

  const delivery = async (no: string) => Number((await one<{ id: number }>(sql`
    insert into deliveries (show_id, customer_id, warehouse_id, date, status, shipped_at, quantity, amount)
    values (${no}, ${customer}, ${finished}, current_date, 'shipped', now(), 0, 0) returning id`)).id);
  const line = async (d: number, no: string, n: number, v: Row) => Number((await one<{ id: number }>(sql`
    insert into deliverylines (delivery_id, code, line_no, detail_id, order_id, item_id, package_id, card_id, lot, quantity)
    values (${d}, ${`${no}-${n}`}, ${n}, ${detail}, ${Number(saved.id)}, ${product}, ${(v.package_id ?? null) as number | null},
      ${(v.card_id ?? null) as number | null}, ${(v.lot ?? null) as string | null}, ${v.quantity as number}) returning id`)).id);
  const dNo = `DL${run}`;
  const deliveries = { dNo, d: await delivery(dNo), d2: await delivery(`DL2${run}`) };
  const lines = {
    pack: await line(deliveries.d, dNo, 1, { package_id: packages.p, quantity: 50 }),
    loose: await line(deliveries.d, dNo, 2, { card_id: cards[1]!.id, lot: cards[1]!.show_id, quantity: 30 }),
  };
  await line(deliveries.d2, `DL2${run}`, 1, { card_id: cards[1]!.id, lot: cards[1]!.show_id, quantity: 10 });
  const checkout = await posted('checkout', { warehouse_id: finished, delivery_id: deliveries.d }, [
    { item_id: product, card_id: cards[0]!.id, lot: cards[0]!.show_id, package_id: packages.p, quantity: 50 },
    { item_id: product, card_id: cards[1]!.id, lot: cards[1]!.show_id, quantity: 30 }]);
  await db.execute(sql`update deliveries set stockdoc_id = ${checkout} where id = ${deliveries.d}`);
  const cancelled = await posted('checkout', { warehouse_id: finished, delivery_id: deliveries.d2 },
    [{ item_id: product, card_id: cards[1]!.id, lot: cards[1]!.show_id, quantity: 10 }]);
  // Cancelled as a note's cancel does it (a check-out is cancelled only with its note): its reversals, the document
  // and the note marked cancelled.
  await db.transaction(async tx => {
    const [doc] = await rows<Row>(tx, sql`select * from stockdocs where id = ${cancelled} for update`);
    await reverseDoc(tx, auth, doc!);
    await tx.execute(sql`update stockdocs set canceled = true, rev = next_rev() where id = ${cancelled}`);
    await tx.execute(sql`update deliveries set canceled = true, stockdoc_id = ${cancelled}, rev = next_rev() where id = ${deliveries.d2}`);
  });

  return {
    s, run, customer: { id: customer, name: customerName }, detail, cards, reel, lots, packages, deliveries, lines, inspector, finished,
    close: () => s.close(),
  };
}
