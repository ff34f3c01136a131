import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../../src/domain/registry/resource';
import { RESOURCES } from '../../../src/domain/resources/all';
import { DEMO, get, post, sessionOf, type DemoRole, type Reply } from '../client';

/**
 * Finding 1 of issue 10 ("a menu entry grants every write"), as a matrix: every demo role × every declared resource ×
 * every action, generated from the registry and from the roles' grants as the server holds them. Before grants, a
 * menu path granted every write; now only a grant does. The rule is re-derived here from the declarations and the
 * stored grants, not imported from the server or from src/domain/contract:
 * - an action is allowed when the role is admin or one of its roles grants it on the resource;
 * - list and detail also when the role may view a resource that references this one, unless only through the owner
 *   field of a resource it is scoped to (its own favourite menus do not open the accounts list);
 * - an update with only a special action's fields needs that action (devices.status), nothing else;
 * - a role scoped to its own rows (sales → customers) finds nobody else's row (404).
 * Every probe is built so that it writes nothing: a save with an unknown field (422 when allowed), ids that do not
 * exist (404 when allowed), a delete of id 0 (400 when allowed), an import of malformed rows (400 when allowed).
 */

interface Grant { actions: string[]; scope?: 'all' | 'own' }
interface RoleRow { id: number; code: string; is_admin: boolean | null; grants: Record<string, Grant> | null }
interface Held { admin: boolean; grants: Map<string, { actions: Set<string>; own: boolean }> }

const ROLE_CODES = Object.keys(DEMO) as DemoRole[];
const NO_ID = 999_999_999;
const RUN = Date.now().toString(36);

const referring = new Map<string, { res: ResourceDef; field: string }[]>();
for (const r of RESOURCES) {
  for (const [k, f] of Object.entries(r.fields)) {
    if (f.type === 'ref' || f.type === 'refs') referring.set(f.to, [...(referring.get(f.to) ?? []), { res: r, field: k }]);
  }
}

const may = (h: Held, res: ResourceDef, action: string) => h.admin || !!h.grants.get(res.name)?.actions.has(action);
/**
 * Row scope binds the caller: a role granted the resource with scope own, or a resource whose rows are their owner's
 * alone, or a child owned through a parent (`owner: 'order_id.saler_id'`) the caller is scoped on.
 */
const scoped = (h: Held, res: ResourceDef): boolean => !!res.owner && (res.ownerOnly === true || (!h.admin && !!h.grants.get(res.name)?.own)
  || parentScoped(h, res));
function parentScoped(h: Held, res: ResourceDef): boolean {
  const [via, ...rest] = res.owner!.split('.');
  if (rest.length === 0) return false;
  const parent = RESOURCES.find(r => r.name === (res.fields[via!] as { to: string }).to)!;
  return scoped(h, parent);
}
const mayRead = (h: Held, res: ResourceDef) => may(h, res, 'view') ||
  (referring.get(res.name) ?? []).some(({ res: r, field }) => may(h, r, 'view') && !(field === r.owner && scoped(h, r)));

let roles: RoleRow[] = [];
const held = new Map<DemoRole, Held>();

beforeAll(async () => {
  const admin = await sessionOf('admin');
  const r = await get('/roles/list/', { limit: -1 }, { session: admin });
  expect(r.status).toBe(200);
  roles = r.body.dt as RoleRow[];
  for (const code of ROLE_CODES) {
    const me = await get('/accounts/info/', {}, { session: await sessionOf(code) });
    expect(me.status).toBe(200);
    const mine = roles.filter(x => (me.body.roles as string[]).includes(x.code));
    const grants = new Map<string, { actions: Set<string>; own: boolean }>();
    for (const role of mine) {
      for (const [name, g] of Object.entries(role.grants ?? {})) {
        const had = grants.get(name);
        grants.set(name, {
          actions: new Set([...(had?.actions ?? []), ...g.actions]),
          own: (had ? had.own : true) && g.scope === 'own',
        });
      }
    }
    held.set(code, { admin: mine.some(x => x.is_admin === true), grants });
  }
});

type Cell = Record<string, number>;

function expected(h: Held, res: ResourceDef): Cell {
  const own = scoped(h, res);
  const out: Cell = {
    list: mayRead(h, res) ? 200 : 403,
    detail: mayRead(h, res) ? 404 : 403,
    history: may(h, res, 'view') ? (own ? 404 : 200) : 403,
    create: may(h, res, 'create') ? 422 : 403,
    edit: may(h, res, 'edit') ? 422 : 403,
    delete: may(h, res, 'delete') ? 400 : 403,
    import: may(h, res, 'import') ? 400 : 403,
    export: may(h, res, 'export') && may(h, res, 'view') ? 200 : 403,
  };
  for (const [action, fields] of Object.entries(res.actionFields ?? {})) {
    out[`special:${action}`] = may(h, res, action) || may(h, res, 'edit') ? 404 : 403;
    void fields;
  }
  if (res.name === 'persons') out['special:badges'] = may(h, res, 'badges') ? 200 : 403;
  return out;
}

