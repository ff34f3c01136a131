import { z } from 'zod';
import './zod-config';
import type { WageBasis } from '../rules/piece-work';
import type { Envelope } from './replies';
import { daysBetween, optionalDay, optionalInt, wireJson } from './wire';

/**
 * The special calls of piece work (docs/piece-work.md): work records made from finished card steps, closing and
 * reopening a pay month, the report per person over a date range with its excel.xlsx export, and pay slips. Shared by
 * the server (route schemas) and the piece-work client (src/data/piece-work-client.ts).
 */
const ID_MAX = 2_147_483_647;

/** The longest range one report, slip run or "from card steps" covers: a year and a bit (a month is the usual). */
export const MAX_WORKS_DAYS = 400;
/** People one slip run prints, at most, and records it carries. */
export const MAX_SLIP_PERSONS = 500;
export const MAX_SLIP_ROWS = 20_000;

const range = {
  from: optionalDay,
  to: optionalDay,
};
type Range = { from?: string; to?: string };
const rangeChecks = <T extends z.ZodType<Range>>(s: T) => s
  .refine(p => p.from !== undefined && p.to !== undefined && p.from <= p.to, { message: 'range_required' })
  .refine(p => p.from === undefined || p.to === undefined || daysBetween(p.from, p.to) < MAX_WORKS_DAYS,
    { message: 'works_range_too_long' })
  // Both days are present once the first check passed: the handler's type says so (zod's refine does not narrow).
  .transform(p => p as z.output<T> & { from: string; to: string });

/** `GET /persons/works/report/`: `from`, `to` (work dates, both included), optional person, work node, department. */
export const worksReportParamsSchema = rangeChecks(z.looseObject({
  ...range,
  person_id: optionalInt(1, ID_MAX),
  worknode_id: optionalInt(1, ID_MAX),
  department_id: optionalInt(1, ID_MAX),
}));
export type WorksReportParams = { from: string; to: string; person_id?: number; worknode_id?: number; department_id?: number };

/** One person's piece work over the range: quantities summed and rounded to 2, pay summed at 4 then rounded to 2. */
export interface WorksReportRow {
  person_id: number;
  code: string | null;
  name: string;
  department: string | null;
  records: number;
  quantity: number;
  bad_quantity: number;
  weight: number;
  metres: number;
  /** Null for a caller who may not see pay (amounts are sensitive). */
  amount: number | null;
  /** Records without a rate (nothing in the wage table for them): their pay is missing from `amount`. */
  unvalued: number;
}

export type WorksTotals = Omit<WorksReportRow, 'person_id' | 'code' | 'name' | 'department'>;

export interface WorksReportReply extends Envelope {
  dt: WorksReportRow[];
  total: number;
  /** Over every record of the range (not the sum of the rounded rows: DESIGN §8). */
  totals: WorksTotals;
  amount_hidden: boolean;
}

/** `POST /persons/works/from_nodes/`: records for the finished card steps of a range that have none yet. */
export const fromNodesParamsSchema = rangeChecks(z.looseObject({ ...range, worknode_id: optionalInt(1, ID_MAX) }));
export type FromNodesParams = { from: string; to: string; worknode_id?: number };

export interface FromNodesReply extends Envelope { created: number; skipped: number }


/** `GET /persons/works/slips/`: the report's range and filters, optionally `person_ids` (JSON list). */
export const slipsParamsSchema = rangeChecks(z.looseObject({
  ...range,
  person_id: optionalInt(1, ID_MAX),
  worknode_id: optionalInt(1, ID_MAX),
  department_id: optionalInt(1, ID_MAX),
  person_ids: wireJson(z.array(z.number().int().positive().max(ID_MAX)).max(MAX_SLIP_PERSONS, { message: 'too_many' })).optional(),
}));
export type SlipsParams = WorksReportParams & { person_ids?: number[] };

/** One record on a pay slip. */
export interface SlipRow {
  id: number;
  work_date: string;
  worknode_name: string | null;
  card_show_id: string | null;
  item_name: string | null;
  quantity: number | null;
  bad_quantity: number | null;
  weight: number | null;
  metres: number | null;
  basis: WageBasis | null;
  rate: number | null;
  amount: number | null;
}

export interface PaySlip {
  person_id: number;
  code: string | null;
  name: string;
  department: string | null;
  rows: SlipRow[];
  totals: WorksTotals;
}

export interface SlipsReply extends Envelope { dt: PaySlip[]; from: string; to: string; amount_hidden: boolean }
