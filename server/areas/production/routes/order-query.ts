import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { type OrderQueryLine, type OrderQueryNode } from '../../../../src/domain/contract/order-query';
import type { OrderStatus } from '../../../../src/domain/rules/order-status';
import { attemptFailed, attemptSucceeded, claimAttempt, type FailureLimit } from '../../../auth/failure-limit';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import * as ordersApi from '../../../../src/domain/contract/endpoints/orders';
import { route } from '../../../http/endpoint-route';

/**
 * Failed lookups one client address may make: 10 in 15 minutes, then 429 until the oldest leaves the window. A check
 * code is drawn by the server (orders behaviour), so 10 guesses per quarter hour from one address find nothing; an
 * honest customer mistyping a few times is not locked out.
 */
export const ORDER_QUERY_LIMIT: FailureLimit = { prefix: 'oq', max: 10, windowMin: 15, message: 'order_query_limited' };

/** A check code as compared: without surrounding blanks, in capitals (customers type it as they read it). */
const normCode = (s: string) => s.trim().toUpperCase();
const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Whether `given` is the order's check code, in time that does not depend on where they differ (both are hashed to
 * one length, then compared in constant time). An order without a code matches nothing; an unknown order is compared
 * with a stand-in, so it costs what a wrong code costs.
 */
export function sameCheckCode(given: string, stored: string | null | undefined): boolean {
  const have = typeof stored === 'string' && normCode(stored) !== '';
  const equal = timingSafeEqual(digest(normCode(given)), digest(have ? normCode(stored) : '\u0000no code'));
  return have && equal;
}

interface OrderRow { id: number; show_id: string; status: OrderStatus | null; check_code: string | null;
  order_date: string | null; due_date: string | null }
interface LineRow { id: number; line_no: number | null; item_name: string | null; unit: string | null;
  quantity: number | string | null; finished_quantity: number | string | null;
  delivered_quantity: number | string | null }
interface NodeRow { detail_id: number; worknode_id: number; name: string | null; waiting: number; running: number; done: number }

/**
 * `GET /orders/query/?show_id=&code=` (docs/production.md "Public order query", contract
 * src/domain/contract/order-query.ts), no login: a customer with the order number and the check code printed on their
 * documents sees each live line's progress — item name, unit, quantity, finished quantity, and per work node of its
 * live cards how many wait, run and are done — and nothing else: no customer, salesperson, price, amount, remark or
 * id of another row (the work node's id only, to key the node). A wrong code, an unknown order and a cancelled one
 * answer the same 404, after the same work; failures are limited per client address (ORDER_QUERY_LIMIT).
 *
 * The order number matches as typed or in capitals (the unique index serves both). A skipped node counts as done: the
 * card has passed it, so each node's counts add up to the line's cards. Nodes come in the workflow's order (the
 * lowest `seq` the cards give them).
 */
export default async function orderQueryRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, ordersApi.queryOrder, async (p, req, reply) => {
      const claim = await claimAttempt(db, ORDER_QUERY_LIMIT, req.ip);
      const [order] = await rows<OrderRow>(db, sql`
        select id, show_id, status, check_code,
          to_char(order_date, 'YYYY-MM-DD') as order_date, to_char(due_date, 'YYYY-MM-DD') as due_date
        from orders
        where (show_id = ${p.show_id} or show_id = ${p.show_id.toUpperCase()}) and not canceled
        order by (show_id = ${p.show_id}) desc
        limit 1`);
      const ok = sameCheckCode(p.code, order?.check_code);
      if (!order || !ok) {
        await attemptFailed(db, ORDER_QUERY_LIMIT, claim);
        throw new ApiError(404, 'order_query_not_found');
      }
      await attemptSucceeded(db, claim);

      const lines = await rows<LineRow>(db, sql`
        select d.id, d.line_no, i.name as item_name, coalesce(d.unit, i.unit) as unit,
          d.quantity::float8 as quantity, coalesce(d.finished_quantity, 0)::float8 as finished_quantity,
          coalesce(d.delivered_quantity, 0)::float8 as delivered_quantity
        from details d left join items i on i.id = d.item_id
        where d.order_id = ${order.id} and not d.canceled
        order by d.line_no nulls last, d.id`);
      const nodes = await rows<NodeRow>(db, sql`
        select c.detail_id, n.worknode_id, w.name,
          (count(*) filter (where n.status = 'waiting'))::int as waiting,
          (count(*) filter (where n.status = 'running'))::int as running,
          (count(*) filter (where n.status in ('done', 'skipped')))::int as done
        from cards c
          join cardnodes n on n.card_id = c.id and not n.canceled
          join worknodes w on w.id = n.worknode_id
        where c.detail_id in (select id from details where order_id = ${order.id} and not canceled) and not c.canceled
        group by c.detail_id, n.worknode_id, w.name
        order by c.detail_id, min(n.seq), n.worknode_id`);
      const byLine = new Map<number, OrderQueryNode[]>();
      for (const n of nodes) {
        let list = byLine.get(Number(n.detail_id));
        if (!list) byLine.set(Number(n.detail_id), (list = []));
        list.push({ worknode_id: Number(n.worknode_id), name: n.name ?? '', waiting: Number(n.waiting),
          running: Number(n.running), done: Number(n.done) });
      }
      const out: OrderQueryLine[] = lines.map((l, i) => ({
        line_no: l.line_no ?? i + 1,
        item_name: l.item_name ?? '',
        unit: l.unit,
        quantity: Number(l.quantity ?? 0),
        finished_quantity: Number(l.finished_quantity ?? 0),
        delivered_quantity: Number(l.delivered_quantity ?? 0),
        nodes: byLine.get(Number(l.id)) ?? [],
      }));
      // Progress by a code: not for shared caches, and not kept by the browser past the page.
      reply.header('cache-control', 'no-store');
      return {
        msg: 'OK',
        dt: { show_id: order.show_id, order_date: order.order_date, due_date: order.due_date,
          status: order.status ?? 'draft', lines: out },
      };
    });
}
