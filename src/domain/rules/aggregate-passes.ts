import { bucketOf } from './day-numbers';
import { idOf, type Dim, type Filter } from './aggregate-plan';
import { MONEY_UNITS, type Groups } from './aggregate-slots';

/** A block's packed keys. */
export type Packed = Int32Array | Float64Array;

/*
 * The passes over one block of facts. Each is a loop over typed arrays with no allocation and (but for a new group)
 * no call inside, which V8 compiles to tight machine code. `packed[j]` is the group key of fact start + j, -1 when
 * the fact is filtered out; `at[j]` the offset of its group's slot in `data`, -1 likewise.
 */

export function packDigits(packed: Packed, dim: Dim, start: number, len: number, first: boolean): void {
  const { values, table, base, min, stride } = dim;
  if (table) {
    if (first) for (let j = 0; j < len; j++) packed[j] = table[values[start + j]! - base]! * stride;
    else for (let j = 0; j < len; j++) packed[j] = packed[j]! + table[values[start + j]! - base]! * stride;
  } else if (dim.bucket === 'day') {
    if (first) for (let j = 0; j < len; j++) packed[j] = (values[start + j]! - min) * stride;
    else for (let j = 0; j < len; j++) packed[j] = packed[j]! + (values[start + j]! - min) * stride;
  } else {
    for (let j = 0; j < len; j++) {
      const d = (bucketOf(dim.bucket, values[start + j]!) - min) * stride;
      packed[j] = first ? d : packed[j]! + d;
    }
  }
}

export function applyFilter(packed: Packed, f: Filter, start: number, len: number): void {
  const { values, allowed, base, from, to } = f;
  if (allowed) {
    const n = allowed.length;
    for (let j = 0; j < len; j++) {
      const o = values[start + j]! - base;
      if (o < 0 || o >= n || allowed[o] === 0) packed[j] = -1;
    }
  } else {
    for (let j = 0; j < len; j++) {
      const v = values[start + j]!;
      if (v < from || v > to) packed[j] = -1;
    }
  }
}

/** Finds (or adds) each fact's group: the offset of its slot. */
export function findDense(table: Int32Array, groups: Groups, packed: Packed, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const p = packed[j]!;
    if (p < 0) {
      at[j] = -1;
      continue;
    }
    let b = table[p]!;
    if (b < 0) table[p] = b = groups.add(start + j);
    at[j] = b;
  }
}

/**
 * Counts each fact into its group's slot; returns the facts that passed the filter. A pass of its own: once every
 * slot's address is known, the CPU fetches many slots at a time, where inside the lookup each fetch waits for it.
 */
export function countFacts(data: Float64Array, at: Int32Array, len: number): number {
  let matched = 0;
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    data[b]!++;
    matched++;
  }
  return matched;
}

/**
 * Packed keys (below 2^53) to slot offsets, for key spaces too large for a flat table: open addressing with linear
 * probing in typed arrays, kept at most half full. A JavaScript Map does the same several times slower (every entry
 * an object, every number key hashed through a generic path).
 */
export class KeyTable {
  size = 0;
  keys = new Float64Array(1024);
  slots = new Int32Array(1024).fill(-1);

  /** Room for `more` new keys. */
  reserve(more: number): void {
    if ((this.size + more) * 2 <= this.slots.length) return;
    let capacity = this.slots.length;
    while ((this.size + more) * 2 > capacity) capacity *= 2;
    const { keys, slots } = this;
    this.keys = new Float64Array(capacity);
    this.slots = new Int32Array(capacity).fill(-1);
    const mask = capacity - 1;
    for (let i = 0; i < slots.length; i++) {
      if (slots[i]! < 0) continue;
      let h = hashKey(keys[i]!) & mask;
      while (this.slots[h]! >= 0) h = (h + 1) & mask;
      this.keys[h] = keys[i]!;
      this.slots[h] = slots[i]!;
    }
  }
}

/** A 32-bit mix of both halves of a key below 2^53 (murmur3's finaliser). */
function hashKey(p: number): number {
  let h = (p >>> 0) ^ Math.imul((p / 4294967296) >>> 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export function findHashed(table: KeyTable, groups: Groups, packed: Packed, at: Int32Array, start: number, len: number): void {
  table.reserve(len);
  const { keys, slots } = table;
  const mask = slots.length - 1;
  for (let j = 0; j < len; j++) {
    const p = packed[j]!;
    if (p < 0) {
      at[j] = -1;
      continue;
    }
    let h = hashKey(p) & mask;
    let b = slots[h]!;
    while (b >= 0 && keys[h] !== p) {
      h = (h + 1) & mask;
      b = slots[h]!;
    }
    if (b < 0) {
      b = groups.add(start + j);
      keys[h] = p;
      slots[h] = b;
      table.size++;
    }
    at[j] = b;
  }
}

/** Key spaces beyond 2^53 (several keys with ids spread over the whole Int32 range): the ids joined as text. */
export function findByText(map: Map<string, number>, dims: readonly Dim[], groups: Groups, packed: Packed, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    if (packed[j]! < 0) {
      at[j] = -1;
      continue;
    }
    const text = dims.map(d => idOf(d, d.values[start + j]!)).join(',');
    let b = map.get(text);
    if (b === undefined) map.set(text, b = groups.add(start + j));
    at[j] = b;
  }
}

/*
 * The sum passes also count the present values (at `present`, when ≥ 0) for the ops that need them (avg, count of a
 * measure): one pass instead of two over the same values and slots.
 */

/** Money as whole 1/10 000 units, half away from zero (Math.round alone would take -0.5 units to 0). */
export function addMoney(data: Float64Array, sum: number, present: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const v = values[start + j]!;
    if (v !== v) continue; // NaN: missing
    data[b + sum] = data[b + sum]! + (v < 0 ? -Math.round(-v * MONEY_UNITS) : Math.round(v * MONEY_UNITS));
    if (present >= 0) data[b + present]!++;
  }
}

/** Neumaier summation per group: a million quantities add no visible error before the rounding to 2. */
export function addQuantity(data: Float64Array, sum: number, comp: number, present: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const v = values[start + j]!;
    if (v !== v) continue;
    const s = data[b + sum]!;
    const t = s + v;
    data[b + comp] = data[b + comp]! + (Math.abs(s) >= Math.abs(v) ? (s - t) + v : (v - t) + s);
    data[b + sum] = t;
    if (present >= 0) data[b + present]!++;
  }
}

export function addPlain(data: Float64Array, sum: number, present: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const v = values[start + j]!;
    if (v !== v) continue;
    data[b + sum] = data[b + sum]! + v;
    if (present >= 0) data[b + present]!++;
  }
}

export function countPresent(data: Float64Array, present: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b >= 0 && values[start + j] === values[start + j]) data[b + present]!++;
  }
}

export function takeMin(data: Float64Array, min: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const v = values[start + j]!;
    if (v < data[b + min]!) data[b + min] = v; // NaN compares false: missing values never win
  }
}

export function takeMax(data: Float64Array, max: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const v = values[start + j]!;
    if (v > data[b + max]!) data[b + max] = v;
  }
}

/** Key spaces up to this many slots find their groups in a flat Int32Array (16 MB at most), larger ones by hashing. */
export const DENSE_SLOTS = 1 << 22;

/** How a packed key finds its group: a flat table, the typed hash table, or (beyond 2^53) text. */
export type GroupIndex = { mode: 'dense'; table: Int32Array } | { mode: 'hash'; table: KeyTable } | { mode: 'text'; map: Map<string, number> };
