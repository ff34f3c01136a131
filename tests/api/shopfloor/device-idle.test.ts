import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY } from '../../../server/auth/options';
import { checkToken, createSession, createToken, resolveSession } from '../../../server/auth/sessions';
import { rows } from '../../../server/db/connection';
import { migrate } from '../../../server/db/migrate';
import { authSessions, authTokens } from '../../../server/db/tables';
import { ApiError } from '../../../server/lib/api-error';
import { freshDatabase, type TestDatabase } from '../test-database';

/**
 * A device login's token (docs/shopfloor.md "Kiosk identity") as the session functions see it: bound to its computer,
 * named on every session re-opened with it, and idle for DEVICE_IDLE_DAYS rather than the office hours. Idleness
 * cannot be waited for over HTTP, so this file opens its own database and moves the last activity into the past.
 */

let tdb: TestDatabase;
let accountId = 0;
let computerId = 0;

beforeAll(async () => {
  tdb = await freshDatabase('device-idle');
  await migrate(tdb.database);
  const db = tdb.database.db;
  [{ id: accountId }] = await rows<{ id: number }>(db, sql`
    insert into accounts (username, name, active, rev) values ('kiosk-idle', 'Kiosk', true, 1) returning id`) as [{ id: number }];
  [{ id: computerId }] = await rows<{ id: number }>(db, sql`
    insert into computers (code, name, rev) values ('PC-IDLE', 'Idle kiosk', 1) returning id`) as [{ id: number }];
});

afterAll(async () => {
  await tdb?.drop();
});

/** Moves a login's last activity `ms` into the past. */
async function idleFor(tokenRowId: number, ms: number): Promise<void> {
  const db = tdb.database.db;
  const then = new Date(Date.now() - ms);
  await db.update(authTokens).set({ created_at: then }).where(eq(authTokens.id, tokenRowId));
  await db.update(authSessions).set({ last_seen_at: then, created_at: then }).where(eq(authSessions.token_id, tokenRowId));
}

async function codeOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    return e instanceof ApiError ? e.extra.code : `not an ApiError: ${String(e)}`;
  }
}

describe('device tokens', () => {
  it('name their computer on the token and on every session', async () => {
    const db = tdb.database.db;
    const { token, tokenRowId } = await createToken(db, accountId, { kind: 'device', computerId });
    await expect(checkToken(db, token)).resolves.toEqual({ tokenRowId, accountId, computerId });
    const sessionid = await createSession(db, accountId, tokenRowId, 'PC-IDLE', '127.0.0.1');
    await expect(resolveSession(db, sessionid)).resolves.toMatchObject({ accountId, computerId, device: 'PC-IDLE' });
    const office = await createToken(db, accountId);
    const officeSession = await createSession(db, accountId, office.tokenRowId, 'PC-IDLE', '127.0.0.1');
    await expect(resolveSession(db, officeSession)).resolves.toMatchObject({ computerId: null });
  });

  it('outlive the office idle time, and end after the device idle time', async () => {
    const db = tdb.database.db;
    const device = await createToken(db, accountId, { kind: 'device', computerId });
    const deviceSession = await createSession(db, accountId, device.tokenRowId, 'PC-IDLE', '127.0.0.1');
    const office = await createToken(db, accountId);
    const officeSession = await createSession(db, accountId, office.tokenRowId, undefined, '127.0.0.1');
    // A weekend away: the office login has ended, the kiosk's has not.
    await idleFor(device.tokenRowId, 3 * 86400_000);
    await idleFor(office.tokenRowId, 3 * 86400_000);
    expect(await codeOf(resolveSession(db, officeSession))).toBe(50014);
    await expect(resolveSession(db, deviceSession)).resolves.toMatchObject({ computerId });
    // A month and more unused: the kiosk's login ends too, token and all.
    await idleFor(device.tokenRowId, DEFAULT_SECURITY.deviceIdleMs + 86400_000);
    expect(await codeOf(resolveSession(db, deviceSession))).toBe(50014);
    expect(await codeOf(checkToken(db, device.token))).toBe(50012);
  });
});
