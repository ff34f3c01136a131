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
  const key = keyOf(req, auth, scope, request);
  if (!key) return run(db);
  return db.transaction(async tx => {
    const prev = await claim(tx, key);
    if (prev) return prev as T;
    const reply = await run(tx as unknown as Db);
    await keep(tx, key, reply);
    return reply;
  });
}

/**
 * An idempotent write done in several transactions (a long card generation commits in chunks so it never holds the
 * embedded database for long): `run` gets `step`, which runs a function in a transaction of its own, and `keep`, which
 * keeps the reply in the transaction it is given — the last step's, so a repeat never finds the work done and the
 * reply missing. The key is claimed in the first step's transaction; a first step that fails releases it, as
 * `idempotent` does. A repeat while the steps run, or after they stopped part way (a later step refused, the server
 * stopped), finds the key claimed without a reply and is refused with 409 `idempotency_unfinished` rather than doing
 * again what the first request did.
 */
export async function idempotentSteps<T extends Record<string, unknown>>(db: Db, req: FastifyRequest, auth: Auth,
  scope: string, request: unknown, run: (s: { step: Step; keep: (tx: Db, reply: T) => Promise<void> }) => Promise<T>): Promise<T> {
  const key = keyOf(req, auth, scope, request);
  if (!key) return run({ step: fn => db.transaction(tx => fn(tx as unknown as Db)), keep: async () => {} });
  let claimed = false;
  let kept = false;
  let replay: Record<string, unknown> | undefined;
  const step: Step = fn => db.transaction(async tx => {
    if (!claimed) {
      replay = await claim(tx as unknown as Db, key);
      // The stored reply answers the repeat; the thrown marker only leaves `run` (the transaction wrote nothing).
      if (replay) throw REPLAYED;
      claimed = true;
    }
    return fn(tx as unknown as Db);
  });
  try {
    const reply = await run({ step, keep: async (tx, r) => { await keep(tx, key, r); kept = true; } });
    // A run that did not keep its reply in its last step keeps it now (a repeat in between is refused, not run twice).
    if (!kept) await db.transaction(tx => keep(tx as unknown as Db, key, reply));
    return reply;
  } catch (e) {
    if (e === REPLAYED && replay) return replay as T;
    throw e;
  }
}

/** Runs a function in a transaction of its own. */
export type Step = <S>(fn: (tx: Db) => Promise<S>) => Promise<S>;

const REPLAYED = new Error('idempotent repeat');

interface Key { accountId: number; key: string; scope: string; fingerprint: string }

/** The request's key, or none when it was sent without one; a malformed key is refused. */
function keyOf(req: FastifyRequest, auth: Auth, scope: string, request: unknown): Key | undefined {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !UUID.test(header.trim())) throw new ApiError(400, 'idempotency_key_invalid');
  const fingerprint = createHash('sha256').update(JSON.stringify(request) ?? '').digest('hex');
  return { accountId: auth.accountId, key: header.trim().toLowerCase(), scope, fingerprint };
}

const mine = (k: Key) => and(eq(idempotencyKeys.account_id, k.accountId), eq(idempotencyKeys.key, k.key));

/** Claims the key in this transaction; answers the first reply when the key was used for this same request. */
async function claim(tx: Db, k: Key): Promise<Record<string, unknown> | undefined> {
  const stale = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
  // Keys older than a day are forgotten (this one included: a repeat after 24 h is a new request).
  await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, stale));
  const claimed = await tx.insert(idempotencyKeys)
    .values({ account_id: k.accountId, key: k.key, scope: k.scope, fingerprint: k.fingerprint })
    .onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return undefined;
  const [prev] = await tx.select().from(idempotencyKeys).where(mine(k));
  if (!prev || prev.scope !== k.scope || prev.fingerprint !== k.fingerprint) throw new ApiError(422, 'idempotency_key_reused');
  // Claimed by this same request, whose steps are still running or stopped part way (idempotentSteps).
  if (prev.reply === null) throw new ApiError(409, 'idempotency_unfinished');
  return prev.reply as Record<string, unknown>;
}

/** Keeps the reply as the client received it (JSON), so a repeat is byte for byte the same reply. */
async function keep(tx: Db, k: Key, reply: Record<string, unknown>): Promise<void> {
  await tx.update(idempotencyKeys).set({ status: 200, reply: JSON.parse(JSON.stringify(reply)) as unknown }).where(mine(k));
}
