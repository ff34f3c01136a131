import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, listEvery, post, sessionOf, type Reply } from '../client';
import { generate, ok, type Row } from './fixtures';

/**
 * Duty logs over HTTP (docs/scheduling.md): every save counts the shift's output — the card steps finished at the
 * work node (and machine) within the shift's hours (config `shift_hours`, plant time = the server's local time, which
 * is also this process's: the test server runs in it). The night shift runs past midnight. The test makes its own work
 * nodes, machines and cards, finished on days in 2031 nobody else uses.
 */

let admin = '';
let customerId = 0;
const RUN = Date.now().toString(36);
let seq = 0;
const uniq = (prefix: string) => `${prefix}-${RUN}-${(++seq).toString(36)}`;
const zh = translate.bind(null, 'zh');

async function create(api: string, values: Row, session = admin): Promise<Row> {
  const r = ok(await post(`${api}/save/`, values, { session, headers: { 'idempotency-key': randomUUID() } }), `create ${api}`);
  return r.body.dt as Row;
}

async function update(api: string, row: Row, values: Row, session = admin): Promise<Reply> {
  const now = ok(await get(`${api}/detail/`, { id: row.id }, { session: admin })).body.dt as Row;
  return post(`${api}/save/`, { id: row.id, version: now.version, ...values }, { session });
}

const detail = async (api: string, id: unknown): Promise<Row> => ok(await get(`${api}/detail/`, { id }, { session: admin })).body.dt as Row;

/** A moment in local (plant) time, as the API takes it. */
const at = (y: number, m: number, d: number, h: number, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s).toISOString();

interface Shop { a: Row; b: Row; d1: Row; d2: Row; dB: Row; people: Row[]; stepsA: Row[]; stepsB: Row[] }
let shop: Shop;

beforeAll(async () => {
  admin = await sessionOf('admin');
  customerId = ((ok(await get('/customers/list/', { limit: 1 }, { session: admin })).body.dt as Row[])[0]!).id as number;
  const a = await create('/workflows/worknodes', { code: uniq('A'), name: uniq('交班A') });
  const b = await create('/workflows/worknodes', { code: uniq('B'), name: uniq('交班B') });
  const flow = await create('/workflows/workflows', { code: uniq('F'), name: uniq('交班流程'), worknode_ids: [a.id, b.id] });
  const item = await create('/items', { code: uniq('I'), name: uniq('交班物料'), unit: '个', workflow_id: flow.id, price: 1 });
  const device = (worknode: Row) => create('/devices', { code: uniq('M'), name: uniq('机台'), worknode_id: worknode.id, status: 'idle' });
  const people = [await create('/persons', { code: uniq('P'), name: '交班甲' }), await create('/persons', { code: uniq('P'), name: '接班乙' })];
  const saved = ok(await post('/orders/orders/save_with_lines/', {
    item: { customer_id: customerId }, lines: [{ item_id: item.id, quantity: 100, workflow_id: flow.id, price: 1 }],
  }, { session: admin, headers: { 'idempotency-key': randomUUID() } }));
  ok(await post('/orders/orders/transition/', { id: saved.body.id, version: saved.body.version, to: 'confirmed' }, { session: admin }));
  const cards = ok(await generate(admin, { detail_id: (saved.body.lines as Row[])[0]!.id, count: 10 })).body.dt as Row[];
  const stepsA: Row[] = [];
  const stepsB: Row[] = [];
  for (const c of cards) {
    const nodes = await listEvery('/orders/cardnodes/list/', { card_id: c.id }, { session: admin });
    stepsA.push(nodes.find(n => n.worknode_id === a.id)!);
    stepsB.push(nodes.find(n => n.worknode_id === b.id)!);
  }
  shop = { a, b, d1: await device(a), d2: await device(a), dB: await device(b), people, stepsA, stepsB };
});

/** Finishes a step at a local time on a machine, with its good and bad quantities. */
async function finish(step: Row, finishedAt: string, device: Row | null, good: number, bad = 0, status = 'done'): Promise<void> {
  ok(await update('/orders/cardnodes', step, {
    status, finished_at: finishedAt, device_id: device?.id ?? '', good_quantity: good, bad_quantity: bad, person_id: shop.people[0]!.id,
  }), 'finish step');
}

const log = (values: Row, session = admin) => post('/dutylogs/save/', {
  person_id: shop.people[0]!.id, next_person_id: shop.people[1]!.id, content: '交接正常', ...values,
}, { session, headers: { 'idempotency-key': randomUUID() } });

