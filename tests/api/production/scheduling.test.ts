import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardDevice, BoardReply } from '../../../src/domain/contract/scheduling';
import { translate } from '../../../src/domain/messages/catalog';
import { get, listEvery, post, sessionOf, type Reply } from '../client';
import { generate, ok, type Row } from './fixtures';

/**
 * Scheduling over HTTP (docs/scheduling.md): machine queues saved under their queue version (concurrent and stale
 * saves refused), machines out of service, the rules of a save, the board's loads, and pre-scheduling that places
 * the steps of newly generated cards. Every test makes its own work nodes, routing, items, machines and orders, so
 * the demo data (which has queues and machines of its own) does not enter the numbers.
 */

let admin = '';
let customerId = 0;
const RUN = Date.now().toString(36);
let seq = 0;
const uniq = (prefix: string) => `${prefix}-${RUN}-${(++seq).toString(36)}`;
const zh = translate.bind(null, 'zh');

beforeAll(async () => {
  admin = await sessionOf('admin');
  const customers = ok(await get('/customers/list/', { limit: 1 }, { session: admin })).body.dt as Row[];
  customerId = customers[0]!.id as number;
});

async function create(api: string, values: Row): Promise<Row> {
  const r = ok(await post(`${api}/save/`, values, { session: admin, headers: { 'idempotency-key': randomUUID() } }), `create ${api}`);
  return r.body.dt as Row;
}

async function update(api: string, row: Row, values: Row, session = admin): Promise<Reply> {
  const now = ok(await get(`${api}/detail/`, { id: row.id }, { session: admin })).body.dt as Row;
  return post(`${api}/save/`, { id: row.id, version: now.version, ...values }, { session });
}

/** Two work nodes A → B of a routing of their own, an item with its own standard output and one without. */
interface Shop { a: Row; b: Row; flow: Row; rated: Row; plain: Row }

async function shop(aRate: number | null = 20, bRate: number | null = null): Promise<Shop> {
  const a = await create('/workflows/worknodes', { code: uniq('A'), name: uniq('排产A'), std_rate: aRate ?? undefined });
  const b = await create('/workflows/worknodes', { code: uniq('B'), name: uniq('排产B'), std_rate: bRate ?? undefined });
  const flow = await create('/workflows/workflows', { code: uniq('F'), name: uniq('排产流程'), worknode_ids: [a.id, b.id] });
  const rated = await create('/items', { code: uniq('I'), name: uniq('排产物料'), unit: '个', workflow_id: flow.id, price: 1, std_rate: 50 });
  const plain = await create('/items', { code: uniq('J'), name: uniq('排产物料'), unit: '个', workflow_id: flow.id, price: 1 });
  return { a, b, flow, rated, plain };
}

async function machine(worknode: Row, values: Row = {}): Promise<Row> {
  return create('/devices', { code: uniq('M'), name: uniq('机台'), worknode_id: worknode.id, status: 'idle', ...values });
}

interface Line { item: Row; quantity: number; due_date?: string; props?: Row }

/** A confirmed order of these lines (routing of the shop); returns the line ids in order. */
async function order(s: Shop, lines: Line[], due = '2031-12-31'): Promise<number[]> {
  const r = ok(await post('/orders/orders/save_with_lines/', {
    item: { customer_id: customerId, due_date: due },
    lines: lines.map(l => ({ item_id: l.item.id, quantity: l.quantity, workflow_id: s.flow.id, price: 1, due_date: l.due_date, props: l.props })),
  }, { session: admin, headers: { 'idempotency-key': randomUUID() } }), 'save order');
  ok(await post('/orders/orders/transition/', { id: r.body.id, version: r.body.version, to: 'confirmed' }, { session: admin }), 'confirm');
  return (r.body.lines as Row[]).map(l => l.id as number);
}

/** Generates `count` cards of a line; returns the reply and the card ids in order. */
async function cards(lineId: number, count: number, quantity?: number): Promise<{ reply: Reply; ids: number[] }> {
  const reply = ok(await generate(admin, { detail_id: lineId, count, quantity }), 'generate');
  return { reply, ids: (reply.body.dt as Row[]).map(c => c.id as number) };
}

/** The steps of cards at a work node, in the cards' order. */
async function stepsAt(cardIds: number[], worknode: Row): Promise<Row[]> {
  const out: Row[] = [];
  for (const id of cardIds) {
    const nodes = await listEvery('/orders/cardnodes/list/', { card_id: id }, { session: admin });
    const n = nodes.find(x => x.worknode_id === worknode.id && !x.canceled);
    expect(n, `card ${id} has a step at ${String(worknode.name)}`).toBeTruthy();
    out.push(n!);
  }
  return out;
}

