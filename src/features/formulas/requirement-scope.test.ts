import { describe, expect, it } from 'vitest';
import { initialScope, scopeOf } from './requirement-scope';

describe('the requirement report’s choice', () => {
  it('asks for an order or a range, a single day counting as that day, nothing while incomplete', () => {
    expect(scopeOf('order', null, ['2024-01-01', null])).toBeNull();
    expect(scopeOf('order', 7, [null, null])).toEqual({ order_id: 7 });
    expect(scopeOf('range', 7, [null, null])).toBeNull();
    expect(scopeOf('range', null, ['2024-01-01', null])).toEqual({ from: '2024-01-01', to: '2024-01-01' });
    expect(scopeOf('range', null, ['2024-01-01', '2024-01-31'])).toEqual({ from: '2024-01-01', to: '2024-01-31' });
  });

  it('starts from its link', () => {
    expect(initialScope(new URLSearchParams('order_id=12'))).toEqual({ mode: 'order', orderId: 12, range: [null, null] });
    expect(initialScope(new URLSearchParams('from=2024-01-01&to=2024-01-31')))
      .toEqual({ mode: 'range', orderId: null, range: ['2024-01-01', '2024-01-31'] });
    expect(initialScope(new URLSearchParams('order_id=x&from=bad'))).toEqual({ mode: 'order', orderId: null, range: [null, null] });
  });
});
