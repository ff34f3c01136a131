import { describe, expect, it } from 'vitest';
import type { CheckinCard } from '../../domain/contract/packing';
import { addCard } from './checkin-lines';

const card = (id: number, left: number): CheckinCard => ({
  card_id: id, show_id: `C${id}`, order_show_id: 'O1', customer: 'X', item_id: 1, item_code: 'I1', item_name: 'Box', item_spec: null,
  unit: '个', status: 'done', good: 10, checked_in: 10 - left, left,
});

describe('check-in lines', () => {
  it('adds a scanned card once, with what is left of its good quantity', () => {
    const one = addCard([], card(1, 7));
    expect(one).toEqual([{ card: card(1, 7), quantity: 7 }]);
    expect(addCard(one as never, card(1, 7))).toBe('duplicate');
    expect(addCard(one as never, card(2, 3))).toHaveLength(2);
  });

  it('refuses a card with nothing left to check in', () => {
    expect(addCard([], card(1, 0))).toBe('none_left');
  });
});
