import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES } from '../../src/domain/resources/all';
import { DEMO, get, post, sessionOf, type DemoRole } from './client';

/**
 * The role × resource matrix (DESIGN §5), generated from the registry and from the roles as the server holds them.
 * The rule is re-derived here from the declarations, not imported from server/auth/permissions.ts:
 * - write: the role is admin, or holds one of the resource's menu paths;
 * - read: write, or the role may write a resource that references this one (a `ref`/`refs` field to it).
 */

interface RoleRow { id: number; code: string; is_admin: boolean | null; menus: string[] | null }

const ROLE_CODES = Object.keys(DEMO) as DemoRole[];

/** Resources that reference each resource, from the declarations. */
const referrers = new Map<string, ResourceDef[]>();
for (const r of RESOURCES) {
  for (const f of Object.values(r.fields)) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const list = referrers.get(f.to) ?? [];
    if (!list.includes(r)) list.push(r);
    referrers.set(f.to, list);
  }
}

interface Grant { isAdmin: boolean; menus: ReadonlySet<string> }

const expectWrite = (g: Grant, res: ResourceDef) => g.isAdmin || res.menu.some(m => g.menus.has(m));
const expectRead = (g: Grant, res: ResourceDef) =>
  expectWrite(g, res) || (referrers.get(res.name) ?? []).some(r => expectWrite(g, r));

type Cell = { list: number; save: number; history: number };

let roles: RoleRow[] = [];
const grants = new Map<DemoRole, Grant>();

beforeAll(async () => {
  const admin = await sessionOf('admin');
  const r = await get('/roles/list/', { limit: -1 }, { session: admin });
  expect(r.status).toBe(200);
  roles = r.body.dt as RoleRow[];
  for (const code of ROLE_CODES) {
    const session = await sessionOf(code);
    // The grant of a demo login is the union of the roles its account holds (as /accounts/info/ names them).
    const me = await get('/accounts/info/', {}, { session });
    expect(me.status).toBe(200);
    const held = me.body.roles as string[];
    expect(held).toContain(code);
    const mine = roles.filter(x => held.includes(x.code));
    expect(mine.length).toBe(held.length);
    grants.set(code, {
      isAdmin: mine.some(x => x.is_admin === true),
      menus: new Set(mine.flatMap(x => x.menus ?? [])),
    });
  }
});

describe('role × resource matrix', () => {
  it('has every demo role on the server, and only the admin role is admin', () => {
    for (const code of ROLE_CODES) expect(roles.map(x => x.code)).toContain(code);
    expect(grants.get('admin')!.isAdmin).toBe(true);
    for (const code of ROLE_CODES.filter(c => c !== 'admin')) expect(grants.get(code)!.isAdmin, code).toBe(false);
  });

  for (const code of ROLE_CODES) {
    it(`${code}: list, save and history answer as the role's menus allow`, async () => {
      const session = await sessionOf(code);
      const g = grants.get(code)!;
      const actual: Record<string, Cell> = {};
      const expected: Record<string, Cell> = {};
      for (const res of RESOURCES) {
        const read = expectRead(g, res);
        const write = expectWrite(g, res);
        // A save with only an unknown field: refused as invalid (422) when allowed, so nothing is ever written.
        const [list, save, history] = await Promise.all([
          get(`${res.api}/list/`, { limit: 1 }, { session }),
          post(`${res.api}/save/`, { zz_probe: 1 }, { session }),
          get('/history/list/', { table_name: res.name, kid: 1 }, { session }),
        ]);
        actual[res.name] = { list: list.status, save: save.status, history: history.status };
        expected[res.name] = { list: read ? 200 : 403, save: write ? 422 : 403, history: read ? 200 : 403 };
        if (save.status === 422) expect(save.body.errors, `${res.name} save`).toHaveProperty('zz_probe');
      }
      expect(actual).toEqual(expected);
    });
  }

  it('gives each non-admin role something and refuses it something', async () => {
    for (const code of ROLE_CODES.filter(c => c !== 'admin')) {
      const g = grants.get(code)!;
      const writable = RESOURCES.filter(r => expectWrite(g, r)).map(r => r.name);
      const readable = RESOURCES.filter(r => expectRead(g, r)).map(r => r.name);
      const refused = RESOURCES.filter(r => !expectRead(g, r)).map(r => r.name);
      expect(readable.length, `${code} reads nothing`).toBeGreaterThan(0);
      expect(refused.length, `${code} reads everything`).toBeGreaterThan(0);
      expect(writable.length, `${code} writes everything`).toBeLessThan(RESOURCES.length);
      // And the server agrees on one refused resource (the matrix above checks them all).
      const session = await sessionOf(code);
      const res = RESOURCES.find(r => r.name === refused[0])!;
      expect((await get(`${res.api}/list/`, {}, { session })).status).toBe(403);
    }
  });

  it('refuses a forbidden call with the 403 envelope in the request language', async () => {
    const code = ROLE_CODES.find(c => c !== 'admin' && RESOURCES.some(r => !expectRead(grants.get(c)!, r)))!;
    const res = RESOURCES.find(r => !expectRead(grants.get(code)!, r))!;
    const session = await sessionOf(code);
    const zh = await get(`${res.api}/list/`, {}, { session });
    expect(zh).toEqual({ status: 403, body: { msg: '没有权限' } });
    const en = await get(`${res.api}/list/`, {}, { session, lang: 'en' });
    expect(en).toEqual({ status: 403, body: { msg: 'Permission denied' } });
  });

  it('answers list aliases like the list itself', async () => {
    for (const code of ROLE_CODES) {
      const session = await sessionOf(code);
      const g = grants.get(code)!;
      const actual: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const res of RESOURCES) {
        for (const alias of res.listAliases ?? []) {
          actual[alias] = (await get(alias, { limit: 1 }, { session })).status;
          expected[alias] = expectRead(g, res) ? 200 : 403;
        }
      }
      expect(actual, code).toEqual(expected);
    }
  });
});
