import type { AggregateQuery, AggregateResult, FactSet } from '../domain/rules/aggregate';

/** Types and transfer lists shared by the aggregation worker and the page that calls it. */

/** What the aggregation worker exposes through Comlink. */
export interface AggregateApi {
  /** The report over facts transferred to the worker (they stay there); the result's arrays come back as transfers. */
  aggregate(facts: FactSet, query: AggregateQuery): AggregateResult;
}

/**
 * The buffers behind typed arrays, each once (a transfer list naming a buffer twice throws) and only ArrayBuffers (a
 * SharedArrayBuffer is shared, not transferred).
 */
function buffersOf(arrays: Iterable<ArrayBufferView>): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer instanceof ArrayBuffer && a.buffer.byteLength > 0) out.add(a.buffer);
  return [...out];
}

/** The facts' columns, moved to the worker rather than copied (1,000,000 facts × 10 columns are 60 MB). */
export function factBuffers(facts: FactSet): ArrayBuffer[] {
  return buffersOf([...Object.values(facts.keys), ...Object.values(facts.measures)]);
}

/** The result's arrays, moved back to the page. */
export function resultBuffers(r: AggregateResult): ArrayBuffer[] {
  const p = r.pivot;
  return buffersOf([...r.keys, ...r.values, ...(p ? [p.columns, ...p.cells, ...p.columnTotals] : [])]);
}
