import { z } from 'zod';
import './zod-config';
import { optionalInt, wireFlag, wireJson, wireText } from './wire';

/**
 * The offline protocol of DESIGN §6.
 *
 * Pull (`GET /sync/pull/?table=&since=&limit=`): the rows of one offline resource whose change number is above
 * `since`, in change order, and the ids deleted after it. The reply's `cursor` is the change number to ask from next;
 * while `more` is true the client asks again at once. The server never serves a change number while a lower one may
 * still commit (docs/decisions.md, "The pull horizon"), so a row is never skipped.
 *
 * Push (`POST /sync/push/`, docs/shopfloor.md): a device's queued facts in sequence order, decided in one
 * transaction, idempotent by the fact's UUID; `lastSeq` is the device's watermark (every fact up to it is held by the
 * server), so the sender drops exactly those.
 */
export const PULL_MAX = 20_000;
export const PULL_DEFAULT = 5_000;

export const pullParamsSchema = z.looseObject({
  table: wireText(64),
  since: optionalInt(0, Number.MAX_SAFE_INTEGER),
  limit: optionalInt(1, PULL_MAX),
  /** Ask for `remaining`, the rows still to come (the first page of a fill, for its progress bar). */
  count: wireFlag.optional(),
});

export interface PullReply<Row = Record<string, unknown>> {
  msg: string;
  table: string;
  rows: Row[];
  /** Ids deleted since the cursor. */
  deleted: number[];
  cursor: number;
  more: boolean;
  /** With `count=1`: changed rows after `since` waiting to be pulled, this page included. */
  remaining?: number;
}

/** The facts a device may queue offline; their argument schemas are in contract/facts.ts. */
export const MUTATION_NAMES = ['tap', 'precheck', 'inspect', 'count', 'sign', 'form'] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];

export const PUSH_MAX = 500;
/**
 * The most a push's facts' arguments weigh, as JSON text, before the sender ends the batch (a push carries one fact at
 * least, whatever it weighs): a receipt carries its signature and photo (decision 205), a few hundred KB, and a push
 * must stay well inside the server's 8 MB body limit however many of them queued offline.
 */
export const PUSH_BYTES_MAX = 2 * 1024 * 1024;
/** The highest sequence number a device may use: the server keeps them (and the watermark) as 32-bit integers. */
export const SEQ_MAX = 2_147_483_647;

export const mutationSchema = z.object({
  /** The fact's UUID, made by the device: the key of idempotency. */
  id: z.uuid(),
  /** The device's sequence number, strictly increasing per device (a 32-bit integer, as the server stores it). */
  seq: z.number().int().positive().max(SEQ_MAX),
  name: z.enum(MUTATION_NAMES),
  args: z.record(z.string(), z.unknown()),
  /** The device's clock when the fact happened (ISO 8601). */
  at: z.iso.datetime({ offset: true }),
  /** Version of the payload's shape. */
  v: z.number().int().positive(),
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushParamsSchema = z.looseObject({
  /** The computer's code: it must be the one the session logged in as. */
  device: wireText(64),
  mutations: wireJson(z.array(mutationSchema).max(PUSH_MAX))
    .refine(ms => ms.every((m, i) => i === 0 || m.seq > ms[i - 1]!.seq), { message: 'bad_request' }),
  /** The lowest sequence still in the sender's outbox: everything below it is settled on the device. */
  floor: optionalInt(1, SEQ_MAX),
});

export type MutationStatus = 'applied' | 'duplicate' | 'rejected';

export interface PushResult {
  id: string;
  status: MutationStatus;
  /** Why a fact was rejected, in the caller's language, and its message key (src/domain/messages/shopfloor.ts). */
  reason?: string;
  key?: string;
}

export interface PushReply {
  msg: string;
  /** The watermark: every fact of this device up to this sequence is held by the server; the outbox drops them. */
  lastSeq: number;
  results: PushResult[];
}
