import { randomUUID } from 'node:crypto';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlipsReply, WorksReportReply } from '../../../src/domain/contract/piece-work';
import { translate } from '../../../src/domain/messages/catalog';
import { baseUrl, get, listEvery, post, sessionOf, type Reply } from '../client';
import { makeAccount, makeRole } from '../security/helpers';
import { generate, ok, type Row } from './fixtures';

/**
 * Piece work over HTTP (docs/piece-work.md): records valued by the wage table (piece, weight, metre; the most specific
 * rate valid on the day; amounts at 4 decimals half away from zero), records made from finished card steps (once),
 * closed pay months, the report that sums pay at 4 decimals and rounds at the end, its export and the pay slips, and
 * pay hidden from those who may not edit records. Every test makes its own work nodes, items, people and wages and
 * works in its own month of 2031, so the demo's wages, records and closed months do not enter the numbers.
 */

let admin = '';
let customerId = 0;
const RUN = Date.now().toString(36);
let seq = 0;
const uniq = (prefix: string) => `${prefix}-${RUN}-${(++seq).toString(36)}`;
const zh = translate.bind(null, 'zh');

beforeAll(async () => {
  admin = await sessionOf('admin');
  customerId = ((ok(await get('/customers/list/', { limit: 1 }, { session: admin })).body.dt as Row[])[0]!).id as number;
});

async function create(api: string, values: Row, session = admin): Promise<Row> {
  const r = ok(await post(`${api}/save/`, values, { session, headers: { 'idempotency-key': randomUUID() } }), `create ${api}`);
  return r.body.dt as Row;
}

const detail = async (api: string, id: unknown): Promise<Row> => ok(await get(`${api}/detail/`, { id }, { session: admin })).body.dt as Row;

async function update(api: string, row: Row, values: Row, session = admin): Promise<Reply> {
  const now = await detail(api, row.id);
  return post(`${api}/save/`, { id: row.id, version: now.version, ...values }, { session });
}

const node = (pieceRate?: number) => create('/workflows/worknodes', { code: uniq('W'), name: uniq('计件工序'), piece_rate: pieceRate });
const person = (values: Row = {}) => create('/persons', { code: uniq('P'), name: uniq('工人'), ...values });
const wage = (values: Row) => create('/wages', { basis: 'piece', ...values });
const item = (values: Row = {}) => create('/items', { code: uniq('I'), name: uniq('计件物料'), unit: '个', price: 1, ...values });

const WORKS = '/persons/works';
const work = (values: Row, session = admin) => post(`${WORKS}/save/`, values, { session, headers: { 'idempotency-key': randomUUID() } });
const valued = (r: Row) => ({ basis: r.basis, rate: r.rate, amount: r.amount });

const closePeriod = (period: string, closed: 0 | 1, session = admin) => post(`${WORKS}/close_period/`, { period, closed }, { session });
const report = async (params: Row, session = admin) => ok(await get(`${WORKS}/report/`, params, { session }), 'report').body as unknown as WorksReportReply;

/** Local (plant) time as the API takes it. */
const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

