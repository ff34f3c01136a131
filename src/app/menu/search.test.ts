import { describe, expect, it } from 'vitest';
import { MENU_SEARCH_OPTIONS, createMenuSearch, searchMenu } from './search';

/** The fuzzy rules are tested over made-up paths: every one counts as a built screen. */
const all = () => true;

describe('searchMenu', () => {
  it('uses the spec weights and threshold', () => {
    expect(MENU_SEARCH_OPTIONS.keys).toEqual([{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }]);
    expect(MENU_SEARCH_OPTIONS.threshold).toBe(0.4);
  });

  it('ranks a title match above the same match on the path alone', () => {
    // The same text in either field, so only the weights decide the order.
    const items = [
      { title: 'orders', path: 'customerz' },
      { title: 'customerz', path: '/p' },
    ];
    expect(searchMenu(items, 'customers', all).map(i => i.title)).toEqual(['customerz', 'orders']);
    expect(searchMenu(items, 'customerz', all).map(i => i.title)).toEqual(['customerz', 'orders']);
  });

  it('finds Chinese titles and tolerates a typo, but not a far-off query', () => {
    const items = [
      { title: '客户', path: '/customers/list' },
      { title: '订单', path: '/orders/list' },
      { title: 'Delivery notes', path: '/deliveries/list' },
    ];
    expect(searchMenu(items, '客户', all)[0]?.path).toBe('/customers/list');
    expect(searchMenu(items, 'delivry', all)[0]?.path).toBe('/deliveries/list');
    expect(searchMenu(items, 'zzqxv', all)).toEqual([]);
  });

  it('does not offer hidden entries, and answers nothing to an empty query', () => {
    const items = [
      { title: 'Customers', path: '/customers/list' },
      { title: 'Customers edit', path: '/customers/edit/:id', hidden: true },
    ];
    const search = createMenuSearch(items, all);
    expect(search('customers').map(i => i.path)).toEqual(['/customers/list']);
    expect(search('   ')).toEqual([]);
  });

  it('does not offer pages whose screens are still to come, by the router\'s own table', () => {
    const items = [
      { title: 'Customers', path: '/customers/list' },
      { title: 'Customer approvals', path: '/approvals/list' },
      { title: 'By customer', path: '/orders/cards_customers' },
      { title: 'Customer payments', path: '/payments/list' },
    ];
    // The generic customers list, the receipts and the monitoring screen are routed; approvals open the pending notice.
    expect(createMenuSearch(items)('customer').map(i => i.path)).toEqual(['/customers/list', '/payments/list', '/orders/cards_customers']);
    expect(createMenuSearch(items, all)('customer').map(i => i.path)).toHaveLength(4);
  });
});
