import { z } from 'zod';
import './zod-config';
import { FACT_SOURCES, type ReportSource } from '../reports/fact-sources';
import type { Envelope } from './replies';
import { daysBetween, optionalDay, optionalInt } from './wire';

/**
 * `GET /reports/facts/<source>/` (docs/reports.md): a source's facts over a range of days as compact columns, paged by
 * the facts' ids. Shared by the server (route schema) and the report client (src/data/report-facts-client.ts).
 */

/** The longest range one call covers (a report of several years is fetched a year at a time). */
export const MAX_FACT_DAYS = 400;
/** Facts per page: the default, and the most a caller may ask for. */
export const FACT_PAGE = 20_000;
export const FACT_PAGE_MAX = 50_000;

const rangeChecks = <T extends z.ZodType<{ from?: string; to?: string }>>(s: T) => s
  .refine(p => p.from !== undefined && p.to !== undefined && p.from <= p.to, { message: 'range_required' })
  .refine(p => p.from === undefined || p.to === undefined || daysBetween(p.from, p.to) < MAX_FACT_DAYS,
    { message: 'works_range_too_long' })
  // Both days are present once the first check passed: the handler's type says so (zod's refine does not narrow).
  .transform(p => p as z.output<T> & { from: string; to: string });

export const reportFactsParamsSchema = rangeChecks(z.looseObject({
  from: optionalDay,
  to: optionalDay,
  /** The last id of the previous page: this page starts after it. */
  after: optionalInt(0, 2_147_483_647),
  limit: optionalInt(1, FACT_PAGE_MAX),
}));
export type ReportFactsParams = { from: string; to: string; after?: number; limit?: number };

/**
 * The facts' parameters of one source: a source that is a snapshot per day (`maxDays: 1`, the opening stock) is asked
 * for one day at a time, so the offline copy's record of a day is that day's and nothing else's.
 */
export function reportFactsParamsSchemaOf(source: ReportSource): typeof reportFactsParamsSchema {
  const max = FACT_SOURCES[source].maxDays;
  if (max === undefined) return reportFactsParamsSchema;
  return reportFactsParamsSchema.refine(p => daysBetween(p.from, p.to) < max, { message: 'stock_opening_one_day' });
}

/** The most days one call for `source` covers. */
export const maxFactDays = (source: ReportSource): number => FACT_SOURCES[source].maxDays ?? MAX_FACT_DAYS;

export interface ReportFactsReply extends Envelope {
  source: ReportSource;
  from: string;
  to: string;
  /** Facts on this page. */
  count: number;
  /** The facts' ids, ascending (the paging key). */
  ids: number[];
  /** Per key of the source (fact-sources.ts): the day numbers, or the ids (0 for none). */
  keys: Record<string, number[]>;
  /** Per measure the caller may see: its values (null for none). */
  measures: Record<string, (number | null)[]>;
  /** Measures of the source left out for this caller (pay it may not see). */
  hidden: string[];
  /** Display names of the ids on this page, per key, for the resources the caller may read. */
  names: Record<string, Record<string, string>>;
  /** The `after` of the next page; null on the last one. */
  next: number | null;
  /** When the server read these facts (ISO): the time the report states for its data. */
  asOf: string;
}

/**
 * `GET /reports/totals/<source>/`: the source's sums over the range by one of its keys (not the day), summed by the
 * database — the figures a report computed from the facts must equal (docs/reports.md "Agreement").
 */
export function reportTotalsParamsSchema(source: ReportSource) {
  const groups = FACT_SOURCES[source].keys.filter(k => k.name !== 'day').map(k => k.name) as [string, ...string[]];
  return rangeChecks(z.looseObject({ from: optionalDay, to: optionalDay, group: z.enum(groups, { message: 'bad_request' }) }));
}
export type ReportTotalsParams = { from: string; to: string; group: string };

export interface ReportTotalsRow {
  /** The group's id (0: facts without one). */
  id: number;
  facts: number;
  /** Per measure the caller may see: quantities rounded to 2, money summed at 4 decimals then rounded to 2. */
  sums: Record<string, number | null>;
}

export interface ReportTotalsReply extends Envelope {
  source: ReportSource;
  group: string;
  rows: ReportTotalsRow[];
  total: ReportTotalsRow;
  hidden: string[];
}
