import { randomUUID } from 'node:crypto';
import type { Mutation } from '../../../src/domain/contract/sync';
import { DEMO, get, listEvery, post, postJson, sessionOf, type DemoRole, type Reply } from '../client';
import { ok, type Row } from '../production/fixtures';

/**
 * Helpers of the shop-floor API tests (docs/shopfloor.md): work nodes, a routing, cards and terminals made through
 * the API as an office makes them; device logins; facts as a kiosk queues them.
 */

export { ok, type Row };

const RUN = Date.now().toString(36);
let counter = 0;
/** A code unique in this run. */
export const code = (prefix: string): string => `${prefix}${RUN}${(++counter).toString(36)}`.slice(-40);

export interface NodeSpec { tap_mode?: 'start_finish' | 'single'; sequence_check?: 'strict' | 'warn' | 'off' }

export interface Line {
  /** The work nodes of the routing, in order. */
  nodes: number[];
  workflow: number;
  item: number;
  order: number;
  detail: number;
  /** The line's cards: id, number, quantity. */
  cards: { id: number; show_id: string; quantity: number }[];
}

/**
 * An order line of `quantity` routed through new work nodes (one per spec, in order), confirmed, cut into `count`
 * cards. Made by admin.
 */
export async function lineWithCards(specs: readonly NodeSpec[], count: number, quantity = 100): Promise<Line> {
  const admin = await sessionOf('admin');
  const nodes: number[] = [];
  for (const spec of specs) {
    const c = code('WN');
    nodes.push(ok(await post('/workflows/worknodes/save/', { code: c, name: `工序${c}`, tap_mode: 'start_finish', sequence_check: 'warn', ...spec },
      { session: admin }), 'worknode').body.id as number);
  }
  const wf = code('WF');
  const workflow = ok(await post('/workflows/workflows/save/', { code: wf, name: `工艺${wf}`, worknode_ids: nodes }, { session: admin }), 'workflow')
    .body.id as number;
  const it = code('IT');
  const item = ok(await post('/items/save/', { code: it, name: `物料${it}`, workflow_id: workflow }, { session: admin }), 'item').body.id as number;
  const [customer] = ok(await get('/customers/list/', { limit: 1 }, { session: admin })).body.dt as Row[];
  const saved = ok(await post('/orders/orders/save_with_lines/', {
    item: { customer_id: customer!.id }, lines: [{ item_id: item, quantity, workflow_id: workflow }],
  }, { session: admin, headers: { 'idempotency-key': randomUUID() } }), 'order');
  const order = saved.body.id as number;
  ok(await post('/orders/orders/transition/', { id: order, version: saved.body.version as number, to: 'confirmed' }, { session: admin }), 'confirm');
  const detail = (saved.body.lines as Row[])[0]!.id as number;
  const g = ok(await post('/orders/cards/generate/', { detail_id: detail, count }, { session: admin, headers: { 'idempotency-key': randomUUID() } }),
    'generate');
  const cards = (g.body.dt as Row[]).map(c => ({ id: c.id as number, show_id: c.show_id as string, quantity: Number(c.quantity) }));
  return { nodes, workflow, item, order, detail, cards };
}

/** A terminal bound to `worknodes`, optionally at a machine. */
export async function computer(worknodes: readonly number[], device?: number): Promise<{ id: number; code: string }> {
  const admin = await sessionOf('admin');
  const c = code('PC');
  const r = ok(await post('/computers/save/', { code: c, name: `终端${c}`, worknode_ids: worknodes, device_id: device }, { session: admin }), 'computer');
  return { id: r.body.id as number, code: c };
}

/** A machine at a work node. */
export async function machine(worknode: number): Promise<number> {
  const admin = await sessionOf('admin');
  const c = code('DV');
  return ok(await post('/devices/save/', { code: c, name: `机台${c}`, worknode_id: worknode, status: 'idle' }, { session: admin }), 'device')
    .body.id as number;
}

