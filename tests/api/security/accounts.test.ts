import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/domain/messages/catalog';
import { get, login, post } from '../client';
import { admin, makeAccount, makeRole, ok, roleIdOf, unique } from './helpers';
import { OWN_ADMIN, postTo, startOwnServer, type OwnServer } from './own-server';

/**
 * Findings 3, 4 and 10 (usernames) of issue 10:
 * - "An admin's password reset revokes nothing: the user's open sessions keep working and a token issued before the
 *   reset still logs in. Disabling an account blocks it, but re-enabling revives its old sessions and tokens."
 * - "The only admin can delete itself (and nothing stops disabling or demoting the last admin)."
 * - "`ADMIN` can be created beside `admin` and can never log in."
 */

const info = (session: string) => get('/accounts/info/', {}, { session });
const REVOKED = { status: 401, body: { code: 50012, msg: translate('zh', 'session_revoked') } };

async function versionOf(id: number): Promise<number> {
  return (ok(await get('/accounts/detail/', { id }, { session: await admin() })).body.dt as { version: number }).version;
}
async function saveAccount(id: number, values: Record<string, unknown>) {
  return post('/accounts/save/', { id, version: await versionOf(id), ...values }, { session: await admin() });
}

describe('reset, disable and role change revoke logins for good', () => {
  let role = 0;
  beforeAll(async () => { role = await makeRole({ grants: { items: { actions: ['view'] } } }); });

  it('a password reset by an admin ends the user\'s sessions and tokens', async () => {
    const u = await makeAccount([role]);
    const second = await login(u.username, u.password);
    ok(await saveAccount(u.id, { password: 'reset-pass-2' }));
    for (const s of [u.session, second.session]) expect(await info(s)).toEqual(REVOKED);
    for (const t of [u.token, second.token]) expect(await post('/accounts/login/', { token: t })).toEqual(REVOKED);
    expect((await login(u.username, 'reset-pass-2')).session).toEqual(expect.any(String));
  });

  it('a disabled account stays logged out when enabled again: nothing old revives', async () => {
    const u = await makeAccount([role]);
    ok(await saveAccount(u.id, { active: false }));
    expect(await info(u.session)).toEqual(REVOKED);
    ok(await saveAccount(u.id, { active: true }));
    expect(await info(u.session)).toEqual(REVOKED);
    expect(await post('/accounts/login/', { token: u.token })).toEqual(REVOKED);
    expect((await login(u.username, u.password)).session).toEqual(expect.any(String));
  });

  it('a change of roles ends the account\'s logins', async () => {
    const u = await makeAccount([role]);
    const other = await makeRole({ grants: { items: { actions: ['view', 'export'] } } });
    ok(await saveAccount(u.id, { role_ids: [role, other] }));
    expect(await info(u.session)).toEqual(REVOKED);
    expect(await post('/accounts/login/', { token: u.token })).toEqual(REVOKED);
  });

  it('an account\'s own password change keeps the login it was made from and ends the others', async () => {
    const u = await makeAccount([role]);
    const other = await login(u.username, u.password);
    ok(await post('/accounts/password/', { oldpassword: u.password, password: 'own-change-3' }, { session: u.session }));
    expect((await info(u.session)).status).toBe(200);
    expect(await info(other.session)).toEqual(REVOKED);
  });
});

describe('nobody removes themselves or the last admin', () => {
  it('an admin cannot delete, disable or demote itself', async () => {
    const adminRole = await roleIdOf('admin');
    const me = await makeAccount([adminRole]);
    const selfChange = { status: 409, body: { msg: translate('zh', 'self_change') } };
    const v = (await get('/accounts/detail/', { id: me.id }, { session: me.session })).body.dt as { version: number };
    expect(await post('/accounts/delete/', { id: me.id }, { session: me.session })).toEqual(selfChange);
    expect(await post('/accounts/save/', { id: me.id, version: v.version, active: false }, { session: me.session })).toEqual(selfChange);
    expect(await post('/accounts/save/', { id: me.id, version: v.version, role_ids: [] }, { session: me.session })).toEqual(selfChange);
    expect((await info(me.session)).status).toBe(200);
  });

  describe('on a server whose only admin is root', () => {
    let own: OwnServer;
    let root = '';
    beforeAll(async () => {
      own = await startOwnServer('lastadmin');
      root = (await own.login(OWN_ADMIN.username, OWN_ADMIN.password)).session;
    });
    afterAll(async () => { await own?.close(); });

    const detail = async (path: string, id: number, session: string) =>
      ((await fetch(`${own.url}${path}/detail/?id=${id}`, { headers: { authorization: session } })).json()) as Promise<{ dt: Record<string, unknown> }>;

    it('cannot demote the admin role while it is the last admin\'s, nor leave no active admin in a race', async () => {
      const roles = await (await fetch(`${own.url}/roles/list/?limit=-1`, { headers: { authorization: root } })).json() as { dt: { id: number; version: number }[] };
      const adminRole = roles.dt[0]!;
      const demote = await postTo(own.url, '/roles/save/', { id: adminRole.id, version: adminRole.version, is_admin: false }, root);
      expect(demote.status).toBe(409);
      expect(demote.body.msg).toBe(translate('zh', 'last_admin'));

      // Two admins disabling each other at the same moment: one of them must remain.
      const second = await postTo(own.url, '/accounts/save/', { username: 'second', name: 'Second', password: 'second-pass-1', role_ids: [adminRole.id] }, root);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const secondSession = (await own.login('second', 'second-pass-1')).session;
      const rootId = ((await (await fetch(`${own.url}/accounts/info/`, { headers: { authorization: root } })).json()) as { username: string }).username;
      expect(rootId).toBe(OWN_ADMIN.username);
      const list = await (await fetch(`${own.url}/accounts/list/?limit=-1`, { headers: { authorization: root } })).json() as { dt: { id: number; username: string; version: number }[] };
      const rootRow = list.dt.find(a => a.username === OWN_ADMIN.username)!;
      const secondRow = list.dt.find(a => a.username === 'second')!;
      const [a, b] = await Promise.all([
        postTo(own.url, '/accounts/save/', { id: secondRow.id, version: secondRow.version, active: false }, root),
        postTo(own.url, '/accounts/save/', { id: rootRow.id, version: rootRow.version, active: false }, secondSession),
      ]);
      const statuses = [a.status, b.status].sort();
      // One wins; the other is refused — as the last admin, or (its caller just disabled) logged out.
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const survivors = [await detail('/accounts', rootRow.id, a.status === 200 ? root : secondSession),
        await detail('/accounts', secondRow.id, a.status === 200 ? root : secondSession)];
      expect(survivors.filter(s => s.dt.active !== false)).toHaveLength(1);
    });
  });
});

describe('usernames are unique without regard to case', () => {
  it('refuses ADMIN beside admin, and logs in whatever the case typed', async () => {
    const a = await admin();
    const dup = await post('/accounts/save/', { username: 'ADMIN', name: 'Shadow', password: 'shadow-pass-1' }, { session: a });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ username: translate('zh', 'duplicate') });
    const name = unique('CaseUser');
    ok(await post('/accounts/save/', { username: name, name, password: 'case-pass-1' }, { session: a }));
    expect((await post('/accounts/save/', { username: name.toLowerCase(), name, password: 'case-pass-1' }, { session: a })).status).toBe(409);
    expect((await post('/accounts/login/', { username: name.toUpperCase(), password: 'case-pass-1' })).status).toBe(200);
  });
});
