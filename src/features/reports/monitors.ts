import { withFinishedOpening } from '../../domain/reports/finished-balance';
import type { ReportSource } from '../../domain/reports/fact-sources';
import type { FactSet } from '../../domain/rules/aggregate';
import { tracePath } from '../../domain/rules/trace';
import type { AggregateOp } from '../../domain/rules/aggregate';
import type { TimeBucket } from '../../domain/rules/day-numbers';

/**
 * The monitoring screens (spec §1 "Monitoring menu items", issue 14), one declaration each: the source of their facts
 * (src/domain/reports/fact-sources.ts), what a row is at first, the keys a row drills into, one after the other, and
 * the measures. The generic MonitorScreen shows any of them: date range with the spec §9 shortcuts, grouping, a chart,
 * the table with its totals, drill-down, excel.xlsx and a print view, computed in the aggregation worker.
 */

/** A grouping: a key of the source, or the day key by day, week or month. */
export interface Grouping { key: string; bucket?: TimeBucket }

export interface MonitorMeasure {
  op: AggregateOp;
  /** The source's measure; none for `count` of facts. */
  measure?: string;
  /** Label key (namespace `reports`). */
  label: string;
}

export interface MonitorDef {
  path: string;
  /** Title key (namespace `pages`, as the menu's). */
  title: string;
  source: ReportSource;
  /** What a row is when the screen opens. */
  groupBy: Grouping;
  /** What a row of each level opens into, in order (a key already narrowed to is skipped). */
  drill: readonly Grouping[];
  measures: readonly MonitorMeasure[];
  /** The measure (index into `measures`) the chart shows. */
  chart: number;
  /** The namespace of its key and measure labels (`key_<key>`, the measures' `label`); `reports` unless said. */
  ns?: string;
  /**
   * A stock report (decision 180): the movements joined with the opening stock of the range's first day from this
   * snapshot source, balances carried across time rows and left blank for a document (stock-report.ts); no columns.
   * `join` makes the one set of both (default: the stock report's, src/domain/reports/stock-balance.ts).
   */
  stock?: { opening: ReportSource; join?: (moves: FactSet, opening: FactSet) => FactSet };
  /** Where a row of a key opens, instead of drilling further (by default a card opens the card). */
  opens?: Readonly<Record<string, (id: number) => string>>;
  /**
   * The screen's range, drill path, grouping and columns can be kept in its address: `<path>/<qs>` (the spec's
   * `/inventorydetails/summary/{qs}`) opens the screen as saved, and the screen offers the link of what it shows
   * (monitor-url.ts).
   */
  saved?: true;
}

const count: MonitorMeasure = { op: 'count', label: 'm_facts' };
const STEP_MEASURES: readonly MonitorMeasure[] = [
  count, { op: 'sum', measure: 'good', label: 'm_good' }, { op: 'sum', measure: 'bad', label: 'm_bad' },
  { op: 'sum', measure: 'value', label: 'm_value' },
];

