import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { idempotencyKeys } from '../db/tables';
import { ApiError } from '../lib/api-error';
import type { Auth } from './sessions';

/**
 * Idempotent creates (DESIGN §4): a create or an import batch sent with `Idempotency-Key: <uuid>` is written once;
 * a repeat of the same key by the same account within 24 h gets the first reply and writes nothing — whichever
 * instance answers it, because the key lives in the database.
 *
 * How concurrent repeats are kept from both writing: the key's row is inserted in the same transaction as the write
 * it guards. A second request with the key inserts too and waits on the first's uncommitted row (a unique-key
 * conflict waits for the other transaction); when the first commits, the second finds the stored reply; when it rolls
 * back (the write failed), the second goes ahead and writes. Only successful replies are kept: a refused request is
 * answered again, as the client that retries it would expect.
 *
 * A key reused for another request (another endpoint, other values) is refused with 422 rather than answered with a
 * reply that does not belong to it.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function idempotent<T extends Record<string, unknown>>(db: Db, req: FastifyRequest, auth: Auth, scope: string,
  request: unknown, run: (tx: Db) => Promise<T>): Promise<T> {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return run(db);
  if (typeof header !== 'string' || !UUID.test(header.trim())) throw new ApiError(400, 'idempotency_key_invalid');
  const key = header.trim().toLowerCase();
  const fingerprint = createHash('sha256').update(JSON.stringify(request) ?? '').digest('hex');
  const mine = and(eq(idempotencyKeys.account_id, auth.accountId), eq(idempotencyKeys.key, key));
  return db.transaction(async tx => {
    const stale = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
    // Keys older than a day are forgotten (this one included: a repeat after 24 h is a new request).
    await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, stale));
    const claimed = await tx.insert(idempotencyKeys)
      .values({ account_id: auth.accountId, key, scope, fingerprint })
      .onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [prev] = await tx.select().from(idempotencyKeys).where(mine);
      if (!prev || prev.scope !== scope || prev.fingerprint !== fingerprint || prev.reply === null) {
        throw new ApiError(422, 'idempotency_key_reused');
      }
      return prev.reply as T;
    }
    const reply = await run(tx as unknown as Db);
    // Stored as the client received it (JSON), so a repeat is byte for byte the same reply.
    await tx.update(idempotencyKeys).set({ status: 200, reply: JSON.parse(JSON.stringify(reply)) as unknown }).where(mine);
    return reply;
  });
}
