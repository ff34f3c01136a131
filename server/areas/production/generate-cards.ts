import { sql } from 'drizzle-orm';
import { MAX_CARDS_PER_GENERATION, splitQuantities, type GeneratedCard, type GenerateParams } from '../../../src/domain/contract/cards';
import { cards } from '../../../src/domain/resources/orders/cards';
import { details } from '../../../src/domain/resources/orders/details';
import { orders } from '../../../src/domain/resources/orders/orders';
import { items } from '../../../src/domain/resources/items/items';
import { workflows } from '../../../src/domain/resources/production/workflows';
import type { Step } from '../../auth/idempotency';
import { assertOwnRow } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ApiError, notFound, type Param } from '../../lib/api-error';
import { translate, type Lang } from '../../../src/domain/messages/catalog';
import { column } from '../../db/columns';
import { nextNumbers } from '../../resources/numbering';
import { recordHistoryBatch, systemUpdate } from '../../resources/write';
import { refreshLineCardSums } from './derived';
import { insertNodes } from './nodes';
import { applyPrearranges, type AppliedPlans } from '../scheduling/apply-prearranges';
import { fromUnits, rowById, statusParam, units, type RowData } from './rows';

/**
 * Cards one transaction makes. A generation of more cards commits in chunks of this many, so it never holds the
 * embedded database (one connection for every request) for more than a fraction of a second while others wait
 * (issue 29: 10,000 cards of 5 steps took ≈ 4 s in one transaction on PGlite; bench/cards). Each chunk locks and
 * re-checks its order and line, so a chunk sees what happened between chunks.
 */
export const GENERATION_CHUNK = 250;

/**
 * Makes the process cards of an order line (docs/production.md, "Cards"):
 * - only for a live line of a live order that is confirmed or producing; the first generation of a confirmed order
 *   moves it to producing;
 * - the quantity (default: what the line has not yet put on cards) never exceeds what remains, so a line's live cards
 *   never hold more than the line (the invariant the API tests check);
 * - by count (equal parts, the last takes the remainder) or by size (full cards, the last takes the remainder);
 * - numbered from `card_no_pattern` in this transaction, after the order and the line are locked: two generations
 *   of one line queue, and two of any lines never share a number (numbering.ts);
 * - each card gets the line's routing (else its item's) and one waiting node per work node of it;
 * - the line's pre-schedule (prearranges) puts the new steps on their machines' queues;
 * - in chunks of GENERATION_CHUNK cards, each its own transaction: the first checks the whole request and makes the
 *   first chunk; each next one checks again that the line is open and the chunk still fits. When a later chunk is
 *   refused (the line was cancelled or another generation took the rest in between), the cards made stay — they are
 *   valid cards of the line — and the refusal says how many were made (409 `cards_generated_partly`).
 */
export async function generateCards(step: Step, auth: Auth, p: GenerateParams, settle?: Settle): Promise<Generated> {
  let parts: number[] = [];
  let made: Generated = { cards: [], plans: { queued: 0, skipped: [] } };
  for (let at = 0; at === 0 || at < parts.length; at += GENERATION_CHUNK) {
    try {
      made = await step(async tx => {
        const { order, line } = await openLine(tx, auth, p.detail_id);
        if (at === 0) parts = partsOf(line, p);
        const chunk = parts.slice(at, at + GENERATION_CHUNK);
        const left = units(line.quantity) - units(line.card_quantity);
        if (chunk.reduce((sum, q) => sum + units(q), 0) > left) throw new ApiError(409, 'beyond_line', { left: fromUnits(Math.max(left, 0)) });
        const next = joined(made, await makeCards(tx, auth, order, line, chunk));
        // The last chunk settles the whole request in its own transaction (the idempotent reply is kept with it).
        if (at + GENERATION_CHUNK >= parts.length) await settle?.(tx, next);
        return next;
      });
    } catch (e) {
      if (at === 0 || !(e instanceof ApiError)) throw e;
      throw new ApiError(409, 'cards_generated_partly', {
        made: made.cards.length, total: parts.length,
        reason: lang => translate(lang, e.key, paramsIn(lang, e.params)),
      }, {}, { made: made.cards.length, total: parts.length });
    }
  }
  return made;
}

/** The cards made so far and the plans they joined. */
export interface Generated { cards: GeneratedCard[]; plans: AppliedPlans }

/** Runs in the transaction of the last chunk with everything made (idempotency.ts keeps the reply there). */
export type Settle = (tx: Db, made: Generated) => Promise<void>;

function joined(a: Generated, b: Generated): Generated {
  return {
    cards: [...a.cards, ...b.cards],
    plans: { queued: a.plans.queued + b.plans.queued, skipped: [...new Set([...a.plans.skipped, ...b.plans.skipped])] },
  };
}

