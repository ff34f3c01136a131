import { round2 } from '../../../src/domain/rules/numbers';
import { type FactSet } from '../../../src/domain/rules/aggregate';
import { monthStart } from '../../../src/domain/rules/day-numbers';
import { DAY0, DAYS, ITEMS, MONTHS, NODES } from './facts';

/**
 * The baseline of bench/aggregate: QUERY (facts.ts) written out by hand for this data — one loop over the typed
 * arrays, the group's slot computed from ids whose ranges it knows in advance, every rule of the engine kept
 * (compensated quantity sums, money in 1/10 000 units half away from zero, NaN as missing, rounding at the end) —
 * so the ratio measures what the engine's generality costs, not different arithmetic.
 */
export interface TightResult {
  rows: number;
  keys: Int32Array[];
  values: Float64Array[];
}

export function tightLoop(f: FactSet): TightResult {
  const node = f.keys.node!;
  const item = f.keys.item!;
  const day = f.keys.day!;
  const qty = f.measures.quantity!;
  const amount = f.measures.amount!;
  const weight = f.measures.weight!;
  const pieces = f.measures.pieces!;
  const monthOf = new Int32Array(DAYS);
  const monthIds = new Int32Array(MONTHS);
  for (let d = 0, m = -1, last = -1; d < DAYS; d++) {
    const id = monthStart(DAY0 + d);
    if (id !== last) monthIds[++m] = last = id;
    monthOf[d] = m;
  }
  const slots = NODES * ITEMS * MONTHS;
  const count = new Float64Array(slots);
  const qSum = new Float64Array(slots);
  const qComp = new Float64Array(slots);
  const units = new Float64Array(slots);
  const wSum = new Float64Array(slots);
  const wComp = new Float64Array(slots);
  const wN = new Float64Array(slots);
  const pMax = new Float64Array(slots).fill(-Infinity);
  const n = f.length;
  for (let i = 0; i < n; i++) {
    const s = (node[i]! * ITEMS + item[i]!) * MONTHS + monthOf[day[i]! - DAY0]!;
    count[s]!++;
    let v = qty[i]!;
    if (v === v) {
      const a = qSum[s]!;
      const t = a + v;
      qComp[s] = qComp[s]! + (Math.abs(a) >= Math.abs(v) ? (a - t) + v : (v - t) + a);
      qSum[s] = t;
    }
    v = amount[i]!;
    if (v === v) units[s] = units[s]! + (v < 0 ? -Math.round(-v * 10_000) : Math.round(v * 10_000));
    v = weight[i]!;
    if (v === v) {
      const a = wSum[s]!;
      const t = a + v;
      wComp[s] = wComp[s]! + (Math.abs(a) >= Math.abs(v) ? (a - t) + v : (v - t) + a);
      wSum[s] = t;
      wN[s]!++;
    }
    v = pieces[i]!;
    if (v > pMax[s]!) pMax[s] = v;
  }
  // Rows in key order: the slot order is the keys' order.
  let rows = 0;
  for (let s = 0; s < slots; s++) if (count[s]! > 0) rows++;
  const keys = [new Int32Array(rows), new Int32Array(rows), new Int32Array(rows)];
  const values = [new Float64Array(rows), new Float64Array(rows), new Float64Array(rows), new Float64Array(rows)];
  for (let s = 0, r = 0; s < slots; s++) {
    if (count[s] === 0) continue;
    keys[0]![r] = Math.floor(s / (ITEMS * MONTHS));
    keys[1]![r] = Math.floor(s / MONTHS) % ITEMS;
    keys[2]![r] = monthIds[s % MONTHS]!;
    values[0]![r] = round2(qSum[s]! + qComp[s]!);
    const u = units[s]!;
    const cents = Math.round(Math.abs(u) / 100) / 100;
    values[1]![r] = u < 0 && cents !== 0 ? -cents : cents;
    values[2]![r] = wN[s] === 0 ? Number.NaN : round2((wSum[s]! + wComp[s]!) / wN[s]!);
    values[3]![r] = pMax[s] === -Infinity ? Number.NaN : round2(pMax[s]!);
    r++;
  }
  return { rows, keys, values };
}