const ids = (rows: Row[]) => rows.map(r => r.id as number);

async function board(worknode: Row, days?: number, session = admin): Promise<BoardReply> {
  return ok(await get('/devices/arranges/', { worknode_id: worknode.id, days }, { session }), 'board').body as unknown as BoardReply;
}

async function deviceOn(worknode: Row, device: Row, days?: number): Promise<BoardDevice> {
  const d = (await board(worknode, days)).devices.find(x => x.id === device.id);
  expect(d, `device ${String(device.name)} on the board`).toBeTruthy();
  return d!;
}

const queueOf = async (worknode: Row, device: Row) => (await deviceOn(worknode, device)).queue.map(q => q.cardnode_id);
const versionOf = async (worknode: Row, device: Row) => (await deviceOn(worknode, device)).queue_version;

interface Queue { device_id: unknown; version: number; cardnode_ids: number[] }
const arrange = (queues: Queue[], session = admin): Promise<Reply> => post('/devices/arranges/save/', { queues }, { session });

/** Marks a step done (the generic save of a card step, as a supervisor's correction). */
async function finish(step: Row, values: Row = {}): Promise<void> {
  ok(await update('/orders/cardnodes', step, { status: 'done', good_quantity: 1, ...values }), 'finish step');
}

describe('saving queues', () => {
  it('puts steps on a machine in the order sent, bumps its queue version only when the queue changes', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 100 }]);
    const { ids: cardIds } = await cards(line!, 2);
    const [s1, s2] = await stepsAt(cardIds, s.a);
    const d = await machine(s.a, { daily_hours: 8 });

    const before = await board(s.a);
    expect(before.devices.find(x => x.id === d.id)).toMatchObject({ queue: [], queue_version: 0, available: true, load_hours: 0 });
    expect(before.unscheduled.map(q => q.cardnode_id)).toEqual(expect.arrayContaining([s1!.id, s2!.id]));

    const r = ok(await arrange([{ device_id: d.id, version: 0, cardnode_ids: [s2!.id as number, s1!.id as number] }]));
    expect(r.body.devices).toEqual([{ id: d.id, queue_version: 1 }]);
    const after = await board(s.a);
    const mine = after.devices.find(x => x.id === d.id)!;
    expect(mine.queue.map(q => [q.cardnode_id, q.plan_seq])).toEqual([[s2!.id, 1], [s1!.id, 2]]);
    expect(after.unscheduled.map(q => q.cardnode_id)).not.toContain(s1!.id);
    expect(after.unscheduled.map(q => q.cardnode_id)).not.toContain(s2!.id);

    // The step carries the schedule; it is not a new version of the step (no edit of its work), but it is in its history.
    const step = ok(await get('/orders/cardnodes/detail/', { id: s2!.id }, { session: admin })).body.dt as Row;
    expect(step).toMatchObject({ plan_device_id: d.id, plan_seq: 1, version: s2!.version });
    const hist = ok(await get('/history/list/', { table_name: 'cardnodes', kid: s2!.id }, { session: admin })).body.dt as Row[];
    expect(hist.some(h => (h.after as Row | null)?.plan_device_id === d.id)).toBe(true);

    // The same queue again changes nothing and keeps the version; a reorder bumps it.
    const same = ok(await arrange([{ device_id: d.id, version: 1, cardnode_ids: [s2!.id as number, s1!.id as number] }]));
    expect(same.body.devices).toEqual([{ id: d.id, queue_version: 1 }]);
    const reorder = ok(await arrange([{ device_id: d.id, version: 1, cardnode_ids: [s1!.id as number, s2!.id as number] }]));
    expect(reorder.body.devices).toEqual([{ id: d.id, queue_version: 2 }]);
    expect(await queueOf(s.a, d)).toEqual([s1!.id, s2!.id]);

    // Only the scheduling save writes the schedule: the generic save of a step may not.
    const generic = await update('/orders/cardnodes', s1!, { plan_device_id: null, plan_seq: 9 });
    expect(generic.status).toBeGreaterThanOrEqual(400);
    expect(generic.status).toBeLessThan(500);
    expect(await queueOf(s.a, d)).toEqual([s1!.id, s2!.id]);
  });

  it('keeps the order of two planners saving at once from one version: one wins, the other gets 409', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 90 }]);
    const steps = ids(await stepsAt((await cards(line!, 3)).ids, s.a));
    const d = await machine(s.a);
    ok(await arrange([{ device_id: d.id, version: 0, cardnode_ids: steps }]));
    const v = await versionOf(s.a, d);
    expect(v).toBe(1);

    const first = [steps[2]!, steps[1]!, steps[0]!];
    const second = [steps[1]!, steps[0]!, steps[2]!];
    const replies = await Promise.all([
      arrange([{ device_id: d.id, version: v, cardnode_ids: first }]),
      arrange([{ device_id: d.id, version: v, cardnode_ids: second }]),
    ]);
    expect(replies.map(r => r.status).sort()).toEqual([200, 409]);
    const winner = replies[0]!.status === 200 ? first : second;
    const loser = replies.find(r => r.status === 409)!;
    expect(loser.body.msg).toBe(zh('queue_changed', { device: String(d.name) }));
    expect(await queueOf(s.a, d)).toEqual(winner);
    expect(await versionOf(s.a, d)).toBe(v + 1);

    // A stale save afterwards (a planner who did not reload) is refused and writes nothing.
    const stale = await arrange([{ device_id: d.id, version: v, cardnode_ids: [steps[0]!, steps[1]!, steps[2]!] }]);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(zh('queue_changed', { device: String(d.name) }));
    expect(await queueOf(s.a, d)).toEqual(winner);
    expect(await versionOf(s.a, d)).toBe(v + 1);
  });

  it('a stale version of one machine refuses the whole save, the other machine included', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 20 }]);
    const [x, y] = ids(await stepsAt((await cards(line!, 2)).ids, s.a));
    const d1 = await machine(s.a);
    const d2 = await machine(s.a);
    ok(await arrange([{ device_id: d1.id, version: 0, cardnode_ids: [x!] }]));
    const r = await arrange([
      { device_id: d2.id, version: 0, cardnode_ids: [y!] },
      { device_id: d1.id, version: 0, cardnode_ids: [] },
    ]);
    expect(r.status).toBe(409);
    expect(await queueOf(s.a, d2)).toEqual([]);
    expect(await queueOf(s.a, d1)).toEqual([x]);
    expect(await versionOf(s.a, d2)).toBe(0);
  });

  it('a machine in fault or maintenance takes no new step but keeps what it holds', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 30 }]);
    const [x, y, z] = ids(await stepsAt((await cards(line!, 3)).ids, s.a));
    const broken = await machine(s.a);
    ok(await arrange([{ device_id: broken.id, version: 0, cardnode_ids: [x!, y!] }]));
    ok(await update('/devices', broken, { status: 'fault' }));

    const taken = await arrange([{ device_id: broken.id, version: 1, cardnode_ids: [x!, y!, z!] }]);
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(zh('device_unavailable', { device: String(broken.name), status: '故障' }));
    const held = await deviceOn(s.a, broken);
    expect(held).toMatchObject({ available: false, status: 'fault', queue_version: 1 });
    expect(held.queue.map(q => q.cardnode_id)).toEqual([x, y]);

    // What it holds may be reordered, and taken off to another machine.
    ok(await arrange([{ device_id: broken.id, version: 1, cardnode_ids: [y!, x!] }]));
    const spare = await machine(s.a);
    ok(await arrange([
      { device_id: broken.id, version: 2, cardnode_ids: [y!] },
      { device_id: spare.id, version: 0, cardnode_ids: [x!] },
    ]));
    expect(await queueOf(s.a, broken)).toEqual([y]);
    expect(await queueOf(s.a, spare)).toEqual([x]);
    // Nor may a step move from another machine onto it.
    const moved = await arrange([
      { device_id: broken.id, version: 3, cardnode_ids: [y!, x!] },
      { device_id: spare.id, version: 1, cardnode_ids: [] },
    ]);
    expect(moved.status).toBe(409);

    const serviced = await machine(s.a, { status: 'maintenance' });
    const r = await arrange([{ device_id: serviced.id, version: 0, cardnode_ids: [z!] }]);
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(zh('device_unavailable', { device: String(serviced.name), status: '维修保养' }));
    expect(await deviceOn(s.a, serviced)).toMatchObject({ available: false, queue: [], queue_version: 0 });
    // Off and running machines take cards.
    const off = await machine(s.a, { status: 'off' });
    ok(await arrange([{ device_id: off.id, version: 0, cardnode_ids: [z!] }]));
  });

  it('refuses a step of another work node (422), a step sent twice (422), a finished or unknown step (409)', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 30 }]);
    const cardIds = (await cards(line!, 3)).ids;
    const atA = await stepsAt(cardIds, s.a);
    const atB = await stepsAt(cardIds, s.b);
    const d = await machine(s.a);
    const other = await machine(s.a);

    const wrong = await arrange([{ device_id: d.id, version: 0, cardnode_ids: [atA[0]!.id as number, atB[0]!.id as number] }]);
    expect(wrong.status).toBe(422);
    expect(wrong.body.msg).toBe(zh('node_wrong_worknode', { card: String(atB[0]!.card_show_id), node: String(s.b.name), device: String(d.name) }));

    const twice = await arrange([{ device_id: d.id, version: 0, cardnode_ids: [atA[0]!.id as number, atA[0]!.id as number] }]);
    expect(twice.status).toBe(422);
    expect(twice.body.msg).toBe(zh('node_twice'));
    const acrossTwo = await arrange([
      { device_id: d.id, version: 0, cardnode_ids: [atA[0]!.id as number] },
      { device_id: other.id, version: 0, cardnode_ids: [atA[0]!.id as number] },
    ]);
    expect(acrossTwo.status).toBe(422);

    await finish(atA[1]!);
    const done = await arrange([{ device_id: d.id, version: 0, cardnode_ids: [atA[1]!.id as number] }]);
    expect(done.status).toBe(409);
    expect(done.body.msg).toBe(zh('node_not_schedulable', { card: String(atA[1]!.card_show_id) }));
    const unknown = await arrange([{ device_id: d.id, version: 0, cardnode_ids: [2_000_000_000] }]);
    expect(unknown.status).toBe(409);

    const noDevice = await arrange([{ device_id: 2_000_000_000, version: 0, cardnode_ids: [] }]);
    expect(noDevice.status).toBe(422);

    // None of these wrote anything.
    expect(await queueOf(s.a, d)).toEqual([]);
    expect(await versionOf(s.a, d)).toBe(0);
    expect(await versionOf(s.a, other)).toBe(0);
  });

  it('moves a step between two machines in one save and bumps both; a step on a machine left out of the save is refused', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 30 }]);
    const [x, y, z] = ids(await stepsAt((await cards(line!, 3)).ids, s.a));
    const d1 = await machine(s.a);
    const d2 = await machine(s.a);
    ok(await arrange([
      { device_id: d1.id, version: 0, cardnode_ids: [x!, y!] },
      { device_id: d2.id, version: 0, cardnode_ids: [z!] },
    ]));
    const moved = ok(await arrange([
      { device_id: d1.id, version: 1, cardnode_ids: [x!] },
      { device_id: d2.id, version: 1, cardnode_ids: [z!, y!] },
    ]));
    expect(moved.body.devices).toEqual([{ id: d1.id, queue_version: 2 }, { id: d2.id, queue_version: 2 }]);
    expect(await queueOf(s.a, d1)).toEqual([x]);
    expect(await queueOf(s.a, d2)).toEqual([z, y]);

    const elsewhere = await arrange([{ device_id: d1.id, version: 2, cardnode_ids: [x!, z!] }]);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.msg).toBe(zh('node_on_other_device', { card: String((await stepOf(z!)).card_show_id), device: String(d2.name) }));
    expect(await queueOf(s.a, d1)).toEqual([x]);
    expect(await queueOf(s.a, d2)).toEqual([z, y]);
    expect(await versionOf(s.a, d1)).toBe(2);
  });

  it('a step left out of its machine\'s queue goes back to the unscheduled steps', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 20 }]);
    const [x, y] = ids(await stepsAt((await cards(line!, 2)).ids, s.a));
    const d = await machine(s.a);
    ok(await arrange([{ device_id: d.id, version: 0, cardnode_ids: [x!, y!] }]));
    const r = ok(await arrange([{ device_id: d.id, version: 1, cardnode_ids: [y!] }]));
    expect(r.body.devices).toEqual([{ id: d.id, queue_version: 2 }]);
    const b = await board(s.a);
    expect(b.devices.find(m => m.id === d.id)!.queue.map(q => [q.cardnode_id, q.plan_seq])).toEqual([[y, 1]]);
    expect(b.unscheduled.map(q => q.cardnode_id)).toContain(x);
    expect(await stepOf(x!)).toMatchObject({ plan_device_id: null, plan_seq: null });
    // An empty queue empties the machine.
    ok(await arrange([{ device_id: d.id, version: 2, cardnode_ids: [] }]));
    expect(await queueOf(s.a, d)).toEqual([]);
    // A finished step leaves the queue by itself and keeps the machine it was planned on.
    ok(await arrange([{ device_id: d.id, version: 3, cardnode_ids: [x!, y!] }]));
    await finish(await stepOf(x!));
    expect(await queueOf(s.a, d)).toEqual([y]);
    expect(await stepOf(x!)).toMatchObject({ plan_device_id: d.id, status: 'done' });
    // … and a save of the rest does not touch it.
    ok(await arrange([{ device_id: d.id, version: 4, cardnode_ids: [y!] }]));
    expect(await stepOf(x!)).toMatchObject({ plan_device_id: d.id, plan_seq: 1 });
  });

  it('a step moved to another work node leaves its queue, and a machine moved to another node loses its queue', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 20 }]);
    const [x, y] = ids(await stepsAt((await cards(line!, 2)).ids, s.a));
    const d = await machine(s.a);
    ok(await arrange([{ device_id: d.id, version: 0, cardnode_ids: [x!, y!] }]));
    // A supervisor's correction moves x's step to the routing's other node: the machine never ran that one.
    ok(await update('/orders/cardnodes', await stepOf(x!), { worknode_id: s.b.id }));
    expect(await stepOf(x!)).toMatchObject({ worknode_id: s.b.id, plan_device_id: null, plan_seq: null });
    expect(await deviceOn(s.a, d)).toMatchObject({ queue_version: 2 });
    expect(await queueOf(s.a, d)).toEqual([y]);
    // The machine itself moves to the other node: its queue goes back to the unscheduled steps of its old node.
    ok(await update('/devices', d, { worknode_id: s.b.id }));
    expect(await deviceOn(s.b, d)).toMatchObject({ queue: [], queue_version: 3 });
    expect((await board(s.a)).unscheduled.map(q => q.cardnode_id)).toContain(y);
  });
});

