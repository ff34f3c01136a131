import type { RequirementScope } from '../../data/formulas-client';
import type { DayRange } from '../../ui/grid/DateRangeFilter';

export type RequirementMode = 'order' | 'range';

/**
 * What the requirement report asks for: the chosen order, or the chosen range of order dates (a single day picked
 * counts as that day); null while the choice is incomplete, so nothing is asked.
 */
export function scopeOf(mode: RequirementMode, orderId: number | null, range: DayRange): RequirementScope | null {
  if (mode === 'order') return orderId === null ? null : { order_id: orderId };
  const [from, to] = range;
  if (!from) return null;
  return { from, to: to ?? from };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The report's first choice from its link: `?order_id=`, or `?from=&to=` (days `YYYY-MM-DD`); else an empty order choice. */
export function initialScope(search: URLSearchParams): { mode: RequirementMode; orderId: number | null; range: DayRange } {
  const id = Number(search.get('order_id'));
  if (Number.isInteger(id) && id > 0) return { mode: 'order', orderId: id, range: [null, null] };
  const from = search.get('from');
  const to = search.get('to');
  if (from && DAY.test(from)) return { mode: 'range', orderId: null, range: [from, to && DAY.test(to) ? to : null] };
  return { mode: 'order', orderId: null, range: [null, null] };
}
