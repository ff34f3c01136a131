import { sql } from 'drizzle-orm';
import { shiftHoursOf, shiftWindow, type Shift } from '../../../src/domain/rules/shifts';
import { rows, type Db } from '../../db/connection';
import { configValues } from '../../resources/configs';

/**
 * A shift's output at a work node (and machine, when named): the card steps finished there within the shift's hours
 * (config `shift_hours`, plant time = the server's local time), their number and their good and bad quantities.
 */
export interface ShiftOutput { cards_finished: number; good_quantity: number; bad_quantity: number }

export async function shiftOutput(tx: Db, p: { day: string; shift: Shift; worknode_id: number; device_id: number | null }): Promise<ShiftOutput> {
  const hours = shiftHoursOf((await configValues(tx, ['shift_hours'])).get('shift_hours'));
  const [from, to] = shiftWindow(p.day, p.shift, hours);
  const [r] = await rows<{ n: number | string; good: number | null; bad: number | null }>(tx, sql`
    select count(*) as n, coalesce(sum(good_quantity), 0)::float8 as good, coalesce(sum(bad_quantity), 0)::float8 as bad
    from cardnodes
    where worknode_id = ${p.worknode_id} and status = 'done' and not canceled
      and finished_at >= ${from} and finished_at < ${to}
      ${p.device_id === null ? sql`` : sql`and device_id = ${p.device_id}`}`);
  return { cards_finished: Number(r?.n ?? 0), good_quantity: Number(r?.good ?? 0), bad_quantity: Number(r?.bad ?? 0) };
}
