import { describe, expect, it } from 'vitest';
import { aggregate, aggregateAsync, aggregateSteps, type AggregateQuery, type AggregateResult, type FactSet, type MeasureKind } from './aggregate';
import { dateOfDay, dayNumber, isoWeek, monthStart, weekStart } from './day-numbers';
import { round2, sumInts, sumMoney, sumQuantities } from './numbers';

const N = Number.NaN;
const D0 = dayNumber(2026, 1, 5); // a Monday

/** Facts from rows of plain numbers (the fixtures below are computed by hand from these rows). */
function factsOf(keys: Record<string, number[]>, measures: Record<string, [MeasureKind, number[]]>): FactSet {
  const length = Object.values(keys)[0]?.length ?? Object.values(measures)[0]?.[1].length ?? 0;
  return {
    length,
    keys: Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, Int32Array.from(v)])),
    measures: Object.fromEntries(Object.entries(measures).map(([k, [, v]]) => [k, Float64Array.from(v)])),
    kinds: Object.fromEntries(Object.entries(measures).map(([k, [kind]]) => [k, kind])),
  };
}

/**
 *  fact  node item day     qty    amount    pieces
 *   0    1    10   D0      1.5    10.0050   3
 *   1    1    20   D0+1    2.25    0.0050   1
 *   2    2    10   D0      0.333 100        2
 *   3    2    10   D0+7    —       5.5      4
 *   4    1    10   D0+8    3.115  -2.0025   —
 *   5    2    20   D0+30   4       —        5
 *   6    3    10   D0+31   0.004   0.0049   1
 *   7    1    20   D0+2    1.001   1.2345   2
 */
const FACTS = () => factsOf(
  { node: [1, 1, 2, 2, 1, 2, 3, 1], item: [10, 20, 10, 10, 10, 20, 10, 20], day: [0, 1, 0, 7, 8, 30, 31, 2].map(d => D0 + d) },
  {
    qty: ['quantity', [1.5, 2.25, 0.333, N, 3.115, 4, 0.004, 1.001]],
    amount: ['money', [10.005, 0.005, 100, 5.5, -2.0025, N, 0.0049, 1.2345]],
    pieces: ['count', [3, 1, 2, 4, N, 5, 1, 2]],
  },
);

const ALL_MEASURES: AggregateQuery['measures'] = [
  { op: 'sum', measure: 'qty' }, { op: 'sum', measure: 'amount' }, { op: 'avg', measure: 'qty' },
  { op: 'min', measure: 'pieces' }, { op: 'max', measure: 'pieces' }, { op: 'count' }, { op: 'count', measure: 'qty' },
];

/** A result as plain rows, for readable expectations. */
function rowsOf(r: AggregateResult): { keys: number[]; values: number[] }[] {
  return Array.from({ length: r.rows }, (_, i) => ({ keys: r.keys.map(k => k[i]!), values: r.values.map(v => v[i]!) }));
}

