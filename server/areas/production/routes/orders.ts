import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SaveWithLinesParams, SaveWithLinesReply, TransitionReply } from '../../../../src/domain/contract/orders';
import { orderDetailsCount, saveOrderWithLines, transitionOrder } from '../../../../src/domain/contract/endpoints/orders';
import { translate } from '../../../../src/domain/messages/catalog';
import { details } from '../../../../src/domain/resources/orders/details';
import { orders } from '../../../../src/domain/resources/orders/orders';
import { ORDER_STATUSES, transitionOf, type OrderStatus } from '../../../../src/domain/rules/order-status';
import { idempotent } from '../../../auth/idempotency';
import { assertAction, assertCreate, assertUpdate } from '../../../auth/permissions';
import { redactorFor } from '../../../auth/redact';
import { assertOwnRow, ownerCondition, withOwner } from '../../../auth/row-scope';
import type { Auth } from '../../../auth/sessions';
import { rows, type Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError, badRequest, notFound } from '../../../lib/api-error';
import { optionalId } from '../../../lib/params';
import { route } from '../../../http/endpoint-route';
import { authOf } from '../../../http/auth';
import { column, replyRows, selectRows } from '../../../db/columns';
import { detailRow } from '../../../resources/list';
import { accountsOfPerson, sendMessage } from '../../../resources/messages';
import { rowById, statusParam, type RowData } from '../rows';
import { staleVersion, systemUpdate } from '../../../resources/write';
import { cancelMany, createMany, updateMany } from '../../../resources/write-many';
import { overQuantityWarning } from '../../sales/contract-rules';
import { refreshContractSums } from '../../sales/contract-sums';

const idOf = optionalId;

/** A line's refusal, its field errors keyed `lines.<index>.<field>` so the screen marks the right cell. */
function asLineError(e: unknown, index: number): unknown {
  if (!(e instanceof ApiError) || Object.keys(e.fieldErrors).length === 0) return e;
  const prefixed = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [`lines.${index}.${k}`, v]));
  return new ApiError(e.status, e.key, e.params, prefixed, e.extra);
}

/** The order and state of the lines named, by id (a line not found is absent). */
async function lineOrders(tx: Db, ids: readonly number[]): Promise<Map<number, { order_id: number; canceled: boolean }>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; order_id: number; canceled: boolean }>(tx, sql`
    select id, order_id, canceled from details where id = any(${sql.param([...new Set(ids)])}::int[])`);
  return new Map(found.map(r => [Number(r.id), { order_id: Number(r.order_id), canceled: r.canceled }]));
}

/** The order's live lines, in line order, as replies carry rows. */
async function linesOf(db: Db, orderId: number): Promise<RowData[]> {
  const t = tableOf(details);
  return replyRows(db, selectRows(db, details)
    .where(and(eq(column(t, 'order_id'), orderId), eq(column(t, 'canceled'), false)))
    .orderBy(asc(column(t, 'line_no')), asc(column(t, 'id'))));
}

/**
 * The order and its lines written as one document (docs/production.md): header, new and changed lines, and removed
 * lines (cancelled), in one transaction — all or nothing. Unchanged rows are not rewritten. Each row goes through the
 * generic write path, so the rules of orders and lines (resources/behaviours), history and change numbers hold.
 */
async function saveWithLines(tx: Db, auth: Auth, p: SaveWithLinesParams): Promise<number> {
  const { id: rawId, version: rawVersion, ...header } = p.item;
  const id = idOf(rawId);
  let orderId: number;
  if (id === undefined) {
    assertCreate(auth, orders);
    orderId = (await createMany(tx, orders, [withOwner(auth, orders, header)], auth))[0]!.id as number;
  } else {
    const version = idOf(rawVersion);
    if (version === undefined) throw badRequest();
    // The caller's order at the version it saw (404, 409 otherwise); only the fields that change are written.
    await updateMany(tx, orders, [{ id, version, values: header }], auth, {
      onlyChanged: true, check: (_before, changes) => assertUpdate(auth, orders, Object.keys(changes)),
    });
    orderId = id;
  }

  // The lines in three sets, each written set-based (write-many.ts): a 500-line order is a few statements, not
  // thousands, so it holds the embedded database a fraction of a second (issue 29, bench/orders).
  const creates: { index: number; values: RowData }[] = [];
  const updates: { index: number; id: number; version: number; values: RowData }[] = [];
  for (const [i, raw] of (p.lines ?? []).entries()) {
    const { id: lineRawId, version: lineRawVersion, order_id: _ignored, ...values } = raw;
    const lineId = idOf(lineRawId);
    if (lineId === undefined) {
      creates.push({ index: i, values: { ...values, order_id: orderId } });
      continue;
    }
    const lineVersion = idOf(lineRawVersion);
    if (lineVersion === undefined) throw asLineError(new ApiError(422, 'invalid_input', {}, { version: { key: 'required' } }), i);
    updates.push({ index: i, id: lineId, version: lineVersion, values });
  }
  const removed = p.removed ?? [];
  const stored = await lineOrders(tx, [...updates.map(u => u.id), ...removed.map(r => r.id)]);
  for (const u of updates) {
    if (stored.get(u.id)?.order_id !== orderId) {
      throw asLineError(new ApiError(422, 'invalid_input', {}, { id: { key: 'line_other_order' } }), u.index);
    }
  }
  if (removed.some(r => stored.get(r.id)?.order_id !== orderId)) throw new ApiError(422, 'line_other_order');

  await updateMany(tx, details, updates, auth, {
    onlyChanged: true, check: (_before, changes) => assertUpdate(auth, details, Object.keys(changes)),
  }, (k, e) => asLineError(e, updates[k]!.index));
  if (creates.length > 0) assertCreate(auth, details);
  await createMany(tx, details, creates.map(c => c.values), auth, (k, e) => asLineError(e, creates[k]!.index));
  if (removed.length > 0) assertAction(auth, details, 'delete');
  // A line already cancelled stays as it is (the screen may send it again after a retry).
  await cancelMany(tx, details, removed.filter(r => !stored.get(r.id)!.canceled), auth);
  return orderId;
}

