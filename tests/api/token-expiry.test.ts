import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resourceByName } from '../../src/domain/resources/all';
import { checkToken, createSession, createToken, resolveSession } from '../../server/auth/sessions';
import { migrate } from '../../server/db/migrate';
import { authSessions, authTokens, tableOf } from '../../server/db/tables';
import { ApiError } from '../../server/lib/api-error';
import { freshDatabase, type TestDatabase } from './test-database';

/**
 * Token expiry (50014) and revocation (50012) as the session functions see them. A token lives 700 days, so an
 * expired one cannot be made over HTTP: this file opens its own fresh database and moves `expires_at` into the past.
 */

let tdb: TestDatabase;
let accountId = 0;

beforeAll(async () => {
  tdb = await freshDatabase('expiry');
  await migrate(tdb.database);
  const accounts = tableOf(resourceByName('accounts')!);
  const [row] = await tdb.database.db.insert(accounts)
    .values({ username: 'expiry', name: 'Expiry Test', rev: 1, active: true })
    .returning({ id: accounts.id });
  accountId = row!.id as number;
});

afterAll(async () => {
  await tdb?.drop();
});

/** The `extra.code` of the ApiError a call rejects with (or a description of what it did instead). */
async function codeOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    if (!(e instanceof ApiError)) return `not an ApiError: ${String(e)}`;
    expect(e.status).toBe(401);
    return e.extra.code;
  }
}

describe('token expiry and revocation', () => {
  it('accepts a fresh token and its session', async () => {
    const db = tdb.database.db;
    const { token, tokenRowId } = await createToken(db, accountId);
    await expect(checkToken(db, token)).resolves.toEqual({ tokenRowId, accountId });
    const sessionid = await createSession(db, accountId, tokenRowId, 'test', '127.0.0.1');
    const auth = await resolveSession(db, sessionid);
    expect(auth).toMatchObject({ accountId, username: 'expiry', isAdmin: false, tokenRowId });
  });

  it('answers 50014 for a token past its expiry, and for a session under it', async () => {
    const db = tdb.database.db;
    const { token, tokenRowId } = await createToken(db, accountId);
    const sessionid = await createSession(db, accountId, tokenRowId, 'test', '127.0.0.1');
    await db.update(authTokens).set({ expires_at: new Date(Date.now() - 60_000) }).where(eq(authTokens.id, tokenRowId));
    expect(await codeOf(checkToken(db, token))).toBe(50014);
    expect(await codeOf(resolveSession(db, sessionid))).toBe(50014);
  });

  it('answers 50012 for a revoked token, and for a session under it', async () => {
    const db = tdb.database.db;
    const { token, tokenRowId } = await createToken(db, accountId);
    const sessionid = await createSession(db, accountId, tokenRowId, 'test', '127.0.0.1');
    await db.update(authTokens).set({ revoked_at: new Date(), revoke_reason: 'test' }).where(eq(authTokens.id, tokenRowId));
    expect(await codeOf(checkToken(db, token))).toBe(50012);
    expect(await codeOf(resolveSession(db, sessionid))).toBe(50012);
  });

  it('answers 50012 for a revoked session whose token is still good', async () => {
    const db = tdb.database.db;
    const { token, tokenRowId } = await createToken(db, accountId);
    const sessionid = await createSession(db, accountId, tokenRowId, 'test', '127.0.0.1');
    await db.update(authSessions).set({ revoked_at: new Date() }).where(eq(authSessions.token_id, tokenRowId));
    expect(await codeOf(resolveSession(db, sessionid))).toBe(50012);
    await expect(checkToken(db, token)).resolves.toMatchObject({ tokenRowId });
  });

  it('answers 50008 for an unknown token and needlogin for an unknown session', async () => {
    const db = tdb.database.db;
    expect(await codeOf(checkToken(db, 'never-issued-token'))).toBe(50008);
    await expect(resolveSession(db, 'never-issued-session')).rejects.toMatchObject({ status: 401, extra: { needlogin: 1 } });
  });
});