/** A person (an operator who badges in), active unless told. */
export async function person(active = true): Promise<number> {
  const admin = await sessionOf('admin');
  const c = code('P');
  return ok(await post('/persons/save/', { code: c, name: `员工${c}`, active }, { session: admin }), 'person').body.id as number;
}

export interface DeviceLogin { session: string; token: string; reply: Reply }

/**
 * A one-time enrolment code for the terminal numbered `terminal`, issued by the admin as a supervisor at the kiosk
 * would (`POST /computers/enrol/`); undefined when there is no such terminal.
 */
export async function enrolmentCode(terminal: string): Promise<string | undefined> {
  const admin = await sessionOf('admin');
  const found = (ok(await get('/computers/list/', { code: terminal, nogroup: 1 }, { session: admin })).body.dt as Row[])
    .find(c => c.code === terminal);
  if (!found) return undefined;
  return ok(await post('/computers/enrol/', { id: found.id }, { session: admin }), 'enrol').body.code as string;
}

/**
 * A device login of a demo account at the terminal `terminal` (`client`, as the local helper sends it), enrolled with
 * a fresh code: the terminal's earlier device logins are cut off by it.
 */
export async function deviceLogin(terminal: string, role: DemoRole = 'operator', field: 'client' | 'computer' = 'client'): Promise<DeviceLogin> {
  const [username, password] = DEMO[role];
  const reply = await post('/accounts/login/', { username, password, [field]: terminal, enrol: await enrolmentCode(terminal) });
  if (reply.status !== 200) throw new Error(`device login ${terminal}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { session: reply.body.sessionid as string, token: (reply.body.data as { token: string }).token, reply };
}

/** A swipe as the kiosk queues it. */
export function tap(seq: number, args: { card: string; worknode_id: number; person_id: number; action: 'start' | 'finish' | 'pass';
  good?: number | null; bad?: number | null; device_id?: number | null }, at = new Date()): Mutation {
  return { id: randomUUID(), seq, name: 'tap', args, at: at.toISOString(), v: 1 };
}

/** An inspection as the tablet queues it. */
export function inspection(seq: number, name: 'precheck' | 'inspect', args: Record<string, unknown>, at = new Date()): Mutation {
  return { id: randomUUID(), seq, name, args, at: at.toISOString(), v: 1 };
}

export interface PushResult { id: string; status: string; reason?: string; key?: string }

/** A push as the kiosk's sender makes it: a JSON body (src/data/sync-client.ts). */
export async function push(session: string, device: string, mutations: readonly unknown[], floor?: number, lang?: string): Promise<Reply> {
  return postJson('/sync/push/', { device, mutations, ...(floor === undefined ? {} : { floor }) }, { session, ...(lang ? { lang } : {}) });
}

/** A push that must answer 200; its results and watermark. */
export async function pushOk(session: string, device: string, mutations: readonly unknown[], floor?: number):
  Promise<{ lastSeq: number; results: PushResult[] }> {
  const r = ok(await push(session, device, mutations, floor), 'push');
  return { lastSeq: r.body.lastSeq as number, results: r.body.results as PushResult[] };
}

/** The card's live steps in order. */
export async function stepsOf(cardId: number): Promise<Row[]> {
  const admin = await sessionOf('admin');
  const rows = await listEvery('/orders/cardnodes/list/', { card_id: cardId, sort: 'seq' }, { session: admin });
  return rows.filter(r => !r.canceled);
}

export async function cardOf(cardId: number): Promise<Row> {
  const admin = await sessionOf('admin');
  return ok(await get('/orders/cards/detail/', { id: cardId }, { session: admin })).body.dt as Row;
}

/** Facts of a terminal, by seq. */
export async function factsOf(computerId: number): Promise<Row[]> {
  const admin = await sessionOf('admin');
  return listEvery('/sync/facts/list/', { computer_id: computerId, sort: 'seq' }, { session: admin });
}

/** Live piece-work records of a card step. */
export async function worksOf(cardnodeId: number): Promise<Row[]> {
  const admin = await sessionOf('admin');
  return (await listEvery('/persons/works/list/', { cardnode_id: cardnodeId }, { session: admin })).filter(r => !r.canceled);
}