/** The order and the line, locked (order first, then line: the same order of locks as a save of the order with its lines), checked open. */
async function openLine(tx: Db, auth: Auth, detailId: number): Promise<{ order: RowData; line: RowData }> {
  const peek = await rowById(tx, details, detailId);
  if (!peek) throw notFound();
  const order = await rowById(tx, orders, peek.order_id as number, true);
  const line = await rowById(tx, details, detailId, true);
  if (!order || !line) throw notFound();
  await assertOwnRow(tx, auth, orders, order);
  if (line.canceled) throw new ApiError(409, 'line_canceled');
  if (order.canceled) throw new ApiError(409, 'order_canceled');
  if (order.status !== 'confirmed' && order.status !== 'producing') {
    throw new ApiError(409, 'order_not_open', { status: statusParam(orders, order.status) });
  }
  return { order, line };
}

/** The cards' quantities the request asks for, checked against what the line has not yet put on cards. */
function partsOf(line: RowData, p: GenerateParams): number[] {
  const left = units(line.quantity) - units(line.card_quantity);
  if (left <= 0) throw new ApiError(409, 'nothing_left');
  const quantity = p.quantity ?? fromUnits(left);
  if (units(quantity) > left) throw new ApiError(409, 'beyond_line', { left: fromUnits(left) });
  if (p.size !== undefined && Math.ceil(units(quantity) / units(p.size)) > MAX_CARDS_PER_GENERATION) {
    throw new ApiError(422, 'too_many_cards');
  }
  return splitQuantities(quantity, p.count !== undefined ? { count: p.count } : { size: p.size! });
}

/** Message parameters in a language (a parameter may depend on it, such as a status label). */
function paramsIn(lang: Lang, params: Record<string, Param>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'function' ? v(lang) : v]));
}

/** Makes cards of these quantities on the locked, open line: numbers, rows, history, nodes, the line's sums, the order's status, the pre-schedule. */
async function makeCards(tx: Db, auth: Auth, order: RowData, line: RowData, parts: readonly number[]): Promise<Generated> {
  const item = await rowById(tx, items, line.item_id as number);
  const workflowId = (line.workflow_id ?? item?.workflow_id ?? null) as number | null;
  if (workflowId === null) throw new ApiError(422, 'no_workflow');
  const flow = await rowById(tx, workflows, workflowId);
  const nodes = (flow?.worknode_ids as number[] | null) ?? [];
  if (nodes.length === 0) throw new ApiError(422, 'empty_workflow', { name: String(flow?.name ?? '') });

  const [last] = await rows<{ n: number | null }>(tx, sql`select max(seq) as n from cards where detail_id = ${line.id as number}`);
  const seq0 = Number(last?.n ?? 0);
  const numbers = await nextNumbers(tx, 'card_no_pattern', parts.length);
  // One statement makes the cards: the database pairs the numbers with the quantities (two arrays), the rest is the
  // line's. Through drizzle's insert builder every column of every row was a piece of SQL built in JavaScript (all of
  // the table's columns, `default` for the omitted ones), which cost more than the database's own work (bench/cards).
  // The rows are then read back through drizzle, so history and the reply see them exactly as a `returning()` gave.
  const by = auth.accountId;
  const ids = await rows<{ id: number }>(tx, sql`
    insert into cards (show_id, order_show_id, order_id, detail_id, item_id, workflow_id, seq, quantity, unit, status,
      worknode_id, finished_quantity, bad_quantity, printed, created_by, updated_by)
    select n.show_id, ${order.show_id as string | null}::text, ${order.id as number}::int, ${line.id as number}::int,
      ${line.item_id as number}::int, ${workflowId}::int, ${seq0}::int + n.ord::int, n.quantity, ${line.unit as string | null}::text,
      'waiting', ${nodes[0]!}::int, 0, 0, 0, ${by}::int, ${by}::int
    from unnest(${sql.param(numbers)}::text[], ${sql.param(parts)}::numeric[]) with ordinality as n(show_id, quantity, ord)
    order by n.ord
    returning id`);
  const t = tableOf(cards);
  const made = await tx.select().from(t)
    .where(sql`${column(t, 'id')} = any(${sql.param(ids.map(r => Number(r.id)))}::int[])`).orderBy(column(t, 'seq'));
  await recordHistoryBatch(tx, cards, 'create', made.map(after => ({ before: null, after })), auth);
  await insertNodes(tx, made.map(c => ({ id: c.id as number, show_id: c.show_id as string })), nodes, auth.accountId);
  await refreshLineCardSums(tx, [line.id as number]);
  if (order.status === 'confirmed') await systemUpdate(tx, orders, order, { status: 'producing' }, auth);
  const dt = made.map(c => ({ id: c.id as number, show_id: c.show_id as string, seq: c.seq as number, quantity: Number(c.quantity) }));
  // The line's pre-schedule puts the new cards' steps on their machines (docs/scheduling.md).
  return { cards: dt, plans: await applyPrearranges(tx, line.id as number, dt) };
}
