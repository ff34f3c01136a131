import type { MeasureColumn } from './aggregate-plan';

/*
 * Accumulators (aggregate.ts): one slot per group while reading (then one per pivot row, column and the grand total),
 * a slot being `width` consecutive doubles of one Float64Array. A fact's pass over its measures touches one slot, one
 * or two cache lines, where an array per accumulator would touch one line per accumulator; with 100,000 groups and
 * more, the accumulators outgrow the CPU's cache and those misses are most of the time.
 */

/** Where a column's accumulators sit in a slot; -1 where its ops need none. */
export interface ColumnSlots {
  /** quantity: the running sum; money: whole 1/10 000 units; count: the exact sum. */
  sum: number;
  /** quantity sums only: Neumaier's compensation, added to the sum at the end. */
  comp: number;
  present: number;
  min: number;
  max: number;
}

export interface Layout {
  /** Doubles per slot; offset 0 holds the slot's facts. */
  width: number;
  columns: ColumnSlots[];
  /** Offsets merged by plain addition: facts, present values, exact sums (money units, counts). */
  adds: Int32Array;
  /** Quantity sums, merged by compensated addition: pairs of (sum, comp) offsets. */
  compensated: Int32Array;
  /** Minima (a new slot's start at +Infinity) and maxima (at -Infinity). */
  mins: Int32Array;
  maxs: Int32Array;
}

export function layoutOf(columns: readonly MeasureColumn[]): Layout {
  let width = 1;
  const adds = [0];
  const compensated: number[] = [];
  const mins: number[] = [];
  const maxs: number[] = [];
  const slots = columns.map(c => {
    const s: ColumnSlots = { sum: -1, comp: -1, present: -1, min: -1, max: -1 };
    if (c.sum) {
      s.sum = width++;
      if (c.kind === 'quantity') {
        s.comp = width++;
        compensated.push(s.sum, s.comp);
      } else adds.push(s.sum); // whole units and counts add exactly
    }
    if (c.present) adds.push(s.present = width++);
    if (c.min) mins.push(s.min = width++);
    if (c.max) maxs.push(s.max = width++);
    return s;
  });
  // Slots of 1, 2, 4 or 8 doubles, or whole multiples of 8, never straddle a 64-byte cache line (large typed arrays
  // start on a page boundary in practice); a slot of 5 would straddle one in two.
  width = width <= 8 ? 2 ** Math.ceil(Math.log2(width)) : Math.ceil(width / 8) * 8;
  return {
    width, columns: slots,
    adds: Int32Array.from(adds), compensated: Int32Array.from(compensated), mins: Int32Array.from(mins), maxs: Int32Array.from(maxs),
  };
}

/** Slots from..to of `data` made empty: nothing counted, minima +Infinity, maxima -Infinity. */
function clearSlots(layout: Layout, data: Float64Array, from: number, to: number): void {
  const w = layout.width;
  for (const off of layout.mins) for (let g = from; g < to; g++) data[g * w + off] = Infinity;
  for (const off of layout.maxs) for (let g = from; g < to; g++) data[g * w + off] = -Infinity;
}

export function emptySlots(layout: Layout, size: number): Float64Array {
  const data = new Float64Array(size * layout.width);
  clearSlots(layout, data, 0, size);
  return data;
}

/** The groups met so far; `reserve` before a block, so the passes over it never see `data` replaced. */
export class Groups {
  count = 0;
  capacity = 0;
  data: Float64Array = new Float64Array(0);
  /** The first fact of each group, whose keys are the group's keys. */
  firstRow = new Int32Array(0);

  constructor(readonly layout: Layout) {}

  /** Room for `more` new groups. */
  reserve(more: number): void {
    const need = this.count + more;
    if (need <= this.capacity) return;
    const capacity = Math.max(need, 2 * this.capacity, 1024);
    // Slot offsets travel as Int32 (a fact's group is its slot's offset): 2^31 doubles are 16 GB, far beyond a page.
    if (capacity * this.layout.width > 0x7fffffff) throw new RangeError('aggregate: too many groups');
    const data = new Float64Array(capacity * this.layout.width);
    data.set(this.data);
    clearSlots(this.layout, data, this.capacity, capacity);
    const first = new Int32Array(capacity);
    first.set(this.firstRow);
    this.data = data;
    this.firstRow = first;
    this.capacity = capacity;
  }

  /** A new group whose first fact is `row`; its slot's offset. */
  add(row: number): number {
    this.firstRow[this.count] = row;
    return this.count++ * this.layout.width;
  }
}


/** Money's unit: amounts are stored with 4 decimals (fields.ts). */
export const MONEY_UNITS = 10_000;
