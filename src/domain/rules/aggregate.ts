/**
 * Report aggregation over columnar facts (DESIGN §7 and §8, issue 14): counts, sums, averages, minima and maxima
 * grouped by any combination of keys (work node, customer, salesperson, device, item, person, card, day / week /
 * month), optionally pivoted into rows × columns. Pure: the aggregation worker and its in-thread fallback both call it.
 *
 * Rules:
 * - Facts are columns: every key a dictionary-encoded Int32Array of ids, every measure a Float64Array; a fact's day is
 *   a day number (days since 1970-01-01 of the factory's calendar, i.e. the fact's local date, not its UTC instant).
 * - A missing measure value is NaN and counts as nothing (numbers.ts): it adds nothing to a sum and is not counted by
 *   `count` of that measure, `avg` or `min`/`max`. `count` without a measure counts facts.
 * - `quantity` sums keep full precision (compensated) and round once, half away from zero, to 2 decimals; `money`
 *   counts every amount as whole 1/10 000 units (money is stored with 4 decimals), sums the units exactly and rounds
 *   only the result to cents; `count` measures (pieces) sum exactly. Averages divide the unrounded sum and round to
 *   2; minima and maxima round the value to 2. Totals (row, column, grand) merge the groups' unrounded sums, so a
 *   total is the rounded sum of its facts, not the sum of rounded cells.
 * - Time buckets come from a day-number key: `week` is the ISO week (Monday to Sunday), `month` the calendar month;
 *   a bucket's id is the day number of its first day (a Monday, a 1st), so buckets sort in time across years.
 * - Result rows are sorted by their key ids, first key first; pivot columns by id. avg, min and max of a group with no
 *   present value are NaN (shown empty); a pivot cell whose row has no fact in that column is NaN in every measure.
 *
 * Speed (bench/aggregate: 1,000,000 facts by three keys with four measures in about 1.3× the time of a loop written
 * by hand for that one report, in Chromium): the facts are read in blocks of BLOCK_ROWS, each block one tight pass per
 * column over typed arrays. The group keys are packed into one number per fact (mixed radix over each key's id range,
 * first key most significant, so the packed order is the keys' order); the packed key finds its group in a flat
 * Int32Array when the key space is small enough, else in a typed open-addressing hash table (a text Map only beyond
 * 2^53); each group's accumulators sit side by side in one Float64Array, so a fact touches one or two cache lines.
 * Every CHUNK_ROWS facts the caller may stop (`shouldStop`, an AbortSignal) or yield to its event loop.
 */
import { round2 } from './numbers';

export type MeasureKind = 'quantity' | 'money' | 'count';
export type TimeBucket = 'day' | 'week' | 'month';
export type AggregateOp = 'count' | 'sum' | 'avg' | 'min' | 'max';

/** Facts as columns, every column at least `length` long. */
export interface FactSet {
  length: number;
  /** Dictionary-encoded ids per key (the day key: day numbers). */
  keys: Readonly<Record<string, Int32Array>>;
  /** Values per measure; NaN where a fact has none. */
  measures: Readonly<Record<string, Float64Array>>;
  /** How each measure sums and rounds. */
  kinds: Readonly<Record<string, MeasureKind>>;
}

/** A grouping key; `bucket` (week, month; day is the id itself) only on a day-number key. */
export interface GroupKey {
  key: string;
  bucket?: TimeBucket;
}

/** One result measure: `op` over the measure's values; `count` without a measure counts facts. */
export interface MeasureSpec {
  op: AggregateOp;
  measure?: string;
}

/** Which facts count: every clause must hold. */
export interface FactFilter {
  /** The key's id is one of these. */
  in?: Readonly<Record<string, readonly number[]>>;
  /** The key's id lies in [from, to], both inclusive (a day range on the day key). */
  between?: Readonly<Record<string, { from?: number; to?: number }>>;
}

export interface AggregateQuery {
  /** Row keys, most significant first; none gives one row over all facts. */
  groupBy: readonly (string | GroupKey)[];
  /** A column key: the result also holds a rows × columns matrix. */
  pivot?: string | GroupKey;
  measures: readonly MeasureSpec[];
  filter?: FactFilter;
}

/** The rows × columns matrix of a pivoted result; its rows are the result's rows, in the same order. */
export interface PivotResult {
  key: GroupKey;
  /** Column ids, ascending (time buckets: their first day). */
  columns: Int32Array;
  /** cells[m][r × columns.length + c]: measure m of row r in column c; NaN where the row has no fact there. */
  cells: Float64Array[];
  /** columnTotals[m][c]: measure m over column c. */
  columnTotals: Float64Array[];
}

