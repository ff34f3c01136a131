import type { FactSet, MeasureKind } from '../rules/aggregate';

/**
 * The finished-goods summary's facts (`/inventorydetails/summary`, decision 209): the range's finished-goods facts
 * (`finished`: movements of cards' lots in finished-goods stores, and inspections) joined with the goods on hand at the
 * start of its first day (`finishedopening`), as one set whose sums are, for any group (customer, order, item, card …):
 *
 * - `inspected`, `bad`: what the range's inspections passed and found bad;
 * - `checked_in`: what check-ins put into the stores; `delivered`: what check-outs took to deliveries (net of cancels);
 * - `opening`: on hand at the start of the range; `closing`: on hand at its end — the opening plus every movement in the
 *   stores (check-ins, check-outs, moves, counts, transfers in or out), so closing = opening + all that moved exactly.
 *
 * An opening fact carries `opening` = `closing` = its stock; a movement `closing` = its stock change; an inspection none.
 * The measures the caller may not see (the inspections') stay out, as in the facts.
 */

const KEYS = ['day', 'customer', 'order', 'item', 'card', 'warehouse', 'person'] as const;
/** The range's own measures the summary carries over, as the facts hold them. */
const CARRIED = ['inspections', 'inspected', 'bad', 'checkins', 'checked_in', 'delivered'] as const;

const num = (v: number | undefined): number => (v === undefined || Number.isNaN(v) ? 0 : v);

export function withFinishedOpening(moves: FactSet, opening: FactSet): FactSet {
  const n = opening.length + moves.length;
  const keys: Record<string, Int32Array> = {};
  for (const k of KEYS) {
    const out = new Int32Array(n);
    const o = opening.keys[k];
    if (o) out.set(o.subarray(0, opening.length), 0);
    const m = moves.keys[k];
    if (m) out.set(m.subarray(0, moves.length), opening.length);
    keys[k] = out;
  }
  const measures: Record<string, Float64Array> = {};
  const kinds: Record<string, MeasureKind> = {};
  for (const name of CARRIED) {
    const m = moves.measures[name];
    if (!m) continue;
    const out = new Float64Array(n);
    for (let j = 0; j < moves.length; j++) out[opening.length + j] = num(m[j]);
    measures[name] = out;
    kinds[name] = moves.kinds[name] ?? 'quantity';
  }
  const open = new Float64Array(n), close = new Float64Array(n);
  const os = opening.measures.stock, ms = moves.measures.stock;
  for (let i = 0; i < opening.length; i++) open[i] = close[i] = num(os?.[i]);
  for (let j = 0; j < moves.length; j++) close[opening.length + j] = num(ms?.[j]);
  measures.opening = open;
  measures.closing = close;
  kinds.opening = kinds.closing = 'quantity';
  return { length: n, keys, measures, kinds };
}
