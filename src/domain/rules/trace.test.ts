import { describe, expect, it } from 'vitest';
import { traceStartOfQuery, traceStartOfRow, tracePath } from './trace';

describe('a trace\'s start and address', () => {
  it('writes and reads back every kind of start', () => {
    for (const start of [{ kind: 'card', id: 12 }, { kind: 'deliveryline', code: 'DL-1-2' }, { kind: 'lot', lot: 'R 1/2&x', item_id: 3 },
      { kind: 'lot', lot: 'R9', item_id: null }] as const) {
      const path = tracePath(start);
      expect(path.startsWith('/trace?')).toBe(true);
      expect(traceStartOfQuery(new URL(path, 'http://x').searchParams)).toEqual(start);
    }
    expect(tracePath({ kind: 'lot', lot: 'R9' })).toBe('/trace?kind=lot&lot=R9');
  });

  it('reads nothing from an address that names no start', () => {
    for (const q of ['', 'kind=card', 'kind=card&id=0', 'kind=card&id=x', 'kind=bogus&id=1', 'kind=lot', 'kind=lot&lot=%20']) {
      expect(traceStartOfQuery(new URLSearchParams(q)), q).toBeNull();
    }
  });

  it('finds the start of a traceable row: a card\'s lot is the card, another lot the item\'s lot', () => {
    expect(traceStartOfRow('deliverylines', { id: 4 })).toEqual({ kind: 'deliveryline', id: 4 });
    expect(traceStartOfRow('details', { id: 5 })).toEqual({ kind: 'detail', id: 5 });
    expect(traceStartOfRow('stocklots', { id: 1, card_id: 9, lot: 'C9', item_id: 2 })).toEqual({ kind: 'card', id: 9 });
    expect(traceStartOfRow('itemlogs', { id: 1, card_id: null, lot: ' R7 ', item_id: 2 })).toEqual({ kind: 'lot', lot: 'R7', item_id: 2 });
    expect(traceStartOfRow('stocklots', { id: 1, card_id: null, lot: '', item_id: 2 })).toBeNull();
    expect(traceStartOfRow('customers', { id: 1 })).toBeNull();
    expect(traceStartOfRow('cards', {})).toBeNull();
  });
});
