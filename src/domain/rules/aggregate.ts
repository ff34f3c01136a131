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
 *
 * Files: aggregate-query.ts (the facts, query and result as the callers see them), day-numbers.ts (days and time
 * buckets), aggregate-plan.ts (keys as digits, measure columns, filters), aggregate-slots.ts (the accumulators),
 * aggregate-passes.ts (the passes over a block and the group lookups), aggregate-result.ts (key order, shown values,
 * totals, pivot); this file drives them.
 */
import {
  applyFilter, addMoney, addPlain, addQuantity, countFacts, countPresent, DENSE_SLOTS, findByText, findDense, findHashed, KeyTable,
  packDigits, takeMax, takeMin, type GroupIndex, type Packed,
} from './aggregate-passes';
import { makeDim, makeFilter, normalKey, type MeasureColumn, type OutputMeasure } from './aggregate-plan';
import type { AggregateOp, AggregateQuery, AggregateResult, FactSet } from './aggregate-query';
import { buildResult, sortedGroups } from './aggregate-result';
import { Groups, layoutOf } from './aggregate-slots';

export type {
  AggregateOp, AggregateQuery, AggregateResult, FactFilter, FactSet, GroupKey, MeasureKind, MeasureSpec, PivotResult,
} from './aggregate-query';

/** Facts read between two chances to stop or yield (a few ms of work on a desktop). */
export const CHUNK_ROWS = 65_536;
/**
 * Facts taken through all passes at a time: small enough that a block's packed keys, group indexes and values stay
 * in the CPU's cache between one pass and the next.
 */
const BLOCK_ROWS = 4_096;

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
