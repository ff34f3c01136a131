import type { AggregateResult, GroupKey, MeasureSpec } from './aggregate-query';
import { idOf, type Dim, type MeasureColumn, type OutputMeasure } from './aggregate-plan';
import { DENSE_SLOTS, type GroupIndex } from './aggregate-passes';
import { emptySlots, MONEY_UNITS, type Groups, type Layout } from './aggregate-slots';
import { round2 } from './numbers';

/**
 * The aggregation's result (aggregate.ts) from its groups' slots: the groups put in key order, their keys read back
 * from the packed keys, the shown values (rounded as DESIGN §8 says), the totals merged from unrounded sums, and the
 * pivot's matrix.
 */

/**
 * Merges slots 0..count-1 of `from` into slot `into[g]` of `size` new slots (a pivot's rows and columns), or all
 * into one slot when `into` is null (the grand total). Sums merge unrounded (quantities compensated), so a total
 * rounds once. One pass in memory order, every accumulator of a slot at once: a million groups' slots outgrow the
 * CPU's caches, so each should be read once.
 */
export function merge(layout: Layout, from: Float64Array, count: number, into: Int32Array | null, size: number): Float64Array {
  const to = emptySlots(layout, size);
  const { width: w, adds, compensated, mins, maxs } = layout;
  for (let g0 = 0; g0 < count; g0++) {
    const g = g0 * w;
    const t = into ? into[g0]! * w : 0;
    for (let k = 0; k < adds.length; k++) to[t + adds[k]!] = to[t + adds[k]!]! + from[g + adds[k]!]!;
    for (let k = 0; k < compensated.length; k += 2) {
      const sum = compensated[k]!;
      const v = from[g + sum]!;
      const s = to[t + sum]!;
      const u = s + v;
      to[t + sum + 1] = to[t + sum + 1]! + (Math.abs(s) >= Math.abs(v) ? (s - u) + v : (v - u) + s) + from[g + sum + 1]!;
      to[t + sum] = u;
    }
    for (let k = 0; k < mins.length; k++) if (from[g + mins[k]!]! < to[t + mins[k]!]!) to[t + mins[k]!] = from[g + mins[k]!]!;
    for (let k = 0; k < maxs.length; k++) if (from[g + maxs[k]!]! > to[t + maxs[k]!]!) to[t + maxs[k]!] = from[g + maxs[k]!]!;
  }
  return to;
}

/** 1/10 000 units to money rounded to cents, half away from zero (as sumMoney in numbers.ts). */
function unitsToMoney(units: number): number {
  const r = Math.round(Math.abs(units) / 100) / 100;
  return units < 0 && r !== 0 ? -r : r;
}

/** The shown values of one measure for slots 0..size-1 of `data`, read in memory order. */
export function shown(m: OutputMeasure, columns: readonly MeasureColumn[], layout: Layout, data: Float64Array, size: number): Float64Array {
  const out = new Float64Array(size);
  const w = layout.width;
  if (m.column < 0) {
    for (let g = 0; g < size; g++) out[g] = data[g * w]!;
    return out;
  }
  const kind = columns[m.column]!.kind;
  const { sum, comp, present, min, max } = layout.columns[m.column]!;
  switch (m.op) {
    case 'count':
      for (let g = 0; g < size; g++) out[g] = data[g * w + present]!;
      break;
    case 'sum':
      if (kind === 'money') for (let g = 0; g < size; g++) out[g] = unitsToMoney(data[g * w + sum]!);
      else if (kind === 'quantity') for (let g = 0; g < size; g++) out[g] = round2(data[g * w + sum]! + data[g * w + comp]!);
      else for (let g = 0; g < size; g++) out[g] = round2(data[g * w + sum]!);
      break;
    case 'avg': {
      const scale = kind === 'money' ? MONEY_UNITS : 1;
      for (let g = 0; g < size; g++) {
        const count = data[g * w + present]!;
        const total = data[g * w + sum]! + (comp >= 0 ? data[g * w + comp]! : 0);
        out[g] = count === 0 ? Number.NaN : round2(total / scale / count);
      }
      break;
    }
    case 'min':
      for (let g = 0; g < size; g++) {
        const v = data[g * w + min]!;
        out[g] = v === Infinity ? Number.NaN : round2(v);
      }
      break;
    case 'max':
      for (let g = 0; g < size; g++) {
        const v = data[g * w + max]!;
        out[g] = v === -Infinity ? Number.NaN : round2(v);
      }
      break;
  }
  return out;
}

