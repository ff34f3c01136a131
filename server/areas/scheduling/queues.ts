import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';

/**
 * A machine's queue changed outside a planner's save (a step moved away, the machine moved to another work node):
 * its version goes up, so a planner holding the old one reloads instead of saving over the change (decision 106).
 */
export async function bumpQueues(tx: Db, deviceIds: readonly number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await tx.execute(sql`update devices set queue_version = coalesce(queue_version, 0) + 1, rev = next_rev()
    where id = any(${sql.param([...new Set(deviceIds)])}::int[])`);
}

/** Takes every open step off a machine's queue (they go back to the unscheduled steps of their work node). */
export async function clearQueue(tx: Db, deviceId: number): Promise<void> {
  const cleared = await tx.execute(sql`update cardnodes set plan_device_id = null, plan_seq = null, rev = next_rev()
    where plan_device_id = ${deviceId} and not canceled and status not in ('done', 'skipped') returning id`);
  if ((cleared as unknown as { rows: unknown[] }).rows.length > 0) await bumpQueues(tx, [deviceId]);
}
