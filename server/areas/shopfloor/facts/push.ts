import { sql } from 'drizzle-orm';
import type { Mutation, MutationStatus } from '../../../../src/domain/contract/sync';
import { isMessageKey, translate } from '../../../../src/domain/messages/catalog';
import type { Auth } from '../../../auth/sessions';
import { rows, type Db } from '../../../db/connection';
import { ReferenceGone, rowChecksSkippable } from '../../../db/reference-checks';
import { ApiError } from '../../../lib/api-error';
import { accountsThatCan, sendMessage } from '../../../resources/messages';
import { canAct } from '../../../auth/permissions';
import { stocklines } from '../../../../src/domain/resources/warehouse/stocklines';
import { writeCountedLines } from '../../stock/counted-lines';
import { applySignFacts, signAccessOf } from '../../delivery/sign-fact';
import { applyFormFacts, formAccessOf } from '../../forms/form-fact';
import { readArgs } from './args';
import { storeFactImages } from './fact-images';
import { badArgs, decideFact, type Decision, type Reason } from './decide';
import { readNamed, type ComputerState, type World } from './state';
import { lockSwipeMonths, readSwipeValuation, writeBatch, writeInspections, type FactRow } from './write';

/**
 * `POST /sync/push/` (docs/shopfloor.md "Push"): a device's queued facts, decided and written in one transaction.
 *
 * - Serialised per computer: the computer's row is locked first, so two tabs of one kiosk pushing overlapping batches
 *   take turns, and the second finds the first's facts.
 * - Exactly once: a fact whose uuid is stored is `duplicate` (a replay after a lost reply) and changes nothing again;
 *   the unique key on facts.uuid is the last guard — a uuid that turns out to be stored when the facts are inserted
 *   (another device's transaction put it there) undoes the whole batch, which is decided again from the start.
 * - Every other fact is decided in seq order against the state the facts before it left (decide.ts), and stored,
 *   applied or rejected; the effects are written set-based (write.ts).
 * - The watermark `last_seq`: raised to `floor − 1` — but never above the highest seq the server holds of the computer
 *   (issue 29: an empty push claiming `floor: 2147483647` made the real kiosk drop its unsent swipes) — then over every
 *   seq held for the computer without a gap.
 */

export interface PushInput { mutations: readonly Mutation[]; floor?: number }

export interface PushOutcome {
  lastSeq: number;
  results: { id: string; status: MutationStatus; reason?: Reason }[];
}

/** The error of a statement, or the driver's error drizzle wrapped it in. */
function dbError(e: unknown): { code?: unknown; constraint?: unknown } {
  const x = (e ?? {}) as { code?: unknown; constraint?: unknown; cause?: unknown };
  return x.code === undefined && x.cause !== undefined ? (x.cause ?? {}) as { code?: unknown; constraint?: unknown } : x;
}

/**
 * Worth deciding and writing the batch again: a uuid found stored by the facts' insert (a plain insert: a unique
 * violation of facts.uuid, which only another device's transaction can cause, undoes the batch; `on conflict do
 * nothing` cost every push its speculative insertion to guard against that rare case), a row the batch names deleted
 * by another transaction after it was read (`ReferenceGone`: decided again, the facts naming it are rejected), or a
 * transaction PostgreSQL undid because of another (deadlock, serialisation).
 */
function retryable(e: unknown): boolean {
  if (e instanceof ReferenceGone) return true;
  const { code, constraint } = dbError(e);
  return (code === '23505' && constraint === 'facts_uuid_key') || code === '40P01' || code === '40001';
}

/** A stored reason as the reply tells it (a key of an older build that this one lacks is left out). */
export function storedReason(key: unknown, params: unknown): Reason | undefined {
  if (!isMessageKey(key)) return undefined;
  return { key, params: (params ?? undefined) as Record<string, string | number> | undefined };
}

/**
 * Raises the device's watermark after this batch and returns it: every fact up to it is held by the server. It starts
 * where it stands (`stored`), or at the floor − 1 the device says it has settled below — not above the highest seq the
 * server holds of it (this batch's included: the statement runs after their insert); it moves up over each following
 * seq the computer has a fact for, and stops at a gap.
 */
