import type { ReportFactsReply } from '../contract/report-facts';
import { type FactSet } from '../rules/aggregate';
import { dateOfDay, dayNumber } from '../rules/day-numbers';
import { FACT_SOURCES, type ReportSource } from './fact-sources';

/**
 * A report source's facts as columns (fact-sources.ts): the server's JSON pages split into one typed-array record per
 * local day (what the offline copy keeps, src/data/reports/report-facts.ts), and days joined into one `FactSet` (what
 * the aggregation reads and the worker receives as transfers). Pure: the client and the tests use the same code.
 */

/** One day of a source's facts as columns, as the server sent them. */
export interface FactDay {
  source: string;
  /** Day number (src/domain/rules/aggregate.ts `dayNumber`). */
  day: number;
  count: number;
  /** The facts' ids (a fact whose day changed is then found in two days: the newer read counts). */
  ids?: Int32Array;
  keys: Record<string, Int32Array>;
  /** NaN where a fact has no value. */
  measures: Record<string, Float64Array>;
  /** Measures the user may not see (absent from `measures`). */
  hidden: string[];
  /** Display names of the ids of this day, per key. */
  names: Record<string, Record<string, string>>;
  /** When the server read these facts (ms since epoch). */
  asOf: number;
}

/** Days joined: the facts, their names per key, the measures left out, and when the oldest day was read. */
export interface LoadedDays {
  set: FactSet;
  names: Record<string, Map<number, string>>;
  hidden: string[];
  /** When the server read the oldest day used (ms since epoch); null with no day at all. */
  asOf: number | null;
}

