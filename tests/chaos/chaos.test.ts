import 'fake-indexeddb/auto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { flakyNetwork, type FlakyNetwork } from './flaky-network';
import { openKiosk, type SimKiosk } from './kiosk';
import { serverProcess, type ServerProcess } from './server-process';

/**
 * The chaos test of issue 13: 5,000 swipes from two tabs of one kiosk and from a second kiosk, each kiosk's network
 * cut at random moments, 30 % of the push replies dropped after the server committed them, and the server process
 * killed (SIGKILL) once in the middle and started again on the same database. When the dust settles the server must
 * hold exactly the 5,000 facts — none twice, none lost — every outbox must be empty and no fact a dead letter; the
 * card steps must be in the state the swipes imply. It prints those counts.
 *
 * On PostgreSQL (a fresh database beside TEST_DATABASE_URL, as in CI) or on the embedded PGlite in a temp folder.
 */

type Row = Record<string, unknown>;
const SWIPES = Number(process.env.CHAOS_SWIPES ?? 5_000);
/** Cards per tab: each is swiped twice (start, finish). Kiosk A has two tabs, kiosk B one: half the swipes each. */
const CARDS_A_TAB = Math.floor(SWIPES / 8);
const CARDS_B = SWIPES / 2 - 2 * CARDS_A_TAB;
const DROP_SHARE = 0.3;

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

let server: ServerProcess | undefined;
let dir = '';
let dropDb: (() => Promise<void>) | undefined;
const nets: FlakyNetwork[] = [];

afterAll(async () => {
  await server?.stop();
  for (const n of nets) await n.close();
  await dropDb?.();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A fresh PostgreSQL database beside TEST_DATABASE_URL, or undefined for PGlite. */
async function freshPostgres(): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `ipos_chaos_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  dropDb = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

async function call(session: string, path: string, body?: Row): Promise<Row> {
  const r = await fetch(`${server!.url}${path}`, {
    method: body ? 'POST' : 'GET', headers: { authorization: session, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await r.json()) as Row;
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function login(username: string, password: string, computer?: string, enrol?: string): Promise<Row> {
  const r = await fetch(`${server!.url}/accounts/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password, computer, enrol }),
  });
  const json = (await r.json()) as Row;
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

const filter = (f: Row[]) => encodeURIComponent(JSON.stringify(f));

/** A work node with its own routing and item, a terminal bound to it, and `count` cards of one line there. */
async function station(admin: string, tag: string, count: number):
  Promise<{ worknode: number; enrol: string; cards: { show_id: string; quantity: number }[] }> {
  const node = (await call(admin, '/workflows/worknodes/save/', { code: `CH-${tag}`, name: `混沌工序${tag}`, tap_mode: 'start_finish', sequence_check: 'off' })).dt as Row;
  const flow = (await call(admin, '/workflows/workflows/save/', { code: `CHF-${tag}`, name: `混沌流程${tag}`, worknode_ids: [node.id] })).dt as Row;
  const item = (await call(admin, '/items/save/', { code: `CHI-${tag}`, name: `混沌物料${tag}`, unit: '个', workflow_id: flow.id, price: 1 })).dt as Row;
  const pc = (await call(admin, '/computers/save/', { code: `CHAOS-${tag}`, name: `混沌刷卡机${tag}`, worknode_ids: [node.id] })).dt as Row;
  // The one-time code a supervisor issues at the kiosk for its first login (docs/shopfloor.md "Kiosk identity").
  const enrol = String((await call(admin, '/computers/enrol/', { id: pc.id })).code);
  const customer = ((await call(admin, '/customers/list/?limit=1')).dt as Row[])[0]!;
  const saved = await call(admin, '/orders/orders/save_with_lines/', {
    item: { customer_id: customer.id }, lines: [{ item_id: item.id, quantity: count * 2, workflow_id: flow.id }],
  });
  await call(admin, '/orders/orders/transition/', { id: saved.id, version: saved.version, to: 'confirmed' });
  const made = await call(admin, '/orders/cards/generate/', { detail_id: (saved.lines as Row[])[0]!.id, count });
  return { worknode: node.id as number, enrol, cards: (made.dt as Row[]).map(c => ({ show_id: String(c.show_id), quantity: Number(c.quantity) })) };
}