describe('aggregate: counts, sums, averages, minima, maxima (hand-computed)', () => {
  it('groups by one key, with the grand total', () => {
    const r = aggregate(FACTS(), { groupBy: ['node'], measures: ALL_MEASURES });
    expect(r.facts).toBe(8);
    expect(rowsOf(r)).toEqual([
      // 1.5+2.25+3.115+1.001 = 7.866; units 100050+50-20025+12345 = 92420; 7.866/4 = 1.9665; pieces 3,1,—,2
      { keys: [1], values: [7.87, 9.24, 1.97, 1, 3, 4, 4] },
      // 0.333+4 = 4.333; units 1000000+55000; 4.333/2 = 2.1665; pieces 2,4,5
      { keys: [2], values: [4.33, 105.5, 2.17, 2, 5, 3, 2] },
      // 0.004; 49 units are 0.49 of a cent
      { keys: [3], values: [0, 0, 0, 1, 1, 1, 1] },
    ]);
    // 12.203; 1,147,469 units = 114.7469; 12.203 / 7 = 1.7433 — the total rounds its facts' sum, not the rows'.
    expect(r.total).toEqual([12.2, 114.75, 1.74, 1, 5, 8, 7]);
    expect(r.pivot).toBeNull();
  });

  it('groups by several keys, rows sorted by their keys, first key first', () => {
    const r = aggregate(FACTS(), { groupBy: ['item', { key: 'node' }], measures: [{ op: 'sum', measure: 'pieces' }, { op: 'count' }] });
    expect(rowsOf(r)).toEqual([
      { keys: [10, 1], values: [3, 2] },
      { keys: [10, 2], values: [6, 2] },
      { keys: [10, 3], values: [1, 1] },
      { keys: [20, 1], values: [3, 2] },
      { keys: [20, 2], values: [5, 1] },
    ]);
    expect(r.total).toEqual([18, 8]);
  });

  it('without keys gives one row over all facts', () => {
    const r = aggregate(FACTS(), { groupBy: [], measures: [{ op: 'sum', measure: 'amount' }] });
    expect(rowsOf(r)).toEqual([{ keys: [], values: [114.75] }]);
  });

  it('avg, min and max of a group without values are NaN; its sum 0 and its count of values 0', () => {
    const f = factsOf({ node: [1, 1, 2] }, { qty: ['quantity', [N, N, 5]] });
    const r = aggregate(f, { groupBy: ['node'], measures: [{ op: 'avg', measure: 'qty' }, { op: 'min', measure: 'qty' },
      { op: 'max', measure: 'qty' }, { op: 'sum', measure: 'qty' }, { op: 'count', measure: 'qty' }, { op: 'count' }] });
    expect(rowsOf(r)).toEqual([{ keys: [1], values: [N, N, N, 0, 0, 2] }, { keys: [2], values: [5, 5, 5, 5, 1, 1] }]);
  });

  it('no facts: no rows; counts and sums 0, the rest NaN', () => {
    const r = aggregate(factsOf({ node: [] }, { qty: ['quantity', []] }), {
      groupBy: ['node'], measures: [{ op: 'count' }, { op: 'sum', measure: 'qty' }, { op: 'avg', measure: 'qty' }], pivot: 'node',
    });
    expect(r.rows).toBe(0);
    expect(r.total).toEqual([0, 0, N]);
    expect(r.pivot?.columns).toEqual(new Int32Array(0));
  });

  it('refuses an unknown key, measure or op, and a measure without kind', () => {
    expect(() => aggregate(FACTS(), { groupBy: ['customer'], measures: [{ op: 'count' }] })).toThrow(/unknown key "customer"/);
    expect(() => aggregate(FACTS(), { groupBy: [], measures: [{ op: 'sum', measure: 'price' }] })).toThrow(/unknown measure "price"/);
    expect(() => aggregate(FACTS(), { groupBy: [], measures: [{ op: 'sum' }] })).toThrow(/needs a measure/);
    expect(() => aggregate(FACTS(), { groupBy: [], measures: [{ op: 'median' as 'sum', measure: 'qty' }] })).toThrow(/unknown op/);
    const f = FACTS();
    expect(() => aggregate({ ...f, kinds: {} }, { groupBy: [], measures: [{ op: 'sum', measure: 'qty' }] })).toThrow(/has no kind/);
    expect(() => aggregate({ ...f, length: 9 }, { groupBy: ['node'], measures: [] })).toThrow(RangeError);
  });
});

