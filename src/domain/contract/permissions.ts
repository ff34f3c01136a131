import { z } from 'zod';
import './zod-config';
import { STANDARD_ACTIONS, type ResourceDef } from '../registry/resource';
import { RESOURCES, resourceByName } from '../resources/all';

/**
 * Permissions as data (DESIGN §5): a role grants, per resource, a set of actions and a row scope. Shared by the
 * server (which enforces them on every call) and the client (which hides what a role may not do).
 *
 * Rules:
 * - Actions: `view` (list, detail, history), `create`, `edit`, `delete` (a document's cancel), `import`, `export`
 *   (the server-side spreadsheet of a list), and the resource's declared special actions (`ResourceDef.actions`).
 *   `import` exists only for resources with a natural key. An import creates with `create` and updates with `edit`.
 * - Scope: `own` limits the role to rows whose owner field (`ResourceDef.owner`) is the caller; `all` (the default)
 *   to none. Only a resource with an owner field can be scoped.
 * - Several roles add up: the union of their actions; a resource is scoped only when every role granting it is.
 * - A role marked `is_admin` may do everything, and its `grants` are ignored.
 * - Reading by reference: a role that may view a resource may also list and read the resources it references (a
 *   customer form lists salespeople), without their sensitive fields.
 */
export type StandardAction = (typeof STANDARD_ACTIONS)[number];
export type Scope = 'all' | 'own';

/** One resource's grant, as stored in `roles.grants`. */
export interface ResourceGrant {
  actions: string[];
  /** Absent = `all`. */
  scope?: Scope;
}

/** Resource name → grant, as stored in `roles.grants`. */
export type Grants = Record<string, ResourceGrant>;

/** What the caller may do, as `/accounts/info/` tells the client (`permissions`). */
export interface Permissions {
  /** An administrator may do everything; `resources` is then empty. */
  admin: boolean;
  /** Resource name → the actions granted and the row scope. A resource not named grants nothing. */
  resources: Record<string, { actions: string[]; scope: Scope }>;
}

/** The actions a role may be granted on a resource, in the order the role screen shows them. */
export function actionsOf(res: ResourceDef): string[] {
  const out: string[] = ['view', 'create', 'edit', 'delete'];
  if (res.naturalKey?.length) out.push('import');
  out.push('export', ...(res.actions ?? []));
  return out;
}

/** Unions the grants of several roles (rules above). */
export function mergeGrants(list: readonly (Grants | null | undefined)[]): Grants {
  const out: Grants = {};
  for (const g of list) {
    if (!g || typeof g !== 'object') continue;
    for (const [name, grant] of Object.entries(g)) {
      if (!grant || !Array.isArray(grant.actions) || grant.actions.length === 0) continue;
      const had = out[name];
      const actions = [...new Set([...(had?.actions ?? []), ...grant.actions.filter(a => typeof a === 'string')])];
      const scope: Scope = (had ? had.scope === 'own' : true) && grant.scope === 'own' ? 'own' : 'all';
      out[name] = { actions, scope };
    }
  }
  return out;
}

/** The grants as the client sees them (`Permissions`). */
export function permissionsOf(isAdmin: boolean, grants: Grants): Permissions {
  if (isAdmin) return { admin: true, resources: {} };
  const resources: Permissions['resources'] = {};
  for (const [name, g] of Object.entries(grants)) resources[name] = { actions: [...g.actions], scope: g.scope ?? 'all' };
  return { admin: false, resources };
}

/** Whether the caller holds `action` on the resource. */
export function can(p: Permissions, resource: string, action: string): boolean {
  return p.admin || !!p.resources[resource]?.actions.includes(action);
}

/**
 * The parent a resource's rows take their owner from (`owner: 'order_id.saler_id'`: the orders, through `order_id`);
 * null for a resource owned directly or not at all.
 */
export function ownerParent(res: ResourceDef): { via: string; parent: ResourceDef } | null {
  const [via, ...rest] = (res.owner ?? '').split('.');
  if (rest.length === 0) return null;
  return { via: via!, parent: resourceByName((res.fields[via!] as { to: string }).to)! };
}

/**
 * The row scope of the caller on a resource: `own` for a scoped grant of a resource with an owner; a child owned
 * through its parent is also scoped when the parent is (an order's lines are as private as the order).
 */
export function scopeOf(p: Permissions, res: ResourceDef): Scope {
  if (p.admin || !res.owner) return 'all';
  if (p.resources[res.name]?.scope === 'own') return 'own';
  const up = ownerParent(res);
  return up ? scopeOf(p, up.parent) : 'all';
}

const REFERRERS = new Map<string, ResourceDef[]>();
const REFERRING_FIELDS = new Map<string, { res: ResourceDef; field: string }[]>();
for (const r of RESOURCES) {
  for (const [k, f] of Object.entries(r.fields)) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const list = REFERRERS.get(f.to) ?? [];
    if (!list.includes(r)) list.push(r);
    REFERRERS.set(f.to, list);
    REFERRING_FIELDS.set(f.to, [...(REFERRING_FIELDS.get(f.to) ?? []), { res: r, field: k }]);
  }
}

