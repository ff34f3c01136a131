import { describe, expect, it } from 'vitest';
import { aggregate, type FactSet } from '../../domain/rules/aggregate';
import { dayNumber } from '../../domain/rules/day-numbers';
import {
  chartData, copyFacts, currentGrouping, filterOf, formatValue, groupingChoices, labelOf, levels, pivotSheetRows, pivotTable, queryOf,
  sheetRows, tableRows, visibleMeasures,
} from './monitor-model';
import { MONITORS, monitorOf, type MonitorDef } from './monitors';

const byCustomer = monitorOf('/orders/cards_customers')!;
const week = (s: string) => `week ${s}`;

/** Five steps: customers 1, 1, 2, 0 (none), 2 over three days; good 10, 5, 7, 1, 2.5; value at 4 decimals. */
function facts(): FactSet {
  const day = [dayNumber(2026, 1, 5), dayNumber(2026, 1, 5), dayNumber(2026, 1, 6), dayNumber(2026, 2, 1), dayNumber(2026, 2, 2)];
  return {
    length: 5,
    keys: {
      day: Int32Array.from(day), customer: Int32Array.from([1, 1, 2, 0, 2]), worknode: Int32Array.from([3, 4, 3, 3, 4]),
      order: Int32Array.from([11, 11, 12, 0, 12]), card: Int32Array.from([21, 22, 23, 24, 25]), saler: new Int32Array(5),
      device: new Int32Array(5), item: new Int32Array(5), person: new Int32Array(5),
    },
    measures: { good: Float64Array.from([10, 5, 7, 1, 2.5]), bad: Float64Array.from([0, 1, NaN, 0, 0]),
      value: Float64Array.from([1.0005, 0.5, 0.7, 0.1, 0.25]) },
    kinds: { good: 'quantity', bad: 'quantity', value: 'money' },
  };
}

describe('monitor declarations', () => {
  it('name real keys and measures of their sources, and a chart measure they hold', () => {
    for (const m of MONITORS) {
      expect(m.chart).toBeLessThan(m.measures.length);
      expect(new Set(MONITORS.map(x => x.path)).size).toBe(MONITORS.length);
      expect(levels(m)[0]).toEqual(m.groupBy);
    }
  });
});

describe('drill levels', () => {
  it('go through the declared groupings, skipping a key already narrowed, and end below the last', () => {
    expect(levels(byCustomer).map(g => g.key)).toEqual(['customer', 'order', 'worknode', 'card']);
    const step = (key: string, id: number) => ({ grouping: { key }, id, label: String(id) });
    expect(currentGrouping(byCustomer, [], null)).toEqual({ key: 'customer' });
    expect(currentGrouping(byCustomer, [step('customer', 1)], null)).toEqual({ key: 'order' });
    // The user chose to open the customer by worknode: the next level skips it.
    expect(currentGrouping(byCustomer, [step('customer', 1), step('worknode', 3)], null)).toEqual({ key: 'order' });
    expect(currentGrouping(byCustomer, ['customer', 'order', 'worknode', 'card'].map(k => step(k, 1)), null)).toBeNull();
    expect(currentGrouping(byCustomer, [], { key: 'day', bucket: 'week' })).toEqual({ key: 'day', bucket: 'week' });
    expect(groupingChoices(byCustomer, [step('customer', 1)]).map(g => g.bucket ?? g.key))
      .toEqual(['day', 'week', 'month', 'worknode', 'saler', 'device', 'item', 'person', 'card', 'order']);
  });

  it('narrow to a key\'s id, and to a week or a month of days', () => {
    const monday = dayNumber(2026, 1, 5);
    expect(filterOf([{ grouping: { key: 'customer' }, id: 2, label: '' }])).toEqual({ in: { customer: [2] }, between: {} });
    expect(filterOf([{ grouping: { key: 'day', bucket: 'week' }, id: monday, label: '' }])?.between?.day)
      .toEqual({ from: monday, to: monday + 6 });
    expect(filterOf([{ grouping: { key: 'day', bucket: 'month' }, id: dayNumber(2024, 2, 1), label: '' }])?.between?.day)
      .toEqual({ from: dayNumber(2024, 2, 1), to: dayNumber(2024, 2, 29) });
    expect(filterOf([])).toBeUndefined();
  });
});

