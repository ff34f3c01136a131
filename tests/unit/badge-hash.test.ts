import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badgeHash as serverBadgeHash } from '../../server/auth/badge-hash';
import { badgeHash, createBadgeHasher, findPersonByBadge, hmacSha256, saltBytes, sha256 } from '../../src/ui/scanner/badge';

/**
 * The kiosk recognises badges offline by hashing a swipe exactly as the server hashed `card_no_hash`
 * (server/auth/badge-hash.ts): this spans the two layers, so it lives here. The salt travels as the server's
 * `GET /persons/badge_salt/` sends it (base64url of the raw bytes); the digests must be equal, through WebCrypto and
 * through the built-in HMAC a plain-HTTP kiosk (no `crypto.subtle`) uses.
 */
const CARDS = [
  '12345678',
  '  0012AB\t',                 // trimmed on both sides
  '0012AB',
  '卡号-0042',                   // UTF-8, not Latin-1
  'ñandú 😀',                    // astral character
  '\uD800x',                    // a lone surrogate: both encoders write U+FFFD
  '',
  'X'.repeat(200),               // message longer than a block
  'A'.repeat(55), 'B'.repeat(56), 'C'.repeat(64), // SHA-256 padding edges
];

const SALTS = [
  Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex'),
  randomBytes(32),
  randomBytes(32),
  randomBytes(100), // longer than the HMAC block: hashed first, on both sides
];

describe('badge hash, kiosk against server', () => {
  it.each(SALTS.map((s, i) => [i, s] as const))('salt %i: WebCrypto and the built-in HMAC give the server’s digest', async (_i, salt) => {
    const wire = salt.toString('base64url');
    expect(Buffer.from(saltBytes(wire)).equals(salt)).toBe(true);
    const web = await createBadgeHasher(wire, globalThis.crypto.subtle);
    const plain = await createBadgeHasher(wire, null);
    for (const card of CARDS) {
      const expected = serverBadgeHash(salt, card);
      expect(await web(card), JSON.stringify(card)).toBe(expected);
      expect(await plain(card), JSON.stringify(card)).toBe(expected);
    }
  });

  it('keys with the salt’s bytes, not its text, and accepts padded base64url or raw bytes', async () => {
    const salt = SALTS[0]!;
    const expected = serverBadgeHash(salt, 'C-1');
    expect(await badgeHash(`${salt.toString('base64url')}=`, 'C-1')).toBe(expected);
    expect(await badgeHash(new Uint8Array(salt), 'C-1')).toBe(expected);
    expect(await badgeHash(salt.toString('base64url'), 'C-1')).toMatch(/^[0-9a-f]{64}$/);
    expect(serverBadgeHash(Buffer.from(salt.toString('base64url'), 'utf8'), 'C-1')).not.toBe(expected);
    expect(() => saltBytes('not base64!')).toThrow(TypeError);
  });

  it('finds the person by hash, skipping persons without a badge', async () => {
    const salt = SALTS[1]!;
    const persons = [
      { id: 1, name: '甲', card_no_hash: null },
      { id: 2, name: '乙', card_no_hash: serverBadgeHash(salt, '0001') },
      { id: 3, name: '丙', card_no_hash: serverBadgeHash(salt, '0002').toUpperCase() },
      { id: 4, name: '丁' },
    ];
    const hash = await createBadgeHasher(salt.toString('base64url'));
    expect(findPersonByBadge(await hash(' 0001 '), persons)?.id).toBe(2);
    expect(findPersonByBadge(await hash('0002'), persons)?.id).toBe(3);
    expect(findPersonByBadge(await hash('0003'), persons)).toBeUndefined();
    expect(findPersonByBadge('', persons)).toBeUndefined();
  });

  it('the built-in SHA-256 and HMAC match the published test vectors', () => {
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const utf8 = (s: string) => new TextEncoder().encode(s);
    expect(hex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // RFC 4231 test case 2.
    expect(hex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?'))))
      .toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});
