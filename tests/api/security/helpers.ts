import { expect } from 'vitest';
import { get, login, post, sessionOf, type Reply } from '../client';

/**
 * Helpers of the issue-10 security tests on the shared server: accounts and roles made by admin for one test, with
 * names unique to the run, so test files never step on each other's rows.
 */
export const RUN = Date.now().toString(36);
let seq = 0;
export const unique = (prefix: string) => `${prefix}_${RUN}_${(++seq).toString(36)}`;

export function ok(r: Reply, what = ''): Reply {
  if (r.status !== 200) throw new Error(`${what} expected 200, got ${r.status} ${JSON.stringify(r.body).slice(0, 400)}`);
  return r;
}

export async function admin(): Promise<string> {
  return sessionOf('admin');
}

export interface Made { id: number; username: string; password: string; session: string; token: string }

/** A role made by admin; returns its id. */
export async function makeRole(values: { grants?: unknown; menus?: string[]; is_admin?: boolean }, code = unique('role')): Promise<number> {
  const r = ok(await post('/roles/save/', { code, name: code, menus: values.menus ?? [], grants: values.grants ?? {}, is_admin: values.is_admin ?? false },
    { session: await admin() }), 'make role');
  return r.body.id as number;
}

/** An account made by admin with these roles (and person), logged in. */
export async function makeAccount(roleIds: number[], extra: Record<string, unknown> = {}): Promise<Made> {
  const username = unique('user');
  const password = `pw-${RUN}-x`;
  const r = ok(await post('/accounts/save/', { username, name: username, password, role_ids: roleIds, ...extra }, { session: await admin() }),
    'make account');
  const { session, token } = await login(username, password);
  return { id: r.body.id as number, username, password, session, token };
}

export async function roleIdOf(code: string): Promise<number> {
  const r = ok(await get('/roles/list/', { limit: -1 }, { session: await admin() }));
  const role = (r.body.dt as { id: number; code: string }[]).find(x => x.code === code);
  expect(role, code).toBeDefined();
  return role!.id;
}

/** The row as admin reads it (everything, sensitive fields included). */
export async function detailAsAdmin(api: string, id: number): Promise<Record<string, unknown>> {
  return ok(await get(`${api}/detail/`, { id }, { session: await admin() })).body.dt as Record<string, unknown>;
}
