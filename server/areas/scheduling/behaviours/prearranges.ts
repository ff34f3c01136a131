import { devices } from '../../../../src/domain/resources/devices/devices';
import { items } from '../../../../src/domain/resources/items/items';
import { details } from '../../../../src/domain/resources/orders/details';
import { orders } from '../../../../src/domain/resources/orders/orders';
import { workflows } from '../../../../src/domain/resources/production/workflows';
import { takesNewCards } from '../../../../src/domain/rules/scheduling';
import { ApiError } from '../../../lib/api-error';
import { rowById, statusParam } from '../../production/rows';
import type { Behaviour } from '../../../resources/behaviour-types';

const fieldError = (field: string, key: 'prearrange_not_on_workflow' | 'device_wrong_worknode' | 'ref_missing') =>
  new ApiError(422, 'invalid_input', {}, { [field]: { key } });

/**
 * The server rules of `prearranges`, the pre-schedule of order lines (docs/scheduling.md):
 * - the line is live and its order not finished, shipped or cancelled;
 * - the work node is on the line's routing (else its item's), and the machine works at that node and is not in fault
 *   or maintenance (it would take none of the cards);
 * - `detail_code`, `order_id` and `item_id` are the line's; a plan already placed on the queue (`applied`) no longer
 *   changes — the scheduling screen moves what it placed.
 */
export const prearrangesBehaviour: Behaviour = {
  async prepare(tx, { mode, before, values }) {
    if (mode === 'update' && before!.status === 'applied') throw new ApiError(409, 'prearrange_applied');
    const out = { ...values };
    const line = await rowById(tx, details, (out.detail_id ?? before!.detail_id) as number);
    if (!line) throw fieldError('detail_id', 'ref_missing');
    if (line.canceled) throw new ApiError(409, 'line_canceled');
    const order = await rowById(tx, orders, line.order_id as number);
    if (!order || order.canceled || !['draft', 'confirmed', 'producing'].includes(String(order.status))) {
      throw new ApiError(409, 'prearrange_order_closed');
    }
    const item = await rowById(tx, items, line.item_id as number);
    const flowId = (line.workflow_id ?? item?.workflow_id ?? null) as number | null;
    const flow = flowId === null ? undefined : await rowById(tx, workflows, flowId);
    const worknode = (out.worknode_id ?? before!.worknode_id) as number;
    if (!((flow?.worknode_ids as number[] | null) ?? []).includes(worknode)) throw fieldError('worknode_id', 'prearrange_not_on_workflow');
    const device = await rowById(tx, devices, (out.device_id ?? before!.device_id) as number);
    if (!device) throw fieldError('device_id', 'ref_missing');
    if (device.worknode_id !== worknode) throw fieldError('device_id', 'device_wrong_worknode');
    if (!takesNewCards(device.status)) {
      throw new ApiError(409, 'device_unavailable', { device: String(device.name), status: statusParam(devices, device.status) });
    }
    out.detail_code = line.code;
    out.order_id = line.order_id;
    out.item_id = line.item_id;
    return out;
  },
};
