import { sql } from 'drizzle-orm';
import { MAX_CARDS_PER_GENERATION, splitQuantities, type GeneratedCard, type GenerateParams } from '../../../src/domain/contract/cards';
import { cards } from '../../../src/domain/resources/orders/cards';
import { details } from '../../../src/domain/resources/orders/details';
import { orders } from '../../../src/domain/resources/orders/orders';
import { items } from '../../../src/domain/resources/items/items';
import { workflows } from '../../../src/domain/resources/production/workflows';
import { assertOwnRow } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ApiError, notFound } from '../../lib/api-error';
import { nextNumbers } from '../numbering';
import { recordHistoryBatch, systemUpdate } from '../write';
import { refreshLineCardSums } from './derived';
import { insertNodes } from './nodes';
import { fromUnits, rowById, statusParam, units } from './rows';

const BATCH = 500;

/**
 * Makes the process cards of an order line (docs/production.md, "Cards"):
 * - only for a live line of a live order that is confirmed or producing; the first generation of a confirmed order
 *   moves it to producing;
 * - the quantity (default: what the line has not yet put on cards) never exceeds what remains, so a line's live cards
 *   never hold more than the line (the invariant the API tests check);
 * - by count (equal parts, the last takes the remainder) or by size (full cards, the last takes the remainder);
 * - numbered from `card_no_pattern` in this transaction, after the order and the line are locked: two generations
 *   of one line queue, and two of any lines never share a number (numbering.ts);
 * - each card gets the line's routing (else its item's) and one waiting node per work node of it.
 */
export async function generateCards(tx: Db, auth: Auth, p: GenerateParams): Promise<GeneratedCard[]> {
  const peek = await rowById(tx, details, p.detail_id);
  if (!peek) throw notFound();
  // Order first, then line: the same order of locks as a save of the order with its lines.
  const order = await rowById(tx, orders, peek.order_id as number, true);
  const line = await rowById(tx, details, p.detail_id, true);
  if (!order || !line) throw notFound();
  assertOwnRow(auth, orders, order);
  if (line.canceled) throw new ApiError(409, 'line_canceled');
  if (order.canceled) throw new ApiError(409, 'order_canceled');
  if (order.status !== 'confirmed' && order.status !== 'producing') {
    throw new ApiError(409, 'order_not_open', { status: statusParam(orders, order.status) });
  }
  const left = units(line.quantity) - units(line.card_quantity);
  if (left <= 0) throw new ApiError(409, 'nothing_left');
  const quantity = p.quantity ?? fromUnits(left);
  if (units(quantity) > left) throw new ApiError(409, 'beyond_line', { left: fromUnits(left) });
  if (p.size !== undefined && Math.ceil(units(quantity) / units(p.size)) > MAX_CARDS_PER_GENERATION) {
    throw new ApiError(422, 'too_many_cards');
  }
  const parts = splitQuantities(quantity, p.count !== undefined ? { count: p.count } : { size: p.size! });

  const item = await rowById(tx, items, line.item_id as number);
  const workflowId = (line.workflow_id ?? item?.workflow_id ?? null) as number | null;
  if (workflowId === null) throw new ApiError(422, 'no_workflow');
  const flow = await rowById(tx, workflows, workflowId);
  const nodes = (flow?.worknode_ids as number[] | null) ?? [];
  if (nodes.length === 0) throw new ApiError(422, 'empty_workflow', { name: String(flow?.name ?? '') });

  const [last] = await rows<{ n: number | null }>(tx, sql`select max(seq) as n from cards where detail_id = ${line.id as number}`);
  const seq0 = Number(last?.n ?? 0);
  const numbers = await nextNumbers(tx, 'card_no_pattern', parts.length);
  const values = parts.map((q, i) => ({
    show_id: numbers[i], order_show_id: order.show_id, order_id: order.id, detail_id: line.id, item_id: line.item_id,
    workflow_id: workflowId, seq: seq0 + i + 1, quantity: q, unit: line.unit, status: 'waiting', worknode_id: nodes[0],
    finished_quantity: 0, bad_quantity: 0, printed: 0, created_by: auth.accountId, updated_by: auth.accountId,
  }));
  const made: Record<string, unknown>[] = [];
  const t = tableOf(cards);
  for (let i = 0; i < values.length; i += BATCH) made.push(...await tx.insert(t).values(values.slice(i, i + BATCH)).returning());
  await recordHistoryBatch(tx, cards, 'create', made.map(after => ({ before: null, after })), auth);
  await insertNodes(tx, made.map(c => ({ id: c.id as number, show_id: c.show_id as string })), nodes, auth.accountId);
  await refreshLineCardSums(tx, [line.id as number]);
  if (order.status === 'confirmed') await systemUpdate(tx, orders, order, { status: 'producing' }, auth);
  return made.map(c => ({ id: c.id as number, show_id: c.show_id as string, seq: c.seq as number, quantity: Number(c.quantity) }));
}
