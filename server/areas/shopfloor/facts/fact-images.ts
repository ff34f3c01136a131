import { FACT_IMAGES, FORM_IMAGE_MAX_BYTES, IMAGE_DATA_URL } from '../../../../src/domain/contract/facts';
import type { MutationName } from '../../../../src/domain/contract/sync';
import { DOWNLOAD_PATH } from '../../../auth/file-access';
import type { Db } from '../../../db/connection';
import { files } from '../../../db/tables';
import { newSecret } from '../../../lib/secrets';

/**
 * Images a fact carries itself (decision 205; the `sign` fact's signature and photo, src/domain/contract/facts.ts
 * FACT_IMAGES, and every image among a `form` fact's answers, decision 267): the phone sends them inside the fact, so a proof of delivery is one fact, queued and pushed exactly
 * once like any other. The server takes each out of the fact's arguments before anything else reads them and puts the
 * URL of a file in its place — the arguments are then as small as any fact's and are stored with the URL — and stores
 * the files in the push's transaction (`storeFactImages`), only for a fact it has not stored before (a replay stores
 * nothing again). Files of a stored fact are kept for good, applied or rejected: a refused receipt's signature is
 * still what the customer signed, and its dead letter shows it.
 */

export interface FactImage {
  /** The file's id (a random secret, as an upload's) and the URL the fact now names. */
  id: string;
  url: string;
  field: string;
  mime: string;
  data: Buffer;
}

export interface TakenImages { args: unknown; images: FactImage[] }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One image taken out of a data URL (PNG or JPEG within `maxBytes`), or null to leave the value as it came. */
function take(v: unknown, field: string, maxBytes: number): FactImage | null {
  if (typeof v !== 'string' || !IMAGE_DATA_URL.test(v)) return null;
  const data = Buffer.from(v.slice(v.indexOf(',') + 1), 'base64');
  if (data.length === 0 || data.length > maxBytes) return null;
  const id = newSecret();
  return { id, url: `${DOWNLOAD_PATH}&id=${id}`, field, mime: v.slice('data:'.length, v.indexOf(';')), data };
}

/**
 * A `form` fact's images: every data-URL string among its answers (`values`), alone (a signature) or in a list (the
 * photos), whatever the field — the template says which fields take images, and checkForm judges the rest.
 */
function takeFormImages(raw: Record<string, unknown>): TakenImages {
  if (!isRecord(raw.values)) return { args: raw, images: [] };
  const images: FactImage[] = [];
  const one = (v: unknown, key: string) => {
    const i = take(v, `values.${key}`, FORM_IMAGE_MAX_BYTES);
    if (!i) return v;
    images.push(i);
    return i.url;
  };
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw.values)) values[k] = Array.isArray(v) ? v.map(x => one(x, k)) : one(v, k);
  return images.length === 0 ? { args: raw, images } : { args: { ...raw, values }, images };
}

/**
 * The arguments with each image of the fact's declared fields taken out (a data URL of PNG or JPEG within its field's
 * bound) and replaced by the URL its file will have — for a `form`, every image among its answers. Anything else is
 * left as it came, for the schema to judge.
 */
export function takeFactImages(name: MutationName, raw: unknown): TakenImages {
  if (name === 'form' && isRecord(raw)) return takeFormImages(raw);
  const fields = FACT_IMAGES[name];
  if (!fields || !isRecord(raw)) return { args: raw, images: [] };
  const args: Record<string, unknown> = { ...raw };
  const images: FactImage[] = [];
  for (const [field, maxBytes] of Object.entries(fields)) {
    const i = take(raw[field], field, maxBytes);
    if (!i) continue;
    images.push(i);
    args[field] = i.url;
  }
  return { args, images };
}

/** The arguments of a refused fact without its images: the fields say how large each was, and no file is kept. */
export function withoutImages(raw: unknown, images: readonly FactImage[]): unknown {
  if (!isRecord(raw) || images.length === 0) return raw;
  const out: Record<string, unknown> = { ...raw };
  const byUrl = new Map(images.map(i => [i.url, `(image not kept: ${i.data.length} bytes)`]));
  // A form's images sit among its answers, named there by their URLs.
  if (isRecord(raw.values)) {
    out.values = Object.fromEntries(Object.entries(raw.values).map(([k, v]) => [k,
      Array.isArray(v) ? v.map(x => byUrl.get(x as string) ?? x) : byUrl.get(v as string) ?? v]));
  }
  for (const i of images) if (!i.field.startsWith('values.')) out[i.field] = byUrl.get(i.url);
  return out;
}

/** Stores the images of facts stored for the first time, in the caller's transaction, kept for good. */
export async function storeFactImages(tx: Db, images: readonly FactImage[], accountId: number): Promise<void> {
  if (images.length === 0) return;
  await tx.insert(files).values(images.map(i => ({
    id: i.id, name: `${i.field.replace(/^values\./, '')}.${i.mime === 'image/png' ? 'png' : 'jpg'}`, mime: i.mime, size: i.data.length, data: i.data,
    account_id: accountId, kind: 'upload', expires_at: null,
  })));
}
