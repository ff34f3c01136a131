import { type AggregateQuery, type FactSet } from '../../../src/domain/rules/aggregate';
import { dayNumber } from '../../../src/domain/rules/day-numbers';

/**
 * The bench's facts: a plant's year of production records, dictionary-encoded as the report screens would send them
 * (bench/aggregate/run.ts). Deterministic (a seeded xorshift), so every run and both sides see the same numbers.
 */
export const FACTS = 1_000_000;
export const NODES = 24;
export const ITEMS = 400;
export const DAY0 = dayNumber(2026, 1, 1);
export const DAYS = 365;
/** The months of 2026: the tight loop knows its data is one calendar year. */
export const MONTHS = 12;

/** Three keys, four measures: work node × item × month; quantity, amount, average weight, most pieces. */
export const QUERY: AggregateQuery = {
  groupBy: ['node', 'item', { key: 'day', bucket: 'month' }],
  measures: [
    { op: 'sum', measure: 'quantity' },
    { op: 'sum', measure: 'amount' },
    { op: 'avg', measure: 'weight' },
    { op: 'max', measure: 'pieces' },
  ],
};

export function makeFacts(n = FACTS, seed = 0x2545f491): FactSet {
  let x = seed | 0;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const int = (k: number) => Math.floor(next() * k);
  const keys = {
    node: new Int32Array(n), item: new Int32Array(n), day: new Int32Array(n), customer: new Int32Array(n),
    salesperson: new Int32Array(n), device: new Int32Array(n), person: new Int32Array(n), card: new Int32Array(n),
  };
  const measures = { quantity: new Float64Array(n), amount: new Float64Array(n), weight: new Float64Array(n), pieces: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    keys.node[i] = int(NODES);
    keys.item[i] = int(ITEMS);
    keys.day[i] = DAY0 + int(DAYS);
    keys.customer[i] = int(300);
    keys.salesperson[i] = int(30);
    keys.device[i] = int(60);
    keys.person[i] = int(150);
    keys.card[i] = int(100_000);
    const q = (1 + int(50_000)) / 100;
    measures.quantity[i] = q;
    measures.amount[i] = Math.round(q * (1 + int(2_000_000)) / 10_000 * 10_000) / 10_000; // 4 decimals
    measures.weight[i] = next() < 0.01 ? Number.NaN : (1 + int(900_000)) / 1000; // 1 % not weighed
    measures.pieces[i] = 1 + int(50);
  }
  return { length: n, keys, measures, kinds: { quantity: 'quantity', amount: 'money', weight: 'quantity', pieces: 'count' } };
}
