import { inArray, sql } from 'drizzle-orm';
import { packages } from '../../../src/domain/resources/warehouse/packages';
import type { MovementKind } from '../../../src/domain/rules/stock';
import type { Auth } from '../../auth/sessions';
import { column } from '../../db/columns';
import { rows, type Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { sameValue, systemUpdate } from '../../resources/write-primitives';

/** What the refresh needs of a movement just applied. */
export interface PackageMove { package_id: number | null; kind: MovementKind; quantity: number }

/**
 * Keeps the packages a posting or a cancel touched true to their places (docs/delivery.md "Packing", decision 197),
 * in the caller's transaction, after its movements are applied (server/areas/stock/apply-movements.ts calls this for
 * every posting and every reversal, so a packing, a transfer of a pallet, a delivery's check-out and their cancels
 * all keep them):
 * - `quantity` and `lots` are what its places hold (lots: distinct lots with goods), `warehouse_id` and
 *   `position_id` where they are when that is one place (else empty), `item_id` its item when it holds one only,
 *   `customer_id` the customer of its cards' orders when that is one only;
 * - `packed_at` is the time of the last packing into it that was not cancelled;
 * - a package emptied by a check-out is `shipped`; a shipped package that holds goods again (its check-out cancelled)
 *   is `closed` again.
 * The rows are locked in id order, and each change is a new version with its history, as any system update.
 */
export async function refreshPackages(tx: Db, auth: Auth, moves: readonly PackageMove[]): Promise<void> {
  const ids = [...new Set(moves.map(m => m.package_id).filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const list = sql.param(ids);
  const t = tableOf(packages);
  const locked: Record<string, unknown>[] = await tx.select().from(t).where(inArray(column(t, 'id'), ids)).orderBy(column(t, 'id')).for('update');
  const held = new Map((await rows<Record<string, unknown>>(tx, sql`
    select s.package_id, sum(s.quantity)::float8 as quantity, count(distinct s.lot)::int as lots,
      case when count(distinct s.warehouse_id) = 1 then min(s.warehouse_id) end as warehouse_id,
      case when count(distinct coalesce(s.position_id, 0)) = 1 then min(s.position_id) end as position_id,
      case when count(distinct s.item_id) = 1 then min(s.item_id) end as item_id,
      case when count(distinct o.customer_id) = 1 and count(*) = count(o.customer_id) then min(o.customer_id) end as customer_id
    from stocklots s left join cards c on c.id = s.card_id left join orders o on o.id = c.order_id
    where s.package_id = any(${list}::int[]) and s.quantity > 0
    group by s.package_id`)).map(r => [Number(r.package_id), r]));
  const packed = new Map((await rows<{ package_id: number; at: Date | string }>(tx, sql`
    select l.package_id, max(l.at) as at from itemlogs l
    where l.package_id = any(${list}::int[]) and l.kind = 'pack' and l.quantity > 0
      and not exists (select 1 from itemlogs r where r.reverses_id = l.id)
    group by l.package_id`)).map(r => [Number(r.package_id), new Date(r.at)]));
  const shippedOut = new Set(moves.filter(m => m.kind === 'checkout' && m.quantity < 0 && m.package_id !== null).map(m => m.package_id!));
  for (const before of locked) {
    const id = Number(before.id);
    const h = held.get(id);
    const quantity = Number(h?.quantity ?? 0);
    let status = before.status as string;
    if (quantity === 0 && shippedOut.has(id)) status = 'shipped';
    else if (quantity > 0 && status === 'shipped') status = 'closed';
    const values: Record<string, unknown> = {
      quantity, lots: Number(h?.lots ?? 0), warehouse_id: h?.warehouse_id ?? null, position_id: h?.position_id ?? null,
      item_id: h?.item_id ?? null, customer_id: h?.customer_id ?? null, packed_at: packed.get(id) ?? null, status,
    };
    const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => !sameValue(v, before[k])));
    if (Object.keys(changed).length > 0) await systemUpdate(tx, packages, before, changed, auth);
  }
}
