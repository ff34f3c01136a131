import type { FactSet } from '../rules/aggregate';
import { FACT_SOURCES, type ReportSource } from './fact-sources';

/**
 * Pages of a source's facts as the server sends them (JSON columns, `src/domain/contract/report-facts.ts`) made one
 * `FactSet` of typed arrays, what the aggregation reads and what the worker receives as transfers. A measure the
 * caller may not see is absent from the set; a missing value is NaN.
 */
export interface FactColumns {
  count: number;
  keys: Record<string, number[]>;
  measures: Record<string, (number | null)[]>;
}

export function factSetOf(source: ReportSource, pages: readonly FactColumns[]): FactSet {
  const def = FACT_SOURCES[source];
  const length = pages.reduce((n, p) => n + p.count, 0);
  const keys: Record<string, Int32Array> = {};
  for (const k of def.keys) {
    const col = new Int32Array(length);
    let at = 0;
    for (const p of pages) { col.set(p.keys[k.name] ?? new Array<number>(p.count).fill(0), at); at += p.count; }
    keys[k.name] = col;
  }
  const present = Object.keys(def.measures).filter(m => pages.length > 0 && pages.every(p => p.measures[m] !== undefined));
  const measures: Record<string, Float64Array> = {};
  for (const m of present) {
    const col = new Float64Array(length);
    let at = 0;
    for (const p of pages) {
      const values = p.measures[m]!;
      for (let i = 0; i < p.count; i++) col[at + i] = values[i] ?? NaN;
      at += p.count;
    }
    measures[m] = col;
  }
  return { length, keys, measures, kinds: Object.fromEntries(present.map(m => [m, def.measures[m]!])) };
}