/**
 * values[order[r]] for every r: values computed per group in memory order, put in key order. (Copying the slots into
 * key order first costs more: with a million groups the copy outgrows the CPU's caches and every page of it is new.)
 */
function inOrder(values: Float64Array, order: Int32Array): Float64Array {
  const out = new Float64Array(order.length);
  for (let r = 0; r < order.length; r++) out[r] = values[order[r]!]!;
  return out;
}

/** Groups in key order; `packed` their packed keys (none for text keys), `space` the packed keys' range. */
export interface Sorted {
  order: Int32Array;
  packed: Float64Array | null;
  space: number;
}

/**
 * Group indexes in the order of their keys (first key first), with their packed keys where keys were packed: the
 * packed key's order is the keys' order, and its digits give the keys back without touching the facts.
 */
export function sortedGroups(index: GroupIndex, dims: readonly Dim[], groups: Groups, space: number): Sorted {
  const n = groups.count;
  const w = groups.layout.width;
  const order = new Int32Array(n);
  if (index.mode === 'dense') {
    const packed = new Float64Array(n);
    const t = index.table;
    for (let p = 0, r = 0; p < t.length; p++) {
      if (t[p]! < 0) continue;
      order[r] = t[p]! / w;
      packed[r++] = p;
    }
    return { order, packed, space };
  }
  if (index.mode === 'hash') {
    const { keys, slots } = index.table;
    const packed = new Float64Array(n);
    for (let h = 0, r = 0; h < slots.length; h++) {
      if (slots[h]! < 0) continue;
      packed[r] = keys[h]!;
      order[r++] = slots[h]! / w;
    }
    if (space * n < 2 ** 52) {
      // Key and group in one number (key × n + group), so a plain numeric sort orders both.
      for (let r = 0; r < n; r++) packed[r] = packed[r]! * n + order[r]!;
      packed.sort();
      for (let r = 0; r < n; r++) {
        const p = Math.floor(packed[r]! / n);
        order[r] = packed[r]! - p * n;
        packed[r] = p;
      }
      return { order, packed, space };
    }
    const byKey = Array.from({ length: n }, (_, r) => r).sort((a, b) => packed[a]! - packed[b]!);
    return { order: Int32Array.from(byKey, r => order[r]!), packed: Float64Array.from(byKey, r => packed[r]!), space };
  }
  const ids = dims.map(d => Int32Array.from(groups.firstRow.subarray(0, n), r => idOf(d, d.values[r]!)));
  const all = Array.from({ length: n }, (_, g) => g);
  all.sort((a, b) => {
    for (const col of ids) if (col[a] !== col[b]) return col[a]! - col[b]!;
    return 0;
  });
  order.set(all);
  return { order, packed: null, space };
}

/** The digits of one dimension in the sorted groups' packed keys. */
function digitsOf(dim: Dim, sorted: Sorted, packed: Float64Array): Int32Array {
  const n = packed.length;
  const out = new Int32Array(n);
  const { stride, size } = dim;
  if (sorted.space <= 0x7fffffff) {
    for (let r = 0; r < n; r++) out[r] = ((packed[r]! / stride) | 0) % size;
  } else if (sorted.space <= 2 ** 52) {
    // Below 2^52 a double's quotient never rounds up to the next integer, so floor(p / stride) is exact.
    for (let r = 0; r < n; r++) out[r] = Math.floor(packed[r]! / stride) % size;
  } else {
    // (p mod (stride × size) − p mod stride) / stride: remainders of doubles are exact.
    const span = stride * size;
    for (let r = 0; r < n; r++) out[r] = ((packed[r]! % span) - (packed[r]! % stride)) / stride;
  }
  return out;
}

/** The id a digit of a dimension stands for: its bucket's first day, or the key's own id. */
function idOfDigit(dim: Dim, digit: number): number {
  return dim.bucketIds ? dim.bucketIds[digit]! : digit + dim.min;
}