/** A report: one row per group present in the facts (typed arrays, so the worker posts them back as transfers). */
export interface AggregateResult {
  groupBy: GroupKey[];
  measures: MeasureSpec[];
  /** Facts that passed the filter. */
  facts: number;
  rows: number;
  /** keys[k][r]: the id of row r's k-th key (time buckets: their first day). */
  keys: Int32Array[];
  /** values[m][r]: measure m of row r (with a pivot: the row's total over all columns). */
  values: Float64Array[];
  /** The grand total row: measure m over all facts that passed the filter. */
  total: number[];
  pivot: PivotResult | null;
}

/** Facts read between two chances to stop or yield (a few ms of work on a desktop). */
export const CHUNK_ROWS = 65_536;
/**
 * Facts taken through all passes at a time: small enough that a block's packed keys, group indexes and values stay
 * in the CPU's cache between one pass and the next.
 */
const BLOCK_ROWS = 4_096;
/** Key spaces up to this many slots find their groups in a flat Int32Array (16 MB at most), larger ones by hashing. */
const DENSE_SLOTS = 1 << 22;
/** Day spans up to this long map days to time buckets through a table; longer ones (bogus days) compute each. */
const BUCKET_TABLE_DAYS = 1 << 22;
const DAY_MS = 86_400_000;
/** Money's unit: amounts are stored with 4 decimals (fields.ts). */
const MONEY_UNITS = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// Days and time buckets

/** The day number of a calendar date (month 1–12). */
export function dayNumber(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0–99 as 1900–1999
  return Math.round(d.getTime() / DAY_MS);
}