async function raiseWatermark(tx: Db, computerId: number, stored: number, floorBase: number): Promise<number> {
  const [r] = await rows<{ last_seq: number | string }>(tx, sql`
    with b as (select greatest(${stored}::int, least(${floorBase}::int,
      coalesce((select max(seq) from facts where computer_id = ${computerId}), 0))) as base)
    update computers set last_seen = now(), last_seq = coalesce((
      select max(seq) from (
        select seq, seq - row_number() over (order by seq) as run
        from (select distinct seq from facts where computer_id = ${computerId} and seq > (select base from b)) s) t
      where run = (select base from b)), (select base from b))
    where id = ${computerId}
    returning last_seq`);
  return Number(r?.last_seq ?? stored);
}

async function pushOnce(tx: Db, auth: Auth, computerId: number, device: string, input: PushInput, everyUuid: boolean,
  skippable: boolean): Promise<PushOutcome> {
  // One submission, one wait: the computer's lock, then its highest stored seq, the batch's cards with their steps
  // (locked) and what else it names, and the shared locks of the months its swipes can make piece-work records in —
  // the transaction's client runs them in that order, so each runs once the locks before it are held. The statements
  // need only the facts' arguments, read while the lock is taken. The records' valuation is then read while the facts
  // are decided. Only a fact at or below that seq can be stored already (a replay); a queue being drained is all above
  // it, and skips the look-up. A uuid stored under another seq or computer (a broken sender) is still caught, by the
  // insert: the batch is then decided again with every uuid looked up.
  const locked = rows<{ id: number; code: string; worknode_ids: number[] | null; device_id: number | null; last_seq: number | null }>(tx, sql`
    select id, code, worknode_ids, device_id, last_seq from computers where id = ${computerId} for update`);
  const topSeq = everyUuid ? Promise.resolve([]) : rows<{ max: number | string | null }>(tx, sql`
    select max(seq) as max from facts where computer_id = ${computerId}`);
  const first = Promise.all([locked, topSeq]);
  first.catch(() => {}); // observed below; this only keeps a failure from going unhandled should the reading throw
  const args = new Map(input.mutations.map(m => [m.id, readArgs(m.name, m.v, m.args)]));
  const readable = input.mutations.flatMap(m => {
    const check = args.get(m.id)!.check;
    return check.ok ? [{ at: new Date(m.at), parsed: check.parsed }] : [];
  });
  // Whether the account may count is asked only of a batch that counts (a kiosk's swipes never need it).
  const mayCount = readable.some(f => f.parsed.name === 'count') && canAct(auth, stocklines, 'create');
  // …and whether it may sign for deliveries, only of a batch with receipts.
  const signAccess = readable.some(f => f.parsed.name === 'sign') ? signAccessOf(auth) : undefined;
  // …and whether it may fill in forms, only of a batch with forms.
  const mayForm = readable.some(f => f.parsed.name === 'form') && formAccessOf(auth);
  const named = readNamed(tx, computerId, readable.map(f => f.parsed), mayCount, signAccess, mayForm);
  const monthsLocked = lockSwipeMonths(tx, readable);
  const [[[c], [top]], namedWorld] = await Promise.all([first, named, monthsLocked]);
  if (!c) throw new ApiError(403, 'device_login_required');
  if (c.code !== device) throw new ApiError(403, 'fact_device_mismatch');
  const computer: ComputerState = {
    id: Number(c.id), code: c.code, worknode_ids: (c.worknode_ids ?? []).map(Number), device_id: c.device_id === null ? null : Number(c.device_id),
  };
  const world: World = { computer, ...namedWorld };
  // The images the facts carry are files of this batch: stored below with the facts that are new.
  for (const a of args.values()) for (const i of a.images) world.sign.files.add(i.id);
  const valuing = readSwipeValuation(tx, world, readable);
  valuing?.catch(() => {}); // awaited by writeBatch; this only keeps a failure from going unhandled before it is
  const highest = everyUuid ? Infinity : Number(top?.max ?? 0);
  const uuids = input.mutations.filter(m => m.seq <= highest).map(m => m.id);
  const stored = new Map<string, { status: string; reason: unknown; reason_params: unknown }>();
  if (uuids.length > 0) {
    const found = await rows<{ uuid: string; status: string; reason: unknown; reason_params: unknown }>(tx, sql`
      select uuid, status, reason, reason_params from facts where uuid = any(${sql.param(uuids)}::text[])`);
    for (const f of found) stored.set(f.uuid, f);
  }

  // New facts in seq order (the contract has them ascending), decided against the world as the facts before them left it.
  const seen = new Set<string>();
  const decided: FactRow[] = [];
  for (const m of input.mutations) {
    if (stored.has(m.id) || seen.has(m.id)) continue;
    seen.add(m.id);
    const { json, check } = args.get(m.id)!;
    const at = new Date(m.at);
    const decision: Decision = check.ok ? decideFact(world, check.parsed, at) : badArgs(check.detail);
    decided.push({ uuid: m.id, computer_id: computer.id, seq: m.seq, name: m.name, v: m.v, argsJson: json, at, decision });
  }

  // The facts and the steps' effects are submitted together (a uuid found stored by the insert undoes them all anyway),
  // and the watermark right behind the facts' insert (it reads only the facts), so no round trip waits between them.
  const written = writeBatch(tx, world, decided, auth.accountId, decided.some(f => f.decision.inspection || f.decision.form), valuing, skippable);
  const [ids, lastSeq] = await Promise.all([written, raiseWatermark(tx, computer.id, Number(c.last_seq ?? 0), (input.floor ?? 1) - 1)]);
  await writeInspections(tx, decided.flatMap(f => (f.decision.inspection
    ? [{ factId: ids.get(f.uuid)!, computerId: computer.id, row: f.decision.inspection }] : [])), auth.accountId);
  await writeCountedLines(tx, decided.flatMap(f => (f.decision.counted ? [f.decision.counted] : [])), auth.accountId);
  await storeFactImages(tx, decided.flatMap(f => args.get(f.uuid)!.images), auth.accountId);
  await applySignFacts(tx, auth, decided.flatMap(f => (f.decision.signed ? [f.decision.signed] : [])));
  await applyFormFacts(tx, auth, decided.flatMap(f => (f.decision.form
    ? [{ factId: ids.get(f.uuid)!, computerId: computer.id, at: f.at, form: f.decision.form }] : [])));

  await tellResolvers(tx, computer.code, decided, auth.accountId);

  const byUuid = new Map(decided.map(f => [f.uuid, f.decision]));
  const told = new Set<string>();
  const results = input.mutations.map(m => {
    const d = byUuid.get(m.id);
    if (d && !told.has(m.id)) {
      told.add(m.id);
      return { id: m.id, status: d.status, ...(d.reason ? { reason: d.reason } : {}) };
    }
    // A replay: nothing happens again. A fact stored as rejected says why again, in case the first reply was lost
    // before the sender could move it to its dead letters.
    const s = stored.get(m.id);
    const reason = s?.status === 'rejected' ? storedReason(s.reason, s.reason_params) : undefined;
    return { id: m.id, status: 'duplicate' as const, ...(reason ? { reason } : {}) };
  });
  return { lastSeq, results };
}

