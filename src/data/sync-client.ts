import { MUTATION_NAMES, PUSH_MAX, type Mutation, type PushReply, type PushResult } from '../domain/contract/sync';
import { push } from '../domain/contract/endpoints/sync';
import { badReply, callEndpoint } from './endpoint-call';

/**
 * `POST /sync/push/` (docs/shopfloor.md "Push", contract src/domain/contract/sync.ts): a device's queued facts, in seq
 * order, at most PUSH_MAX a call. Only the outbox's sender (src/data/outbox/sender.ts) calls it.
 *
 * Rules:
 * - Quiet: a push runs in the background, whatever the screen shows; it never says 操作成功, never pops an error and
 *   never resets the login state on `needlogin` (the sender re-opens the session with the token and sends again).
 *   Failures reject with the ApiError of the request layer, and the sender keeps every fact.
 * - The reply is checked before anything is deleted from the outbox: a reply that is not a push reply (a proxy, an
 *   older server) rejects like a configuration error and deletes nothing.
 */
export const PUSH_TIMEOUT_MS = 60_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const STATUSES: ReadonlySet<string> = new Set(['applied', 'duplicate', 'rejected']);

function resultOf(v: unknown): PushResult | null {
  if (!isRecord(v) || typeof v.id !== 'string' || typeof v.status !== 'string' || !STATUSES.has(v.status)) return null;
  const r: PushResult = { id: v.id, status: v.status as PushResult['status'] };
  if (typeof v.reason === 'string') r.reason = v.reason;
  if (typeof v.key === 'string') r.key = v.key;
  return r;
}

/** The reply as the contract promises it, or a config error. */
export function checkedPushReply(r: unknown): PushReply {
  if (!isRecord(r) || typeof r.lastSeq !== 'number' || !Number.isSafeInteger(r.lastSeq) || r.lastSeq < 0 || !Array.isArray(r.results)) {
    throw badReply();
  }
  const results: PushResult[] = [];
  for (const x of r.results) {
    const res = resultOf(x);
    if (!res) throw badReply();
    results.push(res);
  }
  return { msg: typeof r.msg === 'string' ? r.msg : 'OK', lastSeq: r.lastSeq, results };
}

/**
 * Pushes `mutations` (ascending seq, ≤ PUSH_MAX) as computer `device`; `floor` is the lowest seq still in the sender's
 * outbox (everything below it is settled on the device, so the server's watermark may pass a gap below it).
 */
export async function pushFacts(device: string, mutations: readonly Mutation[], floor: number, o: { signal?: AbortSignal } = {}): Promise<PushReply> {
  if (mutations.length === 0 || mutations.length > PUSH_MAX) throw new RangeError(`a push carries 1 to ${PUSH_MAX} facts`);
  if (mutations.some(m => !(MUTATION_NAMES as readonly string[]).includes(m.name))) throw new RangeError('unknown fact name');
  // A JSON body: the facts travel as themselves, a third smaller and cheaper to encode and parse than the same JSON
  // URL-encoded inside a form field (docs/decisions.md 133).
  const r: unknown = await callEndpoint(push, { device, mutations, floor }, {
    signal: o.signal, quiet: true, silent: true, timeoutMs: PUSH_TIMEOUT_MS,
  });
  return checkedPushReply(r);
}