describe('the table', () => {
  const def: MonitorDef = byCustomer;
  const labels = new Map([[1, '甲公司'], [2, '乙公司']]);

  it('ranks groups by the chart measure, labels them, and totals every fact', () => {
    const set = facts();
    const measures = visibleMeasures(def, set);
    const r = aggregate(copyFacts(set), queryOf({ key: 'customer' }, measures, []));
    const rows = tableRows(r, { key: 'customer' }, def.chart, id => labelOf({ key: 'customer' }, id, labels, '(none)', week));
    expect(rows.map(x => [x.label, x.values[1]])).toEqual([['甲公司', 15], ['乙公司', 9.5], ['(none)', 1]]);
    // Money summed at 4 decimals, rounded at the end: 1.0005 + 0.5 = 1.5005 → 1.50 (half away from zero: 1.5005 → 1.5).
    expect(rows[0]!.values[3]).toBe(1.5);
    expect(r.total).toEqual([5, 25.5, 1, 2.55]);
    expect(formatValue(measures[3]!, 'money', 2.5, 'zh')).toBe('2.50');
    expect(formatValue(measures[0]!, undefined, 5, 'zh')).toBe('5');
    expect(formatValue(measures[2]!, 'quantity', NaN, 'zh')).toBe('');
    // Thousands grouped in the reader's language (issue 30).
    expect(formatValue(measures[3]!, 'money', 12345.5, 'en')).toBe('12,345.50');
    expect(formatValue(measures[3]!, 'money', 12345.5, 'es')).toBe('12.345,50');
    expect(formatValue(measures[2]!, 'quantity', 1234567.125, 'ja')).toBe('1,234,567.13');
    expect(formatValue(measures[0]!, undefined, 12000, 'zh')).toBe('12,000');
    expect(chartData(rows, 1, 2)).toEqual([{ name: '甲公司', value: 15 }, { name: '乙公司', value: 9.5 }]);
    expect(sheetRows(rows.slice(0, 1), r.total, 'Total')).toEqual([['甲公司', 2, 15, 1, 1.5], ['Total', 5, 25.5, 1, 2.55]]);
  });

  it('keeps time buckets in time order, labelled by day, week or month', () => {
    const set = facts();
    const r = aggregate(copyFacts(set), queryOf({ key: 'day', bucket: 'month' }, visibleMeasures(def, set), []));
    const g = { key: 'day', bucket: 'month' } as const;
    expect(tableRows(r, g, def.chart, id => labelOf(g, id, undefined, '', week)).map(x => x.label)).toEqual(['2026-01', '2026-02']);
    expect(labelOf({ key: 'day', bucket: 'week' }, dayNumber(2026, 1, 5), undefined, '', week)).toBe('week 2026-01-05');
    expect(labelOf({ key: 'card' }, 99, new Map(), '', week)).toBe('#99');
  });

  it('leaves out a measure the user may not see', () => {
    const set = facts();
    const { value: _value, ...rest } = set.measures;
    expect(visibleMeasures(def, { measures: rest }).map(m => m.label)).toEqual(['m_facts', 'm_good', 'm_bad']);
  });

  it('copies the facts, so the worker may take the copy', () => {
    const set = facts();
    const c = copyFacts(set);
    expect(c.keys.customer).not.toBe(set.keys.customer);
    expect(Array.from(c.keys.customer!)).toEqual(Array.from(set.keys.customer!));
  });

  it('pivots the chart measure into rows × columns, in the table\'s row order, with both totals', () => {
    const set = facts();
    const measures = visibleMeasures(def, set);
    const month = { key: 'day', bucket: 'month' } as const;
    const r = aggregate(copyFacts(set), queryOf({ key: 'customer' }, measures, [], month));
    const rows = tableRows(r, { key: 'customer' }, def.chart, id => labelOf({ key: 'customer' }, id, labels, '(none)', week));
    const p = pivotTable(r, rows, 1, id => labelOf(month, id, undefined, '', week))!;
    expect(p.columns.map(c => c.label)).toEqual(['2026-01', '2026-02']);
    // 甲 15 in January; 乙 7 in January and 2.5 in February; (none) 1 in February.
    expect(p.cells.map(row => row.map(v => (Number.isNaN(v) ? null : v)))).toEqual([[15, null], [7, 2.5], [null, 1]]);
    expect(p.columnTotals).toEqual([22, 3.5]);
    expect(pivotSheetRows(rows, p, 1, r.total[1]!, 'Total')).toEqual([
      ['甲公司', 15, null, 15], ['乙公司', 7, 2.5, 9.5], ['(none)', null, 1, 1], ['Total', 22, 3.5, 25.5],
    ]);
    expect(pivotTable(r, rows, 1, String, 1)).toMatchObject({ cut: true, columnTotals: [22] });
    expect(queryOf({ key: 'customer' }, measures, []).pivot).toBeUndefined();
  });
});
