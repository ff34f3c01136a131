import { describe, expect, it } from 'vitest';
import { linesOf, placeOf, podState, receiptArgs, receiptProblems, type KnownReceipt, type ReceiptForm } from './pod-model';

const r = (delivery_id: number, at: string, extra: Partial<KnownReceipt> = {}): KnownReceipt => ({ id: `${delivery_id}-${at}`, at, delivery_id, signer: 's', ...extra });
const none = { queued: [], refused: [], taken: [] };

describe('where a delivery stands on the phone', () => {
  it('waits for its receipt while shipped, and shows the server\'s signing', () => {
    expect(podState({ id: 1, status: 'shipped' }, none).state).toBe('waiting');
    expect(podState({ id: 1, status: 'signed' }, none).state).toBe('signed');
  });

  it('is queued while its receipt waits, whatever the list read before says', () => {
    const q = r(1, '2026-11-20T10:00:00Z');
    expect(podState({ id: 1, status: 'shipped' }, { ...none, queued: [q], taken: [q] })).toEqual({ state: 'queued', receipt: q });
    expect(podState({ id: 1, status: 'signed' }, { ...none, queued: [q] }).state).toBe('queued');
    expect(podState({ id: 2, status: 'shipped' }, { ...none, queued: [q] }).state).toBe('waiting');
  });

  it('is sent once its receipt left the phone, refused with the server\'s reason, signed once the server says so', () => {
    const t = r(1, '2026-11-20T10:00:00Z');
    expect(podState({ id: 1, status: 'shipped' }, { ...none, taken: [t] })).toEqual({ state: 'sent', receipt: t });
    const dead = { ...t, reason: '送货单 D1 已作废，不能签收' };
    expect(podState({ id: 1, status: 'shipped' }, { ...none, refused: [dead], taken: [t] })).toEqual({ state: 'refused', receipt: dead });
    expect(podState({ id: 1, status: 'signed' }, { ...none, refused: [dead], taken: [t] }).state).toBe('signed');
  });
});

describe('a receipt', () => {
  const form: ReceiptForm = {
    deliveryId: 4, signer: ' 陈经理 ', signature: 'data:image/png;base64,iVBORw0KGgo=', photo: null, place: null, personId: 9,
  };

  it('needs the signer and the signature', () => {
    expect(receiptProblems(form)).toEqual([]);
    expect(receiptProblems({ ...form, signer: '  ', signature: null })).toEqual(['signer', 'signature']);
  });

  it('makes the fact\'s arguments, leaving out what the phone could not take', () => {
    expect(receiptArgs(form)).toEqual({ delivery_id: 4, signer: '陈经理', signature: form.signature, person_id: 9 });
    const full = receiptArgs({ ...form, photo: 'data:image/jpeg;base64,/9j/4AAQ', place: '31.2,121.5', personId: null });
    expect(full).toEqual({ delivery_id: 4, signer: '陈经理', signature: form.signature, photo: 'data:image/jpeg;base64,/9j/4AAQ', place: '31.2,121.5' });
  });

  it('places a position to 6 decimals, and none that is not one', () => {
    expect(placeOf({ latitude: 31.230416789, longitude: 121.473701234 })).toBe('31.230417,121.473701');
    expect(placeOf({ latitude: -33.5, longitude: 151 })).toBe('-33.5,151');
    expect(placeOf({ latitude: Number.NaN, longitude: 1 })).toBeNull();
    expect(placeOf({ latitude: 95, longitude: 1 })).toBeNull();
    expect(placeOf(null)).toBeNull();
  });

  it('lists a delivery\'s lines in line order', () => {
    const lines = [{ delivery_id: 4, line_no: 2 }, { delivery_id: 5, line_no: 1 }, { delivery_id: 4, line_no: 1 }];
    expect(linesOf(4, lines)).toEqual([{ delivery_id: 4, line_no: 1 }, { delivery_id: 4, line_no: 2 }]);
  });
});