/** The calendar date of a day number (month 1–12). */
export function dateOfDay(day: number): { year: number; month: number; day: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The Monday starting the ISO week of a day (day 0, 1970-01-01, was a Thursday). */
export function weekStart(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** The 1st of the calendar month of a day. */
export function monthStart(day: number): number {
  const { year, month } = dateOfDay(day);
  return dayNumber(year, month, 1);
}

/** The ISO year and week number of a day: the week belongs to the year of its Thursday. */
export function isoWeek(day: number): { year: number; week: number } {
  const thursday = weekStart(day) + 3;
  const year = dateOfDay(thursday).year;
  return { year, week: Math.floor((thursday - dayNumber(year, 1, 1)) / 7) + 1 };
}

function bucketOf(bucket: TimeBucket, day: number): number {
  return bucket === 'week' ? weekStart(day) : bucket === 'month' ? monthStart(day) : day;
}

// ---------------------------------------------------------------------------------------------------------------
// The plan: how each key becomes a digit of the packed group key

/**
 * One grouping dimension. A fact's digit is `table[v - base]` when the key is bucketed through a table (the digit is
 * the bucket's ordinal, `bucketIds` its id), else `bucket(v) - min`; the digit times `stride` is its share of the
 * packed key.
 */
interface Dim {
  key: GroupKey;
  values: Int32Array;
  bucket: TimeBucket;
  table: Int32Array | null;
  bucketIds: Int32Array | null;
  base: number;
  min: number;
  size: number;
  stride: number;
}

/** The measure columns a query reads, each once however many ops use it, with what those ops need. */
interface MeasureColumn {
  name: string;
  kind: MeasureKind;
  values: Float64Array;
  sum: boolean;
  present: boolean;
  min: boolean;
  max: boolean;
}

/** What each output measure reads: its op, and the index of its column (-1: count of facts). */
interface OutputMeasure {
  op: AggregateOp;
  column: number;
}

interface Filter {
  values: Int32Array;
  /** `in`: allowed[v - base] is 1 for an allowed id (ids outside the table are not allowed). */
  allowed: Uint8Array | null;
  base: number;
  from: number;
  to: number;
}

type GroupIndex = { mode: 'dense'; table: Int32Array } | { mode: 'hash'; table: KeyTable } | { mode: 'text'; map: Map<string, number> };

function normalKey(k: string | GroupKey): GroupKey {
  return typeof k === 'string' ? { key: k } : { ...k };
}

function keyColumn(facts: FactSet, key: string): Int32Array {
  const values = facts.keys[key];
  if (!values) throw new Error(`aggregate: unknown key "${key}"`);
  if (values.length < facts.length) throw new RangeError(`aggregate: key "${key}" has ${values.length} of ${facts.length} facts`);
  return values;
}

function range(values: Int32Array, length: number): [number, number] {
  if (length === 0) return [0, 0];
  let lo = values[0]!;
  let hi = lo;
  for (let i = 1; i < length; i++) {
    const v = values[i]!;
    if (v < lo) lo = v;
    else if (v > hi) hi = v;
  }
  return [lo, hi];
}

function makeDim(facts: FactSet, key: GroupKey): Dim {
  const values = keyColumn(facts, key.key);
  const bucket = key.bucket ?? 'day';
  if (bucket !== 'day' && bucket !== 'week' && bucket !== 'month') throw new Error(`aggregate: unknown time bucket "${String(bucket)}"`);
  const [lo, hi] = range(values, facts.length);
  const dim: Dim = { key, values, bucket, table: null, bucketIds: null, base: lo, min: lo, size: hi - lo + 1, stride: 1 };
  if (bucket === 'day') return dim;
  if (hi - lo < BUCKET_TABLE_DAYS) {
    // Days map to the ordinal of their bucket, so 12 months take 12 slots of the key space, not 365.
    const table = new Int32Array(hi - lo + 1);
    const ids: number[] = [];
    for (let d = lo; d <= hi; d++) {
      const b = bucketOf(bucket, d);
      if (ids.length === 0 || ids[ids.length - 1] !== b) ids.push(b);
      table[d - lo] = ids.length - 1;
    }
    return { ...dim, table, bucketIds: Int32Array.from(ids), min: 0, size: ids.length };
  }
  const min = bucketOf(bucket, lo);
  return { ...dim, min, size: bucketOf(bucket, hi) - min + 1 };
}

/** The id of a dimension for a raw key value (the bucket's first day for a time bucket). */
function idOf(dim: Dim, v: number): number {
  return dim.bucket === 'day' ? v : bucketOf(dim.bucket, v);
}

function makeFilter(facts: FactSet, filter: FactFilter | undefined): Filter[] {
  const out: Filter[] = [];
  for (const [key, ids] of Object.entries(filter?.in ?? {})) {
    const values = keyColumn(facts, key);
    // The table spans the wanted ids (never more than the column's own range), so a lookup is one load; no wanted
    // id in range leaves it empty, and every fact out.
    const [lo, hi] = range(values, facts.length);
    const wanted = ids.filter(id => Number.isInteger(id) && id >= lo && id <= hi);
    const base = wanted.reduce((a, b) => Math.min(a, b), Infinity);
    const allowed = new Uint8Array(wanted.length ? wanted.reduce((a, b) => Math.max(a, b), -Infinity) - base + 1 : 0);
    for (const id of wanted) allowed[id - base] = 1;
    out.push({ values, allowed, base, from: -Infinity, to: Infinity });
  }
  for (const [key, r] of Object.entries(filter?.between ?? {})) {
    out.push({ values: keyColumn(facts, key), allowed: null, base: 0, from: r.from ?? -Infinity, to: r.to ?? Infinity });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Accumulators: one slot per group while reading (then one per pivot row, column and the grand total), a slot being
// `width` consecutive doubles of one Float64Array. A fact's pass over its measures touches one slot, one or two
// cache lines, where an array per accumulator would touch one line per accumulator; with 100,000 groups and more,
// the accumulators outgrow the CPU's cache and those misses are most of the time.

/** Where a column's accumulators sit in a slot; -1 where its ops need none. */
interface ColumnSlots {
  /** quantity: the running sum; money: whole 1/10 000 units; count: the exact sum. */
  sum: number;
  /** quantity sums only: Neumaier's compensation, added to the sum at the end. */
  comp: number;
  present: number;
  min: number;
  max: number;
}

interface Layout {
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

function layoutOf(columns: readonly MeasureColumn[]): Layout {
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

function emptySlots(layout: Layout, size: number): Float64Array {
  const data = new Float64Array(size * layout.width);
  clearSlots(layout, data, 0, size);
  return data;
}

/** The groups met so far; `reserve` before a block, so the passes over it never see `data` replaced. */
class Groups {
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

/** A block's packed keys. */
type Packed = Int32Array | Float64Array;

// ---------------------------------------------------------------------------------------------------------------
// The passes over one block of facts. Each is a loop over typed arrays with no allocation and (but for a new group)
// no call inside, which V8 compiles to tight machine code. `packed[j]` is the group key of fact start + j, -1 when
// the fact is filtered out; `at[j]` the offset of its group's slot in `data`, -1 likewise.

function packDigits(packed: Packed, dim: Dim, start: number, len: number, first: boolean): void {
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

function applyFilter(packed: Packed, f: Filter, start: number, len: number): void {
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
function findDense(table: Int32Array, groups: Groups, packed: Packed, at: Int32Array, start: number, len: number): void {
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
function countFacts(data: Float64Array, at: Int32Array, len: number): number {
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
class KeyTable {
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

function findHashed(table: KeyTable, groups: Groups, packed: Packed, at: Int32Array, start: number, len: number): void {
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
function findByText(map: Map<string, number>, dims: readonly Dim[], groups: Groups, packed: Packed, at: Int32Array, start: number, len: number): void {
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
function addMoney(data: Float64Array, sum: number, present: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
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
function addQuantity(data: Float64Array, sum: number, comp: number, present: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
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

function addPlain(data: Float64Array, sum: number, present: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const v = values[start + j]!;
    if (v !== v) continue;
    data[b + sum] = data[b + sum]! + v;
    if (present >= 0) data[b + present]!++;
  }
}

function countPresent(data: Float64Array, present: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b >= 0 && values[start + j] === values[start + j]) data[b + present]!++;
  }
}

function takeMin(data: Float64Array, min: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const v = values[start + j]!;
    if (v < data[b + min]!) data[b + min] = v; // NaN compares false: missing values never win
  }
}

function takeMax(data: Float64Array, max: number, values: Float64Array, at: Int32Array, start: number, len: number): void {
  for (let j = 0; j < len; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const v = values[start + j]!;
    if (v > data[b + max]!) data[b + max] = v;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Totals and shown values

/**
 * Merges slots 0..count-1 of `from` into slot `into[g]` of `size` new slots (a pivot's rows and columns), or all
 * into one slot when `into` is null (the grand total). Sums merge unrounded (quantities compensated), so a total
 * rounds once. One pass in memory order, every accumulator of a slot at once: a million groups' slots outgrow the
 * CPU's caches, so each should be read once.
 */
function merge(layout: Layout, from: Float64Array, count: number, into: Int32Array | null, size: number): Float64Array {
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
function shown(m: OutputMeasure, columns: readonly MeasureColumn[], layout: Layout, data: Float64Array, size: number): Float64Array {
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

// ---------------------------------------------------------------------------------------------------------------
// The aggregation

const OPS: readonly AggregateOp[] = ['count', 'sum', 'avg', 'min', 'max'];

/**
 * The aggregation as steps: each `next()` reads one chunk of facts and yields the facts read so far; the generator's
 * return value is the result. Drive it with `aggregate` (in one go, or stopping when `shouldStop` says so) or
 * `aggregateAsync` (yielding to the event loop between chunks, cancelled by an AbortSignal).
 */
export function* aggregateSteps(facts: FactSet, query: AggregateQuery, chunkRows = CHUNK_ROWS): Generator<number, AggregateResult, void> {
  const groupBy = query.groupBy.map(normalKey);
  const pivotKey = query.pivot === undefined ? null : normalKey(query.pivot);
  const dims = [...groupBy, ...(pivotKey ? [pivotKey] : [])].map(k => makeDim(facts, k));
  const filters = makeFilter(facts, query.filter);

  const columns: MeasureColumn[] = [];
  const outputs: OutputMeasure[] = query.measures.map(spec => {
    if (!OPS.includes(spec.op)) throw new Error(`aggregate: unknown op "${String(spec.op)}"`);
    if (spec.measure === undefined) {
      if (spec.op !== 'count') throw new Error(`aggregate: ${spec.op} needs a measure`);
      return { op: spec.op, column: -1 };
    }
    const name = spec.measure;
    let column = columns.findIndex(c => c.name === name);
    if (column < 0) {
      const values = facts.measures[name];
      const kind = facts.kinds[name];
      if (!values) throw new Error(`aggregate: unknown measure "${name}"`);
      if (kind !== 'quantity' && kind !== 'money' && kind !== 'count') throw new Error(`aggregate: measure "${name}" has no kind`);
      if (values.length < facts.length) throw new RangeError(`aggregate: measure "${name}" has ${values.length} of ${facts.length} facts`);
      column = columns.push({ name, kind, values, sum: false, present: false, min: false, max: false }) - 1;
    }
    const c = columns[column]!;
    if (spec.op === 'sum' || spec.op === 'avg') c.sum = true;
    if (spec.op === 'count' || spec.op === 'avg') c.present = true;
    if (spec.op === 'min') c.min = true;
    if (spec.op === 'max') c.max = true;
    return { op: spec.op, column };
  });
  const layout = layoutOf(columns);

  // Strides, last key least significant; the key space decides how a packed key finds its group.
  let space = 1;
  for (let k = dims.length - 1; k >= 0; k--) {
    dims[k]!.stride = space;
    space *= dims[k]!.size;
  }
  const index: GroupIndex = space <= Math.min(DENSE_SLOTS, Math.max(65_536, 4 * facts.length))
    ? { mode: 'dense', table: new Int32Array(space).fill(-1) }
    : space <= Number.MAX_SAFE_INTEGER ? { mode: 'hash', table: new KeyTable() } : { mode: 'text', map: new Map() };

  const groups = new Groups(layout);
  const block = Math.max(1, Math.min(BLOCK_ROWS, facts.length));
  // Integers (faster to index with) where every packed key fits in Int32, doubles beyond.
  const packed: Packed = space <= 0x7fffffff ? new Int32Array(block) : new Float64Array(block);
  const at = new Int32Array(block);
  let matched = 0;
  const step = Math.max(1, chunkRows);
  for (let chunkStart = 0; chunkStart < facts.length; chunkStart += step) {
    const chunkEnd = Math.min(chunkStart + step, facts.length);
    for (let start = chunkStart; start < chunkEnd; start += block) {
      const len = Math.min(block, chunkEnd - start);
      groups.reserve(len);
      if (dims.length === 0) packed.fill(0, 0, len);
      dims.forEach((d, k) => packDigits(packed, d, start, len, k === 0));
      for (const f of filters) applyFilter(packed, f, start, len);
      if (index.mode === 'dense') findDense(index.table, groups, packed, at, start, len);
      else if (index.mode === 'hash') findHashed(index.table, groups, packed, at, start, len);
      else findByText(index.map, dims, groups, packed, at, start, len);
      const data = groups.data;
      matched += countFacts(data, at, len);
      columns.forEach((c, i) => {
        const s = layout.columns[i]!;
        if (c.sum && c.kind === 'money') addMoney(data, s.sum, s.present, c.values, at, start, len);
        else if (c.sum && c.kind === 'quantity') addQuantity(data, s.sum, s.comp, s.present, c.values, at, start, len);
        else if (c.sum) addPlain(data, s.sum, s.present, c.values, at, start, len);
        else if (c.present) countPresent(data, s.present, c.values, at, start, len);
        if (c.min) takeMin(data, s.min, c.values, at, start, len);
        if (c.max) takeMax(data, s.max, c.values, at, start, len);
      });
    }
    if (chunkEnd < facts.length) yield chunkEnd;
  }

  const sorted = sortedGroups(index, dims, groups, space);
  return buildResult(groupBy, pivotKey, query.measures.map(m => ({ ...m })), dims, columns, outputs, groups, sorted, matched);
}

/** Groups in key order; `packed` their packed keys (none for text keys), `space` the packed keys' range. */
interface Sorted {
  order: Int32Array;
  packed: Float64Array | null;
  space: number;
}

/**
 * Group indexes in the order of their keys (first key first), with their packed keys where keys were packed: the
 * packed key's order is the keys' order, and its digits give the keys back without touching the facts.
 */
function sortedGroups(index: GroupIndex, dims: readonly Dim[], groups: Groups, space: number): Sorted {
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

function buildResult(groupBy: GroupKey[], pivotKey: GroupKey | null, measures: MeasureSpec[], dims: readonly Dim[],
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

function abortError(): DOMException {
  return new DOMException('cancelled', 'AbortError');
}

/**
 * The report in one go. With `shouldStop`, asked between chunks, a true answer ends the work with an AbortError (a
 * worker that checks a flag set by another message must also let its event loop run: see `aggregateAsync`).
 */
export function aggregate(facts: FactSet, query: AggregateQuery, opts: { shouldStop?: () => boolean; chunkRows?: number } = {}): AggregateResult {
  const steps = aggregateSteps(facts, query, opts.chunkRows);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    if (opts.shouldStop?.()) throw abortError();
  }
}

/** Lets the event loop run (timers, messages, a click) between chunks. */
const nextTask = () => new Promise<void>(resolve => setTimeout(resolve, 0));

/**
 * The report computed chunk by chunk, yielding to the event loop between chunks (`pause`, a macrotask by default), so
 * the thread that runs it stays responsive and an abort is seen within one chunk; rejects with an AbortError.
 */
export async function aggregateAsync(facts: FactSet, query: AggregateQuery,
  opts: { signal?: AbortSignal; chunkRows?: number; pause?: () => Promise<void> } = {}): Promise<AggregateResult> {
  if (opts.signal?.aborted) throw abortError();
  const steps = aggregateSteps(facts, query, opts.chunkRows);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    await (opts.pause ?? nextTask)();
    if (opts.signal?.aborted) throw abortError();
  }
}
