import { inArray } from 'drizzle-orm';
import { STORED_FILE_URL, type SignArgs } from '../../../src/domain/contract/facts';
import type { MessageKey } from '../../../src/domain/messages/catalog';
import { deliveries } from '../../../src/domain/resources/delivery/deliveries';
import { localDateTimeString } from '../../../src/domain/rules/date-single';
import { callerOwner, isScoped } from '../../auth/row-scope';
import { canAct } from '../../auth/permissions';
import type { Auth } from '../../auth/sessions';
import { column } from '../../db/columns';
import type { Db } from '../../db/connection';
import { files, tableOf } from '../../db/tables';
import { fileIdOf } from '../../resources/row-files';
import { markSigned } from './sign';

/**
 * The driver's `sign` fact on the server (docs/delivery.md "Proof of delivery", decisions 205–207): the customer's
 * receipt of a shipped delivery, pushed from the phone through `/sync/push/` (exactly once, in order, decided in the
 * push's transaction with the other facts) or resubmitted by a supervisor from its dead letter.
 *
 * - Read: the deliveries the batch names, locked `for update` in id order (a shipping's cancel or an online signing
 *   waits for the batch, and the batch for them), and which of the stored files the facts name exist.
 * - Decided, in this order: the account holds `sign` of deliveries (`delivery_sign_not_allowed`); the delivery exists
 *   and, for an account scoped to its own rows, is its own (`delivery_sign_unknown`); it is not cancelled
 *   (`delivery_sign_canceled`); it is not signed already — by another fact or online (`delivery_sign_already_signed`,
 *   saying by whom and when; the same fact again is a duplicate the push skips before this); it is shipped
 *   (`delivery_sign_not_shipped`: a draft); a stored image it names exists (`delivery_sign_file_missing`). A fact
 *   applied marks the delivery signed in the batch's memory, so a second fact for it in the same batch is refused.
 * - Applied: the delivery becomes `signed` with the signer, the signature and the photo (files stored from the fact,
 *   kept for good as a saved row's pictures are), the place and the fact's time (a time ahead of the server's clock is
 *   now) — a new version, change number and history entry by the account that pushed it.
 *
 * The write is the online signing's (server/areas/delivery/sign.ts `markSigned`): one way a note becomes signed.
 */

type Row = Record<string, unknown>;

/** Who pushes: whether they may sign, and whose deliveries they may (undefined: anyone's; null: nobody's). */
export interface SignAccess { may: boolean; owner?: number | null }

export interface DeliveryState {
  id: number;
  show_id: string;
  status: string;
  canceled: boolean;
  saler_id: number | null;
  signer: string | null;
  signed_at: Date | null;
}

export interface SignWorld {
  access: SignAccess;
  deliveries: Map<number, DeliveryState>;
  /** Stored files the facts name (and, in a push, those its facts carry: fact-images.ts). */
  files: Set<string>;
}

/** A receipt to write: the delivery, and what the fact says of its signing. */
export interface SignedDelivery {
  delivery_id: number;
  signer: string;
  signature: string;
  photo: string | null;
  place: string | null;
  at: Date;
}

export type SignDecision =
  | { ok: true; signed: SignedDelivery }
  | { ok: false; key: MessageKey; params?: Record<string, string | number> };

export const noSign = (access: SignAccess = { may: false }): SignWorld => ({ access, deliveries: new Map(), files: new Set() });

const deliveriesTable = tableOf(deliveries);

/** What the account may do with receipts: the `sign` action, within its row scope of deliveries. */
export function signAccessOf(auth: Auth): SignAccess {
  return { may: canAct(auth, deliveries, 'sign'), ...(isScoped(auth, deliveries) ? { owner: callerOwner(auth, deliveries) } : {}) };
}

/** The stored files a fact names (the URLs of files already kept; a data URL is not one). */
function namedFiles(a: SignArgs): string[] {
  return [a.signature, a.photo].flatMap(v => (typeof v === 'string' && STORED_FILE_URL.test(v) ? [fileIdOf(v)!] : []));
}

/** Reads what a batch's receipts name: their deliveries (locked, in id order) and the stored files they name. */
export async function readSignWorld(tx: Db, signs: readonly SignArgs[], access: SignAccess): Promise<SignWorld> {
  const world = noSign(access);
  if (signs.length === 0) return world;
  const ids = [...new Set(signs.map(a => a.delivery_id))];
  const found = await tx.select().from(deliveriesTable).where(inArray(column(deliveriesTable, 'id'), ids))
    .orderBy(column(deliveriesTable, 'id')).for('update') as Row[];
  for (const d of found) {
    world.deliveries.set(Number(d.id), {
      id: Number(d.id), show_id: String(d.show_id ?? d.id), status: String(d.status ?? 'draft'), canceled: d.canceled === true,
      saler_id: d.saler_id == null ? null : Number(d.saler_id), signer: (d.signer as string | null) ?? null,
      signed_at: d.signed_at == null ? null : new Date(d.signed_at as string | Date),
    });
  }
  const named = [...new Set(signs.flatMap(namedFiles))];
  if (named.length > 0) {
    for (const f of await tx.select({ id: files.id }).from(files).where(inArray(files.id, named))) world.files.add(f.id);
  }
  return world;
}

/** Decides one receipt against the world (rules above), marking its delivery signed in memory when it applies. */
export function decideSign(world: SignWorld, a: SignArgs, at: Date): SignDecision {
  const refuse = (key: MessageKey, params?: Record<string, string | number>): SignDecision => ({ ok: false, key, ...(params ? { params } : {}) });
  if (!world.access.may) return refuse('delivery_sign_not_allowed');
  const d = world.deliveries.get(a.delivery_id);
  if (!d || (world.access.owner !== undefined && (world.access.owner === null || d.saler_id !== world.access.owner))) {
    return refuse('delivery_sign_unknown');
  }
  if (d.canceled) return refuse('delivery_sign_canceled', { no: d.show_id });
  if (d.status === 'signed') {
    return refuse('delivery_sign_already_signed', {
      no: d.show_id, signer: d.signer ?? '', at: d.signed_at ? localDateTimeString(d.signed_at) : '',
    });
  }
  if (d.status !== 'shipped') return refuse('delivery_sign_not_shipped', { no: d.show_id });
  for (const field of ['signature', 'photo'] as const) {
    const id = fileIdOf(a[field]);
    if (typeof a[field] === 'string' && STORED_FILE_URL.test(a[field]) && (!id || !world.files.has(id))) {
      return refuse('delivery_sign_file_missing', { field });
    }
  }
  Object.assign(d, { status: 'signed', signer: a.signer, signed_at: at });
  return {
    ok: true,
    signed: { delivery_id: d.id, signer: a.signer, signature: a.signature, photo: a.photo ?? null, place: a.place ?? null, at },
  };
}

/**
 * Writes applied receipts (the deliveries are locked by `readSignWorld` in this transaction): each delivery signed, a
 * new version with its history entry, and the files it now names kept for good.
 */
export async function applySignFacts(tx: Db, auth: Auth, signed: readonly SignedDelivery[]): Promise<void> {
  for (const s of signed) {
    const [before] = await tx.select().from(deliveriesTable).where(inArray(column(deliveriesTable, 'id'), [s.delivery_id])) as Row[];
    await markSigned(tx, auth, before!, s);
  }
}
