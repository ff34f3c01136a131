import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { type WorksReportRow } from '../../../../src/domain/contract/piece-work';
import { translate, type MessageKey } from '../../../../src/domain/messages/catalog';
import { works } from '../../../../src/domain/resources/production/works';
import { workperiods } from '../../../../src/domain/resources/production/workperiods';
import { assertCreate } from '../../../auth/permissions';
import { callerOwner, isScoped } from '../../../auth/row-scope';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/connection';
import { ApiError } from '../../../lib/api-error';
import { XlsxStreamWriter } from '../../../lib/xlsx-stream';
import { authOf } from '../../../http/auth';
import { worksFromNodes } from '../node-works';
import { lockPeriodForClose } from '../periods';
import { paySlips, worksReport } from '../report';
import { recordHistory } from '../../../resources/write';
import * as pieceWorkApi from '../../../../src/domain/contract/endpoints/piece-work';
import { route } from '../../../http/endpoint-route';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type ReportColumn = readonly [MessageKey, keyof WorksReportRow];
const EXPORT_COLUMNS: readonly ReportColumn[] = [
  ['works_col_code', 'code'], ['works_col_name', 'name'], ['works_col_department', 'department'], ['works_col_records', 'records'],
  ['works_col_quantity', 'quantity'], ['works_col_bad', 'bad_quantity'], ['works_col_weight', 'weight'],
  ['works_col_metres', 'metres'], ['works_col_amount', 'amount'], ['works_col_unvalued', 'unvalued'],
];

/**
 * The special calls of piece work (docs/piece-work.md, contract src/domain/contract/piece-work.ts). The report, its
 * export and the slips need `view` on works (the export also `export`); records from card steps need `create`;
 * closing or reopening a month is the `close` action.
 */
export default async function worksRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, pieceWorkApi.worksReport, async (p, req) => {
    const r = await worksReport(db, authOf(req), p);
    return { msg: 'OK', ...r, total: r.dt.length };
  });

  // excel.xlsx (spec §9) of the report: one row per person and the range's total, headed in the caller's language.
  route(app, pieceWorkApi.worksReportExport, async (p, req, reply) => {
    const auth = authOf(req);
    const r = await worksReport(db, auth, p);
    const columns = EXPORT_COLUMNS.filter(([, k]) => k !== 'amount' || !r.amount_hidden);
    const out = new PassThrough();
    const writer = new XlsxStreamWriter(out);
    const produce = async () => {
      await writer.start();
      await writer.rows([columns.map(([title]) => translate(req.lang, title))]);
      await writer.rows(r.dt.map(row => columns.map(([, k]) => row[k])));
      const total: Partial<WorksReportRow> = { ...r.totals, name: translate(req.lang, 'works_total') };
      await writer.rows([columns.map(([, k]) => total[k] ?? null)]);
      await writer.end();
      out.end();
    };
    produce().catch((err: unknown) => {
      req.log.error({ err }, 'works report export failed while streaming');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply.header('content-type', XLSX_MIME).header('content-disposition', 'attachment; filename="excel.xlsx"')
      .header('x-total-rows', String(r.dt.length)).header('cache-control', 'no-store').send(out);
  });

  route(app, pieceWorkApi.paySlips, async (p, req) => {
    return { msg: 'OK', ...(await paySlips(db, authOf(req), p)), from: p.from, to: p.to };
  });

  route(app, pieceWorkApi.worksFromNodes, async (p, req) => {
    const auth = authOf(req);
    assertCreate(auth, works);
    // A caller limited to its own records (DESIGN §5) makes only its own, as a save of a record would.
    let own: number | undefined;
    if (isScoped(auth, works)) {
      const me = callerOwner(auth, works);
      if (me === null) throw new ApiError(403, 'not_own_row');
      own = me;
    }
    const scope = { from: p.from, to: p.to, worknode_id: p.worknode_id, person_id: own };
    const r = await db.transaction(tx => worksFromNodes(tx, auth, scope, 'node'));
    return { msg: 'OK', ...r, ...(r.skipped > 0 ? { msg1: translate(req.lang, 'works_generated', r) } : {}) };
  });

  // A month is closed (or reopened) under its exclusive lock, so no record write of that month is half-way through.
  route(app, pieceWorkApi.closeWorkPeriod, async (p, req) => {
    const auth = authOf(req);
    await db.transaction(async tx => {
      await lockPeriodForClose(tx, p.period);
      const [before] = await rows<Record<string, unknown>>(tx, sql`select * from workperiods where period = ${p.period} for update`);
      if (before && before.closed === p.closed) return;
      const [after] = await rows<Record<string, unknown>>(tx, sql`
        insert into workperiods (period, closed, closed_at, closed_by, created_by, updated_by)
        values (${p.period}, ${p.closed}, ${p.closed ? new Date() : null}, ${p.closed ? auth.accountId : null}, ${auth.accountId}, ${auth.accountId})
        on conflict (period) do update set closed = excluded.closed, closed_at = excluded.closed_at,
          closed_by = excluded.closed_by, version = workperiods.version + 1, rev = next_rev(), updated_at = now(),
          updated_by = excluded.updated_by
        returning *`);
      await recordHistory(tx, workperiods, before ? 'update' : 'create', Number(after!.id), before ?? null, after!, auth, Number(after!.rev));
    });
    return { msg: 'OK', period: p.period, closed: p.closed };
  });
}