describe('aggregate: rounding (DESIGN §8, spec §9)', () => {
  const sumOf = (kind: MeasureKind, values: number[], op: 'sum' | 'avg' | 'min' | 'max' = 'sum') =>
    aggregate(factsOf({}, { v: [kind, values] }), { groupBy: [], measures: [{ op, measure: 'v' }] }).total[0];

  it('quantities sum at full precision and round once, half away from zero, to 2 decimals', () => {
    expect(sumOf('quantity', [0.005])).toBe(0.01);
    expect(sumOf('quantity', [-0.005])).toBe(-0.01);
    expect(sumOf('quantity', [0.001, 0.004])).toBe(0.01); // rounded one by one: 0
    expect(sumOf('quantity', [1.0049999])).toBe(1);
    expect(sumOf('quantity', [1.005])).toBe(1.01);
    expect(sumOf('quantity', [0.1, 0.2])).toBe(0.3);
    expect(sumOf('quantity', [-0.001])).toBe(0);
    expect(Object.is(sumOf('quantity', [-0.001]), 0)).toBe(true); // never -0
    expect(sumOf('quantity', Array.from({ length: 100_000 }, () => 0.1))).toBe(10_000);
  });

  it('money counts whole 1/10 000 units, sums them exactly and rounds only the total to cents', () => {
    expect(sumOf('money', [0.005, 0.005, 0.005])).toBe(0.02); // 150 units; cents one by one would give 0.03
    expect(sumOf('money', [0.0049, 0.0001])).toBe(0.01);
    expect(sumOf('money', [0.0049])).toBe(0);
    expect(sumOf('money', [-0.005])).toBe(-0.01);
    expect(sumOf('money', [0.005, -0.005])).toBe(0);
    expect(Object.is(sumOf('money', [0.0049, -0.0098]), 0)).toBe(true); // -98 units: -0.0098 rounds to 0, not -0
    // An amount beyond 4 decimals counts as its nearest unit, half away from zero on both sides.
    expect(sumOf('money', Array.from({ length: 100 }, () => 0.00005))).toBe(0.01);
    expect(sumOf('money', Array.from({ length: 100 }, () => -0.00005))).toBe(-0.01);
    expect(sumOf('money', Array.from({ length: 1_000_000 }, () => 0.0001))).toBe(100);
    expect(sumOf('money', [0.1, 0.2, 0.3, -0.6])).toBe(0);
    expect(sumOf('money', [123456789.1234, 0.0001])).toBe(123456789.12);
  });

  it('averages divide the unrounded sum; minima and maxima round the value', () => {
    expect(sumOf('money', [0.005, 0.01], 'avg')).toBe(0.01); // 150 units / 2 = 0.0075
    expect(sumOf('quantity', [0.004, 0.006, 0.005], 'avg')).toBe(0.01);
    expect(sumOf('quantity', [1, 2], 'avg')).toBe(1.5);
    expect(sumOf('quantity', [1.005, 0.2], 'max')).toBe(1.01);
    expect(sumOf('quantity', [-1.005, 0.2], 'min')).toBe(-1.01);
    expect(sumOf('count', [1, 2, 2], 'avg')).toBe(1.67);
    expect(sumOf('count', [3, N, 4])).toBe(7);
  });

  it('agrees with the totals row of a grid (numbers.ts) on random amounts with up to 4 decimals', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const money = Array.from({ length: 20_000 }, () => (random() < 0.05 ? N : Math.round((random() - 0.3) * 2e7) / 10_000));
    const qty = Array.from({ length: 20_000 }, () => (random() < 0.05 ? N : Math.round(random() * 1e6) / 1000));
    const ints = Array.from({ length: 20_000 }, () => Math.floor(random() * 100));
    expect(sumOf('money', money)).toBe(sumMoney(money));
    expect(sumOf('quantity', qty)).toBe(sumQuantities(qty));
    expect(sumOf('count', ints)).toBe(sumInts(ints));
  });
});

