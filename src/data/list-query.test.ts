import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnFilterValue, GridQuery } from '../domain/contract/grid-query';
import { listQueryOf } from './list-query';
import { declared } from './test-helpers';

const items = declared('items');
const journals = declared('journals');
const checkins = declared('checkins');
const suits = declared('suits');

const filtered = (id: string, value: ColumnFilterValue): GridQuery => ({ sorting: [], filters: [{ id, value }] });

// Date-time filters are local days: pin the zone so the expected instants are exact (UTC+8, no daylight saving).
const zone = process.env.TZ;
beforeAll(() => { process.env.TZ = 'Asia/Shanghai'; });
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('listQueryOf: filters', () => {
  it('a text filter is a trimmed contains; an empty one sends nothing', () => {
    expect(listQueryOf(items, filtered('name', { type: 'text', contains: '  Bolt ' })))
      .toEqual({ filter: [{ field: 'name', op: 'contains', value: 'Bolt' }] });
    expect(listQueryOf(items, filtered('name', { type: 'text', contains: '   ' }))).toEqual({});
  });

  it('a reference column filters by the referenced row’s name, <field>_name', () => {
    expect(listQueryOf(items, filtered('category_id', { type: 'text', contains: 'hard' })))
      .toEqual({ filter: [{ field: 'category_id_name', op: 'contains', value: 'hard' }] });
    expect(listQueryOf(items, filtered('workflow_id', { type: 'pick', values: ['Paint line', 'Assembly'] })))
      .toEqual({ filter: [{ field: 'workflow_id_name', op: 'in', value: ['Paint line', 'Assembly'] }] });
  });

  it('a range is between min and max, either end open (null); zero is a bound; no bound sends nothing', () => {
    expect(listQueryOf(items, filtered('weight', { type: 'range', min: 1.5, max: null })))
      .toEqual({ filter: [{ field: 'weight', op: 'between', value: [1.5, null] }] });
    expect(listQueryOf(items, filtered('price', { type: 'range', min: null, max: 0 })))
      .toEqual({ filter: [{ field: 'price', op: 'between', value: [null, 0] }] });
    expect(listQueryOf(items, filtered('price', { type: 'range', min: 2, max: 5 })))
      .toEqual({ filter: [{ field: 'price', op: 'between', value: [2, 5] }] });
    expect(listQueryOf(items, filtered('weight', { type: 'range', min: null, max: null }))).toEqual({});
  });

  it('a yes/no pick with one value is eq that boolean; both values or none send nothing', () => {
    expect(listQueryOf(items, filtered('active', { type: 'pick', values: ['true'] })))
      .toEqual({ filter: [{ field: 'active', op: 'eq', value: true }] });
    expect(listQueryOf(items, filtered('active', { type: 'pick', values: ['false'] })))
      .toEqual({ filter: [{ field: 'active', op: 'eq', value: false }] });
    expect(listQueryOf(items, filtered('active', { type: 'pick', values: ['true', 'false'] }))).toEqual({});
    expect(listQueryOf(items, filtered('active', { type: 'pick', values: [] }))).toEqual({});
  });

  it('an enum pick is in the picked values', () => {
    const values = ['shift', 'notice'];
    const q = listQueryOf(journals, filtered('kind', { type: 'pick', values }));
    expect(q).toEqual({ filter: [{ field: 'kind', op: 'in', value: ['shift', 'notice'] }] });
    // A copy: the grid's state is not handed to the request.
    expect(q.filter?.[0]?.value).not.toBe(values);
  });

  it('a date column is between the days, both included, either open', () => {
    expect(listQueryOf(journals, filtered('day', { type: 'dates', from: '2024-01-01', to: '2024-01-31' })))
      .toEqual({ filter: [{ field: 'day', op: 'between', value: ['2024-01-01', '2024-01-31'] }] });
    expect(listQueryOf(journals, filtered('day', { type: 'dates', from: null, to: '2024-01-31' })))
      .toEqual({ filter: [{ field: 'day', op: 'between', value: [null, '2024-01-31'] }] });
    expect(listQueryOf(journals, filtered('day', { type: 'dates', from: '2024-01-01', to: '' })))
      .toEqual({ filter: [{ field: 'day', op: 'between', value: ['2024-01-01', null] }] });
    expect(listQueryOf(journals, filtered('day', { type: 'dates', from: null, to: null }))).toEqual({});
  });

  it('a date-time column runs from the start of the local day `from` to the last millisecond of the local day `to`', () => {
    expect(new Date(2024, 0, 1).getTimezoneOffset()).toBe(-480);
    expect(listQueryOf(checkins, filtered('at', { type: 'dates', from: '2024-03-01', to: '2024-03-02' })))
      .toEqual({ filter: [{ field: 'at', op: 'between', value: ['2024-02-29T16:00:00.000Z', '2024-03-02T15:59:59.999Z'] }] });
    expect(listQueryOf(checkins, filtered('at', { type: 'dates', from: null, to: '2024-12-31' })))
      .toEqual({ filter: [{ field: 'at', op: 'between', value: [null, '2024-12-31T15:59:59.999Z'] }] });
    expect(listQueryOf(checkins, filtered('at', { type: 'dates', from: '2025-01-01', to: null })))
      .toEqual({ filter: [{ field: 'at', op: 'between', value: ['2024-12-31T16:00:00.000Z', null] }] });
  });

  it('columns of lists (refs) and columns that are not fields are not sent', () => {
    expect(listQueryOf(suits, filtered('item_ids', { type: 'text', contains: 'bolt' }))).toEqual({});
    expect(listQueryOf(suits, filtered('item_ids', { type: 'pick', values: ['Bolt'] }))).toEqual({});
    expect(listQueryOf(items, filtered('stock_value', { type: 'range', min: 1, max: 2 }))).toEqual({});
  });

  it('several columns give one filter each, in the grid’s order', () => {
    const q = listQueryOf(items, { sorting: [], filters: [
      { id: 'code', value: { type: 'text', contains: 'A-' } },
      { id: 'item_ids', value: { type: 'text', contains: 'ignored' } },
      { id: 'active', value: { type: 'pick', values: ['true'] } },
    ] });
    expect(q.filter).toEqual([
      { field: 'code', op: 'contains', value: 'A-' },
      { field: 'active', op: 'eq', value: true },
    ]);
  });
});