/** `YYYY-MM-DD` → day number, and back. */
export const dayOf = (s: string): number => { const [y, m, d] = s.split('-').map(Number) as [number, number, number]; return dayNumber(y, m, d); };
export const dayString = (n: number): string => {
  const { year, month, day } = dateOfDay(n);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** One page's facts of one day, as columns. */
interface DayChunk {
  ids: Int32Array;
  keys: Record<string, Int32Array>;
  measures: Record<string, Float64Array>;
  names: Record<string, Record<string, string>>;
}

/** Joins columns end to end (one column is taken as it is). */
function concat<A extends Int32Array | Float64Array>(parts: readonly A[], make: (n: number) => A): A {
  if (parts.length === 1) return parts[0]!;
  const out = make(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/**
 * The pages of a span split into one record per day, page by page as they arrive: each page becomes typed columns per
 * day at once, so the page's JSON can go before the next is fetched — a span of a busy plant is held as columns, not
 * as the server's pages (docs/reports.md "Offline"). No object per fact: a page's facts are counted per day, then
 * written into their day's columns.
 */
export class DaySplitter {
  private readonly chunks = new Map<number, DayChunk[]>();
  private asOf = Infinity;
  private hidden: string[] | null = null;

  constructor(private readonly source: ReportSource) {}

  /** Splits one page into its days. The measures left out are the first page's (the caller's grants do not change mid-span). */
  add(page: ReportFactsReply): void {
    const def = FACT_SOURCES[this.source];
    this.asOf = Math.min(this.asOf, Date.parse(page.asOf));
    const hidden = (this.hidden ??= page.hidden ?? []);
    const measures = Object.keys(def.measures).filter(m => !hidden.includes(m));
    const refKeys = def.keys.filter(k => k.ref).map(k => k.name);
    const days = page.keys.day ?? [];
    const counts = new Map<number, number>();
    for (let i = 0; i < page.count; i++) counts.set(days[i]!, (counts.get(days[i]!) ?? 0) + 1);
    const slots = new Map<number, { chunk: DayChunk; at: number }>();
    for (const [day, n] of counts) {
      const chunk: DayChunk = {
        ids: new Int32Array(n), keys: Object.fromEntries(def.keys.map(k => [k.name, new Int32Array(n)])),
        measures: Object.fromEntries(measures.map(m => [m, new Float64Array(n)])), names: Object.fromEntries(refKeys.map(k => [k, {}])),
      };
      slots.set(day, { chunk, at: 0 });
      const list = this.chunks.get(day);
      if (list) list.push(chunk); else this.chunks.set(day, [chunk]);
    }
    for (let i = 0; i < page.count; i++) {
      const slot = slots.get(days[i]!)!;
      const j = slot.at++;
      const { chunk } = slot;
      chunk.ids[j] = page.ids[i] ?? 0;
      for (const k of def.keys) chunk.keys[k.name]![j] = page.keys[k.name]?.[i] ?? 0;
      for (const k of refKeys) {
        const id = String(page.keys[k]?.[i] ?? 0);
        const name = page.names[k]?.[id];
        if (name !== undefined) chunk.names[k]![id] = name;
      }
      // A missing value (null) is NaN.
      for (const m of measures) chunk.measures[m]![j] = page.measures[m]?.[i] ?? NaN;
    }
  }

  /** One record per day of [from, to], the empty days included, each day's facts in the order the pages had them. */
  days(from: number, to: number): FactDay[] {
    const def = FACT_SOURCES[this.source];
    const hidden = this.hidden ?? [];
    const measures = Object.keys(def.measures).filter(m => !hidden.includes(m));
    const out: FactDay[] = [];
    for (let day = from; day <= to; day++) {
      const parts = this.chunks.get(day) ?? [];
      const keys: Record<string, Int32Array> = {};
      for (const k of def.keys) keys[k.name] = concat(parts.map(p => p.keys[k.name]!), n => new Int32Array(n));
      const values: Record<string, Float64Array> = {};
      for (const m of measures) values[m] = concat(parts.map(p => p.measures[m]!), n => new Float64Array(n));
      const names: Record<string, Record<string, string>> = {};
      for (const k of def.keys) if (k.ref) names[k.name] = Object.assign({}, ...parts.map(p => p.names[k.name]));
      const ids = concat(parts.map(p => p.ids), n => new Int32Array(n));
      out.push({ source: this.source, day, count: ids.length, ids, keys, measures: values, hidden, names, asOf: this.asOf });
    }
    return out;
  }
}

/**
 * The days' records as one fact set (day order), with their names, hidden measures and oldest read time. A fact found
 * in two days (its day changed between the reads) is taken from the newer read only.
 */
export function joinDays(source: ReportSource, records: readonly FactDay[]): LoadedDays {
  const def = FACT_SOURCES[source];
  // Which record each fact id is taken from: the newest read holding it.
  const owner = new Map<number, FactDay>();
  let moved = false;
  for (const r of records) {
    for (const id of r.ids ?? []) {
      const o = owner.get(id);
      if (o === undefined || o.asOf < r.asOf) { if (o !== undefined) moved = true; owner.set(id, r); } else moved = true;
    }
  }
  const keep = (r: FactDay, i: number) => !moved || !r.ids || owner.get(r.ids[i]!) === r;
  const picks = records.map(r => {
    if (!moved || !r.ids) return null;
    const idx: number[] = [];
    for (let i = 0; i < r.count; i++) if (keep(r, i)) idx.push(i);
    return idx.length === r.count ? null : idx;
  });
  const countOf = (r: FactDay, k: number) => picks[k]?.length ?? r.count;
  const length = records.reduce((n, r, k) => n + countOf(r, k), 0);
  const hidden = [...new Set(records.flatMap(r => r.hidden))];
  const present = Object.keys(def.measures).filter(m => !hidden.includes(m) && records.every(r => r.measures[m] !== undefined));
  /** Copies a day's column into the joined one, only the facts kept. */
  const put = <A extends Int32Array | Float64Array>(col: A, src: A | undefined, k: number, at: number) => {
    if (!src) return;
    const pick = picks[k];
    if (!pick) col.set(src, at);
    else pick.forEach((i, j) => { col[at + j] = src[i]!; });
  };
  const keys: Record<string, Int32Array> = {};
  for (const key of def.keys) {
    const col = new Int32Array(length);
    let at = 0;
    records.forEach((r, k) => { put(col, r.keys[key.name], k, at); at += countOf(r, k); });
    keys[key.name] = col;
  }
  const measures: Record<string, Float64Array> = {};
  for (const m of present) {
    const col = new Float64Array(length);
    let at = 0;
    records.forEach((r, k) => { put(col, r.measures[m], k, at); at += countOf(r, k); });
    measures[m] = col;
  }
  const names: Record<string, Map<number, string>> = {};
  for (const k of def.keys) {
    if (!k.ref) continue;
    const map = new Map<number, string>();
    for (const r of records) for (const [id, name] of Object.entries(r.names[k.name] ?? {})) map.set(Number(id), name);
    names[k.name] = map;
  }
  return {
    set: { length, keys, measures, kinds: Object.fromEntries(present.map(m => [m, def.measures[m]!])) },
    names, hidden, asOf: records.length === 0 ? null : Math.min(...records.map(r => r.asOf)),
  };
}