async function probe(session: string, res: ResourceDef): Promise<Cell> {
  const o = { session };
  const calls: Record<string, Promise<Reply>> = {
    list: get(`${res.api}/list/`, { limit: 1 }, o),
    detail: get(`${res.api}/detail/`, { id: NO_ID }, o),
    history: get('/history/list/', { table_name: res.name, kid: NO_ID }, o),
    create: post(`${res.api}/save/`, { zz_probe: 1 }, o),
    edit: post(`${res.api}/save/`, { id: NO_ID, version: 1, zz_probe: 1 }, o),
    delete: post(`${res.api}/${res.kind === 'document' ? 'cancel' : 'delete'}/`, { id: 0 }, o),
    import: post(`${res.api}/import/`, { rows: '[{' }, o),
    export: post('/files/upload/', { resource: res.name, titles: [{ title: 'id', field: 'id' }], keyword: `zz-none-${RUN}`, is_temp: 1 }, o),
  };
  for (const [action, fields] of Object.entries(res.actionFields ?? {})) {
    const values: Record<string, unknown> = { id: NO_ID, version: 1 };
    for (const f of fields) {
      const field = res.fields[f]!;
      values[f] = field.type === 'enum' ? field.values[0] : 'x';
    }
    calls[`special:${action}`] = post(`${res.api}/save/`, values, o);
  }
  if (res.name === 'persons') calls['special:badges'] = get('/persons/badge_salt/', {}, o);
  const out: Cell = {};
  for (const [k, p] of Object.entries(calls)) out[k] = (await p).status;
  return out;
}

describe('role × resource × action', () => {
  it('has every demo role on the server, and only the admin role is admin', () => {
    for (const code of ROLE_CODES) expect(roles.map(x => x.code)).toContain(code);
    expect(held.get('admin')!.admin).toBe(true);
    for (const code of ROLE_CODES.filter(c => c !== 'admin')) expect(held.get(code)!.admin, code).toBe(false);
  });

  it('tells each login what it may do in /accounts/info/ (permissions), as its roles grant', async () => {
    for (const code of ROLE_CODES) {
      const me = await get('/accounts/info/', {}, { session: await sessionOf(code) });
      const h = held.get(code)!;
      const told = me.body.permissions as { admin: boolean; resources: Record<string, { actions: string[]; scope: string }> };
      expect(told.admin, code).toBe(h.admin);
      const mine = Object.fromEntries([...h.grants].map(([name, g]) =>
        [name, { actions: [...g.actions].sort(), scope: g.own ? 'own' : 'all' }]));
      const theirs = Object.fromEntries(Object.entries(told.resources).map(([name, g]) =>
        [name, { actions: [...g.actions].sort(), scope: g.scope }]));
      expect(theirs, code).toEqual(h.admin ? {} : mine);
    }
  });

  for (const code of ROLE_CODES) {
    it(`${code}: every endpoint answers as the role's grants allow`, async () => {
      const session = await sessionOf(code);
      const h = held.get(code)!;
      const actual: Record<string, Cell> = {};
      const want: Record<string, Cell> = {};
      for (const res of RESOURCES) {
        actual[res.name] = await probe(session, res);
        want[res.name] = expected(h, res);
      }
      expect(actual).toEqual(want);
    });
  }

  it('grants each non-admin role some writes and refuses it others; no menu path grants a write', () => {
    for (const code of ROLE_CODES.filter(c => c !== 'admin')) {
      const h = held.get(code)!;
      const writes = RESOURCES.filter(r => ['create', 'edit', 'delete', 'import'].some(a => may(h, r, a)));
      const readable = RESOURCES.filter(r => mayRead(h, r));
      expect(readable.length, `${code} reads nothing`).toBeGreaterThan(0);
      expect(readable.length, `${code} reads everything`).toBeLessThan(RESOURCES.length);
      expect(writes.length, `${code} writes everything`).toBeLessThan(RESOURCES.length);
    }
    // The seed's rules of thumb: only admin writes accounts, roles and settings; the operator edits no master data.
    for (const code of ROLE_CODES.filter(c => c !== 'admin')) {
      for (const name of ['accounts', 'roles', 'configs']) {
        const res = RESOURCES.find(r => r.name === name)!;
        for (const a of ['create', 'edit', 'delete', 'import']) expect(may(held.get(code)!, res, a), `${code} ${a} ${name}`).toBe(false);
      }
    }
    // Favourite menus and messages are each user's own (row scope), not the plant's master data.
    for (const res of RESOURCES.filter(r => r.kind === 'master' && r.name !== 'favmenus' && r.name !== 'messages')) {
      for (const a of ['create', 'edit', 'delete', 'import']) expect(may(held.get('operator')!, res, a), `operator ${a} ${res.name}`).toBe(false);
    }
  });

  it('refuses a forbidden call with the 403 envelope in the request language', async () => {
    const res = RESOURCES.find(r => !mayRead(held.get('operator')!, r))!;
    const session = await sessionOf('operator');
    expect(await get(`${res.api}/list/`, {}, { session })).toEqual({ status: 403, body: { msg: '没有权限' } });
    expect(await get(`${res.api}/list/`, {}, { session, lang: 'en' })).toEqual({ status: 403, body: { msg: 'Permission denied' } });
  });

  it('answers list aliases like the list itself', async () => {
    for (const code of ROLE_CODES) {
      const session = await sessionOf(code);
      const actual: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const res of RESOURCES) {
        for (const alias of res.listAliases ?? []) {
          actual[alias] = (await get(alias, { limit: 1 }, { session })).status;
          want[alias] = mayRead(held.get(code)!, res) ? 200 : 403;
        }
      }
      expect(actual, code).toEqual(want);
    }
  });
});