/**
 * The special calls of orders (docs/production.md, contract src/domain/contract/orders.ts). Each states its access on
 * the route; the finer checks (create or edit, the transition's action) are made where the request says which.
 */
export default async function ordersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, saveOrderWithLines, async (p, req) => {
    const auth = authOf(req);
    const reply = async (tx: Db): Promise<SaveWithLinesReply> => tx.transaction(async t => {
      const id = await saveWithLines(t, auth, p);
      const order = (await detailRow(t, orders, id))!;
      const redactOrder = await redactorFor(t, auth, orders);
      const redactLine = await redactorFor(t, auth, details);
      // Beyond what the contract's lines have left: a warning, never a refusal (decision 263).
      const warning = order.contract_id == null ? undefined : await overQuantityWarning(t, id, req.lang);
      return {
        msg: 'OK', id, version: order.version as number, dt: redactOrder(order) as SaveWithLinesReply['dt'],
        lines: (await linesOf(t, id)).map(redactLine) as SaveWithLinesReply['lines'], ...(warning ? { msg1: warning } : {}),
      };
    });
    // A repeated create (double click, a retry after a lost reply) answers the first reply and writes nothing.
    if (idOf(p.item.id) === undefined) {
      return idempotent(db, req, auth, saveOrderWithLines.path, p, async tx => ({ ...await reply(tx) }));
    }
    return reply(db);
  });

  route(app, transitionOrder, async ({ id, version, to }, req) => {
    const auth = authOf(req);
    return db.transaction(async tx => {
      const before = await rowById(tx, orders, id, true);
      if (!before) throw notFound();
      await assertOwnRow(tx, auth, orders, before);
      if (before.version !== version) throw await staleVersion(tx, before);
      if (before.canceled) throw new ApiError(409, 'order_canceled');
      const from = before.status as OrderStatus;
      const move = transitionOf(from, to);
      if (!move) throw new ApiError(409, 'bad_transition', { from: statusParam(orders, from), to: statusParam(orders, to) });
      assertAction(auth, orders, move.action);
      await assertTransitionAllowed(tx, id, from, to);
      await systemUpdate(tx, orders, before, { status: to }, auth);
      // What the contract's lines have ordered counts confirmed orders and beyond (decision 261).
      await refreshContractSums(tx, [before.contract_id as number | null]);
      // The salesperson hears that their order was confirmed or finished (unless they moved it themselves).
      if (to === 'confirmed' || to === 'finished') {
        const salers = (await accountsOfPerson(tx, before.saler_id as number | null)).filter(a => a !== auth.accountId);
        const kind = to === 'confirmed' ? 'order_confirmed' : 'order_finished';
        const said = { order: String(before.show_id), name: auth.name };
        await sendMessage(tx, salers, lang => ({
          kind, title: translate(lang, `message_${kind}_title`, said), body: translate(lang, `message_${kind}_body`, said),
          link: `/orders/edit/${id}`,
        }), auth.accountId);
      }
      const row = (await detailRow(tx, orders, id))!;
      const warning = to === 'confirmed' && before.contract_id != null ? await overQuantityWarning(tx, id, req.lang) : undefined;
      return {
        msg: 'OK', id, version: row.version as number, dt: (await redactorFor(tx, auth, orders))(row) as TransitionReply['dt'],
        ...(warning ? { msg1: warning } : {}),
      };
    });
  });

  route(app, orderDetailsCount, async (_p, req) => {
    const auth = authOf(req);
    const scope = ownerCondition(auth, orders);
    const found = await rows<{ status: OrderStatus; lines: number | string; quantity: number | string }>(db, sql`
      select orders.status, count(d.id) as lines, coalesce(sum(d.quantity), 0)::float8 as quantity
      from orders join details d on d.order_id = orders.id and not d.canceled
      where not orders.canceled ${scope ? sql`and ${scope}` : sql``}
      group by orders.status`);
    const dt = ORDER_STATUSES.map(status => {
      const r = found.find(f => f.status === status);
      return { status, lines: Number(r?.lines ?? 0), quantity: Number(r?.quantity ?? 0) };
    });
    const count = (ss: readonly OrderStatus[]) => dt.filter(d => ss.includes(d.status)).reduce((s, d) => s + d.lines, 0);
    return { msg: 'OK', dt, total: count(['draft', 'confirmed', 'producing']), pretotal: count(['draft', 'confirmed']) };
  });
}

/** What a move needs beyond its action (docs/production.md, "Order life"). */
async function assertTransitionAllowed(tx: Db, id: number, from: OrderStatus, to: OrderStatus): Promise<void> {
  const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number | string }>(tx, q))[0]?.n ?? 0);
  if (from === 'draft' && to === 'confirmed') {
    if (await count(sql`select count(*) as n from details where order_id = ${id} and not canceled`) === 0) {
      throw new ApiError(409, 'order_no_lines');
    }
  }
  if (from === 'confirmed' && to === 'draft') {
    if (await count(sql`select count(*) as n from cards where order_id = ${id} and not canceled`) > 0) {
      throw new ApiError(409, 'order_has_cards');
    }
  }
  if (to === 'finished' && from === 'producing') {
    const open = await count(sql`select count(*) as n from cards where order_id = ${id} and not canceled and status <> 'done'`);
    if (open > 0) throw new ApiError(409, 'order_cards_not_done', { count: open });
  }
}
