import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import '@fastify/cookie';
import { eq, sql } from 'drizzle-orm';
import { resourceByName } from '../../src/domain/resources/all';
import { rows, type Db } from '../db/connection';
import { tableOf, uploadUsage } from '../db/tables';
import { ApiError } from '../lib/api-error';
import { column } from '../db/columns';
import { installSecret } from './install-secrets';
import type { SecurityOptions } from './options';
import { checkToken, resolveSession } from './sessions';
import { files } from '../../src/domain/contract/endpoints/system';

/**
 * Who may download a stored file (DESIGN §5, issue 10): a logged-in caller — by the session id of the API
 * (`Authorization`) or by the browser's login (the `Admin-Token` cookie, which an `<img>` or a clicked link sends) —
 * or the holder of a short-lived link signed for the account that made the file. Exports hold a list's data and are
 * the maker's alone; uploads (pictures named by rows) any logged-in user may see.
 */

export const DOWNLOAD_PATH = `${files.path}?action=download`;

function signature(key: Buffer, fileId: string, accountId: number, exp: number): string {
  return createHmac('sha256', key).update(`${fileId}.${accountId}.${exp}`).digest('base64url');
}

/** A download link for `accountId` that works without a login until `ttlMs` from now. */
export async function signedLink(db: Db, fileId: string, accountId: number, ttlMs: number): Promise<string> {
  const exp = Math.floor((Date.now() + ttlMs) / 1000);
  const sig = signature(await installSecret(db, 'link_key'), fileId, accountId, exp);
  return `${DOWNLOAD_PATH}&id=${fileId}&exp=${exp}&sig=${sig}`;
}

async function activeAccount(db: Db, accountId: number): Promise<boolean> {
  const t = tableOf(resourceByName('accounts')!);
  const [a] = await db.select({ active: column(t, 'active') }).from(t).where(eq(column(t, 'id'), accountId));
  return !!a && a.active !== false;
}

/**
 * The account a download request speaks for, or null: a session id, else the login cookie, else a valid signed link
 * for the file's maker (`owner`) whose account is still active. A revoked, expired or idle login counts as none.
 */
export async function downloaderOf(db: Db, req: FastifyRequest, security: SecurityOptions, fileId: string, owner: number | null,
  link: { exp?: string; sig?: string }): Promise<number | null> {
  const header = req.headers.authorization?.replace(/^(Bearer|Token)\s+/i, '').trim();
  if (header) {
    try { return (await resolveSession(db, header, security)).accountId; } catch { /* try the others */ }
  }
  const cookie = req.cookies?.['Admin-Token'];
  if (cookie) {
    try {
      const t = await checkToken(db, cookie, security);
      if (await activeAccount(db, t.accountId)) return t.accountId;
    } catch { /* try the link */ }
  }
  if (owner !== null && link.exp && link.sig && /^\d{1,12}$/.test(link.exp) && Number(link.exp) * 1000 > Date.now()) {
    const want = Buffer.from(signature(await installSecret(db, 'link_key'), fileId, owner, Number(link.exp)));
    const got = Buffer.from(link.sig);
    if (got.length === want.length && timingSafeEqual(got, want) && await activeAccount(db, owner)) return owner;
  }
  return null;
}

/** Bytes of an account's upload quota held for one request, on the day they were counted against. */
export interface UploadReservation { accountId: number; day: string; bytes: number }

/**
 * Reserves `bytes` of the account's daily upload quota, atomically (parallel uploads cannot all slip under it), before
 * the body is read. Refused with 413 when the day's total would pass the quota.
 */
export async function reserveUpload(db: Db, accountId: number, bytes: number, quota: number): Promise<UploadReservation> {
  const refuse = () => new ApiError(413, 'upload_quota', { max: `${Math.round(quota / 1048576)} MB` });
  if (bytes > quota) throw refuse();
  const [r] = await rows<{ day: string }>(db, sql`
    insert into ${uploadUsage} (account_id, day, bytes) values (${accountId}, current_date, ${bytes})
    on conflict (account_id, day) do update set bytes = ${uploadUsage}.bytes + excluded.bytes
      where ${uploadUsage}.bytes + excluded.bytes <= ${quota}
    returning day::text as day`);
  if (!r) throw refuse();
  return { accountId, day: r.day, bytes };
}

/**
 * Gives a reservation back: the quota counts what was stored, and a request that stored nothing (a broken body, a
 * refused export) must not use up the day's allowance. Taken from the day it was counted on, even after midnight.
 */
export async function releaseUpload(db: Db, r: UploadReservation): Promise<void> {
  await db.execute(sql`update ${uploadUsage} set bytes = greatest(${uploadUsage}.bytes - ${r.bytes}, 0)
    where ${uploadUsage}.account_id = ${r.accountId} and ${uploadUsage}.day = ${r.day}`);
}
