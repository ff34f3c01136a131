import type { AggregateOp, FactFilter, FactSet, GroupKey, MeasureKind } from './aggregate-query';
import { bucketOf, type TimeBucket } from './day-numbers';

/**
 * The aggregation's plan (aggregate.ts): how each grouping key becomes a digit of the packed group key, which measure
 * columns are read for which ops, and the filters as lookups.
 */

/** Day spans up to this long map days to time buckets through a table; longer ones (bogus days) compute each. */
const BUCKET_TABLE_DAYS = 1 << 22;

/**
 * One grouping dimension. A fact's digit is `table[v - base]` when the key is bucketed through a table (the digit is
 * the bucket's ordinal, `bucketIds` its id), else `bucket(v) - min`; the digit times `stride` is its share of the
 * packed key.
 */
export interface Dim {
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
export interface MeasureColumn {
  name: string;
  kind: MeasureKind;
  values: Float64Array;
  sum: boolean;
  present: boolean;
  min: boolean;
  max: boolean;
}

/** What each output measure reads: its op, and the index of its column (-1: count of facts). */
export interface OutputMeasure {
  op: AggregateOp;
  column: number;
}

export interface Filter {
  values: Int32Array;
  /** `in`: allowed[v - base] is 1 for an allowed id (ids outside the table are not allowed). */
  allowed: Uint8Array | null;
  base: number;
  from: number;
  to: number;
}

export function normalKey(k: string | GroupKey): GroupKey {
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

export function makeDim(facts: FactSet, key: GroupKey): Dim {
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
export function idOf(dim: Dim, v: number): number {
  return dim.bucket === 'day' ? v : bucketOf(dim.bucket, v);
}

export function makeFilter(facts: FactSet, filter: FactFilter | undefined): Filter[] {
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
