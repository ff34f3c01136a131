import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { resourceByName } from '../../src/domain/resources/all';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { column } from '../db/columns';
import { installSecret } from './install-secrets';
import { printSheet } from '../../src/domain/contract/endpoints/prints';

/**
 * Signed links to a print sheet (`GET /prints/sheet/`, issue 11 point 5): the local helper that prints a job has no
 * login, so `POST /prints/do/` — which checks the caller's permission — hands out a link that works without one for a
 * few minutes. The link names what it prints (category and row ids), the account it was made for and when it
 * expires; the signature is an HMAC-SHA256 of those under a key derived from the installation's `link_key`
 * (install-secrets.ts, shared by every instance on one database), apart from the key of download links
 * (file-access.ts), so a signature of one kind is never valid for the other. A changed byte, another
 * installation's link, an expired link or one whose account was disabled since opens nothing.
 */

export const SHEET_PATH = printSheet.path;

/** Row ids printed by one link; the contract's MAX_PRINT_ROWS is below it. */
const MAX_LINK_IDS = 10_000;

async function sheetKey(db: Db): Promise<Buffer> {
  return createHmac('sha256', await installSecret(db, 'link_key')).update('ipos print sheet v1').digest();
}

/** The template, when the link names one, is signed too (a link of one paper cannot be turned into another's). */
function signature(key: Buffer, category: string, ids: string, accountId: number, exp: number, template?: string): string {
  const text = `${category}\n${ids}\n${accountId}\n${exp}${template === undefined ? '' : `\n${template}`}`;
  return createHmac('sha256', key).update(text).digest('base64url');
}

/**
 * Row ids as short text for a URL, in their order: base 36, separated by `.`, a run of consecutive ids as `a-b`
 * (the cards of one generation are consecutive, so a thousand of them take a few bytes).
 */
export function encodeIds(ids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    parts.push(j > i ? `${ids[i]!.toString(36)}-${ids[j]!.toString(36)}` : ids[i]!.toString(36));
    i = j + 1;
  }
  return parts.join('.');
}

/** The ids of `encodeIds`' text, or null when it is not such a text or names more than `max` ids. */
export function decodeIds(text: string, max = MAX_LINK_IDS): number[] | null {
  if (!/^[0-9a-z]{1,7}(-[0-9a-z]{1,7})?(\.[0-9a-z]{1,7}(-[0-9a-z]{1,7})?)*$/.test(text)) return null;
  const out: number[] = [];
  for (const part of text.split('.')) {
    const [a, b] = part.split('-').map(p => parseInt(p, 36));
    const from = a!;
    const to = b ?? from;
    if (to < from || out.length + (to - from + 1) > max) return null;
    for (let id = from; id <= to; id++) out.push(id);
  }
  return out;
}

/** What a link prints: a category's rows, on the category's template `template` (absent: its first). */
export interface SheetLink { category: string; ids: number[]; accountId: number; exp: number; template?: number }

/** The path and query of a sheet link signed with `key`, valid until `exp` (seconds since 1970). Pure. */
export function sheetLinkWith(key: Buffer, category: string, ids: readonly number[], accountId: number, exp: number,
  template?: number): string {
  const text = encodeIds(ids);
  const t = template === undefined ? undefined : String(template);
  const sig = signature(key, category, text, accountId, exp, t);
  const q = new URLSearchParams({ c: category, ids: text, a: String(accountId), exp: String(exp), sig, ...(t === undefined ? {} : { t }) });
  return `${SHEET_PATH}?${q.toString()}`;
}

/** The path and query of a sheet link for `accountId`, valid until `ttlMs` from now. */
export async function signSheetLink(db: Db, category: string, ids: readonly number[], accountId: number, ttlMs: number,
  template?: number): Promise<string> {
  return sheetLinkWith(await sheetKey(db), category, ids, accountId, Math.floor((Date.now() + ttlMs) / 1000), template);
}

/** The parameters of a sheet link, as they arrive (already checked for shape by the route's schema). */
export interface SheetLinkParams { c: string; ids: string; a: string; exp: string; sig: string; t?: string }

async function activeAccount(db: Db, accountId: number): Promise<boolean> {
  const t = tableOf(resourceByName('accounts')!);
  const [a] = await db.select({ active: column(t, 'active') }).from(t).where(eq(column(t, 'id'), accountId));
  return !!a && a.active !== false;
}

/**
 * What a link signed with `key` prints, or null when it is expired at `nowMs` or was not signed so (any byte
 * changed). Pure: the account is not looked at.
 */
export function readSheetLink(key: Buffer, p: SheetLinkParams, nowMs: number): SheetLink | null {
  const exp = Number(p.exp);
  const accountId = Number(p.a);
  if (!Number.isSafeInteger(exp) || exp * 1000 <= nowMs || !Number.isSafeInteger(accountId)) return null;
  const want = Buffer.from(signature(key, p.c, p.ids, accountId, exp, p.t));
  const got = Buffer.from(p.sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  const ids = decodeIds(p.ids);
  if (!ids) return null;
  return p.t === undefined ? { category: p.c, ids, accountId, exp } : { category: p.c, ids, accountId, exp, template: Number(p.t) };
}

/** What a link prints, or null when it is expired, tampered with, or its account is gone or disabled. */
export async function verifySheetLink(db: Db, p: SheetLinkParams): Promise<SheetLink | null> {
  const link = readSheetLink(await sheetKey(db), p, Date.now());
  return link && (await activeAccount(db, link.accountId)) ? link : null;
}
