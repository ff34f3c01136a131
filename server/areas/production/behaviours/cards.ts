import { sql } from 'drizzle-orm';
import { CARD_NODE_STATUSES } from '../../../../src/domain/rules/card-status';
import { details } from '../../../../src/domain/resources/orders/details';
import { workflows } from '../../../../src/domain/resources/production/workflows';
import { rows } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError } from '../../../lib/api-error';
import { str } from '../../../lib/params';
import { column } from '../../../db/columns';
import { escapeLike } from '../../../resources/list';
import { cancelNodesOf } from '../cancel-cards';
import { refreshCards, refreshLineCardSums } from '../derived';
import { insertNodes } from '../nodes';
import { fromUnits, rowById, units } from '../rows';
import { cardsAnywhere } from '../anywhere';
import type { Behaviour } from '../../../resources/behaviour-types';

const truthy = (v: string | undefined) => v === '1' || v === 'true';

/**
 * The server rules of `cards`, the process cards (src/domain/resources/orders/cards.ts, docs/production.md):
 * - cards are made by the generation from a line (`POST /orders/cards/generate/`) and by a split, never by a save;
 * - a card's routing and quantity change only while it waits (no node started); a new routing replaces its nodes;
 *   its line's cards never hold more than the line;
 * - cancelling a card cancels its nodes, and is refused once it has started;
 * - its line's `card_quantity` and `finished_quantity` follow.
 * - List parameters (spec §7): `anywhere` (the queries menu's search, production/anywhere.ts), `notfinished=1`,
 *   `finished=1`, `quote_id` (the line, `detail_id`), `show_id` (a
 *   prefix of the card number; a scanned whole number is its own prefix), `sort` (generic); and, for the monitoring
 *   screens, `customer_id` and `saler_id` (through the order) and `node_id` with `node_status` (cards whose node at
 *   that work node is in that status: what a cell of the cards-per-node table counts).
 */
export const cardsBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    if (mode === 'create') throw new ApiError(409, 'card_generate_only');
    const out = { ...values };
    if (before!.canceled) throw new ApiError(409, 'card_canceled');
    if ('detail_id' in out && out.detail_id !== before!.detail_id) {
      throw new ApiError(422, 'invalid_input', {}, { detail_id: { key: 'card_generate_only' } });
    }
    const newFlow = 'workflow_id' in out && out.workflow_id !== before!.workflow_id;
    const newQuantity = 'quantity' in out && units(out.quantity) !== units(before!.quantity);
    if ((newFlow || newQuantity) && before!.status !== 'waiting') throw new ApiError(409, 'card_started');
    if (newQuantity) {
      const line = await rowById(tx, details, before!.detail_id as number, true);
      const [r] = await rows<{ q: number | string | null }>(tx, sql`select coalesce(sum(quantity), 0) as q from cards
        where detail_id = ${before!.detail_id as number} and not canceled and id <> ${before!.id as number}`);
      const max = units(line?.quantity) - units(r?.q);
      if (units(out.quantity) > max) {
        throw new ApiError(422, 'invalid_input', {}, { quantity: { key: 'card_quantity_beyond_line', params: { max: fromUnits(max) } } });
      }
    }
    return out;
  },

  async afterWrite(tx, { action, before, after }) {
    const card = (after ?? before)!;
    const id = card.id as number;
    if (action === 'cancel') {
      if (before!.status !== 'waiting') throw new ApiError(409, 'card_started');
      await cancelNodesOf(tx, [id]);
      await refreshLineCardSums(tx, [card.detail_id as number]);
      return;
    }
    if (action !== 'update' || !before || !after) return;
    if (after.workflow_id !== before.workflow_id) {
      await cancelNodesOf(tx, [id]);
      const flow = after.workflow_id == null ? undefined : await rowById(tx, workflows, after.workflow_id as number);
      const nodes = (flow?.worknode_ids as number[] | null) ?? [];
      if (nodes.length === 0) {
        throw new ApiError(422, 'invalid_input', {}, { workflow_id: { key: 'empty_workflow', params: { name: String(flow?.name ?? '') } } });
      }
      await insertNodes(tx, [{ id, show_id: after.show_id as string }], nodes);
      await refreshCards(tx, [id]);
    }
    if (units(after.quantity) !== units(before.quantity)) await refreshLineCardSums(tx, [after.detail_id as number]);
  },

  list(auth, p, res) {
    const t = tableOf(res);
    const id = column(t, 'id');
    const where = [];
    const int = (key: string): number | undefined => {
      const v = str(p, key)?.trim();
      if (!v) return undefined;
      if (!/^\d{1,9}$/.test(v)) throw new ApiError(400, 'bad_filter');
      return Number(v);
    };
    if (truthy(str(p, 'notfinished'))) where.push(sql`${column(t, 'status')} <> 'done'`);
    if (truthy(str(p, 'finished'))) where.push(sql`${column(t, 'status')} = 'done'`);
    const quote = int('quote_id');
    if (quote !== undefined) where.push(sql`${column(t, 'detail_id')} = ${quote}`);
    const prefix = str(p, 'show_id')?.trim();
    if (prefix) where.push(sql`${column(t, 'show_id')} like ${`${escapeLike(prefix)}%`}`);
    const customer = int('customer_id');
    if (customer !== undefined) where.push(sql`${column(t, 'order_id')} in (select o.id from orders o where o.customer_id = ${customer})`);
    const saler = int('saler_id');
    if (saler !== undefined) where.push(sql`${column(t, 'order_id')} in (select o.id from orders o where o.saler_id = ${saler})`);
    const node = int('node_id');
    if (node !== undefined) {
      const status = str(p, 'node_status');
      if (status !== undefined && status !== '' && !(CARD_NODE_STATUSES as readonly string[]).includes(status)) {
        throw new ApiError(400, 'bad_filter');
      }
      where.push(sql`exists (select 1 from cardnodes n where n.card_id = ${id} and not n.canceled and n.worknode_id = ${node}
        ${status ? sql`and n.status = ${status}` : sql``})`);
    }
    const anywhere = str(p, 'anywhere')?.trim();
    if (anywhere) where.push(cardsAnywhere(auth, res, anywhere));
    return { where, ownParams: ['show_id', 'anywhere'] };
  },
};
