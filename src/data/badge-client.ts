import { badgeSalt } from '../domain/contract/endpoints/system';
import { callEndpoint } from './endpoint-call';
import type { RequestOptions } from './http';
import type { CallOptions } from './resource-client';

/**
 * The badge salt of this installation (`badgeSalt`, src/domain/contract/endpoints/system.ts): what a kiosk granted `persons.badges` needs to
 * recognise badges offline by the `card_no_hash` of its `persons` copy (src/ui/scanner/badge.ts hashes with it).
 * A kiosk keeps the salt with its offline data once it has it: the salt never changes for an installation.
 */
export interface BadgeSalt {
  /** The salt's raw bytes, base64url-encoded: the HMAC key is the decoded bytes, not this text. */
  salt: string;
  /** How `card_no_hash` is made; the only one the kiosk knows how to repeat. */
  algorithm: 'HMAC-SHA-256';
  /** How the digest is written. */
  encoding: 'hex';
}

/**
 * `quietOffline`: a kiosk starting without the server uses the salt it kept, so being offline is not an error to
 * show (a refusal still is). A reply without a base64url salt, or naming a hash the kiosk does not make, is refused
 * (the declaration's check): hashing with the wrong key or function would recognise nobody, silently.
 */
async function salt(o: CallOptions & Pick<RequestOptions, 'quietOffline'> = {}): Promise<BadgeSalt> {
  const r = await callEndpoint(badgeSalt, {}, { signal: o.signal, quietOffline: o.quietOffline });
  return { salt: r.salt, algorithm: r.algorithm, encoding: r.encoding };
}

export const badgeClient = { salt };