/** The resources that reference `res` (a `ref` or `refs` field to it). */
export function referrersOf(res: ResourceDef): readonly ResourceDef[] {
  return REFERRERS.get(res.name) ?? [];
}

/**
 * Whether the caller may list and read rows of the resource: `view`, or `view` of a resource referencing it — except
 * through the owner field of a resource the caller is scoped to, whose value is always the caller (every role keeps
 * its own favourite menus, which name an account, and must not list every account for it).
 */
export function mayRead(p: Permissions, res: ResourceDef): boolean {
  if (can(p, res.name, 'view')) return true;
  return (REFERRING_FIELDS.get(res.name) ?? [])
    .some(({ res: r, field }) => can(p, r.name, 'view') && !(field === r.owner && scopeOf(p, r) === 'own'));
}

/** Whether the caller gets the resource's sensitive fields: it may edit the resource. */
export function seesSensitive(p: Permissions, res: ResourceDef): boolean {
  return can(p, res.name, 'edit');
}

/** Whether the caller reads the resource only because another it may view references it (a picker's names). */
export function readsByReferenceOnly(p: Permissions, res: ResourceDef): boolean {
  return !can(p, res.name, 'view') && mayRead(p, res);
}

/**
 * Whether a row's key is one the caller may not see: a hidden field, or the joined name of a hidden reference
 * (`customer_id_name` of a hidden `customer_id`, `<refs>_names`). Used by the redactor and by the list's filter and
 * sort checks alike.
 */
export function isHiddenKey(hidden: ReadonlySet<string>, key: string): boolean {
  return hidden.has(key) || hidden.has(key.replace(/_names?$/, ''));
}

/**
 * The fields of a resource the caller may not see (nor filter, sort or search by): the sensitive ones unless it may
 * edit the resource; every one but the display name when it reads the resource by reference only (issue 29: the
 * operator listed every order's customer, amount and check code because its cards name the orders).
 */
export function hiddenFields(p: Permissions, res: ResourceDef): string[] {
  if (readsByReferenceOnly(p, res)) return Object.keys(res.fields).filter(k => k !== res.display);
  if (seesSensitive(p, res)) return [];
  return Object.entries(res.fields).filter(([, f]) => f.sensitive).map(([k]) => k);
}

/**
 * What `inner` grants beyond `outer` (`resource.action`, or `resource.scope` for an unscoped grant where `outer` is
 * scoped), empty when `inner` is within `outer`. "No role grants more than it holds" (DESIGN §5).
 */
export function grantsBeyond(inner: Grants, outer: Permissions): string[] {
  if (outer.admin) return [];
  const out: string[] = [];
  for (const [name, g] of Object.entries(inner)) {
    const held = outer.resources[name];
    for (const a of g.actions) if (!held?.actions.includes(a)) out.push(`${name}.${a}`);
    const res = resourceByName(name);
    if (held && res?.owner && g.actions.length && (g.scope ?? 'all') === 'all' && held.scope === 'own') {
      out.push(`${name}.scope`);
    }
  }
  return out;
}

const GRANT_KEYS = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * The validator of `roles.grants`: known resources, actions the resource has, `own` only where there is an owner
 * field. An empty action list is dropped, so the stored value names only what is granted.
 */
export function grantsSchema(): z.ZodType<Grants, Record<string, unknown>> {
  const grant = z.strictObject({
    actions: z.array(z.string().max(64)).max(32),
    scope: z.enum(['all', 'own']).optional(),
  });
  return z.record(z.string().regex(GRANT_KEYS), grant).superRefine((g, ctx) => {
    const entries = Object.entries(g);
    if (entries.length > RESOURCES.length) ctx.addIssue({ code: 'custom', message: 'invalid_value' });
    for (const [name, grant] of entries) {
      const res = resourceByName(name);
      if (!res) { ctx.addIssue({ code: 'custom', message: 'invalid_value', path: [name] }); continue; }
      const allowed = actionsOf(res);
      if (grant.actions.some(a => !allowed.includes(a))) ctx.addIssue({ code: 'custom', message: 'invalid_value', path: [name] });
      if (grant.scope === 'own' && !res.owner) ctx.addIssue({ code: 'custom', message: 'invalid_value', path: [name] });
    }
  }).transform(g => {
    const out: Grants = {};
    for (const [name, grant] of Object.entries(g)) {
      const actions = actionsOf(resourceByName(name)!).filter(a => grant.actions.includes(a));
      if (actions.length) out[name] = grant.scope === 'own' ? { actions, scope: 'own' } : { actions };
    }
    return out;
  }) as unknown as z.ZodType<Grants, Record<string, unknown>>;
}