describe('valuation', () => {
  it('pays by the piece, the kilogram or the metre, at 4 decimals half away from zero', async () => {
    const p = await person();
    const k = await item();
    const byPiece = await node();
    const w1 = await wage({ worknode_id: byPiece.id, price: 0.0001 });
    const half = ok(await work({ person_id: p.id, work_date: '2031-01-10', worknode_id: byPiece.id, item_id: k.id, quantity: 0.5 })).body.dt as Row;
    // 0.5 × 0.0001 = 0.00005: the 5 in the fifth decimal rounds up.
    expect(half).toMatchObject({ basis: 'piece', rate: 0.0001, amount: 0.0001, wage_id: w1.id, period: '2031-01', source: 'manual' });
    const under = ok(await work({ person_id: p.id, work_date: '2031-01-10', worknode_id: byPiece.id, item_id: k.id, quantity: 0.4999 })).body.dt as Row;
    expect(valued(under)).toEqual({ basis: 'piece', rate: 0.0001, amount: 0 });

    const byWeight = await node();
    await wage({ worknode_id: byWeight.id, price: 0.3, basis: 'weight' });
    // 1.0005 kg × 0.3 = 0.30015 exactly (a double multiplication gives 0.30014999…): 0.3002.
    const kg = ok(await work({ person_id: p.id, work_date: '2031-01-11', worknode_id: byWeight.id, quantity: 3, weight: 1.0005 })).body.dt as Row;
    expect(valued(kg)).toEqual({ basis: 'weight', rate: 0.3, amount: 0.3002 });
    // No weight: a rate but no amount, until the record is corrected.
    const noKg = ok(await work({ person_id: p.id, work_date: '2031-01-11', worknode_id: byWeight.id, quantity: 3 })).body.dt as Row;
    expect(valued(noKg)).toEqual({ basis: 'weight', rate: 0.3, amount: null });
    const fixed = ok(await update(WORKS, noKg, { weight: 2 })).body.dt as Row;
    expect(valued(fixed)).toEqual({ basis: 'weight', rate: 0.3, amount: 0.6 });

    const byMetre = await node();
    await wage({ worknode_id: byMetre.id, price: 0.15, basis: 'metre' });
    const m = ok(await work({ person_id: p.id, work_date: '2031-01-12', worknode_id: byMetre.id, quantity: 1, metres: 3.3333 })).body.dt as Row;
    expect(valued(m)).toEqual({ basis: 'metre', rate: 0.15, amount: 0.5 });

    // Nothing in the wage table and no piece rate on the node: no amount.
    const bare = ok(await work({ person_id: p.id, work_date: '2031-01-12', worknode_id: (await node()).id, quantity: 7 })).body.dt as Row;
    expect(bare).toMatchObject({ basis: null, rate: null, amount: null, wage_id: null, quantity: 7, bad_quantity: 0 });
  });

  it('takes the most specific rate: item, category, parent category, general, then the node\'s piece rate; the latest valid one', async () => {
    const g = await create('/itemcategories', { name: uniq('祖类') });
    const pc = await create('/itemcategories', { name: uniq('父类'), parent_id: g.id });
    const c = await create('/itemcategories', { name: uniq('子类'), parent_id: pc.id });
    const i = await item({ category_id: c.id });
    const k = await item();
    const w = await node(0.35);
    const p = await person();
    const rec = ok(await work({ person_id: p.id, work_date: '2031-02-15', worknode_id: w.id, item_id: i.id, quantity: 10 })).body.dt as Row;
    expect(rec).toMatchObject({ basis: 'piece', rate: 0.35, amount: 3.5, wage_id: null });

    // Any save values the record again by the table as it is now.
    const rateNow = async () => {
      const r = ok(await update(WORKS, rec, { remark: uniq('重算') })).body.dt as Row;
      return [r.rate, r.wage_id];
    };
    const general = await wage({ worknode_id: w.id, price: 0.1 });
    expect(await rateNow()).toEqual([0.1, general.id]);
    const grand = await wage({ worknode_id: w.id, category_id: g.id, price: 0.2 });
    expect(await rateNow()).toEqual([0.2, grand.id]);
    const parent = await wage({ worknode_id: w.id, category_id: pc.id, price: 0.3 });
    expect(await rateNow()).toEqual([0.3, parent.id]);
    const own = await wage({ worknode_id: w.id, category_id: c.id, price: 0.4 });
    expect(await rateNow()).toEqual([0.4, own.id]);
    const itemRate = await wage({ worknode_id: w.id, item_id: i.id, price: 0.5 });
    expect(await rateNow()).toEqual([0.5, itemRate.id]);
    // Another node's rate for the item, and a rate from the future, change nothing.
    await wage({ worknode_id: (await node()).id, item_id: i.id, price: 7 });
    await wage({ worknode_id: w.id, item_id: i.id, price: 9, valid_from: '2099-01-01' });
    expect(await rateNow()).toEqual([0.5, itemRate.id]);
    // A newer rate valid on the day wins over the older one …
    const raised = await wage({ worknode_id: w.id, item_id: i.id, price: 0.6, valid_from: '2031-02-10' });
    expect(await rateNow()).toEqual([0.6, raised.id]);
    // … but not for work done before it was valid.
    const earlier = ok(await work({ person_id: p.id, work_date: '2031-02-05', worknode_id: w.id, item_id: i.id, quantity: 10 })).body.dt as Row;
    expect([earlier.rate, earlier.amount]).toEqual([0.5, 5]);
    // An item without a category gets the general rate.
    const other = ok(await work({ person_id: p.id, work_date: '2031-02-15', worknode_id: w.id, item_id: k.id, quantity: 10 })).body.dt as Row;
    expect([other.rate, other.wage_id]).toEqual([0.1, general.id]);
  });
});

interface Floor { w: Row; w2: Row; device: Row; pA: Row; pB: Row; cards: Row[][] }

/**
 * A routing W → W2, items with and without a weight, a machine at W, two people, and one confirmed line per entry of
 * `lines` cut into one card each; returns each card's steps [at W, at W2].
 */