describe('listQueryOf: sort and keyword', () => {
  it('sorts by the grid’s columns, -field when descending, a reference by its name', () => {
    expect(listQueryOf(items, { filters: [], sorting: [{ id: 'weight', desc: true }, { id: 'category_id', desc: false }, { id: 'code', desc: false }] }))
      .toEqual({ sort: ['-weight', 'category_id_name', 'code'] });
    expect(listQueryOf(items, { filters: [], sorting: [{ id: 'workflow_id', desc: true }] })).toEqual({ sort: ['-workflow_id_name'] });
  });

  it('keeps the system columns, drops list and unknown columns', () => {
    expect(listQueryOf(suits, { filters: [], sorting: [{ id: 'item_ids', desc: false }, { id: 'id', desc: true }, { id: 'created_at', desc: false }, { id: 'nope', desc: false }] }))
      .toEqual({ sort: ['-id', 'created_at'] });
    expect(listQueryOf(suits, { filters: [], sorting: [{ id: 'item_ids', desc: true }] })).toEqual({});
  });

  it('sends the keyword trimmed, and no blank keyword', () => {
    expect(listQueryOf(items, { filters: [], sorting: [], keyword: '  steel  m8 ' })).toEqual({ keyword: 'steel  m8' });
    expect(listQueryOf(items, { filters: [], sorting: [], keyword: '   ' })).toEqual({});
    expect(listQueryOf(items, { filters: [], sorting: [] })).toEqual({});
  });
});

describe('listQueryOf: a day of a clock change', () => {
  const berlin = process.env.TZ;
  beforeAll(() => { process.env.TZ = 'Europe/Berlin'; });
  afterAll(() => { process.env.TZ = berlin; });
  const bounds = (day: string) => {
    const q = listQueryOf(declared('checkins'), { sorting: [], filters: [{ id: 'at', value: { type: 'dates', from: day, to: day } }] });
    return (q.filter?.[0] as { value: unknown } | undefined)?.value;
  };

  it('a 23-hour day ends at the next local midnight, less 1 ms', () => {
    expect(bounds('2024-03-31')).toEqual(['2024-03-30T23:00:00.000Z', '2024-03-31T21:59:59.999Z']);
  });

  it('a 25-hour day keeps its last hour', () => {
    expect(bounds('2024-10-27')).toEqual(['2024-10-26T22:00:00.000Z', '2024-10-27T22:59:59.999Z']);
  });
});