describe('aggregate: days, weeks and months', () => {
  it('day numbers, ISO weeks and months across year boundaries', () => {
    expect(dayNumber(1970, 1, 1)).toBe(0);
    expect(dateOfDay(dayNumber(2028, 2, 29))).toEqual({ year: 2028, month: 2, day: 29 });
    expect(weekStart(0)).toBe(-3); // 1970-01-01 was a Thursday; its week began on Monday 1969-12-29
    expect(weekStart(-1)).toBe(-3);
    expect(weekStart(dayNumber(2027, 1, 1))).toBe(dayNumber(2026, 12, 28));
    expect(weekStart(dayNumber(2027, 1, 3))).toBe(dayNumber(2026, 12, 28)); // a Sunday ends its week
    expect(weekStart(dayNumber(2027, 1, 4))).toBe(dayNumber(2027, 1, 4));
    expect(isoWeek(dayNumber(2027, 1, 1))).toEqual({ year: 2026, week: 53 });
    expect(isoWeek(dayNumber(2024, 12, 30))).toEqual({ year: 2025, week: 1 });
    expect(isoWeek(dayNumber(2026, 1, 1))).toEqual({ year: 2026, week: 1 });
    expect(monthStart(dayNumber(2026, 12, 31))).toBe(dayNumber(2026, 12, 1));
    expect(monthStart(dayNumber(2024, 2, 29))).toBe(dayNumber(2024, 2, 1));
  });

  it("groups by week and by month, each bucket's id its first day", () => {
    const days = [dayNumber(2026, 12, 31), dayNumber(2027, 1, 1), dayNumber(2027, 1, 3), dayNumber(2027, 1, 4), dayNumber(2026, 12, 28)];
    const f = () => factsOf({ day: days }, { qty: ['quantity', [1, 2, 3, 4, 5]] });
    const byWeek = aggregate(f(), { groupBy: [{ key: 'day', bucket: 'week' }], measures: [{ op: 'sum', measure: 'qty' }] });
    expect(rowsOf(byWeek)).toEqual([{ keys: [dayNumber(2026, 12, 28)], values: [11] }, { keys: [dayNumber(2027, 1, 4)], values: [4] }]);
    const byMonth = aggregate(f(), { groupBy: [{ key: 'day', bucket: 'month' }], measures: [{ op: 'sum', measure: 'qty' }] });
    expect(rowsOf(byMonth)).toEqual([{ keys: [dayNumber(2026, 12, 1)], values: [6] }, { keys: [dayNumber(2027, 1, 1)], values: [9] }]);
    const byDay = aggregate(f(), { groupBy: [{ key: 'day', bucket: 'day' }], measures: [{ op: 'count' }] });
    expect(byDay.keys[0]).toEqual(Int32Array.from([...days].sort((a, b) => a - b)));
  });

  it('a node by week over the fixture', () => {
    const r = aggregate(FACTS(), { groupBy: ['node', { key: 'day', bucket: 'week' }], measures: [{ op: 'count' }] });
    expect(rowsOf(r)).toEqual([
      { keys: [1, D0], values: [3] }, { keys: [1, D0 + 7], values: [1] },
      { keys: [2, D0], values: [1] }, { keys: [2, D0 + 7], values: [1] }, { keys: [2, D0 + 28], values: [1] },
      { keys: [3, D0 + 28], values: [1] },
    ]);
  });

  it('days spread over more than the bucket table (bogus days) still bucket correctly', () => {
    const f = factsOf({ day: [-2_000_000_000, 0, 6_000_000] }, { qty: ['quantity', [1, 2, 3]] });
    const r = aggregate(f, { groupBy: [{ key: 'day', bucket: 'week' }], measures: [{ op: 'sum', measure: 'qty' }] });
    expect(rowsOf(r)).toEqual([
      { keys: [weekStart(-2_000_000_000)], values: [1] }, { keys: [-3], values: [2] }, { keys: [weekStart(6_000_000)], values: [3] },
    ]);
  });
});

describe('aggregate: pivot', () => {
  it('rows × columns with row, column and grand totals', () => {
    const r = aggregate(FACTS(), { groupBy: ['node'], pivot: 'item', measures: [{ op: 'sum', measure: 'qty' }, { op: 'count' }] });
    expect(r.pivot?.key).toEqual({ key: 'item' });
    expect(r.pivot?.columns).toEqual(Int32Array.from([10, 20]));
    expect(r.keys).toEqual([Int32Array.from([1, 2, 3])]);
    // qty:   item 10          item 20       row total
    // node 1 1.5+3.115=4.615  2.25+1.001    7.866
    // node 2 0.333 (and —)    4             4.333
    // node 3 0.004            no facts      0.004
    expect(Array.from(r.pivot!.cells[0]!)).toEqual([4.62, 3.25, 0.33, 4, 0, N]);
    expect(Array.from(r.pivot!.cells[1]!)).toEqual([2, 2, 2, 1, 1, N]);
    expect(Array.from(r.values[0]!)).toEqual([7.87, 4.33, 0]);
    expect(Array.from(r.values[1]!)).toEqual([4, 3, 1]);
    expect(Array.from(r.pivot!.columnTotals[0]!)).toEqual([4.95, 7.25]); // 4.952, 7.251
    expect(Array.from(r.pivot!.columnTotals[1]!)).toEqual([5, 3]);
    expect(r.total).toEqual([12.2, 8]);
  });

  it("totals merge the cells' unrounded money and their minima and maxima", () => {
    const f = factsOf({ row: [1, 1, 1, 2], col: [1, 2, 3, 1] }, { m: ['money', [0.005, 0.005, 0.005, 7]] });
    const r = aggregate(f, { groupBy: ['row'], pivot: 'col', measures: [{ op: 'sum', measure: 'm' }, { op: 'max', measure: 'm' },
      { op: 'avg', measure: 'm' }] });
    expect(Array.from(r.pivot!.cells[0]!)).toEqual([0.01, 0.01, 0.01, 7, N, N]);
    expect(Array.from(r.values[0]!)).toEqual([0.02, 7]); // 150 units, not 0.01 × 3
    expect(Array.from(r.values[1]!)).toEqual([0.01, 7]);
    expect(Array.from(r.values[2]!)).toEqual([0.01, 7]); // 0.005
    expect(Array.from(r.pivot!.columnTotals[0]!)).toEqual([7.01, 0.01, 0.01]); // 70 050 units
    expect(r.total).toEqual([7.02, 7, 1.75]); // 70 150 units; 7.015 / 4 = 1.75375
  });

  it('by month in columns, several row keys', () => {
    const r = aggregate(FACTS(), { groupBy: ['node', 'item'], pivot: { key: 'day', bucket: 'month' }, measures: [{ op: 'sum', measure: 'pieces' }] });
    expect(r.pivot?.columns).toEqual(Int32Array.from([dayNumber(2026, 1, 1), dayNumber(2026, 2, 1)]));
    expect(r.keys).toEqual([Int32Array.from([1, 1, 2, 2, 3]), Int32Array.from([10, 20, 10, 20, 10])]);
    expect(Array.from(r.pivot!.cells[0]!)).toEqual([3, N, 3, N, 6, N, N, 5, N, 1]);
    expect(Array.from(r.pivot!.columnTotals[0]!)).toEqual([12, 6]);
  });
});