async function floor(lines: { item: Row; quantity: number; props?: Row }[], w: Row, w2: Row): Promise<Floor> {
  const flow = await create('/workflows/workflows', { code: uniq('F'), name: uniq('计件流程'), worknode_ids: [w.id, w2.id] });
  const saved = ok(await post('/orders/orders/save_with_lines/', {
    item: { customer_id: customerId },
    lines: lines.map(l => ({ item_id: l.item.id, quantity: l.quantity, workflow_id: flow.id, price: 1, props: l.props })),
  }, { session: admin, headers: { 'idempotency-key': randomUUID() } }));
  ok(await post('/orders/orders/transition/', { id: saved.body.id, version: saved.body.version, to: 'confirmed' }, { session: admin }));
  const cards: Row[][] = [];
  for (const line of saved.body.lines as Row[]) {
    const [card] = ok(await generate(admin, { detail_id: line.id, count: 1 })).body.dt as Row[];
    const nodes = await listEvery('/orders/cardnodes/list/', { card_id: card!.id }, { session: admin });
    cards.push([nodes.find(n => n.worknode_id === w.id)!, nodes.find(n => n.worknode_id === w2.id)!]);
  }
  const device = await create('/devices', { code: uniq('M'), name: uniq('计件机台'), worknode_id: w.id, status: 'idle' });
  return { w, w2, device, pA: await person(), pB: await person(), cards };
}

async function finish(step: Row, values: Row): Promise<void> {
  ok(await update('/orders/cardnodes', step, { status: 'done', ...values }), 'finish step');
}

const worksOf = async (params: Row): Promise<Row[]> =>
  (await listEvery(`${WORKS}/list/`, params, { session: admin })).filter(r => !r.canceled);

