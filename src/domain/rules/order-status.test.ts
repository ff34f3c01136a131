import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, statusAfterDeliveryCancel, statusAfterShipping } from './order-status';

describe('an order\'s status after deliveries (docs/delivery.md "Orders follow")', () => {
  it('ships a producing or finished order once every live line is delivered in full, and nothing else', () => {
    expect(statusAfterShipping('producing', true)).toBe('shipped');
    expect(statusAfterShipping('finished', true)).toBe('shipped');
    for (const s of ORDER_STATUSES) expect(statusAfterShipping(s, false)).toBe(s);
    for (const s of ['draft', 'confirmed', 'shipped'] as const) expect(statusAfterShipping(s, true)).toBe(s);
  });

  it('moves a shipped order short again back to finished when its cards are done, else to producing', () => {
    expect(statusAfterDeliveryCancel('shipped', false, true)).toBe('finished');
    expect(statusAfterDeliveryCancel('shipped', false, false)).toBe('producing');
    expect(statusAfterDeliveryCancel('shipped', true, false)).toBe('shipped');
    for (const s of ['draft', 'confirmed', 'producing', 'finished'] as const) {
      expect(statusAfterDeliveryCancel(s, false, true)).toBe(s);
      expect(statusAfterDeliveryCancel(s, false, false)).toBe(s);
    }
  });
});