/** How often, at most, the resolvers are told of one terminal's rejected facts. */
const DEAD_LETTER_MESSAGE_EVERY = '1 hour';

/**
 * Rejected facts become dead letters: whoever may resolve them gets a message (in the push's transaction: a replay,
 * which rejects nothing new, sends none) — one per terminal per hour at most, named by its link: a terminal rejected
 * push after push (a broken sender, a card gone) fills no inbox; the dead-letters list shows every fact.
 */
async function tellResolvers(tx: Db, device: string, decided: readonly FactRow[], by: number): Promise<void> {
  const rejected = decided.filter(f => f.decision.status === 'rejected');
  if (rejected.length === 0) return;
  const link = `/sync/deadletters?device=${encodeURIComponent(device)}`;
  const told = await rows(tx, sql`select 1 from messages where kind = 'deadletters' and link = ${link}
    and created_at > now() - ${DEAD_LETTER_MESSAGE_EVERY}::interval limit 1`);
  if (told.length) return;
  await sendMessage(tx, await accountsThatCan(tx, 'facts', 'resolve'), lang => ({
    kind: 'deadletters', title: translate(lang, 'message_deadletters_title', { device, count: rejected.length }),
    body: rejected.slice(0, 3).map(f => (f.decision.reason ? translate(lang, f.decision.reason.key, f.decision.reason.params) : f.name))
      .join('\n') + (rejected.length > 3 ? '\n…' : ''),
    link,
  }), by);
}

/** Decides and writes one pushed batch; a transaction undone by another is run again (a few times). */
export async function pushFacts(db: Db, auth: Auth, computerId: number, device: string, input: PushInput): Promise<PushOutcome> {
  const skippable = await rowChecksSkippable(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(tx => pushOnce(tx, auth, computerId, device, input, attempt > 1, skippable));
    } catch (e) {
      if (attempt >= 4 || !retryable(e)) {
        if (retryable(e)) throw new ApiError(409, 'write_conflict');
        throw e;
      }
    }
  }
}
