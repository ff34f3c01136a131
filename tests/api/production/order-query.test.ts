import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { baseUrl, get, post, sessionOf, type Reply } from '../client';
import { makeOrder, ok, type MadeOrder } from './fixtures';

/**
 * The public order query (docs/production.md "Public order query", issue 11 point 3): `GET /orders/query/?show_id=&code=`
 * without a login shows the asked order's progress with the right check code and nothing else; a wrong code, an
 * unknown order and a cancelled one get the same 404; failures are limited per client address.
 *
 * Every call here comes from its own `X-Forwarded-For` address (the test server trusts the proxy), so the failures
 * counted here never lock out another test, nor one test another.
 */

let nextAddr = 1;
const freshAddr = () => ({ 'x-forwarded-for': `10.21.${Math.floor(nextAddr / 250)}.${(nextAddr++ % 250) + 1}` });
const query = (show_id: string, code: string, headers: Record<string, string> = freshAddr(), lang?: string) =>
  get('/orders/query/', { show_id, code }, { headers, lang });

let order: MadeOrder;
/** Work node ids of the demo workflow the order's lines use, in its order, and their names. */
let flowNodes: { id: number; name: string }[];

/** Sets one node of a card (by its place in the workflow) to a status, as a supervisor correcting it would. */
async function setNode(cardId: number, index: number, values: Record<string, unknown>): Promise<void> {
  const session = await sessionOf('admin');
  const nodes = ok(await get('/orders/cardnodes/list/', {
    page: 1, limit: 100, sort: 'seq', filter: [{ field: 'card_id', op: 'eq', value: cardId }],
  }, { session }), 'nodes').body.dt as { id: number; version: number; worknode_id: number }[];
  const node = nodes.find(n => n.worknode_id === flowNodes[index]!.id)!;
  ok(await post('/orders/cardnodes/save/', { id: node.id, version: node.version, ...values }, { session }), 'save node');
}

beforeAll(async () => {
  // Line 1: three cards of 30, at various nodes; line 2: no cards yet.
  order = await makeOrder([3, 0], 90);
  const session = await sessionOf('admin');
  const flow = ok(await get('/workflows/workflows/detail/', { id: order.lines[0]!.workflow_id }, { session })).body.dt as
    { worknode_ids: number[]; worknode_ids_names: string[] };
  flowNodes = flow.worknode_ids.map((id, i) => ({ id, name: flow.worknode_ids_names[i]! }));
  expect(flowNodes.length).toBeGreaterThanOrEqual(2);
  const [a, b] = order.cards[0]!;
  // Card a has passed every node (the last one made 30 good); card b runs at the first node; card c waits.
  for (let i = 0; i < flowNodes.length; i++) {
    await setNode(a!.id, i, { status: 'done', good_quantity: 30 });
  }
  await setNode(b!.id, 0, { status: 'running' });
});

describe('the right order number and check code', () => {
  it('show each live line\'s progress per work node, and nothing else, without a login', async () => {
    const r = await query(order.show_id, order.check_code);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['dt', 'msg']);
    const dt = r.body.dt as Record<string, unknown>;
    expect(Object.keys(dt).sort()).toEqual(['due_date', 'lines', 'order_date', 'show_id', 'status']);
    expect(dt.show_id).toBe(order.show_id);
    expect(dt.status).toBe('producing');
    const lines = dt.lines as Record<string, unknown>[];
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      expect(Object.keys(l).sort()).toEqual(['delivered_quantity', 'finished_quantity', 'item_name', 'line_no', 'nodes', 'quantity', 'unit']);
      for (const n of l.nodes as Record<string, unknown>[]) {
        expect(Object.keys(n).sort()).toEqual(['done', 'name', 'running', 'waiting', 'worknode_id']);
      }
    }
    expect(lines.map(l => l.line_no)).toEqual([1, 2]);
    const [first, second] = lines;
    expect(first!.quantity).toBe(90);
    expect(first!.finished_quantity).toBe(30);
    expect(typeof first!.item_name).toBe('string');
    expect((first!.item_name as string).length).toBeGreaterThan(0);
    // Every node of the workflow, in its order: card a done everywhere, card b running at the first, card c waiting.
    expect(first!.nodes).toEqual(flowNodes.map((n, i) => ({
      worknode_id: n.id, name: n.name, waiting: i === 0 ? 1 : 2, running: i === 0 ? 1 : 0, done: 1,
    })));
    expect(second).toMatchObject({ quantity: 90, finished_quantity: 0, delivered_quantity: 0, nodes: [] });
  });

  it('never carry the customer, the salesperson, prices, amounts or the code', async () => {
    const session = await sessionOf('admin');
    const full = ok(await get('/orders/orders/detail/', { id: order.id }, { session })).body.dt as Record<string, unknown>;
    const text = JSON.stringify((await query(order.show_id, order.check_code)).body);
    for (const secret of [full.customer_id_name, full.saler_id_name, order.check_code, full.contract_no, full.remark]) {
      if (typeof secret === 'string' && secret !== '') expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/price|amount|customer|saler|remark|check_code|"id"/);
  });

  it('match the code whatever its case and surrounding blanks, and the number typed in small letters', async () => {
    expect((await query(order.show_id, `  ${order.check_code.toLowerCase()} `)).status).toBe(200);
    expect((await query(order.show_id.toLowerCase(), order.check_code)).status).toBe(200);
  });
});