describe('records from finished card steps', () => {
  it('makes one record per finished step and person, with its weight and metres, once', async () => {
    const withWeight = await item({ weight: 0.25 });
    const noWeight = await item();
    const f = await floor([
      { item: withWeight, quantity: 100, props: { kilograms: 50, metres: 400 } }, // 0.5 kg and 4 m a piece, by the line
      { item: withWeight, quantity: 10 }, // 0.25 kg a piece, by the item
      { item: noWeight, quantity: 10 },
      { item: withWeight, quantity: 10 },
    ], await node(), await node());
    const [c1, c2, c3, c4] = f.cards;
    await wage({ worknode_id: f.w.id, price: 2, basis: 'weight' });
    await finish(c1![0]!, { good_quantity: 40, bad_quantity: 2, person_id: f.pA.id, device_id: f.device.id, finished_at: at(2031, 3, 2, 10) });
    await finish(c2![0]!, { good_quantity: 8, person_id: f.pB.id, finished_at: at(2031, 3, 2, 23, 30) });
    await finish(c3![0]!, { good_quantity: 10, person_id: f.pA.id, finished_at: at(2031, 3, 3, 0, 10) });
    await finish(c4![0]!, { good_quantity: 10, finished_at: at(2031, 3, 2, 9) }); // nobody named: no record
    await finish(c1![1]!, { good_quantity: 40, person_id: f.pB.id, finished_at: at(2031, 3, 2, 12) }); // at W2
    ok(await update('/orders/cardnodes', c4![1]!, { status: 'running', person_id: f.pA.id, finished_at: at(2031, 3, 2, 9) })); // not done
    await finish(c2![1]!, { good_quantity: 8, person_id: f.pA.id, finished_at: at(2031, 3, 4, 8) }); // after the range

    const first = ok(await post(`${WORKS}/from_nodes/`, { from: '2031-03-01', to: '2031-03-03', worknode_id: f.w.id }, { session: admin }));
    expect(first.body).toMatchObject({ created: 3, skipped: 0 });
    expect(first.body.msg1).toBeUndefined();
    const again = ok(await post(`${WORKS}/from_nodes/`, { from: '2031-03-01', to: '2031-03-03', worknode_id: f.w.id }, { session: admin }));
    expect(again.body).toMatchObject({ created: 0, skipped: 0 });

    const made = await worksOf({ worknode_id: f.w.id });
    expect(made).toHaveLength(3);
    const byStep = new Map(made.map(r => [r.cardnode_id, r]));
    expect(byStep.get(c1![0]!.id)).toMatchObject({
      person_id: f.pA.id, work_date: '2031-03-02', worknode_id: f.w.id, item_id: withWeight.id, card_id: c1![0]!.card_id,
      card_show_id: c1![0]!.card_show_id, device_id: f.device.id, quantity: 40, bad_quantity: 2, weight: 20, metres: 160,
      basis: 'weight', rate: 2, amount: 40, period: '2031-03', source: 'node',
    });
    expect(byStep.get(c2![0]!.id)).toMatchObject({ person_id: f.pB.id, work_date: '2031-03-02', quantity: 8, weight: 2, metres: null, amount: 4 });
    expect(byStep.get(c3![0]!.id)).toMatchObject({ work_date: '2031-03-03', quantity: 10, weight: null, amount: null, basis: 'weight' });

    // Without the work node: the step at W2 too, and nothing twice.
    const all = ok(await post(`${WORKS}/from_nodes/`, { from: '2031-03-01', to: '2031-03-03' }, { session: admin }));
    expect(all.body).toMatchObject({ created: 1, skipped: 0 });
    expect(await worksOf({ cardnode_id: c1![1]!.id })).toEqual([expect.objectContaining({ person_id: f.pB.id, amount: null, source: 'node' })]);

    // What the report says of them.
    const r = await report({ from: '2031-03-01', to: '2031-03-03', worknode_id: f.w.id });
    expect(r.totals).toEqual({ records: 3, quantity: 58, bad_quantity: 2, weight: 22, metres: 160, amount: 44, unvalued: 1 });
  });

  it('one live record per step and person; the step must be finished and be the record\'s', async () => {
    const f = await floor([{ item: await item({ weight: 1 }), quantity: 10 }, { item: await item(), quantity: 10 }], await node(0.5), await node());
    const [c1, c2] = f.cards;
    await finish(c1![0]!, { good_quantity: 9, bad_quantity: 1, person_id: f.pA.id, device_id: f.device.id, finished_at: at(2031, 4, 2, 10) });
    ok(await post(`${WORKS}/from_nodes/`, { from: '2031-04-02', to: '2031-04-02', worknode_id: f.w.id }, { session: admin }));

    const dup = await work({ person_id: f.pA.id, work_date: '2031-04-02', worknode_id: f.w.id, cardnode_id: c1![0]!.id });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe(zh('work_duplicate'));
    // A helper on the same step gets a record of their own, its values from the step.
    const helper = ok(await work({ person_id: f.pB.id, work_date: '2031-04-02', cardnode_id: c1![0]!.id, worknode_id: f.w.id })).body;
    expect(helper.dt).toMatchObject({
      card_id: c1![0]!.card_id, card_show_id: c1![0]!.card_show_id, quantity: 9, bad_quantity: 1, weight: 9, device_id: f.device.id,
      rate: 0.5, amount: 4.5, source: 'manual',
    });
    // Nor may a correction move it off the step's work node or card.
    const moved = await update(WORKS, { id: helper.id }, { worknode_id: f.w2.id });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ worknode_id: zh('work_node_mismatch') });
    const recarded = await update(WORKS, { id: helper.id }, { card_id: c2![0]!.card_id });
    expect(recarded.status).toBe(422);
    expect(recarded.body.errors).toEqual({ card_id: zh('work_node_mismatch') });
    expect(await detail(WORKS, helper.id)).toMatchObject({ worknode_id: f.w.id, card_id: c1![0]!.card_id, version: helper.version });
    ok(await update(WORKS, { id: helper.id }, { worknode_id: f.w.id, card_id: c1![0]!.card_id, remark: 'same step' }));
    // Once cancelled, a new one may be made.
    ok(await post(`${WORKS}/cancel/`, { id: helper.id }, { session: admin }));
    ok(await work({ person_id: f.pB.id, work_date: '2031-04-02', cardnode_id: c1![0]!.id, worknode_id: f.w.id, quantity: 3 }));

    const notDone = await work({ person_id: f.pA.id, work_date: '2031-04-02', worknode_id: f.w.id, cardnode_id: c2![0]!.id });
    expect(notDone.status).toBe(422);
    expect(notDone.body.errors).toEqual({ cardnode_id: zh('work_node_not_done') });
    const otherNode = await work({ person_id: f.pB.id, work_date: '2031-04-02', worknode_id: f.w2.id, cardnode_id: c1![0]!.id });
    expect(otherNode.status).toBe(422);
    expect(otherNode.body.errors).toEqual({ worknode_id: zh('work_node_mismatch') });
    const otherCard = await work({ person_id: f.pB.id, work_date: '2031-04-02', worknode_id: f.w.id, cardnode_id: c1![0]!.id, card_id: c2![0]!.card_id });
    expect(otherCard.status).toBe(422);
    expect(otherCard.body.errors).toEqual({ card_id: zh('work_node_mismatch') });
  });

  it('a worker limited to their own records makes only their own', async () => {
    const f = await floor([{ item: await item(), quantity: 10 }, { item: await item(), quantity: 10 }], await node(1), await node());
    await finish(f.cards[0]![0]!, { good_quantity: 10, person_id: f.pA.id, finished_at: at(2031, 8, 2, 10) });
    await finish(f.cards[1]![0]!, { good_quantity: 10, person_id: f.pB.id, finished_at: at(2031, 8, 2, 11) });
    const role = await makeRole({ grants: { works: { actions: ['view', 'create', 'edit'], scope: 'own' } } });
    const range = { from: '2031-08-01', to: '2031-08-31', worknode_id: f.w.id };
    const nobody = await makeAccount([role]);
    expect((await post(`${WORKS}/from_nodes/`, range, { session: nobody.session })).status).toBe(403);
    const worker = await makeAccount([role], { person_id: f.pA.id });
    expect(ok(await post(`${WORKS}/from_nodes/`, range, { session: worker.session })).body).toMatchObject({ created: 1 });
    expect((await worksOf({ worknode_id: f.w.id })).map(w => w.person_id)).toEqual([f.pA.id]);
    expect(ok(await post(`${WORKS}/from_nodes/`, range, { session: admin })).body).toMatchObject({ created: 1 });
  });

  it('two runs at once make each record once', async () => {
    const f = await floor([{ item: await item(), quantity: 10 }, { item: await item(), quantity: 10 }, { item: await item(), quantity: 10 }],
      await node(1), await node());
    for (const [i, c] of f.cards.entries()) await finish(c[0]!, { good_quantity: 10, person_id: f.pA.id, finished_at: at(2031, 5, 2 + i, 10) });
    const runs = await Promise.all([1, 2].map(() => post(`${WORKS}/from_nodes/`, { from: '2031-05-01', to: '2031-05-31', worknode_id: f.w.id },
      { session: admin })));
    for (const r of runs) ok(r);
    expect(runs.reduce((s, r) => s + (r.body.created as number), 0)).toBe(3);
    expect(await worksOf({ worknode_id: f.w.id })).toHaveLength(3);
  });

  it('skips the steps of a closed month, and says so', async () => {
    const f = await floor([{ item: await item(), quantity: 10 }, { item: await item(), quantity: 10 }], await node(1), await node());
    await finish(f.cards[0]![0]!, { good_quantity: 10, person_id: f.pA.id, finished_at: at(2031, 6, 30, 22) });
    await finish(f.cards[1]![0]!, { good_quantity: 10, person_id: f.pA.id, finished_at: at(2031, 7, 1, 1) });
    ok(await closePeriod('2031-07', 1));
    try {
      const r = ok(await post(`${WORKS}/from_nodes/`, { from: '2031-06-30', to: '2031-07-01', worknode_id: f.w.id }, { session: admin }));
      expect(r.body).toMatchObject({ created: 1, skipped: 1, msg1: zh('works_generated', { created: 1, skipped: 1 }) });
      expect((await worksOf({ worknode_id: f.w.id })).map(w => w.work_date)).toEqual(['2031-06-30']);
    } finally {
      ok(await closePeriod('2031-07', 0));
    }
    const r = ok(await post(`${WORKS}/from_nodes/`, { from: '2031-06-30', to: '2031-07-01', worknode_id: f.w.id }, { session: admin }));
    expect(r.body).toMatchObject({ created: 1, skipped: 0 });
  });
});

