import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('queryKeys', () => {
  it('nests lists and details under the resource, so one prefix invalidates both', () => {
    const all = queryKeys.all('/customers/');
    const list = queryKeys.list('/customers', { keyword: 'a' });
    const detail = queryKeys.detail('/customers', 12);
    expect(all).toEqual(['/customers']);
    expect(list.slice(0, 1)).toEqual(all);
    expect(detail.slice(0, 1)).toEqual(all);
    expect(list.slice(0, 2)).toEqual(queryKeys.lists('/customers'));
    expect(detail.slice(0, 2)).toEqual(queryKeys.details('/customers'));
  });

  it('equal lists get equal keys whatever the order, undefined values and echo tokens', () => {
    expect(queryKeys.list('/items', { b: 2, a: 1, keyword: undefined, token: 5, token2: 123, frompath: '/x' }))
      .toEqual(queryKeys.list('/items', { a: 1, b: 2 }));
    expect(Object.keys(queryKeys.list('/items', { b: 2, a: 1 })[2])).toEqual(['a', 'b']);
    expect(queryKeys.list('/items', { a: 1 })).not.toEqual(queryKeys.list('/items', { a: 2 }));
  });

  it('ids are compared as text', () => {
    expect(queryKeys.detail('/items', '12')).toEqual(queryKeys.detail('/items', 12));
  });
});