describe('a wrong code, an unknown order and a cancelled one', () => {
  it('answer the same 404, saying nothing of which was wrong', async () => {
    const wrong = await query(order.show_id, `${order.check_code}X`);
    const unknown = await query(`${order.show_id}-NONE`, order.check_code);
    expect(wrong.status).toBe(404);
    expect(wrong).toEqual(unknown);
    expect(wrong.body).toEqual({ msg: translate('zh', 'order_query_not_found') });
    // In every language the same for both.
    const en = await query(order.show_id, 'NOPE', freshAddr(), 'en');
    expect(en.body).toEqual({ msg: translate('en', 'order_query_not_found') });

    // A cancelled order no longer answers, with its right code.
    const session = await sessionOf('admin');
    const draft = await makeOrder([0]);
    expect((await query(draft.show_id, draft.check_code)).status).toBe(200);
    const d = ok(await get('/orders/orders/detail/', { id: draft.id }, { session })).body.dt as { version: number };
    ok(await post('/orders/orders/cancel/', { id: draft.id, version: d.version }, { session }), 'cancel');
    expect(await query(draft.show_id, draft.check_code)).toEqual(wrong);
  });

  it('refuse bad input with 400, never 500', async () => {
    for (const params of [{}, { show_id: order.show_id }, { code: order.check_code }, { show_id: ' ', code: 'x' },
      { show_id: order.show_id, code: 'x'.repeat(13) }, { show_id: 'S'.repeat(41), code: 'x' }]) {
      const r = await get('/orders/query/', params, { headers: freshAddr() });
      expect(r.status, JSON.stringify(params)).toBe(400);
    }
  });
});

describe('failures from one address', () => {
  it('are refused after 10 in 15 minutes (429 with the minutes to wait and Retry-After), right code or not', async () => {
    const addr = freshAddr();
    for (let i = 0; i < 10; i++) {
      expect((await query(order.show_id, `BAD${i}`, addr)).status, `failure ${i + 1}`).toBe(404);
    }
    const res = await fetch(`${baseUrl()}/orders/query/?${new URLSearchParams({ show_id: order.show_id, code: order.check_code })}`,
      { headers: addr });
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get('retry-after'));
    const body = await res.json() as { msg: string; retry_after: number };
    expect(retry).toBeGreaterThanOrEqual(60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(body.retry_after).toBe(retry);
    expect(body.msg).toBe(translate('zh', 'order_query_limited', { minutes: retry / 60 }));
    const en: Reply = await query(order.show_id, 'BAD', addr, 'en');
    expect(en.status).toBe(429);
    expect(en.body.msg).toBe(translate('en', 'order_query_limited', { minutes: retry / 60 }));
    // Another address is not affected.
    expect((await query(order.show_id, order.check_code)).status).toBe(200);
  });

  it('are counted, while successes are not and do not clear them', async () => {
    const addr = freshAddr();
    for (let i = 0; i < 9; i++) expect((await query(order.show_id, `BAD${i}`, addr)).status).toBe(404);
    // Right answers in between neither count nor give the guesser a fresh allowance.
    for (let i = 0; i < 3; i++) expect((await query(order.show_id, order.check_code, addr)).status).toBe(200);
    expect((await query(order.show_id, 'BAD9', addr)).status).toBe(404);
    expect((await query(order.show_id, order.check_code, addr)).status).toBe(429);
  });

  it('at once in parallel: at most 10 are checked', async () => {
    const addr = freshAddr();
    const replies = await Promise.all(Array.from({ length: 16 }, (_, i) => query(order.show_id, `PAR${i}`, addr)));
    const statuses = replies.map(r => r.status);
    expect(statuses.filter(s => s === 404).length).toBeLessThanOrEqual(10);
    expect(statuses.every(s => s === 404 || s === 429)).toBe(true);
    expect((await query(order.show_id, order.check_code, addr)).status).toBe(429);
  });
});
