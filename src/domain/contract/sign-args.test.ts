import { describe, expect, it } from 'vitest';
import { dataUrlLength, FACT_ARGS, placeOk, SIGN_PHOTO_MAX_BYTES, SIGNATURE_MAX_BYTES, signArgsSchema } from './facts';
import { MUTATION_NAMES } from './sync';

/** The `sign` fact's arguments (docs/delivery.md "Proof of delivery"): what a phone may queue and the server reads. */
const PNG = `data:image/png;base64,${Buffer.from('a signature').toString('base64')}`;
const JPEG = `data:image/jpeg;base64,${Buffer.from('a photo').toString('base64')}`;
const FILE = '/files/?action=download&id=AbCdEfGhIjKlMnOpQrStUv_-12';
const ok = { delivery_id: 7, signer: '王五', signature: PNG, photo: JPEG, place: '31.2304,121.4737', person_id: 3 };
const issue = (v: unknown) => {
  const r = signArgsSchema.safeParse(v);
  return r.success ? null : `${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`;
};

describe('the sign fact\'s arguments', () => {
  it('is a fact a device may queue', () => {
    expect(MUTATION_NAMES).toContain('sign');
    expect(FACT_ARGS.sign).toBe(signArgsSchema);
  });

  it('takes a receipt with its signature and photo as data URLs, or as stored files, and without photo or place', () => {
    expect(issue(ok)).toBeNull();
    expect(issue({ ...ok, signature: FILE, photo: FILE })).toBeNull();
    expect(issue({ delivery_id: 7, signer: '王五', signature: PNG })).toBeNull();
    expect(issue({ ...ok, photo: null, place: null, person_id: null })).toBeNull();
    expect(signArgsSchema.parse({ ...ok, signer: '  王五 ' }).signer).toBe('王五');
  });

  it('refuses a receipt without its delivery, signer or signature', () => {
    expect(issue({ ...ok, delivery_id: undefined })).toMatch(/^delivery_id/);
    expect(issue({ ...ok, delivery_id: 0 })).toMatch(/^delivery_id/);
    expect(issue({ ...ok, signer: '   ' })).toBe('signer: required');
    expect(issue({ ...ok, signer: 'x'.repeat(61) })).toBe('signer: too_long');
    expect(issue({ ...ok, signature: undefined })).toMatch(/^signature/);
    expect(issue({ ...ok, signature: '' })).toBe('signature: invalid_value');
  });

  it('takes only PNG or JPEG data and stored files\' URLs as images, within their bounds', () => {
    expect(issue({ ...ok, signature: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBe('signature: invalid_value');
    expect(issue({ ...ok, photo: 'data:image/jpeg;base64,not base64!' })).toBe('photo: invalid_value');
    expect(issue({ ...ok, photo: 'https://elsewhere.example/x.jpg' })).toBe('photo: invalid_value');
    expect(issue({ ...ok, photo: '/files/?action=download&id=short' })).toBe('photo: invalid_value');
    const big = (bytes: number) => `data:image/png;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4 + 4)}`;
    expect(issue({ ...ok, signature: big(SIGNATURE_MAX_BYTES) })).toBe('signature: too_long');
    expect(issue({ ...ok, photo: `data:image/jpeg;base64,${'A'.repeat(dataUrlLength(SIGN_PHOTO_MAX_BYTES))}` })).toBe('photo: too_long');
  });

  it('takes a place as lat,lng within the globe', () => {
    expect(placeOk('31.2304,121.4737')).toBe(true);
    expect(placeOk('-33.8688151,151.2092955')).toBe(true);
    expect(placeOk('90,-180')).toBe(true);
    expect(placeOk('91,0')).toBe(false);
    expect(placeOk('0,181')).toBe(false);
    expect(placeOk('31.2304, 121.4737')).toBe(false);
    expect(placeOk('31.23041234,121.4')).toBe(false);
    expect(issue({ ...ok, place: 'the dock' })).toBe('place: invalid_value');
  });

  it('refuses fields it does not know', () => {
    expect(issue({ ...ok, status: 'signed' })).toMatch(/unrecognized|status/i);
  });
});