describe('aggregate: filter', () => {
  it('keeps facts whose key is in a set of ids, and within a day range', () => {
    const r = aggregate(FACTS(), {
      groupBy: ['node'], measures: [{ op: 'count' }, { op: 'sum', measure: 'qty' }],
      filter: { in: { node: [1, 3, 99] }, between: { day: { from: D0 + 1, to: D0 + 31 } } },
    });
    // node 1: facts 1, 4, 7 (fact 0 is before the range); node 3: fact 6
    expect(rowsOf(r)).toEqual([{ keys: [1], values: [3, 6.37] }, { keys: [3], values: [1, 0] }]);
    expect(r.facts).toBe(4);
    expect(r.total).toEqual([4, 6.37]);
  });

  it('filters on a key it does not group by, with open ends', () => {
    const r = aggregate(FACTS(), { groupBy: [], measures: [{ op: 'count' }], filter: { in: { item: [20] }, between: { day: { to: D0 + 1 } } } });
    expect(r.total).toEqual([1]);
  });

  it('an empty set, or ids outside the column, keep nothing', () => {
    for (const ids of [[], [0, 4, 1000]]) {
      const r = aggregate(FACTS(), { groupBy: ['node'], measures: [{ op: 'count' }, { op: 'avg', measure: 'qty' }], filter: { in: { node: ids } } });
      expect(r.rows).toBe(0);
      expect(r.facts).toBe(0);
      expect(r.total).toEqual([0, N]);
    }
  });
});