/** Every fact of a terminal, read page by page. */
async function factsOf(admin: string, computerId: number): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const r = await call(admin, `/sync/facts/list/?limit=1000&page=${page}&sort=id&filter=${filter([{ field: 'computer_id', op: 'eq', value: computerId }])}`);
    const rows = r.dt as Row[];
    out.push(...rows);
    if (rows.length < 1000) return out;
  }
}

describe('the shop floor under chaos', () => {
  it(`takes ${SWIPES} swipes through cut networks, lost replies and a killed server exactly once`, { timeout: 900_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipos-chaos-'));
    const webRoot = join(dir, 'web');
    await rm(webRoot, { recursive: true, force: true });
    await import('node:fs/promises').then(fs => fs.mkdir(webRoot));
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>IPOS</title>');
    const databaseUrl = await freshPostgres();
    server = await serverProcess({ databaseUrl, dataDir: join(dir, 'data'), webRoot });
    await server.start();

    const admin = String((await login('admin', 'admin123')).sessionid);
    const person = ((await call(admin, '/persons/list/?limit=1')).dt as Row[])[0]!.id as number;
    const a = await station(admin, 'A', 2 * CARDS_A_TAB);
    const b = await station(admin, 'B', CARDS_B);

    const target = () => server!.port;
    const netA = await flakyNetwork({ target, dropShare: DROP_SHARE });
    const netB = await flakyNetwork({ target, dropShare: DROP_SHARE });
    nets.push(netA, netB);
    const loginA = await login('operator', 'oper123', 'CHAOS-A', a.enrol);
    const loginB = await login('operator', 'oper123', 'CHAOS-B', b.enrol);
    const kioskA = await openKiosk({ name: 'http://kiosk-a', net: netA, session: String(loginA.sessionid), computer: loginA.computer, tabs: 2 });
    const kioskB = await openKiosk({ name: 'http://kiosk-b', net: netB, session: String(loginB.sessionid), computer: loginB.computer, tabs: 1 });
    const kiosks: SimKiosk[] = [kioskA, kioskB];

    // The operators: each tab swipes its own cards, each card started then finished, a few ms apart.
    let swiped = 0;
    const worker = async (k: SimKiosk, tab: number, worknode: number, cards: { show_id: string; quantity: number }[]) => {
      for (const c of cards) {
        await k.swipe(tab, { card: c.show_id, worknode_id: worknode, person_id: person, action: 'start' });
        swiped++;
        await sleep(between(0, 3));
        await k.swipe(tab, { card: c.show_id, worknode_id: worknode, person_id: person, action: 'finish', good: c.quantity, bad: 0 });
        swiped++;
        await sleep(between(0, 3));
      }
    };

    // The networks: online a while, cut a while, at random, until the swiping is over.
    let swiping = true;
    let cuts = 0;
    const weather = async (k: SimKiosk) => {
      while (swiping) {
        await sleep(between(300, 1_500));
        if (!swiping) break;
        k.net.offline = true;
        cuts++;
        await sleep(between(200, 1_200));
        k.net.offline = false;
        k.poke();
      }
    };

    // The server: killed once, mid-run, and started again on the same database.
    let killedAt = -1;
    let downMs = 0;
    const reaper = async () => {
      while (swiped < SWIPES * 0.4) await sleep(20);
      killedAt = swiped;
      const t0 = Date.now();
      await server!.kill();
      await sleep(500);
      await server!.start();
      downMs = Date.now() - t0;
    };

    const started = Date.now();
    const reaping = reaper();
    const weathers = kiosks.map(k => weather(k));
    await Promise.all([
      worker(kioskA, 0, a.worknode, a.cards.slice(0, CARDS_A_TAB)),
      worker(kioskA, 1, a.worknode, a.cards.slice(CARDS_A_TAB)),
      worker(kioskB, 0, b.worknode, b.cards),
    ]);
    swiping = false;
    await Promise.all([reaping, ...weathers]);
    for (const k of kiosks) k.net.offline = false;

    // Draining: the senders' own triggers and backoff, and a tap on each screen every few seconds (a focus event).
    const drainUntil = Date.now() + 300_000;
    for (;;) {
      const pending = (await Promise.all(kiosks.map(k => k.pending()))).reduce((s, n) => s + n, 0);
      if (pending === 0 || Date.now() > drainUntil) break;
      for (const k of kiosks) k.poke();
      await sleep(2_000);
    }
    for (const k of kiosks) for (const t of k.tabs) { await t.sender.whenIdle(); t.sender.stop(); }

    // What the server holds.
    const computers = (await call(admin, '/computers/list/?limit=-1')).dt as Row[];
    const idOf = (code: string) => computers.find(c => c.code === code)!.id as number;
    const factsA = await factsOf(admin, idOf(kioskA.code));
    const factsB = await factsOf(admin, idOf(kioskB.code));
    const facts = [...factsA, ...factsB];
    const uuids = facts.map(f => String(f.uuid));
    const onServer = new Set(uuids);
    const recorded = [...kioskA.recorded, ...kioskB.recorded];
    const duplicates = uuids.length - onServer.size;
    const lost = recorded.filter(id => !onServer.has(id)).length;
    const recordedSet = new Set(recorded);
    const unknown = uuids.filter(u => !recordedSet.has(u)).length;
    const rejected = facts.filter(f => f.status !== 'applied').length;
    const outboxes = await Promise.all(kiosks.map(k => k.pending()));
    const dead = await Promise.all(kiosks.map(k => k.deadLetters()));
    const doneAt = async (worknode: number) => Number((await call(admin,
      `/orders/cardnodes/list/?limit=1&filter=${filter([{ field: 'worknode_id', op: 'eq', value: worknode }, { field: 'status', op: 'eq', value: 'done' }])}`)).total);
    const done = [await doneAt(a.worknode), await doneAt(b.worknode)];
    const pushes = netA.delivered + netB.delivered;
    const dropped = netA.dropped + netB.dropped;

    console.log([
      `chaos: ${recorded.length} swipes recorded (kiosk A: 2 tabs, ${kioskA.recorded.length}; kiosk B: ${kioskB.recorded.length}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `  server count = ${facts.length} (A ${factsA.length}, B ${factsB.length}), duplicates = ${duplicates}, lost = ${lost}, unknown = ${unknown}, rejected = ${rejected}`,
      `  outboxes = ${outboxes.join(' + ')}, dead letters = ${dead.join(' + ')}, card steps done = ${done.join(' + ')} of ${a.cards.length} + ${b.cards.length}`,
      `  network cuts = ${cuts}, push replies dropped after commit = ${dropped} of ${pushes} (${pushes ? Math.round((dropped / pushes) * 100) : 0} %),`
        + ` server killed at swipe ${killedAt}, back after ${(downMs / 1000).toFixed(1)} s`,
    ].join('\n'));

    expect(recorded).toHaveLength(SWIPES);
    expect(facts).toHaveLength(SWIPES);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    expect(unknown).toBe(0);
    expect(rejected).toBe(0);
    expect(outboxes).toEqual([0, 0]);
    expect(dead).toEqual([0, 0]);
    expect(done).toEqual([a.cards.length, b.cards.length]);
    expect(killedAt).toBeGreaterThan(0);
    expect(dropped).toBeGreaterThan(0);
    expect(cuts).toBeGreaterThan(0);
  });
});
