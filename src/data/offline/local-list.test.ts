import { describe, expect, it } from 'vitest';
import type { ListQuery } from '../../domain/contract/list';
import { localList } from './local-list';
import type { ResourceDef } from '../../domain/registry/resource';
import { declared } from '../test-helpers';

type Row = Record<string, unknown>;

const items = declared('items');
const customers = declared('customers');
const suits = declared('suits');
const maintenances = declared('devicemaintenances');

/** Pulled rows leave out their nulls: item 4 has no category, no spec and no price; item 3 no spec. */
const ITEMS: readonly Row[] = [
  { id: 1, code: 'A-001', name: 'Steel Bolt', spec: 'M8', category_id: 3, category_id_name: 'Hardware', weight: 0.5, price: 1.2, active: true },
  { id: 2, code: 'A-002', name: 'steel nut', spec: 'M8', category_id: 4, category_id_name: 'Fasteners', weight: 0.1, price: 0.3, active: false },
  { id: 3, code: 'B-001', name: 'Copper wire', category_id: 3, category_id_name: 'Hardware', weight: 10, price: 8, active: true },
  { id: 4, code: 'B-002', name: 'Paint', weight: 9, active: true },
  { id: 5, code: 'C-001', name: 'Washer', spec: 'M10', category_id: 4, category_id_name: 'Fasteners', active: false },
];

const ids = (q: ListQuery, rows: readonly Row[] = ITEMS, def: ResourceDef = items) => localList(def, rows, q).dt.map(r => r.id);
/** Ids in id order, for filters whose order is not the point. */
const idSet = (q: ListQuery, rows: readonly Row[] = ITEMS, def: ResourceDef = items) =>
  ids({ ...q, limit: -1 }, rows, def).map(Number).sort((a, b) => a - b);

