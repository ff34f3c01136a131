import { asc, eq, sql } from 'drizzle-orm';
import {
  DEMO_BAD_LOGIN, DEMO_BAD_LOGIN_MESSAGE, DEMO_BAD_TOKEN, DEMO_BAD_TOKEN_MESSAGE, DEMO_OK, type DemoFailure, type DemoOk,
  type DemoTransaction, type DemoUserInfo,
} from '../../../src/domain/contract/demo';
import type { Db } from '../../db/connection';
import { demoNames, demoTransactions, demoUsers } from '../../db/tables';

/**
 * The demo module's users, names and transactions (spec §7): the mock's login by name (its password is not checked,
 * as the mock's is not: these are sample accounts, never IPOS's), its info by token, logout, name search and the
 * transaction list.
 */

/** `user/login`: the user's token, or `60204` at HTTP 200. */
export async function demoLogin(db: Db, username: string): Promise<DemoOk<{ token: string }> | DemoFailure> {
  const [u] = await db.select({ token: demoUsers.token }).from(demoUsers).where(eq(demoUsers.username, username));
  return u ? { code: DEMO_OK, data: { token: u.token } } : { code: DEMO_BAD_LOGIN, message: DEMO_BAD_LOGIN_MESSAGE };
}

/** `user/info?token=`: who the token is, or `50008` at HTTP 200. */
export async function demoUserInfo(db: Db, token: string): Promise<DemoOk<DemoUserInfo> | DemoFailure> {
  const [u] = token ? await db.select({ roles: demoUsers.roles, introduction: demoUsers.introduction, avatar: demoUsers.avatar,
    name: demoUsers.name }).from(demoUsers).where(eq(demoUsers.token, token)) : [];
  return u ? { code: DEMO_OK, data: u } : { code: DEMO_BAD_TOKEN, message: DEMO_BAD_TOKEN_MESSAGE };
}

/** `search/user?name=`: the names containing it whatever the case (every name when none is given). */
export async function searchNames(db: Db, name: string | undefined): Promise<DemoOk<{ items: { name: string }[] }>> {
  const items = await db.select({ name: demoNames.name }).from(demoNames)
    .where(name === undefined ? undefined : sql`strpos(lower(${demoNames.name}), lower(${name})) > 0`)
    .orderBy(asc(demoNames.name));
  return { code: DEMO_OK, data: { items } };
}

/** `transaction/list`: every transaction (the mock's 20), oldest row first. */
export async function listTransactions(db: Db): Promise<DemoOk<{ total: number; items: DemoTransaction[] }>> {
  // `status` is success or pending: the table's check holds it.
  const items = (await db.select().from(demoTransactions).orderBy(asc(demoTransactions.id)))
    .map(t => ({ order_no: t.order_no, timestamp: t.timestamp, username: t.username, price: t.price,
      status: t.status as DemoTransaction['status'] }));
  return { code: DEMO_OK, data: { total: items.length, items } };
}
