/**
 * Badges recognised offline (DESIGN §5, decision 67; server/auth/badge-hash.ts). The kiosk's copy of `persons` holds,
 * for each person, `card_no_hash` = lowercase hex HMAC-SHA-256 keyed with the installation's badge salt over the
 * badge number as text, trimmed — never the number. A swiped badge is hashed the same way and looked up.
 *
 * Byte for byte as the server (badgeHash in server/auth/badge-hash.ts):
 * - the key is the salt's raw bytes: `GET /persons/badge_salt/` sends them base64url-encoded (src/data/badge-client.ts),
 *   and the server keys its HMAC with the decoded Buffer, not with the text;
 * - the message is `cardNo.trim()` (the same String.prototype.trim) encoded as UTF-8;
 * - the digest is written as lowercase hex.
 *
 * WebCrypto (`crypto.subtle`) exists only in secure contexts (HTTPS or localhost), and a factory may serve the app
 * over plain HTTP on its own network: there the same HMAC-SHA-256 is computed by the small implementation below
 * (FIPS 180-4 and RFC 2104), tested against the server's digests like the WebCrypto path.
 */

/** The badge salt as `GET /persons/badge_salt/` sends it: base64url (with or without padding). */
export function saltBytes(salt: string | Uint8Array): Uint8Array {
  if (typeof salt !== 'string') return salt;
  const b64 = salt.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new TypeError('badge salt: not base64url');
  const bin = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Hashes badge numbers with one salt (the key is prepared once, for every swipe of the shift). */
export type BadgeHasher = (cardNo: string) => Promise<string>;

/**
 * A hasher for `salt` (base64url text as the server sends it, or its bytes). `subtle` is WebCrypto's SubtleCrypto
 * where the context has it; pass `null` to use the built-in implementation (tests compare the two).
 */
export async function createBadgeHasher(salt: string | Uint8Array, subtle: SubtleCrypto | null = webCrypto()): Promise<BadgeHasher> {
  const key = saltBytes(salt);
  const encoder = new TextEncoder();
  if (subtle) {
    const k = await subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return async cardNo => hex(new Uint8Array(await subtle.sign('HMAC', k, encoder.encode(cardNo.trim()))));
  }
  return async cardNo => hex(hmacSha256(key, encoder.encode(cardNo.trim())));
}

/** `card_no_hash` of one badge number (see createBadgeHasher; prefer a hasher when hashing many). */
export async function badgeHash(salt: string | Uint8Array, cardNo: string, subtle: SubtleCrypto | null = webCrypto()): Promise<string> {
  return (await createBadgeHasher(salt, subtle))(cardNo);
}

function webCrypto(): SubtleCrypto | null {
  // `crypto.subtle` is undefined outside a secure context (plain HTTP on the factory network).
  return globalThis.crypto?.subtle ?? null;
}

/**
 * The person whose badge hash is `hash`, if any. Persons without a badge (`card_no_hash` null or absent) never
 * match; hex case is ignored.
 */
export function findPersonByBadge<P extends { card_no_hash?: string | null }>(hash: string, persons: Iterable<P>): P | undefined {
  const h = hash.toLowerCase();
  if (!h) return undefined;
  for (const p of persons) {
    if (typeof p.card_no_hash === 'string' && p.card_no_hash.toLowerCase() === h) return p;
  }
  return undefined;
}

// ---- SHA-256 and HMAC without WebCrypto -------------------------------------------------------------------------

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of `data` (FIPS 180-4). */
export function sha256(data: Uint8Array): Uint8Array {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  // Padding: 0x80, zeros, then the length in bits as a 64-bit big-endian number, to a multiple of 64 bytes.
  const total = Math.ceil((data.length + 9) / 64) * 64;
  const msg = new Uint8Array(total);
  msg.set(data);
  msg[data.length] = 0x80;
  const view = new DataView(msg.buffer);
  const bits = data.length * 8;
  view.setUint32(total - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(total - 4, bits >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!, b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, k = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (k + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      k = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0; h[1] = (h[1]! + b) >>> 0; h[2] = (h[2]! + c) >>> 0; h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0; h[5] = (h[5]! + f) >>> 0; h[6] = (h[6]! + g) >>> 0; h[7] = (h[7]! + k) >>> 0;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]!);
  return out;
}

/** HMAC-SHA-256 (RFC 2104): a key longer than the 64-byte block is hashed first, a shorter one zero-padded. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36;
    outer[i] = block[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}