describe('localList: filters', () => {
  it('eq compares by the field type, and eq null finds the rows without a value', () => {
    expect(idSet({ filter: [{ field: 'category_id', op: 'eq', value: 3 }] })).toEqual([1, 3]);
    expect(idSet({ filter: [{ field: 'active', op: 'eq', value: false }] })).toEqual([2, 5]);
    expect(idSet({ filter: [{ field: 'code', op: 'eq', value: 'B-002' }] })).toEqual([4]);
    expect(idSet({ filter: [{ field: 'category_id', op: 'eq', value: null }] })).toEqual([4]);
  });

  it('ne keeps the rows whose field is missing (null), and ne null keeps the rows with a value', () => {
    expect(idSet({ filter: [{ field: 'category_id', op: 'ne', value: 3 }] })).toEqual([2, 4, 5]);
    expect(idSet({ filter: [{ field: 'spec', op: 'ne', value: 'M8' }] })).toEqual([3, 4, 5]);
    expect(idSet({ filter: [{ field: 'spec', op: 'ne', value: null }] })).toEqual([1, 2, 5]);
  });

  it('in keeps the rows whose value is one of the list; an empty list keeps nothing', () => {
    expect(idSet({ filter: [{ field: 'code', op: 'in', value: ['A-001', 'B-002', 'Z-999'] }] })).toEqual([1, 4]);
    expect(idSet({ filter: [{ field: 'category_id', op: 'in', value: [4] }] })).toEqual([2, 5]);
    expect(idSet({ filter: [{ field: 'code', op: 'in', value: [] }] })).toEqual([]);
  });

  it('contains is a case-insensitive substring, also on a reference name column', () => {
    expect(idSet({ filter: [{ field: 'name', op: 'contains', value: 'STEEL' }] })).toEqual([1, 2]);
    expect(idSet({ filter: [{ field: 'name', op: 'contains', value: 'er w' }] })).toEqual([3]);
    expect(idSet({ filter: [{ field: 'category_id_name', op: 'contains', value: 'hard' }] })).toEqual([1, 3]);
    expect(idSet({ filter: [{ field: 'category_id_name', op: 'eq', value: 'Fasteners' }] })).toEqual([2, 5]);
  });

  it('gte / lte compare numbers as numbers and leave out rows without a value', () => {
    // 9 < 10 as numbers (as text "10" < "9").
    expect(idSet({ filter: [{ field: 'weight', op: 'gte', value: 9 }] })).toEqual([3, 4]);
    expect(idSet({ filter: [{ field: 'weight', op: 'lte', value: 0.5 }] })).toEqual([1, 2]);
    expect(idSet({ filter: [{ field: 'code', op: 'gte', value: 'B' }] })).toEqual([3, 4, 5]);
  });

  it('between includes both ends, and either end may be open', () => {
    expect(idSet({ filter: [{ field: 'weight', op: 'between', value: [0.5, 9] }] })).toEqual([1, 4]);
    expect(idSet({ filter: [{ field: 'weight', op: 'between', value: [null, 0.5] }] })).toEqual([1, 2]);
    expect(idSet({ filter: [{ field: 'weight', op: 'between', value: [9, null] }] })).toEqual([3, 4]);
    expect(idSet({ filter: [{ field: 'price', op: 'between', value: [1, null] }] })).toEqual([1, 3]);
  });

  it('between on a date field compares days; a date-time field compares ISO instants', () => {
    const rows: Row[] = [
      { id: 1, planned_date: '2024-01-31', done_at: '2024-02-01T08:00:00.000Z', cost: 1, content: 'a' },
      { id: 2, planned_date: '2024-02-01', done_at: '2024-02-02T08:00:00.000Z', cost: 2, content: 'b' },
      { id: 3, planned_date: '2024-02-29', cost: 3, content: 'c' },
      { id: 4, planned_date: '2024-03-01', done_at: '2024-03-01T00:00:00.000Z', cost: 4, content: 'd' },
    ];
    expect(idSet({ filter: [{ field: 'planned_date', op: 'between', value: ['2024-02-01', '2024-02-29'] }] }, rows, maintenances)).toEqual([2, 3]);
    expect(idSet({ filter: [{ field: 'planned_date', op: 'between', value: ['2024-02-01', null] }] }, rows, maintenances)).toEqual([2, 3, 4]);
    expect(idSet({ filter: [{ field: 'done_at', op: 'between', value: ['2024-02-01T00:00:00.000Z', '2024-02-29T23:59:59.999Z'] }] },
      rows, maintenances)).toEqual([1, 2]);
  });

  it('several filters must all hold; a filter on an unknown field filters nothing', () => {
    expect(idSet({ filter: [
      { field: 'active', op: 'eq', value: true },
      { field: 'weight', op: 'gte', value: 1 },
    ] })).toEqual([3, 4]);
    expect(idSet({ filter: [{ field: 'no_such_field', op: 'eq', value: 1 }] as unknown as ListQuery['filter'] })).toEqual([1, 2, 3, 4, 5]);
  });

  it('a list field (refs) compares one element', () => {
    const rows: Row[] = [
      { id: 1, code: 'K1', name: 'Kit 1', item_ids: [5, 6] },
      { id: 2, code: 'K2', name: 'Kit 2', item_ids: [6, 7] },
      { id: 3, code: 'K3', name: 'Kit 3', item_ids: [] },
    ];
    expect(idSet({ filter: [{ field: 'item_ids', op: 'eq', value: 6 }] }, rows, suits)).toEqual([1, 2]);
    expect(idSet({ filter: [{ field: 'item_ids', op: 'contains', value: 5 }] }, rows, suits)).toEqual([1]);
    expect(idSet({ filter: [{ field: 'item_ids', op: 'ne', value: 5 }] }, rows, suits)).toEqual([2, 3]);
    expect(idSet({ filter: [{ field: 'item_ids', op: 'in', value: [7, 99] }] }, rows, suits)).toEqual([2]);
  });
});

