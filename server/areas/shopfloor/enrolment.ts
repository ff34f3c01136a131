import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ENROL_MINUTES, ENROL_TRIES } from '../../../src/domain/contract/accounts';
import type { Db } from '../../db/connection';
import { authSessions, authTokens, computerEnrolments, tableOf } from '../../db/tables';
import { resourceByName } from '../../../src/domain/resources/all';
import { column } from '../../db/columns';
import { ApiError } from '../../lib/api-error';
import { hashSecret } from '../../lib/secrets';

/**
 * Terminal enrolment (issue 29; docs/shopfloor.md "Kiosk identity"). A device login binds a device to a `computers`
 * row, and every fact it pushes speaks for that terminal, so a terminal is not anyone's to claim: a supervisor at the
 * kiosk issues a one-time code (`POST /computers/enrol/`, the `enrol` action), and only a device login giving that
 * code binds. The code is good once, for ENROL_MINUTES, and for ENROL_TRIES wrong tries; only its hash is kept (a
 * table of its own, never listed, pulled or in history). An enrolment cuts off the terminal's earlier device (its
 * tokens and sessions revoked): one device per terminal, as the terminal's numbering of its facts (`seq`) needs.
 */

/** Letters a person reads off a screen and types without mistaking (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

const computers = resourceByName('computers')!;

/** A code as typed: case and spaces or dashes between groups do not matter. */
const normalised = (code: string): string => code.toUpperCase().replace(/[\s-]+/g, '');

export async function issueEnrolment(db: Db, computerId: number, by: number | null): Promise<{ code: string; expires_at: Date }> {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  const expires_at = new Date(Date.now() + ENROL_MINUTES * 60_000);
  const values = { code_hash: hashSecret(code), expires_at, failures: 0, issued_by: by, issued_at: new Date() };
  await db.insert(computerEnrolments).values({ computer_id: computerId, ...values })
    .onConflictDoUpdate({ target: computerEnrolments.computer_id, set: values });
  return { code: `${code.slice(0, 4)}-${code.slice(4)}`, expires_at };
}

/**
 * Checks `code` against the terminal's pending enrolment: right and in time, the code is spent, the terminal marked
 * enrolled and its earlier devices cut off; wrong, the try is counted (the code is void after ENROL_TRIES) and the
 * login refused. Each step commits on its own (the login is no transaction), so a refusal's count holds.
 */
export async function enrol(db: Db, terminal: { id: number; code: string }, code: string | undefined): Promise<void> {
  if (!code) {
    throw new ApiError(403, 'computer_enrol_required', { code: terminal.code },
      { enrol: { key: 'computer_enrol_required', params: { code: terminal.code } } });
  }
  // Spent by one statement, so two logins racing with one code cannot both bind.
  const mine = eq(computerEnrolments.computer_id, terminal.id);
  const spent = await db.delete(computerEnrolments)
    .where(and(mine, eq(computerEnrolments.code_hash, hashSecret(normalised(code))), sql`${computerEnrolments.expires_at} > now()`))
    .returning({ id: computerEnrolments.computer_id });
  if (spent.length === 0) {
    const [left] = await db.update(computerEnrolments).set({ failures: sql`${computerEnrolments.failures} + 1` }).where(mine)
      .returning({ failures: computerEnrolments.failures });
    if (left && left.failures >= ENROL_TRIES) await db.delete(computerEnrolments).where(mine);
    throw new ApiError(403, 'computer_enrol_wrong', {}, { enrol: { key: 'computer_enrol_wrong' } });
  }
  const now = new Date();
  const reason = 'terminal enrolled again';
  const earlier = and(eq(authTokens.kind, 'device'), eq(authTokens.computer_id, terminal.id), isNull(authTokens.revoked_at));
  await db.update(authSessions).set({ revoked_at: now, revoke_reason: reason }).where(and(isNull(authSessions.revoked_at),
    sql`${authSessions.token_id} in (select ${authTokens.id} from ${authTokens} where ${earlier})`));
  await db.update(authTokens).set({ revoked_at: now, revoke_reason: reason }).where(earlier);
  const t = tableOf(computers);
  await db.update(t).set({ enrolled_at: now, rev: sql`next_rev()` }).where(eq(column(t, 'id'), terminal.id));
}
