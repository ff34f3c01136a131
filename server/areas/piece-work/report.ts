import { sql, type SQL } from 'drizzle-orm';
import {
  MAX_SLIP_ROWS, type PaySlip, type SlipRow, type SlipsParams, type WorksReportParams, type WorksReportRow, type WorksTotals,
} from '../../../src/domain/contract/piece-work';
import { works } from '../../../src/domain/resources/production/works';
import type { WageBasis } from '../../../src/domain/rules/piece-work';
import { hiddenOf } from '../../auth/permissions';
import { ownerConditionOn } from '../../auth/row-scope';
import type { Auth } from '../../auth/sessions';
import { rows, type Db } from '../../db/connection';
import { ApiError } from '../../lib/api-error';

/**
 * The piece-work report per person over a date range, and pay slips (docs/piece-work.md). Sums are exact in the
 * database: quantities rounded to 2, pay summed at its 4 stored decimals and rounded to 2 only at the end (DESIGN
 * §8) — per person, and for the whole range over every record (never the sum of the rounded rows). Live records only;
 * a caller scoped to its own records (a worker) sees only theirs, and a caller who may not see pay gets no amounts.
 */

function whereOf(auth: Auth, p: WorksReportParams & { person_ids?: number[] }): SQL {
  const conds: SQL[] = [sql`not w.canceled`, sql`w.work_date between ${p.from}::date and ${p.to}::date`];
  if (p.person_id !== undefined) conds.push(sql`w.person_id = ${p.person_id}`);
  if (p.worknode_id !== undefined) conds.push(sql`w.worknode_id = ${p.worknode_id}`);
  if (p.department_id !== undefined) conds.push(sql`p.department_id = ${p.department_id}`);
  if (p.person_ids !== undefined) conds.push(sql`w.person_id = any(${sql.param(p.person_ids)}::int[])`);
  // Row scope (DESIGN §5) on the alias `w`: a caller limited to its own records sees only its person's.
  conds.push(ownerConditionOn(auth, works, 'w'));
  return sql.join(conds, sql` and `);
}

const sums = sql`count(*) as records,
  round(coalesce(sum(w.quantity), 0), 2)::float8 as quantity,
  round(coalesce(sum(w.bad_quantity), 0), 2)::float8 as bad_quantity,
  round(coalesce(sum(w.weight), 0), 2)::float8 as weight,
  round(coalesce(sum(w.metres), 0), 2)::float8 as metres,
  round(coalesce(sum(w.amount), 0), 2)::float8 as amount,
  count(*) filter (where w.amount is null) as unvalued`;

type SumRow = Record<keyof WorksTotals, number | string>;

function totalsOf(r: SumRow | undefined, showPay: boolean): WorksTotals {
  return {
    records: Number(r?.records ?? 0), quantity: Number(r?.quantity ?? 0), bad_quantity: Number(r?.bad_quantity ?? 0),
    weight: Number(r?.weight ?? 0), metres: Number(r?.metres ?? 0), amount: showPay ? Number(r?.amount ?? 0) : null,
    unvalued: Number(r?.unvalued ?? 0),
  };
}

export interface WorksReport { dt: WorksReportRow[]; totals: WorksTotals; amount_hidden: boolean }

export async function worksReport(db: Db, auth: Auth, p: WorksReportParams & { person_ids?: number[] }): Promise<WorksReport> {
  const showPay = !hiddenOf(auth, works).includes('amount');
  const where = whereOf(auth, p);
  const found = await rows<SumRow & { person_id: number; code: string | null; name: string; department: string | null }>(db, sql`
    select w.person_id, p.code, p.name, dp.name as department, ${sums}
    from works w join persons p on p.id = w.person_id left join departments dp on dp.id = p.department_id
    where ${where}
    group by w.person_id, p.code, p.name, dp.name
    order by p.code nulls last, w.person_id`);
  const [all] = await rows<SumRow>(db, sql`
    select ${sums} from works w join persons p on p.id = w.person_id where ${where}`);
  return {
    dt: found.map(r => ({ person_id: Number(r.person_id), code: r.code, name: r.name, department: r.department, ...totalsOf(r, showPay) })),
    totals: totalsOf(all, showPay),
    amount_hidden: !showPay,
  };
}

/** One pay slip per person of the report (or of `person_ids`), with their records in date order. */
export async function paySlips(db: Db, auth: Auth, p: SlipsParams): Promise<{ dt: PaySlip[]; amount_hidden: boolean }> {
  const report = await worksReport(db, auth, p);
  const showPay = !report.amount_hidden;
  const found = await rows<{ id: number; person_id: number; work_date: string; worknode_name: string | null; card_show_id: string | null;
    item_name: string | null; quantity: number | null; bad_quantity: number | null; weight: number | null; metres: number | null;
    basis: WageBasis | null; rate: number | null; amount: number | null }>(db, sql`
    select w.id, w.person_id, to_char(w.work_date, 'YYYY-MM-DD') as work_date, wn.name as worknode_name, w.card_show_id,
      i.name as item_name, w.quantity::float8 as quantity, w.bad_quantity::float8 as bad_quantity, w.weight::float8 as weight,
      w.metres::float8 as metres, w.basis, w.rate::float8 as rate, w.amount::float8 as amount
    from works w join persons p on p.id = w.person_id
      left join worknodes wn on wn.id = w.worknode_id left join items i on i.id = w.item_id
    where ${whereOf(auth, p)}
    order by w.person_id, w.work_date, w.id
    limit ${MAX_SLIP_ROWS + 1}`);
  if (found.length > MAX_SLIP_ROWS) throw new ApiError(400, 'list_too_large', { max: MAX_SLIP_ROWS });
  const byPerson = new Map<number, SlipRow[]>();
  for (const r of found) {
    const row: SlipRow = {
      id: Number(r.id), work_date: r.work_date, worknode_name: r.worknode_name, card_show_id: r.card_show_id, item_name: r.item_name,
      quantity: r.quantity, bad_quantity: r.bad_quantity, weight: r.weight, metres: r.metres, basis: r.basis,
      rate: showPay ? r.rate : null, amount: showPay ? r.amount : null,
    };
    byPerson.set(Number(r.person_id), [...(byPerson.get(Number(r.person_id)) ?? []), row]);
  }
  return {
    dt: report.dt.map(({ person_id, code, name, department, ...totals }) =>
      ({ person_id, code, name, department, rows: byPerson.get(person_id) ?? [], totals })),
    amount_hidden: report.amount_hidden,
  };
}