describe('localList: extra parameters', () => {
  it('an extra naming a readable field filters by plain equality, with the value as the wire sends it', () => {
    expect(idSet({ extra: { category_id: '4' } })).toEqual([2, 5]);
    expect(idSet({ extra: { category_id: 3, active: true } })).toEqual([1, 3]);
    expect(idSet({ extra: { code: 'A-002' } })).toEqual([2]);
  });

  it('unknown extras (a resource’s own parameters) and empty values filter nothing', () => {
    expect(idSet({ extra: { checkselfonly: 1, nogroup: 'x' } })).toEqual([1, 2, 3, 4, 5]);
    expect(idSet({ extra: { code: '' } })).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('localList: keyword', () => {
  it('every word must be found in one of the search fields, case-insensitively', () => {
    expect(items.search).toEqual(['code', 'name', 'spec']);
    expect(idSet({ keyword: 'STEEL m8' })).toEqual([1, 2]);
    expect(idSet({ keyword: 'bolt m8' })).toEqual([1]);
    expect(idSet({ keyword: '  a-00  ' })).toEqual([1, 2]);
    expect(idSet({ keyword: 'steel copper' })).toEqual([]);
  });

  it('fields that are not search fields are not searched', () => {
    expect(idSet({ keyword: 'hardware' })).toEqual([]);
    expect(idSet({ keyword: '' })).toEqual([1, 2, 3, 4, 5]);
  });

  it('combines with the filters', () => {
    expect(idSet({ keyword: 'steel', filter: [{ field: 'active', op: 'eq', value: true }] })).toEqual([1]);
  });
});

describe('localList: sort', () => {
  it('sorts by the asked keys; numbers as numbers', () => {
    expect(ids({ sort: ['weight'] })).toEqual([2, 1, 4, 3, 5]);
    expect(ids({ sort: ['-weight'] })).toEqual([3, 4, 1, 2, 5]);
  });

  it('puts empty values last ascending and descending', () => {
    expect(ids({ sort: ['price'] })).toEqual([2, 1, 3, 5, 4]);
    expect(ids({ sort: ['-price'] })).toEqual([3, 1, 2, 5, 4]);
    expect(ids({ sort: ['category_id_name'] }).at(-1)).toBe(4);
    expect(ids({ sort: ['-category_id_name'] }).at(-1)).toBe(4);
  });

  it('breaks ties by the next key, then by id newest first', () => {
    // spec: M10 (5), M8 (1, 2), empty (3, 4); ties by id desc.
    expect(ids({ sort: ['spec'] })).toEqual([5, 2, 1, 4, 3]);
    expect(ids({ sort: ['category_id_name', '-weight'] })).toEqual([2, 5, 3, 1, 4]);
    expect(ids({ sort: ['active'] })).toEqual([5, 2, 4, 3, 1]);
  });

  it('without asked keys: the declaration’s sort, else newest id first', () => {
    expect(items.sort).toBe('code');
    expect(ids({}, [...ITEMS].reverse())).toEqual([1, 2, 3, 4, 5]);
    const unsorted: ResourceDef = { ...items, sort: undefined };
    expect(ids({}, ITEMS, unsorted)).toEqual([5, 4, 3, 2, 1]);
  });

  it('does not reorder the caller’s rows', () => {
    const rows = [...ITEMS];
    localList(items, rows, { sort: ['-weight'] });
    expect(rows.map(r => r.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('localList: paging', () => {
  const many: Row[] = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `Customer ${i + 1}`, code: `C${String(i + 1).padStart(3, '0')}` }));

  it('serves the asked page of the asked size, with the total of every matching row', () => {
    const r = localList(items, ITEMS, { page: 2, limit: 2 });
    expect(r.dt.map(x => x.id)).toEqual([3, 4]);
    expect(r.total).toBe(5);
    expect(r.msg).toBe('OK');
    expect(localList(items, ITEMS, { page: 3, limit: 2 }).dt.map(x => x.id)).toEqual([5]);
    expect(localList(items, ITEMS, { page: 4, limit: 2 }).dt).toEqual([]);
  });

  it('limit -1 answers every row; no limit is the resource’s page size', () => {
    expect(customers.pageSize).toBe(50);
    const all = localList(customers, many, { limit: -1 });
    expect(all.dt).toHaveLength(120);
    expect(all.total).toBe(120);
    const first = localList(customers, many, {});
    expect(first.dt).toHaveLength(50);
    expect(first.dt[0]?.code).toBe('C001');
    expect(first.total).toBe(120);
    const third = localList(customers, many, { page: 3 });
    expect(third.dt.map(x => x.code)).toEqual(many.slice(100).map(x => x.code));
  });

  it('the total counts the filtered rows, not the page', () => {
    const r = localList(customers, many, { keyword: 'customer 1', limit: 5 });
    // Names (and codes) holding the digit 1: 1, 10–19, 21, 31 … 91, 100–120 → 1 + 10 + 8 + 21.
    expect(r.total).toBe(40);
    expect(r.dt).toHaveLength(5);
  });
});

describe('localList: totals', () => {
  const rows: Row[] = [
    { id: 1, content: 'a', kind: 'repair', cost: 0.1 },
    { id: 2, content: 'b', kind: 'repair', cost: 0.2 },
    { id: 3, content: 'c', kind: 'routine', cost: 100 },
    { id: 4, content: 'd', kind: 'repair' },
    { id: 5, content: 'e', kind: 'repair', cost: '12.3456' },
  ];

  it('sums the summable fields over every filtered row, not just the page', () => {
    const r = localList(maintenances, rows, { totals: true, limit: 1, filter: [{ field: 'kind', op: 'eq', value: 'repair' }] });
    expect(r.dt).toHaveLength(1);
    expect(r.total).toBe(4);
    expect(r.totals).toEqual({ cost: 12.6456 });
  });

  it('rounds to 4 decimals (0.1 + 0.2 is 0.3)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const r = localList(maintenances, rows, { totals: true, filter: [{ field: 'id', op: 'in', value: [1, 2] }] });
    expect(r.totals).toEqual({ cost: 0.3 });
  });

  it('a field without any value totals null; without totals asked there are none', () => {
    expect(localList(maintenances, rows, { totals: true, filter: [{ field: 'id', op: 'eq', value: 4 }] }).totals).toEqual({ cost: null });
    expect(localList(maintenances, rows, {}).totals).toBeUndefined();
  });

  it('only fields declared sum: true are totalled', () => {
    expect(localList(items, ITEMS, { totals: true }).totals).toEqual({});
  });
});

describe('localList: as the server where a query could differ', () => {
  const checkins = declared('checkins');
  const AT: readonly Row[] = [{ id: 1, at: '2024-01-31T16:30:00.000Z' }, { id: 2, at: '2024-02-01T00:00:00.000Z' }];

  it('compares date-times as moments, whatever offset the filter value carries', () => {
    expect(idSet({ filter: [{ field: 'at', op: 'gte', value: '2024-02-01T00:00:00+08:00' }] } as ListQuery, AT, checkins)).toEqual([1, 2]);
    expect(idSet({ filter: [{ field: 'at', op: 'eq', value: '2024-02-01T00:00:00Z' }] } as ListQuery, AT, checkins)).toEqual([2]);
  });

  it('a between open at both ends is no condition: rows without the value stay', () => {
    expect(localList(items, [{ id: 1, weight: 1 }, { id: 2 }], { filter: [{ field: 'weight', op: 'between', value: [null, null] }] } as ListQuery).total).toBe(2);
  });

  it('in ignores empty values', () => {
    expect(idSet({ filter: [{ field: 'category_id', op: 'in', value: [3, null] }] } as ListQuery)).toEqual([1, 3]);
  });
});
