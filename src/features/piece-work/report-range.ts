import type { WorksReportParams } from '../../domain/contract/piece-work';
import { localDateString } from '../../domain/rules/date-single';
import type { DayRange } from '../../ui/grid/DateRangeFilter';

/**
 * The piece-work report's range and filters (pure, for the screen and its tests). The report opens on this month so
 * far — what a supervisor checks before closing it — and any range of the spec §9 shortcuts can be chosen.
 */
export interface ReportFilters { worknode_id: number | null; department_id: number | null }

export function thisMonth(now: Date = new Date()): DayRange {
  return [localDateString(new Date(now.getFullYear(), now.getMonth(), 1)), localDateString(now)];
}

/** The report's parameters, or null while the range is incomplete or reversed. */
export function reportParamsOf(range: DayRange, f: ReportFilters): WorksReportParams | null {
  const [from, to] = range;
  if (!from || !to || from > to) return null;
  return {
    from, to,
    ...(f.worknode_id !== null ? { worknode_id: f.worknode_id } : {}),
    ...(f.department_id !== null ? { department_id: f.department_id } : {}),
  };
}

/** The pay month a range lies in (`YYYY-MM`), or null when it spans several: only a whole month is closed at once. */
export function monthOf(range: DayRange): string | null {
  const [from, to] = range;
  if (!from || !to) return null;
  return from.slice(0, 7) === to.slice(0, 7) ? from.slice(0, 7) : null;
}
