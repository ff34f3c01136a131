import { cards } from '../../../../src/domain/resources/orders/cards';
import { workflows } from '../../../../src/domain/resources/production/workflows';
import { ApiError } from '../../../lib/api-error';
import { refreshCards } from '../derived';
import { bumpQueues } from '../../scheduling/queues';
import { fromUnits, rowById, units } from '../rows';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of `cardnodes`, a card at one work node (src/domain/resources/orders/cardnodes.ts): the shop floor
 * writes them (issue 13); a supervisor corrects them on the settings screen. Whichever way:
 * - a node belongs to a live card and to a work node of the card's routing; it never moves to another card;
 * - good and bad quantities together never exceed the card's quantity;
 * - `card_show_id` is the card's number;
 * - the card's status, current node and finished and scrapped quantities follow (card-status.ts), and so do its
 *   line's sums.
 */
export const cardnodesBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    const out = { ...values };
    if (mode === 'update' && 'card_id' in out && out.card_id !== before!.card_id) {
      throw new ApiError(422, 'invalid_input', {}, { card_id: { key: 'invalid_value' } });
    }
    const card = await rowById(tx, cards, (out.card_id ?? before!.card_id) as number, true);
    if (!card || card.canceled) throw new ApiError(409, 'card_canceled');
    const worknode = (out.worknode_id ?? before?.worknode_id) as number;
    if (mode === 'create' || worknode !== before?.worknode_id) {
      const flow = card.workflow_id == null ? undefined : await rowById(tx, workflows, card.workflow_id as number);
      if (!((flow?.worknode_ids as number[] | null) ?? []).includes(worknode)) {
        throw new ApiError(422, 'invalid_input', {}, { worknode_id: { key: 'cardnode_not_on_workflow' } });
      }
    }
    const good = 'good_quantity' in out ? out.good_quantity : before?.good_quantity;
    const bad = 'bad_quantity' in out ? out.bad_quantity : before?.bad_quantity;
    if (units(good) + units(bad) > units(card.quantity)) {
      throw new ApiError(422, 'invalid_input', {}, {
        good_quantity: { key: 'cardnode_quantity', params: { max: fromUnits(units(card.quantity)) } },
      });
    }
    out.card_show_id = card.show_id;
    // A step moved to another work node leaves its machine's queue (docs/scheduling.md): the machine served the old one.
    if (mode === 'update' && worknode !== before!.worknode_id && before!.plan_device_id != null) {
      out.plan_device_id = null;
      out.plan_seq = null;
    }
    return out;
  },

  async afterWrite(tx, { before, after }) {
    await refreshCards(tx, [...new Set([before?.card_id, after?.card_id].filter((x): x is number => typeof x === 'number'))]);
    // A queue that lost a step has changed: planners holding the old version reload before saving over it.
    if (before?.plan_device_id != null && after?.plan_device_id == null) await bumpQueues(tx, [before.plan_device_id as number]);
  },
};
