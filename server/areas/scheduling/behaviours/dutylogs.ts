import { devices } from '../../../../src/domain/resources/devices/devices';
import type { Shift } from '../../../../src/domain/rules/shifts';
import { ApiError } from '../../../lib/api-error';
import { rowById } from '../../production/rows';
import { shiftOutput } from '../../production/shift-output';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of `dutylogs`, the shift handover notes (docs/scheduling.md): a named machine works at the log's
 * work node, and every save fills the shift's output — cards finished, good and bad quantity — from the card steps
 * finished at the node (and machine) in the shift's hours, stamped with the time it was counted.
 */
export const dutylogsBehaviour: Behaviour = {
  async prepare(tx, { before, values }) {
    if (before?.canceled) throw new ApiError(409, 'already_canceled');
    const out = { ...values };
    const merged = { ...(before ?? {}), ...out };
    const worknode = merged.worknode_id as number;
    const device = (merged.device_id ?? null) as number | null;
    if (device !== null) {
      const d = await rowById(tx, devices, device);
      if (d && d.worknode_id !== worknode) {
        throw new ApiError(422, 'invalid_input', {}, { device_id: { key: 'device_wrong_worknode' } });
      }
    }
    const output = await shiftOutput(tx, {
      day: String(merged.duty_date), shift: merged.shift as Shift, worknode_id: worknode, device_id: device,
    });
    return { ...out, ...output, summary_at: new Date() };
  },
};