async function stepOf(id: number): Promise<Row> {
  return ok(await get('/orders/cardnodes/detail/', { id }, { session: admin })).body.dt as Row;
}

describe('the board', () => {
  it('counts each step\'s hours from what is left ÷ the item\'s (else the node\'s) output, against daily hours × days', async () => {
    const s = await shop(20, null);
    const [l1, l2, l3] = await order(s, [
      { item: s.rated, quantity: 100, due_date: '2031-01-10' },
      { item: s.plain, quantity: 30, due_date: '2031-01-05' },
      { item: s.rated, quantity: 10 }, // due: the order's
    ], '2031-02-01');
    const c1 = (await cards(l1!, 1)).ids;
    const c2 = (await cards(l2!, 1)).ids;
    const c3 = (await cards(l3!, 1)).ids;
    const [r1] = await stepsAt(c1, s.a);
    const [r2] = await stepsAt(c2, s.a);
    const d = await machine(s.a, { daily_hours: 3 });
    ok(await arrange([{ device_id: d.id, version: 0, cardnode_ids: [r1!.id as number, r2!.id as number] }]));

    let m = await deviceOn(s.a, d);
    // 100 ÷ 50 (the item's) = 2 h; 30 ÷ 20 (the node's: the item states none) = 1.5 h.
    expect(m.queue.map(q => q.hours)).toEqual([2, 1.5]);
    expect(m).toMatchObject({ load_hours: 3.5, capacity_hours: 3, overloaded: true, unrated: 0, daily_hours: 3 });
    const e1 = m.queue[0]!;
    expect(e1).toMatchObject({
      cardnode_id: r1!.id, card_id: c1[0], item_id: s.rated.id, item_name: s.rated.name, quantity: 100, unit: '个',
      ready: true, due_date: '2031-01-10', status: 'waiting', plan_seq: 1,
    });
    expect(e1.show_id).toBe(r1!.card_show_id);
    expect(e1.order_show_id).toEqual(expect.any(String));
    expect(e1.customer_name).toEqual(expect.any(String));
    expect(m.queue[1]!.due_date).toBe('2031-01-05');
    m = await deviceOn(s.a, d, 2);
    expect(m).toMatchObject({ load_hours: 3.5, capacity_hours: 6, overloaded: false });

    // What is left: the card's quantity less the step's good and bad.
    ok(await update('/orders/cardnodes', r1!, { status: 'running', good_quantity: 40, bad_quantity: 10 }));
    m = await deviceOn(s.a, d);
    expect(m.queue[0]).toMatchObject({ quantity: 50, hours: 1, status: 'running' });
    expect(m).toMatchObject({ load_hours: 2.5, overloaded: false });

    // At B neither the node nor the plain item states an output: that step is unrated. A machine without daily
    // hours has no capacity and is never overloaded.
    const [b1] = await stepsAt(c1, s.b);
    const [b2] = await stepsAt(c2, s.b);
    const [b3] = await stepsAt(c3, s.b);
    // Card 3 is at B already (its A step done); the others are still on their way.
    await finish((await stepsAt(c3, s.a))[0]!, { good_quantity: 10 });
    let atB = await board(s.b);
    expect(atB.unscheduled.map(q => q.cardnode_id)).toEqual([b3!.id, b2!.id, b1!.id]);
    expect(atB.unscheduled.map(q => q.ready)).toEqual([true, false, false]);
    expect(atB.unscheduled_total).toBe(3);
    const e = await machine(s.b);
    ok(await arrange([{ device_id: e.id, version: 0, cardnode_ids: [b1!.id as number, b2!.id as number] }]));
    atB = await board(s.b, 7);
    const me = atB.devices.find(x => x.id === e.id)!;
    expect(me.queue.map(q => q.hours)).toEqual([2, null]);
    expect(me).toMatchObject({ load_hours: 2, unrated: 1, capacity_hours: null, overloaded: false, daily_hours: null });
    expect(atB.unscheduled.map(q => q.cardnode_id)).toEqual([b3!.id]);
    expect(atB).toMatchObject({ worknode_id: s.b.id, days: 7, unscheduled_total: 1 });
  });

  it('is read by those who may view machines and card steps; saving needs the machines\' arrange action', async () => {
    const s = await shop();
    const [line] = await order(s, [{ item: s.rated, quantity: 10 }]);
    const [x] = ids(await stepsAt((await cards(line!, 1)).ids, s.a));
    const d = await machine(s.a);
    const q = [{ device_id: d.id, version: 0, cardnode_ids: [x!] }];
    for (const role of ['operator', 'sales'] as const) {
      const r = await arrange(q, await sessionOf(role));
      expect(r.status, role).toBe(403);
      expect(r.body.msg).toBeTruthy();
    }
    // Finance reads neither machines nor card steps, so not the board either.
    expect((await get('/devices/arranges/', { worknode_id: s.a.id }, { session: await sessionOf('finance') })).status).toBe(403);
    expect(await versionOf(s.a, d)).toBe(0);
    // The supervisor plans.
    const supervisor = await sessionOf('supervisor');
    await board(s.a, 1, supervisor);
    ok(await arrange(q, supervisor));
    expect(await queueOf(s.a, d)).toEqual([x]);
    expect((await get('/devices/arranges/', { worknode_id: s.a.id })).status).toBe(401);
  });

  it('answers malformed parameters with a 400 and a message, never a 500', async () => {
    const s = await shop();
    const d = await machine(s.a);
    for (const params of [
      {}, { worknode_id: 'x' }, { worknode_id: -1 }, { worknode_id: 0 }, { worknode_id: '1.5' }, { worknode_id: '99999999999' },
      { worknode_id: s.a.id, days: 0 }, { worknode_id: s.a.id, days: 32 }, { worknode_id: s.a.id, days: 'week' },
    ]) {
      const r = await get('/devices/arranges/', params, { session: admin });
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.msg).toBeTruthy();
    }
    // An unknown work node has an empty board.
    expect(await board({ id: 2_000_000_000 })).toMatchObject({ devices: [], unscheduled: [], unscheduled_total: 0 });

    const many = Array.from({ length: 21 }, (_, i) => ({ device_id: i + 1, version: 0, cardnode_ids: [] }));
    const long = [{ device_id: d.id, version: 0, cardnode_ids: Array.from({ length: 2001 }, (_, i) => i + 1) }];
    for (const queues of [
      undefined, '', 'not json', '{"device_id":1}', '[]', '[1]', '[{"device_id":1}]', '[null]',
      [{ device_id: -1, version: 0, cardnode_ids: [] }], [{ device_id: d.id, version: -1, cardnode_ids: [] }],
      [{ device_id: d.id, version: 0, cardnode_ids: [-5] }], [{ device_id: d.id, version: 0, cardnode_ids: ['x'] }],
      [{ device_id: d.id, version: 0, cardnode_ids: [1.5] }], [{ device_id: 'x', version: 0, cardnode_ids: [] }],
      [{ device_id: d.id, version: 0, cardnode_ids: {} }],
      [{ device_id: d.id, version: 0, cardnode_ids: [] }, { device_id: d.id, version: 0, cardnode_ids: [] }],
      many, long, '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    ]) {
      const r = await post('/devices/arranges/save/', queues === undefined ? {} : { queues }, { session: admin });
      expect(r.status, JSON.stringify(queues)?.slice(0, 80)).toBe(400);
      expect(r.body.msg).toBeTruthy();
    }
    expect((await post('/devices/arranges/save/', { queues: 'not json' }, { session: admin })).body.msg).toBe(zh('invalid_json'));
    expect((await post('/devices/arranges/save/', { queues: '[]' }, { session: admin })).body.msg).toBe(zh('queues_required'));
    expect(await versionOf(s.a, d)).toBe(0);
  });
});