const output = (r: Row) => ({ cards_finished: r.cards_finished, good_quantity: r.good_quantity, bad_quantity: r.bad_quantity });

describe('duty logs count the shift\'s output', () => {
  beforeAll(async () => {
    const { stepsA: s, stepsB, d1, d2, dB } = shop;
    await finish(s[0]!, at(2031, 4, 3, 7, 59, 59), d1, 10); // the night shift of the 2nd
    await finish(s[1]!, at(2031, 4, 3, 8), d1, 9, 1); // the day shift: its start is in it …
    await finish(s[2]!, at(2031, 4, 3, 19, 59, 59), d2, 8, 2); // … its end is not
    await finish(s[3]!, at(2031, 4, 3, 20), d1, 7); // the night shift of the 3rd …
    await finish(s[4]!, at(2031, 4, 4, 0, 30), d2, 6, 1); // … past midnight
    await finish(s[5]!, at(2031, 4, 4, 8), d1, 5); // the day shift of the 4th
    await finish(s[6]!, at(2031, 4, 3, 12), d1, 4, 0, 'running'); // not finished: not counted
    await finish(stepsB[1]!, at(2031, 4, 3, 12), dB, 3); // another work node
  });

  it('the day shift: the steps finished at the node from 08:00 to 20:00, and at one machine', async () => {
    const day = ok(await log({ duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id })).body.dt as Row;
    expect(output(day)).toEqual({ cards_finished: 2, good_quantity: 17, bad_quantity: 3 });
    expect(day.summary_at).toEqual(expect.any(String));
    const oneMachine = ok(await log({ duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id, device_id: shop.d1.id })).body.dt as Row;
    expect(output(oneMachine)).toEqual({ cards_finished: 1, good_quantity: 9, bad_quantity: 1 });
    const atB = ok(await log({ duty_date: '2031-04-03', shift: 'day', worknode_id: shop.b.id })).body.dt as Row;
    expect(output(atB)).toEqual({ cards_finished: 1, good_quantity: 3, bad_quantity: 0 });
    const nextDay = ok(await log({ duty_date: '2031-04-04', shift: 'day', worknode_id: shop.a.id })).body.dt as Row;
    expect(output(nextDay)).toEqual({ cards_finished: 1, good_quantity: 5, bad_quantity: 0 });
  });

  it('the night shift runs from 20:00 to 08:00 the next day and belongs to the day it starts', async () => {
    const night = ok(await log({ duty_date: '2031-04-03', shift: 'night', worknode_id: shop.a.id })).body.dt as Row;
    expect(output(night)).toEqual({ cards_finished: 2, good_quantity: 13, bad_quantity: 1 });
    const nightD2 = ok(await log({ duty_date: '2031-04-03', shift: 'night', worknode_id: shop.a.id, device_id: shop.d2.id })).body.dt as Row;
    expect(output(nightD2)).toEqual({ cards_finished: 1, good_quantity: 6, bad_quantity: 1 });
    const before = ok(await log({ duty_date: '2031-04-02', shift: 'night', worknode_id: shop.a.id })).body.dt as Row;
    expect(output(before)).toEqual({ cards_finished: 1, good_quantity: 10, bad_quantity: 0 });
    const empty = ok(await log({ duty_date: '2031-04-04', shift: 'night', worknode_id: shop.a.id })).body.dt as Row;
    expect(output(empty)).toEqual({ cards_finished: 0, good_quantity: 0, bad_quantity: 0 });
  });

  it('every save counts again', async () => {
    const r = ok(await log({ duty_date: '2031-04-05', shift: 'day', worknode_id: shop.a.id }));
    expect(output(r.body.dt as Row)).toEqual({ cards_finished: 0, good_quantity: 0, bad_quantity: 0 });
    await finish(shop.stepsA[7]!, at(2031, 4, 5, 10), shop.d2, 10);
    const again = ok(await update('/dutylogs', { id: r.body.id }, { issues: '模切刀需更换' }));
    expect(output(again.body.dt as Row)).toEqual({ cards_finished: 1, good_quantity: 10, bad_quantity: 0 });
    expect(Date.parse((again.body.dt as Row).summary_at as string)).toBeGreaterThanOrEqual(Date.parse((r.body.dt as Row).summary_at as string));
    // The output is the server's: a save may not set it.
    const forged = await update('/dutylogs', { id: r.body.id }, { cards_finished: 99 });
    expect(forged.status).toBe(422);
    expect(output(await detail('/dutylogs', r.body.id))).toEqual({ cards_finished: 1, good_quantity: 10, bad_quantity: 0 });
  });

  it('follows the config shift_hours', async () => {
    const current = async () => (await listEvery('/configs/list/', { keyword: 'shift_hours' }, { session: admin }))
      .find(c => c.name === 'shift_hours');
    const stored = await current();
    const set = async (values: string): Promise<Reply> => {
      const now = await current();
      return now ? update('/configs', now, { values }) : post('/configs/save/', { name: 'shift_hours', values, safe: true }, { session: admin });
    };
    try {
      ok(await set('{"day":"07:00-19:00","night":"19:00-07:00"}'), 'set shift_hours');
      const day = ok(await log({ duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id })).body.dt as Row;
      expect(output(day)).toEqual({ cards_finished: 2, good_quantity: 19, bad_quantity: 1 });
      const night = ok(await log({ duty_date: '2031-04-03', shift: 'night', worknode_id: shop.a.id })).body.dt as Row;
      expect(output(night)).toEqual({ cards_finished: 3, good_quantity: 21, bad_quantity: 3 });
      // A value that is not two shifts of HH:MM-HH:MM is not stored.
      for (const bad of ['{"day":"8 to 20"}', '{"day":"07:00-19:00","late":"01:00-02:00"}', '{"day":"24:00-08:00"}']) {
        expect((await set(bad)).status, bad).toBe(422);
      }
    } finally {
      if (stored) ok(await update('/configs', stored, { values: stored.values as string }), 'restore shift_hours');
      else {
        const made = await current();
        if (made) ok(await post('/configs/delete/', { id: made.id }, { session: admin }), 'drop shift_hours');
      }
    }
    // Back to the defaults.
    const day = ok(await log({ duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id })).body.dt as Row;
    expect(output(day)).toEqual({ cards_finished: 2, good_quantity: 17, bad_quantity: 3 });
  });
});