describe('aggregate: key spaces', () => {
  it('a large key space (cards × days) finds its groups through a Map', () => {
    const f = factsOf({ card: [900_000, 5, 900_000, 5, 77], day: [D0, D0 + 400, D0, D0, D0] }, { qty: ['quantity', [1, 2, 3, 4, 5]] });
    const r = aggregate(f, { groupBy: ['card', 'day'], measures: [{ op: 'sum', measure: 'qty' }] });
    expect(rowsOf(r)).toEqual([
      { keys: [5, D0], values: [4] }, { keys: [5, D0 + 400], values: [2] }, { keys: [77, D0], values: [5] }, { keys: [900_000, D0], values: [4] },
    ]);
  });

  it('a key space beyond 2^53 (ids spread over the whole Int32 range) groups by the ids as text', () => {
    const lo = -(2 ** 31);
    const hi = 2 ** 31 - 1;
    const f = factsOf({ a: [hi, lo, hi, lo], b: [lo, hi, lo, 0], c: [0, hi, 0, lo] }, { qty: ['quantity', [1, 2, 3, 4]] });
    const r = aggregate(f, { groupBy: ['a', 'b', 'c'], measures: [{ op: 'sum', measure: 'qty' }, { op: 'count' }] });
    expect(rowsOf(r)).toEqual([
      { keys: [lo, 0, lo], values: [4, 1] }, { keys: [lo, hi, hi], values: [2, 1] }, { keys: [hi, lo, 0], values: [4, 2] },
    ]);
  });

  it('agrees with a naive grouping on random facts, whatever the chunk size', () => {
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const n = 5_000;
    const node = Array.from({ length: n }, () => Math.floor(random() * 7));
    const card = Array.from({ length: n }, () => Math.floor(random() * 300_000));
    const day = Array.from({ length: n }, () => D0 + Math.floor(random() * 800));
    const amount = Array.from({ length: n }, () => (random() < 0.1 ? N : Math.round((random() - 0.2) * 1e7) / 10_000));
    const make = () => factsOf({ node, card, day }, { amount: ['money', amount] });
    const query: AggregateQuery = { groupBy: ['node', { key: 'day', bucket: 'month' }], measures: [{ op: 'sum', measure: 'amount' },
      { op: 'max', measure: 'amount' }, { op: 'count' }] };
    const naive = new Map<string, number[]>();
    for (let i = 0; i < n; i++) {
      const k = `${node[i]},${monthStart(day[i]!)}`;
      naive.set(k, [...(naive.get(k) ?? []), amount[i]!]);
    }
    const expected = [...naive.entries()]
      .map(([k, v]) => {
        const present = v.filter(x => !Number.isNaN(x));
        return { keys: k.split(',').map(Number), values: [sumMoney(v), present.length ? round2(Math.max(...present)) : N, v.length] };
      })
      .sort((a, b) => a.keys[0]! - b.keys[0]! || a.keys[1]! - b.keys[1]!);
    expect(rowsOf(aggregate(make(), query))).toEqual(expected);
    expect(rowsOf(aggregate(make(), query, { chunkRows: 333 }))).toEqual(expected);
    // card × node: 2.1 million possible keys for 5,000 facts, found by hashing (the table grows from 1,024 slots).
    const pairs = [...new Set(card.map((c, i) => `${c},${node[i]}`))].map(k => k.split(',').map(Number))
      .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
    const byCard = aggregate(make(), { ...query, groupBy: ['card', 'node'] }, { chunkRows: 1000 });
    expect(rowsOf(byCard).map(r => r.keys)).toEqual(pairs);
    expect(byCard.total).toEqual(aggregate(make(), query).total);
  });

  it('reads keys back from packed keys of every size (Int32, below 2^52, up to 2^53)', () => {
    const big = 2 ** 26;
    for (const [a, b] of [[[0, 1000], [0, 999]], [[0, 5_000_000], [0, 600_000]], [[0, big], [0, big - 1]]]) {
      const f = factsOf({ a: [a![1]!, a![0]!, a![1]!], b: [b![0]!, b![1]!, b![0]!] }, { q: ['count', [1, 2, 3]] });
      const r = aggregate(f, { groupBy: ['a', 'b'], measures: [{ op: 'sum', measure: 'q' }] });
      expect(rowsOf(r)).toEqual([{ keys: [a![0], b![1]], values: [2] }, { keys: [a![1], b![0]], values: [4] }]);
    }
  });
});

describe('aggregate: chunks and cancellation', () => {
  const big = () => factsOf(
    { node: Array.from({ length: 300_000 }, (_, i) => i % 13) },
    { qty: ['quantity', Array.from({ length: 300_000 }, (_, i) => (i % 100) / 100)] },
  );
  const query: AggregateQuery = { groupBy: ['node'], measures: [{ op: 'sum', measure: 'qty' }] };

  it('yields the facts read after each chunk and returns the result', () => {
    const steps = aggregateSteps(big(), query, 100_000);
    expect(steps.next()).toEqual({ done: false, value: 100_000 });
    expect(steps.next()).toEqual({ done: false, value: 200_000 });
    const last = steps.next();
    expect(last.done).toBe(true);
    expect((last.value as AggregateResult).total).toEqual([148_500]); // 3,000 × 49.5
  });

  it('stops with an AbortError when shouldStop says so, between chunks', () => {
    let asked = 0;
    let error: unknown;
    try {
      aggregate(big(), query, { chunkRows: 50_000, shouldStop: () => ++asked === 2 });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(asked).toBe(2);
  });

  it('aggregateAsync lets the event loop run between chunks and rejects when aborted mid-way; a later call works', async () => {
    const ctl = new AbortController();
    let pauses = 0;
    const p = aggregateAsync(big(), query, { signal: ctl.signal, chunkRows: 10_000, pause: async () => {
      pauses++;
      if (pauses === 3) ctl.abort();
      await new Promise(r => setTimeout(r, 0));
    } });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(pauses).toBe(3);
    await expect(aggregateAsync(big(), query, { signal: new AbortController().signal })).resolves.toMatchObject({ total: [148_500] });
    const aborted = new AbortController();
    aborted.abort();
    await expect(aggregateAsync(big(), query, { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