describe('pre-scheduling', () => {
  it('puts the steps of a planned line\'s new cards at the end of the machine\'s queue, then turns the plan applied', async () => {
    const s = await shop();
    const d = await machine(s.a);
    // The machine already holds a step of another order.
    const [otherLine] = await order(s, [{ item: s.rated, quantity: 5 }]);
    const [held] = ids(await stepsAt((await cards(otherLine!, 1)).ids, s.a));
    ok(await arrange([{ device_id: d.id, version: 0, cardnode_ids: [held!] }]));

    const [line] = await order(s, [{ item: s.rated, quantity: 100 }]);
    const plan = await create('/prearranges', { detail_id: line, worknode_id: s.a.id, device_id: d.id, plan_date: '2031-03-01', remark: 'x' });
    const lineRow = ok(await get('/orders/details/detail/', { id: line }, { session: admin })).body.dt as Row;
    expect(plan).toMatchObject({ status: 'planned', detail_code: lineRow.code, order_id: lineRow.order_id, item_id: s.rated.id });

    const { reply, ids: cardIds } = await cards(line!, 2);
    expect(reply.body.msg1).toBeUndefined();
    const steps = ids(await stepsAt(cardIds, s.a));
    expect(await queueOf(s.a, d)).toEqual([held, ...steps]);
    expect(await versionOf(s.a, d)).toBe(2);
    expect((await deviceOn(s.a, d)).queue.map(q => q.plan_seq)).toEqual([1, 2, 3]);
    // Only the planned work node: the steps at B wait for a machine.
    for (const b of await stepsAt(cardIds, s.b)) expect(b.plan_device_id).toBeNull();

    const now = ok(await get('/prearranges/detail/', { id: plan.id }, { session: admin })).body.dt as Row;
    expect(now.status).toBe('applied');
    const edit = await update('/prearranges', plan, { remark: 'y' });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe(zh('prearrange_applied'));
  });

  it('splits a line by the plans\' quantities across two machines, over several generations', async () => {
    const s = await shop();
    const d1 = await machine(s.a);
    const d2 = await machine(s.a);
    const [line] = await order(s, [{ item: s.rated, quantity: 100 }]);
    const p1 = await create('/prearranges', { detail_id: line, worknode_id: s.a.id, device_id: d1.id, plan_date: '2031-03-01', seq: 1, quantity: 60 });
    const p2 = await create('/prearranges', { detail_id: line, worknode_id: s.a.id, device_id: d2.id, plan_date: '2031-03-01', seq: 2 });

    // 40 now: both cards to the first plan, which is not yet full; the line is not all on cards, so both stay planned.
    const first = ids(await stepsAt((await cards(line!, 2, 40)).ids, s.a));
    expect(await queueOf(s.a, d1)).toEqual(first);
    expect(await queueOf(s.a, d2)).toEqual([]);
    for (const p of [p1, p2]) expect((await get('/prearranges/detail/', { id: p.id }, { session: admin })).body.dt).toMatchObject({ status: 'planned' });

    // The other 60 in three cards of 20: the first plan takes 20 more (60 in all), the second the rest.
    const rest = ids(await stepsAt((await cards(line!, 3)).ids, s.a));
    expect(await queueOf(s.a, d1)).toEqual([...first, rest[0]]);
    expect(await queueOf(s.a, d2)).toEqual([rest[1], rest[2]]);
    expect(await versionOf(s.a, d1)).toBe(2);
    expect(await versionOf(s.a, d2)).toBe(1);
    for (const p of [p1, p2]) expect((await get('/prearranges/detail/', { id: p.id }, { session: admin })).body.dt).toMatchObject({ status: 'applied' });
  });

  it('fills the plans in one generation: a plan with a quantity, then the next', async () => {
    const s = await shop();
    const d1 = await machine(s.a);
    const d2 = await machine(s.a);
    const [line] = await order(s, [{ item: s.plain, quantity: 100 }]);
    // Plans in date order, whatever order they were entered in.
    await create('/prearranges', { detail_id: line, worknode_id: s.a.id, device_id: d2.id, plan_date: '2031-03-02' });
    await create('/prearranges', { detail_id: line, worknode_id: s.a.id, device_id: d1.id, plan_date: '2031-03-01', quantity: 60 });
    const steps = ids(await stepsAt((await cards(line!, 5)).ids, s.a));
    expect(await queueOf(s.a, d1)).toEqual(steps.slice(0, 3));
    expect(await queueOf(s.a, d2)).toEqual(steps.slice(3));
  });

  it('leaves the steps unscheduled when the machine is out of service by then, and says so', async () => {
    const s = await shop();
    const d = await machine(s.a);
    const [line] = await order(s, [{ item: s.rated, quantity: 10 }]);
    const plan = await create('/prearranges', { detail_id: line, worknode_id: s.a.id, device_id: d.id, plan_date: '2031-03-01' });
    ok(await update('/devices', d, { status: 'maintenance' }));
    const { reply, ids: cardIds } = await cards(line!, 1);
    expect(reply.body.msg1).toBe(zh('prearranges_skipped', { devices: String(d.name) }));
    const [step] = await stepsAt(cardIds, s.a);
    expect(step!.plan_device_id).toBeNull();
    expect(await deviceOn(s.a, d)).toMatchObject({ queue: [], queue_version: 0 });
    expect((await board(s.a)).unscheduled.map(q => q.cardnode_id)).toContain(step!.id);
    expect((await get('/prearranges/detail/', { id: plan.id }, { session: admin })).body.dt).toMatchObject({ status: 'applied' });
  });

  it('leaves the steps unscheduled when the machine has moved to another work node since the plan', async () => {
    const s = await shop();
    const d = await machine(s.a);
    const [line] = await order(s, [{ item: s.rated, quantity: 10 }]);
    await create('/prearranges', { detail_id: line, worknode_id: s.a.id, device_id: d.id, plan_date: '2031-03-01' });
    ok(await update('/devices', d, { worknode_id: s.b.id }));
    const { reply, ids: cardIds } = await cards(line!, 1);
    expect(reply.body.msg1).toBe(zh('prearranges_skipped', { devices: String(d.name) }));
    const [step] = await stepsAt(cardIds, s.a);
    expect(step!.plan_device_id).toBeNull();
  });

  it('refuses a work node off the line\'s routing, a machine of another node, and a machine out of service', async () => {
    const s = await shop();
    const elsewhere = await create('/workflows/worknodes', { code: uniq('X'), name: uniq('别处') });
    const dA = await machine(s.a);
    const dB = await machine(s.b);
    const dX = await machine(elsewhere);
    const [line] = await order(s, [{ item: s.rated, quantity: 10 }]);
    const base = { detail_id: line, plan_date: '2031-03-01' };
    const save = (v: Row) => post('/prearranges/save/', { ...base, ...v }, { session: admin });

    const offRoute = await save({ worknode_id: elsewhere.id, device_id: dX.id });
    expect(offRoute.status).toBe(422);
    expect(offRoute.body.errors).toEqual({ worknode_id: zh('prearrange_not_on_workflow') });
    const wrongDevice = await save({ worknode_id: s.a.id, device_id: dB.id });
    expect(wrongDevice.status).toBe(422);
    expect(wrongDevice.body.errors).toEqual({ device_id: zh('device_wrong_worknode') });
    ok(await update('/devices', dA, { status: 'fault' }));
    const broken = await save({ worknode_id: s.a.id, device_id: dA.id });
    expect(broken.status).toBe(409);
    expect(broken.body.msg).toBe(zh('device_unavailable', { device: String(dA.name), status: '故障' }));
    for (const bad of [{ worknode_id: s.a.id }, { device_id: dB.id }, { worknode_id: s.b.id, device_id: dB.id, plan_date: '2031-02-30' },
      { worknode_id: s.b.id, device_id: dB.id, quantity: -1 }, { worknode_id: s.b.id, device_id: dB.id, detail_id: 2_000_000_000 }]) {
      const r = await save(bad);
      expect(r.status, JSON.stringify(bad)).toBe(422);
    }
    // The plan of a line on the second node is fine; the read-only fields are the server's.
    ok(await save({ worknode_id: s.b.id, device_id: dB.id }));
    expect((await save({ worknode_id: s.b.id, device_id: dB.id, status: 'applied' })).status).toBe(422);
  });
});