export const MONITORS: readonly MonitorDef[] = [
  {
    // By process: the work nodes' output over the range; the same page's other view is the live queue per node (the
    // app composes the two: src/app/routing/WithReport.tsx).
    path: '/orders/cards_nodes', title: 'by_process', source: 'steps', groupBy: { key: 'worknode' },
    drill: [{ key: 'day' }, { key: 'device' }, { key: 'card' }], measures: STEP_MEASURES, chart: 1,
  },
  {
    path: '/orders/cards_customers', title: 'by_customer', source: 'steps', groupBy: { key: 'customer' },
    drill: [{ key: 'order' }, { key: 'worknode' }, { key: 'card' }], measures: STEP_MEASURES, chart: 1,
  },
  {
    path: '/orders/cards_salers', title: 'by_saler', source: 'steps', groupBy: { key: 'saler' },
    drill: [{ key: 'customer' }, { key: 'order' }, { key: 'card' }], measures: STEP_MEASURES, chart: 1,
  },
  {
    path: '/devices/stat', title: 'machine_stat', source: 'steps', groupBy: { key: 'device' },
    drill: [{ key: 'day' }, { key: 'worknode' }, { key: 'card' }], measures: STEP_MEASURES, chart: 1,
  },
  {
    path: '/items/stat', title: 'product_stat', source: 'steps', groupBy: { key: 'item' },
    drill: [{ key: 'worknode' }, { key: 'day' }, { key: 'card' }],
    measures: [...STEP_MEASURES, { op: 'avg', measure: 'good', label: 'm_good_avg' }], chart: 1,
  },
  {
    // The swipe log's figures (the log itself is the shop floor's list; the app composes both: WithReport.tsx).
    path: '/persons/taplogs', title: 'taplogs', source: 'taps', groupBy: { key: 'worknode' },
    drill: [{ key: 'person' }, { key: 'day' }, { key: 'card' }],
    measures: [count, { op: 'sum', measure: 'good', label: 'm_good' }, { op: 'sum', measure: 'bad', label: 'm_bad' },
      { op: 'sum', measure: 'rejected', label: 'm_rejected' }],
    chart: 0,
  },
  {
    path: '/reports/products', title: 'product_reports', source: 'inspections', groupBy: { key: 'item' },
    drill: [{ key: 'day' }, { key: 'person' }, { key: 'card' }],
    measures: [count, { op: 'sum', measure: 'quantity', label: 'm_quantity' }, { op: 'sum', measure: 'bad', label: 'm_bad' },
      { op: 'sum', measure: 'weight', label: 'm_weight' }, { op: 'max', measure: 'quantity', label: 'm_quantity_max' }],
    chart: 1,
  },
  {
    path: '/reports/production', title: 'production_output', source: 'works', groupBy: { key: 'worknode' },
    drill: [{ key: 'person' }, { key: 'day' }, { key: 'card' }],
    measures: [count, { op: 'sum', measure: 'quantity', label: 'm_quantity' }, { op: 'sum', measure: 'bad', label: 'm_bad' },
      { op: 'sum', measure: 'weight', label: 'm_weight' }, { op: 'sum', measure: 'metres', label: 'm_metres' },
      { op: 'sum', measure: 'amount', label: 'm_amount' }],
    chart: 1,
  },
  {
    // Stock by item, warehouse and period (issue 31 item 5): opening, in, out and closing, quantity and value; a
    // document opens its page.
    path: '/reports/warehouses', title: 'warehouse_reports', source: 'stockmoves', ns: 'stockviews', stock: { opening: 'stockopening' },
    groupBy: { key: 'item' }, drill: [{ key: 'warehouse' }, { key: 'day' }, { key: 'doc' }],
    measures: ['opening', 'received', 'issued', 'closing', 'opening_value', 'value_received', 'value_issued', 'closing_value']
      .map(m => ({ op: 'sum' as const, measure: m, label: `m_${m}` })),
    chart: 3, opens: { doc: id => `/stockdocs/edit/${id}` },
  },
  {
    // Semi-finished inspections by work node, defect reason and inspector (issue 31 item 5; source: decision 182).
    path: '/reports/predetails', title: 'semi_reports', source: 'prechecks', ns: 'stockviews', groupBy: { key: 'worknode' },
    drill: [{ key: 'reason' }, { key: 'person' }, { key: 'day' }, { key: 'card' }],
    measures: ['inspections', 'passed', 'bad', 'defects', 'defect'].map(m => ({ op: 'sum' as const, measure: m, label: `m_${m}` })),
    chart: 2,
  },
  {
    // Finished goods by customer, order, item and card (decision 209): inspected, checked in, delivered, and on hand at
    // the range's start and end; a card opens its trace. Its filter can be saved in the address (`/summary/{qs}`).
    path: '/inventorydetails/summary', title: 'inventory_summary', source: 'finished', ns: 'finishedviews', saved: true,
    stock: { opening: 'finishedopening', join: withFinishedOpening },
    groupBy: { key: 'customer' }, drill: [{ key: 'order' }, { key: 'item' }, { key: 'card' }],
    measures: ['inspected', 'bad', 'checked_in', 'delivered', 'opening', 'closing'].map(m => ({ op: 'sum' as const, measure: m, label: `m_${m}` })),
    chart: 2, opens: { card: id => tracePath({ kind: 'card', id }) },
  },
  {
    // Per person: the finished goods each inspected, and each checked in (who posted the check-in).
    path: '/inventorydetails/persons', title: 'inventory_persons', source: 'finished', ns: 'finishedviews', groupBy: { key: 'person' },
    drill: [{ key: 'day' }, { key: 'item' }, { key: 'card' }],
    measures: [{ op: 'sum', measure: 'inspections', label: 'm_inspections' }, { op: 'sum', measure: 'inspected', label: 'm_inspected' },
      { op: 'sum', measure: 'bad', label: 'm_bad' }, { op: 'sum', measure: 'checkins', label: 'm_checkins' },
      { op: 'sum', measure: 'checked_in', label: 'm_checked_in' }],
    chart: 1,
  },
  {
    // Finished-goods inspections and their defects by reason, then inspector, day and card.
    path: '/inventorydetails/qc', title: 'qc', source: 'finishedchecks', ns: 'finishedviews', groupBy: { key: 'reason' },
    drill: [{ key: 'person' }, { key: 'day' }, { key: 'card' }],
    measures: ['inspections', 'passed', 'bad', 'defects', 'defect'].map(m => ({ op: 'sum' as const, measure: m, label: `m_${m}` })),
    chart: 4,
  },
];

export function monitorOf(path: string): MonitorDef | undefined {
  return MONITORS.find(m => m.path === path);
}

/** The screen of an address: a monitor's own path, or a saved one's `<path>/<qs>` with its saved state. */
export function monitorAt(pathname: string): { def: MonitorDef; saved?: string } | undefined {
  const path = pathname.replace(/\/+$/, '');
  const def = monitorOf(path);
  if (def) return { def };
  const savedDef = MONITORS.find(m => m.saved && path.startsWith(`${m.path}/`) && !path.slice(m.path.length + 1).includes('/'));
  return savedDef ? { def: savedDef, saved: path.slice(savedDef.path.length + 1) } : undefined;
}
