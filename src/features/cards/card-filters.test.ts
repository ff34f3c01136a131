import { describe, expect, it } from 'vitest';
import { cardPrintsPath, cardsListPath, filterFromSearch, idsFromSearch, searchOfFilter } from './card-filters';

describe('the cards list filter in the URL', () => {
  it('reads the list call’s own parameters and ignores what is malformed', () => {
    expect(filterFromSearch(new URLSearchParams('notfinished=1&quote_id=12&show_id=C26&order_id=0&item_id=abc&node_status=done'))).toEqual({
      progress: 'notfinished', quote_id: 12, show_id: 'C26', order_id: null, item_id: null, customer_id: null, saler_id: null,
      node_id: null, node_status: null,
    });
    expect(filterFromSearch(new URLSearchParams('finished=1&node_id=3&node_status=bogus')).node_status).toBeNull();
    expect(filterFromSearch(new URLSearchParams('node_id=3&node_status=running'))).toMatchObject({ node_id: 3, node_status: 'running' });
  });

  it('writes what it reads', () => {
    const search = '?finished=1&quote_id=12&order_id=4&customer_id=8&show_id=C26&node_id=3&node_status=waiting';
    const f = filterFromSearch(new URLSearchParams(search));
    expect(filterFromSearch(new URLSearchParams(searchOfFilter(f)))).toEqual(f);
    expect(searchOfFilter({})).toBe('');
    expect(cardsListPath({ quote_id: 12 })).toBe('/orders/cards/list?quote_id=12');
  });

  it('takes the labels page’s ids once each, in order, up to the limit', () => {
    expect(idsFromSearch(new URLSearchParams('ids=3,1,x,3,-2,0, 7'), 100)).toEqual([3, 1, 7]);
    expect(idsFromSearch(new URLSearchParams('ids=1,2,3'), 2)).toEqual([1, 2]);
    expect(idsFromSearch(new URLSearchParams(''), 10)).toEqual([]);
    expect(cardPrintsPath([4, 5])).toBe('/cards/prints?ids=4,5');
  });
});
