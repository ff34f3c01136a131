import { sql } from 'drizzle-orm';
import { cards } from '../../../../src/domain/resources/orders/cards';
import { periodOf } from '../../../../src/domain/rules/piece-work';
import { rows } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { nodeFacts, readValuation } from '../node-works';
import { assertOpenPeriods } from '../periods';
import { rowById } from '../../production/rows';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';

const fieldError = (field: string, key: 'work_node_mismatch' | 'work_node_not_done' | 'ref_missing') =>
  new ApiError(422, 'invalid_input', {}, { [field]: { key } });

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The server rules of `works`, the piece-work records (docs/piece-work.md), whichever way they are written:
 * - a record of a closed month (`workperiods`) is not created, changed, moved or cancelled (409);
 * - a record naming a card step takes the step's card and work node (a different one is refused), the step must be
 *   finished, and one person has one live record per step (409); on create, quantities, weight, metres and machine
 *   left empty come from the step;
 * - a record naming a card takes its number and item;
 * - `basis`, `rate`, `amount` and `wage_id` come from the wage table for its work node, item and date, `period` from
 *   its date — on every write, so a correction is valued like a new record.
 */
export const worksBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    if (before?.canceled) throw new ApiError(409, 'already_canceled');
    const out: RowData = { ...values };
    const merged = (): RowData => ({ ...(before ?? {}), ...out });

    const nodeId = num(merged().cardnode_id);
    const nodeChanged = nodeId !== null && (mode === 'create' || num(before!.cardnode_id) !== nodeId);
    // A correction of the card or work node of a record of a step is held to the step as much as a new record.
    const nodeTouched = nodeId !== null && ('worknode_id' in out || 'card_id' in out);
    if (nodeChanged || nodeTouched) {
      const [node] = await nodeFacts(tx, sql`n.id = ${nodeId}`);
      if (!node) throw fieldError('cardnode_id', 'ref_missing');
      if (nodeChanged && node.status !== 'done') throw fieldError('cardnode_id', 'work_node_not_done');
      if ('worknode_id' in out && num(out.worknode_id) !== node.worknode_id) throw fieldError('worknode_id', 'work_node_mismatch');
      if (out.card_id != null && num(out.card_id) !== node.card_id) throw fieldError('card_id', 'work_node_mismatch');
      out.card_id = node.card_id;
      out.worknode_id = node.worknode_id;
      if (mode === 'create') {
        for (const k of ['quantity', 'bad_quantity', 'weight', 'metres', 'device_id'] as const) {
          if (out[k] === undefined || out[k] === null) out[k] = node[k];
        }
      }
    }
    if (mode === 'create') {
      out.quantity ??= 0;
      out.bad_quantity ??= 0;
    }

    const cardId = num(merged().card_id);
    if (cardId !== null && (mode === 'create' || 'card_id' in out)) {
      const card = await rowById(tx, cards, cardId);
      if (!card) throw fieldError('card_id', 'ref_missing');
      out.card_show_id = card.show_id;
      out.item_id = card.item_id;
    } else if ('card_id' in out && cardId === null) {
      out.card_show_id = null;
    }

    const m = merged();
    if (nodeId !== null) {
      const [dup] = await rows<{ id: number }>(tx, sql`
        select id from works where cardnode_id = ${nodeId} and person_id = ${num(m.person_id)} and not canceled
          and id <> ${num(before?.id) ?? 0} limit 1`);
      if (dup) throw new ApiError(409, 'work_duplicate');
    }

    const workDate = String(m.work_date);
    await assertOpenPeriods(tx, [periodOf(workDate), ...(before ? [periodOf(String(before.work_date))] : [])]);
    const itemId = num(m.item_id);
    // The wage table and the item's category chain in one read; the month's lock is held (assertOpenPeriods).
    const { value, chains } = await readValuation(tx, {
      periods: [periodOf(workDate)], locked: true, worknodeIds: [Number(m.worknode_id)], itemIds: [itemId],
    });
    const v = value({
      worknode_id: Number(m.worknode_id), item_id: itemId, categories: itemId === null ? [] : chains.get(itemId) ?? [],
      work_date: workDate, quantity: num(m.quantity), weight: num(m.weight), metres: num(m.metres),
    });
    return { ...out, ...v, period: periodOf(workDate) };
  },

  async afterWrite(tx, { action, before }) {
    // A cancel takes the record out of its month's pay: not once the month is closed.
    if (action === 'cancel' && before) await assertOpenPeriods(tx, [periodOf(String(before.work_date))]);
  },
};