/** The ids of one dimension for the sorted groups: from the packed keys' digits, or from each group's first fact. */
function idsOf(dim: Dim, sorted: Sorted, groups: Groups): Int32Array {
  const { order, packed } = sorted;
  if (!packed) return Int32Array.from(order, g => idOf(dim, dim.values[groups.firstRow[g]!]!));
  const out = digitsOf(dim, sorted, packed);
  for (let r = 0; r < out.length; r++) out[r] = idOfDigit(dim, out[r]!);
  return out;
}

/** Each sorted group's column (0..columns-1) and the column ids, ascending. */
function pivotColumns(dim: Dim, sorted: Sorted, groups: Groups): { columnOf: Int32Array; columnIds: Int32Array } {
  if (sorted.packed && dim.size <= DENSE_SLOTS) {
    // Digits rise with ids, so the columns are the digits present, in digit order.
    const digits = digitsOf(dim, sorted, sorted.packed);
    const column = new Int32Array(dim.size).fill(-1);
    for (let r = 0; r < digits.length; r++) column[digits[r]!] = 0;
    const ids: number[] = [];
    for (let d = 0; d < dim.size; d++) {
      if (column[d]! < 0) continue;
      column[d] = ids.length;
      ids.push(idOfDigit(dim, d));
    }
    for (let r = 0; r < digits.length; r++) digits[r] = column[digits[r]!]!;
    return { columnOf: digits, columnIds: Int32Array.from(ids) };
  }
  const idsByGroup = idsOf(dim, sorted, groups);
  const columnIds = Int32Array.from(new Set(idsByGroup)).sort();
  const position = new Map<number, number>();
  columnIds.forEach((id, c) => position.set(id, c));
  return { columnOf: idsByGroup.map(id => position.get(id)!), columnIds };
}

export function buildResult(groupBy: GroupKey[], pivotKey: GroupKey | null, measures: MeasureSpec[], dims: readonly Dim[],
  columns: readonly MeasureColumn[], outputs: readonly OutputMeasure[], groups: Groups, sorted: Sorted, matched: number): AggregateResult {
  const { order } = sorted;
  const { layout, data, count } = groups;
  const keys = dims.slice(0, groupBy.length).map(d => idsOf(d, sorted, groups));
  // The grand total merges the groups in the order they were met (memory order; the same for any key order).
  const grand = merge(layout, data, count, null, 1);
  const total = outputs.map(m => shown(m, columns, layout, grand, 1)[0]!);
  const perGroup = outputs.map(m => shown(m, columns, layout, data, count));
  if (!pivotKey) return { groupBy, measures, facts: matched, rows: count, keys, values: perGroup.map(v => inOrder(v, order)), total, pivot: null };

  // Pivot: the column key is the last dimension, so a row's groups are consecutive in key order; a new row starts
  // where the row keys change.
  const { columnOf, columnIds } = pivotColumns(dims[dims.length - 1]!, sorted, groups);
  const rowOfGroup = new Int32Array(count);
  const columnOfGroup = new Int32Array(count);
  const rowStarts: number[] = [];
  for (let r = 0; r < count; r++) {
    let same = r > 0;
    for (let k = 0; same && k < keys.length; k++) same = keys[k]![r] === keys[k]![r - 1];
    if (!same) rowStarts.push(r);
    rowOfGroup[order[r]!] = rowStarts.length - 1;
    columnOfGroup[order[r]!] = columnOf[r]!;
  }
  const nRows = rowStarts.length;
  const nCols = columnIds.length;
  const cells = perGroup.map(v => {
    const matrix = new Float64Array(nRows * nCols).fill(Number.NaN);
    for (let g = 0; g < count; g++) matrix[rowOfGroup[g]! * nCols + columnOfGroup[g]!] = v[g]!;
    return matrix;
  });
  const rowTotals = merge(layout, data, count, rowOfGroup, nRows);
  const columnTotals = merge(layout, data, count, columnOfGroup, nCols);
  return {
    groupBy, measures, facts: matched, rows: nRows,
    keys: keys.map(k => Int32Array.from(rowStarts, r => k[r]!)),
    values: outputs.map(m => shown(m, columns, layout, rowTotals, nRows)),
    total,
    pivot: { key: pivotKey, columns: columnIds, cells, columnTotals: outputs.map(m => shown(m, columns, layout, columnTotals, nCols)) },
  };
}
