import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, post, sessionOf } from '../client';
import { admin, detailAsAdmin, makeAccount, makeRole, ok, roleIdOf, unique, type Made } from './helpers';

/**
 * Finding 1 of issue 10: "A menu entry grants every write. The operator (menu /devices/list_status) created, deleted
 * and imported devices; sales deleted an item; a role holding /accounts/list gave itself the admin role." Now writes
 * come from grants only, and no role grants more than it holds (DESIGN §5).
 */

describe('a menu path grants no write', () => {
  it('the operator, who sees the device board, may set a machine\'s status and nothing else of it', async () => {
    const operator = await sessionOf('operator');
    const a = await admin();
    const device = ok(await get('/devices/list/', { limit: 1 }, { session: a })).body.dt as { id: number; version: number }[];
    const { id, version } = device[0]!;
    expect((await post('/devices/save/', { code: unique('D'), name: 'x', status: 'idle' }, { session: operator })).status).toBe(403);
    expect((await post('/devices/delete/', { id }, { session: operator })).status).toBe(403);
    expect((await post('/devices/import/', { rows: [{ code: unique('D'), name: 'x' }] }, { session: operator })).status).toBe(403);
    // A save sending more than the status needs edit.
    expect((await post('/devices/save/', { id, version, status: 'fault', name: 'renamed' }, { session: operator })).status).toBe(403);
    const r = ok(await post('/devices/save/', { id, version, status: 'fault' }, { session: operator }));
    expect((r.body.dt as { status: string }).status).toBe('fault');
    expect((await detailAsAdmin('/devices', id)).status).toBe('fault');
  });

  it('sales, who lists items, may not delete one', async () => {
    const a = await admin();
    const item = ok(await post('/items/save/', { code: unique('I'), name: 'victim' }, { session: a })).body.id as number;
    const r = await post('/items/delete/', { id: item }, { session: await sessionOf('sales') });
    expect(r).toEqual({ status: 403, body: { msg: translate('zh', 'forbidden') } });
    expect((await detailAsAdmin('/items', item)).id).toBe(item);
  });
});

describe('no role grants more than it holds', () => {
  /** A personnel clerk: keeps accounts and roles, and may grant only what it holds itself. */
  let clerk: Made;
  let clerkRole = 0;
  let adminRole = 0;
  const clerkGrants = {
    accounts: { actions: ['view', 'create', 'edit', 'import'] },
    roles: { actions: ['view', 'create', 'edit'] },
    items: { actions: ['view', 'edit'] },
  };
  beforeAll(async () => {
    clerkRole = await makeRole({ grants: clerkGrants, menus: ['/accounts/list', '/roles/list', '/items/list'] });
    clerk = await makeAccount([clerkRole]);
    adminRole = await roleIdOf('admin');
  });

  it('cannot give itself or anyone the admin role', async () => {
    const self = ok(await get('/accounts/detail/', { id: clerk.id }, { session: clerk.session })).body.dt as { version: number };
    const r = await post('/accounts/save/', { id: clerk.id, version: self.version, role_ids: [clerkRole, adminRole] }, { session: clerk.session });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe(translate('zh', 'admin_role_only'));
    const other = await post('/accounts/save/', { username: unique('u'), name: 'x', password: 'secret-123', role_ids: [adminRole] },
      { session: clerk.session });
    expect(other.status).toBe(403);
    // Nor through an import, nor by making a role an administrator.
    const imp = await post('/accounts/import/', { rows: [{ username: unique('u'), name: 'x', password: 'secret-123', role_ids: String(adminRole) }] },
      { session: clerk.session });
    expect(imp.status).toBe(403);
    expect((await post('/roles/save/', { code: unique('r'), name: 'x', is_admin: true }, { session: clerk.session })).status).toBe(403);
    const me = ok(await get('/accounts/info/', {}, { session: clerk.session }));
    expect((me.body.permissions as { admin: boolean }).admin).toBe(false);
  });

  it('cannot make a role with actions or menus it does not hold, but can within them', async () => {
    const beyond = await post('/roles/save/', { code: unique('r'), name: 'x', grants: { items: { actions: ['view', 'delete'] } } },
      { session: clerk.session });
    expect(beyond.status).toBe(403);
    expect(beyond.body.msg).toBe(translate('zh', 'grant_exceeds', { list: 'items.delete' }));
    const menu = await post('/roles/save/', { code: unique('r'), name: 'x', menus: ['/configs/list'] }, { session: clerk.session });
    expect(menu.status).toBe(403);
    const within = await post('/roles/save/', { code: unique('r'), name: 'x', menus: ['/items/list'], grants: { items: { actions: ['view'] } } },
      { session: clerk.session });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    // And may give that role to an account, which then holds no more than the clerk.
    const acc = await post('/accounts/save/', { username: unique('u'), name: 'x', password: 'secret-123', role_ids: [within.body.id] },
      { session: clerk.session });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
  });

  it('cannot edit a role or an account that holds more than it does: not the admin role, not the admin\'s password', async () => {
    const adminRow = ok(await get('/roles/detail/', { id: adminRole }, { session: clerk.session })).body.dt as { version: number };
    const role = await post('/roles/save/', { id: adminRole, version: adminRow.version, remark: 'mine now' }, { session: clerk.session });
    expect(role.status).toBe(403);
    expect(role.body.msg).toBe(translate('zh', 'outranked'));
    const accounts = ok(await get('/accounts/list/', { limit: -1 }, { session: clerk.session })).body.dt as { id: number; username: string; version: number }[];
    const root = accounts.find(x => x.username === 'admin')!;
    const reset = await post('/accounts/save/', { id: root.id, version: root.version, password: 'taken-over-1' }, { session: clerk.session });
    expect(reset.status).toBe(403);
    // The admin still logs in with its own password.
    expect((await post('/accounts/login/', { username: 'admin', password: 'admin123' })).status).toBe(200);
  });

  it('cannot widen its own role', async () => {
    const mine = ok(await get('/roles/detail/', { id: clerkRole }, { session: clerk.session })).body.dt as { version: number };
    const r = await post('/roles/save/', { id: clerkRole, version: mine.version, grants: { ...clerkGrants, configs: { actions: ['view', 'edit'] } } },
      { session: clerk.session });
    expect(r.status).toBe(403);
  });
});
