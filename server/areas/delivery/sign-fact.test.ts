import { describe, expect, it } from 'vitest';
import type { SignArgs } from '../../../src/domain/contract/facts';
import { decideSign, noSign, type DeliveryState, type SignAccess, type SignWorld } from './sign-fact';

/** The rules a driver's receipt is decided by (server/areas/delivery/sign-fact.ts), without a database. */
const FILE_ID = 'AbCdEfGhIjKlMnOpQrStUv_-12';
const FILE = `/files/?action=download&id=${FILE_ID}`;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function world(deliveries: Partial<DeliveryState>[], access: SignAccess = { may: true }, files: string[] = []): SignWorld {
  const w = noSign(access);
  for (const d of deliveries) {
    const full: DeliveryState = { id: 1, show_id: 'SH1', status: 'shipped', canceled: false, saler_id: 5, signer: null, signed_at: null, ...d };
    w.deliveries.set(full.id, full);
  }
  for (const f of files) w.files.add(f);
  return w;
}
const receipt = (a: Partial<SignArgs> = {}): SignArgs => ({ delivery_id: 1, signer: '张三', signature: PNG, ...a });
const at = new Date('2026-11-20T10:30:00Z');
const keyOf = (d: ReturnType<typeof decideSign>) => (d.ok ? 'applied' : d.key);

describe('a receipt of a delivery', () => {
  it('signs a shipped delivery with the fact\'s signer, images, place and time, and marks it signed for the batch', () => {
    const w = world([{}]);
    const d = decideSign(w, receipt({ photo: PNG, place: '31.1,121.2' }), at);
    expect(d).toEqual({ ok: true, signed: { delivery_id: 1, signer: '张三', signature: PNG, photo: PNG, place: '31.1,121.2', at } });
    expect(w.deliveries.get(1)).toMatchObject({ status: 'signed', signer: '张三', signed_at: at });
    // A second receipt of it in the same batch: signed already, by whom and when.
    const again = decideSign(w, receipt({ signer: '李四' }), at);
    expect(again).toMatchObject({ ok: false, key: 'delivery_sign_already_signed', params: { no: 'SH1', signer: '张三' } });
  });

  it('refuses, in order: no sign action, unknown or another\'s delivery, cancelled, signed, not shipped', () => {
    expect(keyOf(decideSign(world([{}], { may: false }), receipt(), at))).toBe('delivery_sign_not_allowed');
    expect(keyOf(decideSign(world([]), receipt(), at))).toBe('delivery_sign_unknown');
    expect(keyOf(decideSign(world([{ saler_id: 6 }], { may: true, owner: 5 }), receipt(), at))).toBe('delivery_sign_unknown');
    expect(keyOf(decideSign(world([{ saler_id: 5 }], { may: true, owner: 5 }), receipt(), at))).toBe('applied');
    expect(keyOf(decideSign(world([{}], { may: true, owner: null }), receipt(), at))).toBe('delivery_sign_unknown');
    expect(keyOf(decideSign(world([{ canceled: true, status: 'signed' }]), receipt(), at))).toBe('delivery_sign_canceled');
    expect(keyOf(decideSign(world([{ status: 'signed', signer: '王五' }]), receipt(), at))).toBe('delivery_sign_already_signed');
    expect(keyOf(decideSign(world([{ status: 'draft' }]), receipt(), at))).toBe('delivery_sign_not_shipped');
  });

  it('refuses a receipt naming a stored file that does not exist, and takes one that does', () => {
    expect(decideSign(world([{}]), receipt({ photo: FILE }), at)).toMatchObject({ ok: false, key: 'delivery_sign_file_missing', params: { field: 'photo' } });
    expect(keyOf(decideSign(world([{}], { may: true }, [FILE_ID]), receipt({ signature: FILE, photo: FILE }), at))).toBe('applied');
  });
});
