/**
 * Scheduling rules shared by the server and the screens (docs/scheduling.md):
 * - A machine in fault (故障) or maintenance (维修保养) takes no new cards on its queue; what it already holds stays
 *   until a planner moves it.
 * - A step's load is what is left to make there divided by the standard output per hour: the item's, else the work
 *   node's; without either the step counts no hours and is reported as unrated.
 * - A machine's capacity over a horizon is its hours per day times the days; its queue is overloaded when the load is
 *   above it.
 */
export const OUT_OF_SERVICE: readonly string[] = ['fault', 'maintenance'];

export function takesNewCards(deviceStatus: unknown): boolean {
  return !OUT_OF_SERVICE.includes(String(deviceStatus));
}

/** Hours (2 decimals) to make `quantity` at `rate` per hour; null without a usable rate. */
export function stepHours(quantity: number, rate: number | null | undefined): number | null {
  if (rate == null || !Number.isFinite(rate) || rate <= 0) return null;
  return Math.round((Math.max(0, quantity) / rate) * 100) / 100;
}

export interface Load { load_hours: number; unrated: number; capacity_hours: number | null; overloaded: boolean }

/** A queue's load against a machine's capacity over `days`. */
export function queueLoad(hours: readonly (number | null)[], dailyHours: number | null | undefined, days: number): Load {
  let centi = 0;
  let unrated = 0;
  for (const h of hours) {
    if (h === null) unrated++;
    else centi += Math.round(h * 100);
  }
  const load = centi / 100;
  const capacity = dailyHours == null ? null : Math.round(dailyHours * days * 100) / 100;
  return { load_hours: load, unrated, capacity_hours: capacity, overloaded: capacity !== null && load > capacity };
}