describe('closed pay months', () => {
  it('refuse every change of their records until reopened', async () => {
    const w = await node(0.1);
    const p = await person();
    const r9 = ok(await work({ person_id: p.id, work_date: '2031-09-10', worknode_id: w.id, quantity: 10 })).body.dt as Row;
    const r10 = ok(await work({ person_id: p.id, work_date: '2031-10-10', worknode_id: w.id, quantity: 10 })).body.dt as Row;

    const closed = ok(await closePeriod('2031-09', 1));
    expect(closed.body).toMatchObject({ period: '2031-09', closed: true });
    const month = (await listEvery('/persons/workperiods/list/', { period: '2031-09' }, { session: admin }))[0]!;
    expect(month).toMatchObject({ period: '2031-09', closed: true, closed_by: expect.any(Number) });
    expect(month.closed_at).toEqual(expect.any(String));

    const refused = zh('period_closed', { period: '2031-09' });
    const expectClosed = (r: Reply, what: string) => {
      expect(r.status, what).toBe(409);
      expect(r.body.msg, what).toBe(refused);
    };
    expectClosed(await work({ person_id: p.id, work_date: '2031-09-20', worknode_id: w.id, quantity: 1 }), 'create');
    expectClosed(await update(WORKS, r9, { remark: 'x' }), 'edit');
    expectClosed(await post(`${WORKS}/cancel/`, { id: r9.id }, { session: admin }), 'cancel');
    expectClosed(await update(WORKS, r10, { work_date: '2031-09-15' }), 'move in');
    expectClosed(await update(WORKS, r9, { work_date: '2031-10-01' }), 'move out');
    expect(await detail(WORKS, r9.id)).toMatchObject({ version: r9.version, canceled: false, work_date: '2031-09-10' });
    expect(await detail(WORKS, r10.id)).toMatchObject({ version: r10.version, work_date: '2031-10-10' });
    // The next month is open.
    ok(await update(WORKS, r10, { remark: 'ok' }));
    // Closing again changes nothing; the month is not deleted nor renamed while closed.
    ok(await closePeriod('2031-09', 1));
    expect((await post('/persons/workperiods/delete/', { id: month.id }, { session: admin })).status).toBe(409);
    expect((await update('/persons/workperiods', month, { period: '2031-08' })).status).toBe(409);
    expect((await update('/persons/workperiods', month, { closed: false })).status).toBe(422);

    const reopened = ok(await closePeriod('2031-09', 0));
    expect(reopened.body).toMatchObject({ period: '2031-09', closed: false });
    ok(await update(WORKS, r9, { remark: 'y' }));
    ok(await update(WORKS, r10, { work_date: '2031-09-15' }));
    ok(await post(`${WORKS}/cancel/`, { id: r9.id }, { session: admin }));
    ok(await work({ person_id: p.id, work_date: '2031-09-20', worknode_id: w.id, quantity: 1 }));

    const hist = ok(await get('/history/list/', { table_name: 'workperiods', kid: month.id }, { session: admin })).body.dt as Row[];
    expect(hist.map(h => (h.after as Row).closed)).toEqual([true, false]);
  });

  it('closing needs the close action on work records', async () => {
    expect((await closePeriod('2031-12', 1, await sessionOf('operator'))).status).toBe(403);
    const editor = await makeAccount([await makeRole({ grants: { works: { actions: ['view', 'create', 'edit'] } } })]);
    expect((await closePeriod('2031-12', 1, editor.session)).status).toBe(403);
    ok(await closePeriod('2031-12', 1, await sessionOf('supervisor')));
    ok(await closePeriod('2031-12', 0, await sessionOf('supervisor')));
  });

  it('answers a malformed month or flag with 400 and the reason', async () => {
    for (const [values, key] of [
      [{ period: '2026-13', closed: 1 }, 'invalid_period'], [{ period: '2026-00', closed: 1 }, 'invalid_period'],
      [{ period: '', closed: 1 }, 'invalid_period'], [{ period: '2026-1', closed: 1 }, 'invalid_period'], [{ closed: 1 }, 'invalid_period'],
      [{ period: '2031-12', closed: 'maybe' }, 'bad_request'], [{ period: '2031-12' }, 'bad_request'],
    ] as const) {
      const r = await post(`${WORKS}/close_period/`, values, { session: admin });
      expect(r.status, JSON.stringify(values)).toBe(400);
      expect(r.body.msg, JSON.stringify(values)).toBe(zh(key));
    }
    const generic = await post('/persons/workperiods/save/', { period: '2031-13' }, { session: admin });
    expect(generic.status).toBe(422);
  });
});

