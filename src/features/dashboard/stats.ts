import { resourceClient } from '../../data/resource-client';
import type { ListQuery } from '../../domain/contract/list';
import type { ListReply } from '../../domain/contract/replies';
import type { FlatMenuItem } from '../../domain/menu/menu-types';
import type { ResourceDef } from '../../domain/registry/resource';
import { resourceByName } from '../../domain/resources/all';

/** A live count on the console: the `total` of a resource's list, optionally filtered by field values. */
export interface StatDef {
  /** Label key `dashboard.stats.<key>`, and the test id. */
  key: string;
  resource: string;
  /** `field=value` filters the generic list accepts (DESIGN §4). */
  where?: Record<string, string>;
  icon: string;
  color: string;
}

export const STATS: readonly StatDef[] = [
  { key: 'items', resource: 'items', icon: 'IconBox', color: 'blue' },
  { key: 'customers', resource: 'customers', icon: 'IconAddressBook', color: 'grape' },
  { key: 'persons', resource: 'persons', icon: 'IconUser', color: 'teal' },
  { key: 'devices', resource: 'devices', icon: 'IconEngine', color: 'indigo' },
  { key: 'devices_running', resource: 'devices', where: { status: 'running' }, icon: 'IconActivity', color: 'green' },
  { key: 'devices_fault', resource: 'devices', where: { status: 'fault' }, icon: 'IconAlertTriangle', color: 'red' },
];

export interface VisibleStat extends StatDef {
  def: ResourceDef;
  /** The role's menu page for the resource, where the card leads. */
  to: string;
}

/**
 * The counts the role may see: a resource's API answers the roles that hold one of its menu paths (DESIGN §5), so
 * asking for the others would only earn a refusal.
 */
export function visibleStats(flat: readonly FlatMenuItem[], defs: readonly StatDef[] = STATS): VisibleStat[] {
  const held = new Set(flat.map(i => i.path));
  const out: VisibleStat[] = [];
  for (const d of defs) {
    const res = resourceByName(d.resource);
    const to = res?.menu.find(p => held.has(p));
    if (res && to) out.push({ ...d, def: res, to });
  }
  return out;
}

export type Lister = (def: ResourceDef, q: ListQuery, o: { signal?: AbortSignal }) => Promise<Pick<ListReply, 'total'>>;
const listThroughClient: Lister = (def, q, o) => resourceClient(def).list(q, o);

/** One count: a list of one row answers the total without sending the rows (offline: the copy's count). */
export async function fetchCount(stat: VisibleStat, signal?: AbortSignal, list: Lister = listThroughClient): Promise<number> {
  const reply = await list(stat.def, { limit: 1, extra: stat.where }, { signal });
  const total = (reply as { total?: unknown } | null)?.total;
  if (typeof total !== 'number' || !Number.isFinite(total)) throw new Error(`${stat.def.name}: the list has no total`);
  return total;
}
