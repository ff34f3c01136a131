import { inArray } from 'drizzle-orm';
import { deliveries } from '../../../src/domain/resources/delivery/deliveries';
import { assertOwnRow } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import type { Db } from '../../db/connection';
import { files } from '../../db/tables';
import { ApiError, notFound } from '../../lib/api-error';
import type { RowData } from '../../resources/behaviour-types';
import { fileIdOf, keepRowFiles } from '../../resources/row-files';
import { systemUpdate } from '../../resources/write-primitives';
import { rowById } from '../production/rows';

/** What a signature carries (src/domain/contract/delivery.ts `signDeliveryArgsSchema`, validated by the caller). */
export interface SignInput {
  delivery_id: number;
  signer: string;
  /** The signature image: a stored file's URL (`/files/?action=download&id=…`, as `/files/upload/` answers it). */
  signature: string;
  /** A photo of the goods at the dock, the same way; optional. */
  photo?: string | null;
  /** "lat,lng" of the phone, or nothing. */
  place?: string | null;
  /** When the customer signed (the phone's clock, ISO with offset); absent: now. */
  at?: string | Date | null;
}

/**
 * Marks a shipped delivery note signed (docs/delivery.md "Signing"), in the caller's transaction: the one function
 * both the online call (`POST /deliveries/sign/`) and the driver's offline fact go through, so the rules are written
 * once. The note is locked and must be the caller's (row scope: 404 otherwise), not cancelled (409
 * `delivery_canceled`), shipped (409 `delivery_not_shipped` while a draft) and not signed yet (409
 * `delivery_already_signed`: a second signature never overwrites the first). The signature and the photo must be
 * stored image files (422 `delivery_sign_file`; a data URL or another address is refused): the note then keeps them
 * for good (row-files.ts). The note becomes `signed` with the signer, the images, the place and the time, written like a
 * transition (a new version, a history entry). The caller checks the `sign` action.
 */
export async function signDelivery(tx: Db, auth: Auth, input: SignInput): Promise<RowData> {
  const before = await rowById(tx, deliveries, input.delivery_id, true);
  if (!before) throw notFound();
  await assertOwnRow(tx, auth, deliveries, before);
  if (before.canceled) throw new ApiError(409, 'delivery_canceled');
  if (before.status === 'draft') throw new ApiError(409, 'delivery_not_shipped');
  if (before.status === 'signed') throw new ApiError(409, 'delivery_already_signed');
  const photo = input.photo?.trim() ? input.photo.trim() : null;
  await assertStoredImages(tx, [input.signature.trim(), ...(photo ? [photo] : [])]);
  const at = input.at ? new Date(input.at) : new Date();
  return markSigned(tx, auth, before, {
    signer: input.signer.trim(), signature: input.signature.trim(), photo, place: input.place?.trim() || null,
    at: Number.isNaN(at.getTime()) ? new Date() : at,
  });
}

/**
 * The write of a signing, once its rules were checked (above, or for the driver's fact by sign-fact.ts `decideSign`):
 * the locked note `before` becomes `signed` with the signer, the images, the place and the time (never ahead of the
 * server's clock) — a new version and a history entry — and keeps its images for good.
 */
export async function markSigned(tx: Db, auth: Auth, before: RowData,
  s: { signer: string; signature: string; photo: string | null; place: string | null; at: Date }): Promise<RowData> {
  const now = new Date();
  const after = await systemUpdate(tx, deliveries, before, {
    status: 'signed', signer: s.signer, signature: s.signature, photo: s.photo, sign_place: s.place,
    signed_at: s.at.getTime() > now.getTime() ? now : s.at,
  }, auth);
  await keepRowFiles(tx, deliveries, [{ before, after }]);
  return after;
}

/** Each URL names an uploaded image file (not an export, not expired), else 422 `delivery_sign_file`. */
async function assertStoredImages(tx: Db, urls: readonly string[]): Promise<void> {
  const ids = urls.map(fileIdOf);
  const refuse = () => new ApiError(422, 'delivery_sign_file', {}, { signature: { key: 'delivery_sign_file' } });
  if (ids.some(id => id === null)) throw refuse();
  const found = await tx.select({ id: files.id, mime: files.mime, kind: files.kind, expires_at: files.expires_at }).from(files)
    .where(inArray(files.id, ids as string[]));
  const ok = new Set(found.filter(f => f.kind === 'upload' && /^image\//.test(f.mime) && (f.expires_at == null || f.expires_at > new Date()))
    .map(f => f.id));
  if (ids.some(id => !ok.has(id!))) throw refuse();
}