describe('duty log rules', () => {
  it('a named machine works at the log\'s work node', async () => {
    const r = await log({ duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id, device_id: shop.dB.id });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ device_id: zh('device_wrong_worknode') });
  });

  it('the operator writes them; sales does not; a cancelled log stays as it is', async () => {
    const operator = await sessionOf('operator');
    const mine = ok(await log({ duty_date: '2031-04-03', shift: 'night', worknode_id: shop.a.id }, operator)).body;
    expect(output(mine.dt as Row)).toEqual({ cards_finished: 2, good_quantity: 13, bad_quantity: 1 });
    ok(await update('/dutylogs', { id: mine.id }, { content: '夜班交接：一切正常' }, operator));
    expect((await post('/dutylogs/cancel/', { id: mine.id }, { session: operator })).status).toBe(403);
    expect((await log({ duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id }, await sessionOf('sales'))).status).toBe(403);

    ok(await post('/dutylogs/cancel/', { id: mine.id }, { session: admin }));
    const edit = await update('/dutylogs', { id: mine.id }, { content: 'x' });
    expect(edit.status).toBe(409);
    expect((await post('/dutylogs/delete/', { id: mine.id }, { session: admin })).status).toBe(404);
  });

  it('refuses malformed values with a 4xx and a message', async () => {
    for (const values of [
      { duty_date: '2031-02-30', shift: 'day', worknode_id: shop.a.id },
      { duty_date: 'yesterday', shift: 'day', worknode_id: shop.a.id },
      { duty_date: '2031-04-03', shift: 'evening', worknode_id: shop.a.id },
      { duty_date: '2031-04-03', shift: 'day' },
      { duty_date: '2031-04-03', shift: 'day', worknode_id: -1 },
      { duty_date: '2031-04-03', shift: 'day', worknode_id: 2_000_000_000 },
      { duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id, device_id: 'x' },
      { duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id, content: '' },
      { duty_date: '2031-04-03', shift: 'day', worknode_id: shop.a.id, good_quantity: 5 },
    ]) {
      const r = await log(values);
      expect(r.status, JSON.stringify(values)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(values)).toBeLessThan(500);
      expect(r.body.msg).toBeTruthy();
    }
    expect((await get('/dutylogs/list/', { filter: '[{"field":"duty_date","op":"eq","value":"2031-13-01"}]' }, { session: admin })).status)
      .toBeLessThan(500);
  });
});