describe('the report, its export and the pay slips', () => {
  let p4: Row;
  let p5: Row;
  const range = { from: '2031-11-01', to: '2031-11-30' };

  beforeAll(async () => {
    const w = await node();
    const bare = await node();
    await wage({ worknode_id: w.id, price: 0.001 });
    const dept = await create('/departments', { name: uniq('计件车间') });
    p4 = await person({ department_id: dept.id, code: uniq('A') });
    p5 = await person({ code: uniq('B') });
    // Three amounts of 0.005 and one: the pay is summed at 4 decimals and rounded at the end.
    for (const day of ['2031-11-03', '2031-11-01', '2031-11-02']) {
      expect(ok(await work({ person_id: p4.id, work_date: day, worknode_id: w.id, quantity: 5 })).body.dt).toMatchObject({ amount: 0.005 });
    }
    ok(await work({ person_id: p5.id, work_date: '2031-11-05', worknode_id: w.id, quantity: 5 }));
    ok(await work({ person_id: p5.id, work_date: '2031-11-06', worknode_id: bare.id, quantity: 2.125, weight: 1.005 })); // no rate
    const gone = ok(await work({ person_id: p5.id, work_date: '2031-11-06', worknode_id: w.id, quantity: 1000 })).body;
    ok(await post(`${WORKS}/cancel/`, { id: gone.id, version: gone.version }, { session: admin }));
  });

  it('sums pay at 4 decimals and rounds it at the end, per person and for the range', async () => {
    const r = await report(range);
    expect(r.amount_hidden).toBe(false);
    const rows = new Map(r.dt.map(x => [x.person_id, x]));
    expect(rows.get(p4.id as number)).toMatchObject({ code: p4.code, name: p4.name, records: 3, quantity: 15, amount: 0.02, unvalued: 0 });
    expect(rows.get(p4.id as number)!.department).toEqual(expect.any(String));
    // 0.005 → 0.01; 2.125 + 5 = 7.125 → 7.13; weight 1.005 → 1.01.
    expect(rows.get(p5.id as number)).toMatchObject({ records: 2, quantity: 7.13, weight: 1.01, amount: 0.01, unvalued: 1 });
    // 0.015 + 0.005 = 0.02 over every record, not 0.02 + 0.01 of the rounded rows.
    expect(r.totals).toEqual({ records: 5, quantity: 22.13, bad_quantity: 0, weight: 1.01, metres: 0, amount: 0.02, unvalued: 1 });
    expect(r.total).toBe(r.dt.length);

    const one = await report({ ...range, person_id: p5.id });
    expect(one.dt.map(x => x.person_id)).toEqual([p5.id]);
    expect(one.totals).toMatchObject({ records: 2, amount: 0.01 });
    const dept = await report({ ...range, department_id: p4.department_id });
    expect(dept.dt.map(x => x.person_id)).toEqual([p4.id]);
    expect((await report({ from: '2031-11-04', to: '2031-11-30' })).totals).toMatchObject({ records: 2, amount: 0.01 });
  });

  it('prints one slip per person with the records in date order', async () => {
    const r = ok(await get(`${WORKS}/slips/`, { ...range, person_ids: [p4.id, p5.id] }, { session: admin })).body as unknown as SlipsReply;
    expect(r).toMatchObject({ ...range, amount_hidden: false });
    expect(r.dt.map(s => s.person_id).sort()).toEqual([p4.id, p5.id].sort());
    const mine = r.dt.find(s => s.person_id === p4.id)!;
    expect(mine.rows.map(x => [x.work_date, x.amount, x.rate, x.basis])).toEqual([
      ['2031-11-01', 0.005, 0.001, 'piece'], ['2031-11-02', 0.005, 0.001, 'piece'], ['2031-11-03', 0.005, 0.001, 'piece'],
    ]);
    expect(mine.totals).toMatchObject({ records: 3, amount: 0.02 });
    expect(r.dt.find(s => s.person_id === p5.id)!.rows).toHaveLength(2);
  });

  it('exports the report as excel.xlsx', async () => {
    const res = await fetch(`${baseUrl()}${WORKS}/report/export/`, {
      method: 'POST', headers: { authorization: admin, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      body: new URLSearchParams({ ios: '1', ...range }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const head = sheet[0] as string[];
    expect(head).toContain(translate('en', 'works_col_amount'));
    const amount = head.indexOf(translate('en', 'works_col_amount'));
    const last = sheet.at(-1) as unknown[];
    expect(last).toContain(translate('en', 'works_total'));
    expect(last[amount]).toBe(0.02);
    expect(sheet.find(row => (row as unknown[]).includes(p4.code))![amount]).toBe(0.02);

    const sales = await sessionOf('sales');
    const refused = await post(`${WORKS}/report/export/`, range, { session: sales });
    expect(refused.status).toBe(403);
  });

  it('hides pay from a role that may view records but not edit them', async () => {
    const viewer = await makeAccount([await makeRole({ grants: { works: { actions: ['view', 'export'] } } })]);
    const r = await report(range, viewer.session);
    expect(r.amount_hidden).toBe(true);
    expect(r.totals).toMatchObject({ records: 5, quantity: 22.13, amount: null });
    expect(r.dt.every(x => x.amount === null)).toBe(true);
    const slips = ok(await get(`${WORKS}/slips/`, { ...range, person_ids: [p4.id] }, { session: viewer.session })).body as unknown as SlipsReply;
    expect(slips.amount_hidden).toBe(true);
    expect(slips.dt[0]!.rows.every(x => x.amount === null && x.rate === null)).toBe(true);
    const list = await listEvery(`${WORKS}/list/`, { person_id: p4.id }, { session: viewer.session });
    expect(list).toHaveLength(3);
    for (const row of list) {
      expect(row.amount ?? null).toBeNull();
      expect(row.rate ?? null).toBeNull();
    }
    const res = await fetch(`${baseUrl()}${WORKS}/report/export/`, {
      method: 'POST', headers: { authorization: viewer.session, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      body: new URLSearchParams({ ios: '1', ...range }),
    });
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const head = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0] as string[];
    expect(head).not.toContain(translate('en', 'works_col_amount'));
    expect(head).toContain(translate('en', 'works_col_quantity'));
    // Nor may it make records.
    expect((await post(`${WORKS}/from_nodes/`, range, { session: viewer.session })).status).toBe(403);
    expect((await work({ person_id: p4.id, work_date: '2031-11-07', worknode_id: 1, quantity: 1 }, viewer.session)).status).toBe(403);
  });

  it('shows a worker scoped to their own records only theirs, with their pay', async () => {
    const role = await makeRole({ grants: { works: { actions: ['view', 'create', 'edit'], scope: 'own' } } });
    const worker = await makeAccount([role], { person_id: p4.id });
    const r = await report(range, worker.session);
    expect(r.dt.map(x => x.person_id)).toEqual([p4.id]);
    expect(r.totals).toMatchObject({ records: 3, amount: 0.02 });
    expect(r.amount_hidden).toBe(false);
    const slips = ok(await get(`${WORKS}/slips/`, range, { session: worker.session })).body as unknown as SlipsReply;
    expect(slips.dt.map(s => s.person_id)).toEqual([p4.id]);
  });
});

describe('bad parameters', () => {
  it('every call answers 400 with the reason, never a 500', async () => {
    const cases: [Row, string][] = [
      [{}, 'range_required'], [{ from: '2031-01-01' }, 'range_required'], [{ to: '2031-01-01' }, 'range_required'],
      [{ from: '2031-02-01', to: '2031-01-01' }, 'range_required'],
      [{ from: 'yesterday', to: '2031-01-01' }, 'invalid_date'], [{ from: '2031-02-30', to: '2031-03-01' }, 'invalid_date'],
      [{ from: '2031-01-01', to: '2031-13-01' }, 'invalid_date'], [{ from: '0999-12-31', to: '2031-01-01' }, 'invalid_date'],
      [{ from: '2031-01-01', to: '2032-12-31' }, 'works_range_too_long'],
      [{ from: '2031-01-01', to: '2031-01-31', person_id: -1 }, 'bad_request'],
      [{ from: '2031-01-01', to: '2031-01-31', worknode_id: 'x' }, 'bad_request'],
      [{ from: '2031-01-01', to: '2031-01-31', department_id: '1.5' }, 'bad_request'],
    ];
    for (const [params, key] of cases) {
      const what = JSON.stringify(params);
      for (const r of [
        await get(`${WORKS}/report/`, params, { session: admin }),
        await get(`${WORKS}/slips/`, params, { session: admin }),
        await post(`${WORKS}/report/export/`, params, { session: admin }),
      ]) {
        expect(r.status, what).toBe(400);
        expect(r.body.msg, what).toBe(zh(key as 'bad_request'));
      }
      if (!('department_id' in params) && !('person_id' in params)) {
        const r = await post(`${WORKS}/from_nodes/`, params, { session: admin });
        expect(r.status, `from_nodes ${what}`).toBe(400);
        expect(r.body.msg, `from_nodes ${what}`).toBe(zh(key as 'bad_request'));
      }
    }
    for (const personIds of ['nope', '[-1]', '["a"]', '{"a":1}', JSON.stringify(Array.from({ length: 501 }, (_, i) => i + 1))]) {
      const r = await get(`${WORKS}/slips/`, { from: '2031-01-01', to: '2031-01-31', person_ids: personIds }, { session: admin });
      expect(r.status, personIds.slice(0, 20)).toBe(400);
      expect(r.body.msg).toBeTruthy();
    }
    // At most 400 days apart is fine.
    ok(await get(`${WORKS}/report/`, { from: '2031-01-01', to: '2032-01-01' }, { session: admin }));
  });

  it('a record with malformed values answers 422 with the field', async () => {
    const w = await node();
    const p = await person();
    for (const values of [
      { person_id: p.id, work_date: '2031-02-30', worknode_id: w.id }, { person_id: p.id, worknode_id: w.id },
      { person_id: p.id, work_date: '2031-01-01', worknode_id: w.id, quantity: -1 },
      { person_id: p.id, work_date: '2031-01-01', worknode_id: w.id, quantity: 'many' },
      { person_id: p.id, work_date: '2031-01-01', worknode_id: w.id, amount: 5 },
      { person_id: p.id, work_date: '2031-01-01', worknode_id: w.id, cardnode_id: 2_000_000_000 },
      { person_id: p.id, work_date: '2031-01-01', worknode_id: w.id, card_id: -3 },
      { person_id: 2_000_000_000, work_date: '2031-01-01', worknode_id: w.id },
    ]) {
      const r = await work(values);
      expect(r.status, JSON.stringify(values)).toBe(422);
      expect(r.body.errors, JSON.stringify(values)).toBeTruthy();
    }
  });
});
