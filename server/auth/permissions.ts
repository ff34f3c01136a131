import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES } from '../../src/domain/resources/all';
import type { Auth } from './sessions';

/**
 * The permission rule (DESIGN §5): a role may use a resource's endpoints when it holds one of the resource's menu
 * paths; `admin` may use all. Reading (list, detail, history) is also allowed to a role that may use a resource
 * that references this one — a customer form needs to list salespeople to pick one, without the role seeing the
 * persons screen. Writing always needs the resource's own menu path.
 */
export function holdsMenu(auth: Auth, res: ResourceDef): boolean {
  return auth.isAdmin || res.menu.some(p => auth.menus.has(p));
}

const REFERRERS = new Map<string, ResourceDef[]>();
for (const r of RESOURCES) {
  for (const f of Object.values(r.fields)) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const list = REFERRERS.get(f.to) ?? [];
    if (!list.includes(r)) list.push(r);
    REFERRERS.set(f.to, list);
  }
}

export function referrersOf(res: ResourceDef): readonly ResourceDef[] {
  return REFERRERS.get(res.name) ?? [];
}

export function canRead(auth: Auth, res: ResourceDef): boolean {
  return holdsMenu(auth, res) || referrersOf(res).some(r => holdsMenu(auth, r));
}

export function canWrite(auth: Auth, res: ResourceDef): boolean {
  return holdsMenu(auth, res);
}
