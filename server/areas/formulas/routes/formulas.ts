import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { type FormulaUseRow, type RequirementReply } from '../../../../src/domain/contract/formulas';
import { translate, type MessageKey } from '../../../../src/domain/messages/catalog';
import { details } from '../../../../src/domain/resources/orders/details';
import { canRead } from '../../../auth/permissions';
import { rows, type Db } from '../../../db/connection';
import { forbidden } from '../../../lib/api-error';
import { XlsxStreamWriter } from '../../../lib/xlsx-stream';
import { authOf } from '../../../http/auth';
import { formulaLabel } from '../checks';
import { computeRequirement } from '../requirement';
import * as formulasApi from '../../../../src/domain/contract/endpoints/formulas';
import { route } from '../../../http/endpoint-route';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_COLUMNS: readonly [MessageKey, keyof RequirementReply['dt'][number]][] = [
  ['req_col_code', 'code'], ['req_col_name', 'name'], ['req_col_spec', 'spec'], ['req_col_unit', 'unit'], ['req_col_quantity', 'quantity'],
];

/**
 * The special calls of formulas (docs/formulas.md, contract src/domain/contract/formulas.ts). The requirement reads
 * formulas and order lines: it needs `view` on both (and follows the caller's row scope on orders); its export also
 * `export` on formulas. Which formulas use a material needs `view` on formulas.
 */
export default async function formulasRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, formulasApi.formulaRequirement, async (p, req) => {
    const auth = authOf(req);
    if (!canRead(auth, details)) throw forbidden();
    return { msg: 'OK', ...(await computeRequirement(db, auth, p)) };
  });

  // excel.xlsx (spec §9) of the same rows, headed in the caller's language. The whole answer is computed before the
  // first byte, so every refusal is still a proper status; the sheet holds one row per material (a few hundred).
  route(app, formulasApi.formulaRequirementExport, async (p, req, reply) => {
    const auth = authOf(req);
    if (!canRead(auth, details)) throw forbidden();
    const { dt } = await computeRequirement(db, auth, p);
    const out = new PassThrough();
    const writer = new XlsxStreamWriter(out);
    const produce = async () => {
      await writer.start();
      await writer.rows([EXPORT_COLUMNS.map(([title]) => translate(req.lang, title))]);
      await writer.rows(dt.map(r => EXPORT_COLUMNS.map(([, k]) => r[k])));
      await writer.end();
      out.end();
    };
    produce().catch((err: unknown) => {
      req.log.error({ err }, 'requirement export failed while streaming');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', 'attachment; filename="excel.xlsx"')
      .header('x-total-rows', String(dt.length))
      .header('cache-control', 'no-store')
      .send(out);
  });

  // Current formulas using a material, directly or through sub-formulas at any depth (a board used by a sheet that
  // a carton is made of). The walk goes up from the material's lines through every version (a current parent may
  // name an older sub-formula version) and keeps the current, live formulas it reaches.
  route(app, formulasApi.formulaItems, async p => {
    const { material_id: material } = p;
    const found = await rows<{ id: number; code: string; name: string; version_no: number | null; item_id: number; item_name: string;
      quantity: number | null; unit: string | null; loss_rate: number | null; via_code: string | null; via_version: number | null }>(db, sql`
      with recursive uses(formula_id, via_id, depth) as (
        select distinct m.formula_id, null::int, 1 from formulamaterials m where m.item_id = ${material}
        union
        select m.formula_id, u.formula_id, u.depth + 1 from formulamaterials m join uses u on m.sub_formula_id = u.formula_id
        where u.depth < 32
      ),
      first_use as (
        select distinct on (formula_id) formula_id, via_id from uses order by formula_id, depth, via_id
      ),
      direct as (
        select m.formula_id, sum(m.quantity)::float8 as quantity, max(m.unit) as unit, max(m.loss_rate)::float8 as loss_rate
        from formulamaterials m where m.item_id = ${material} group by m.formula_id
      )
      select f.id, f.code, f.name, f.version_no, f.item_id, i.name as item_name, d.quantity, d.unit, d.loss_rate,
        v.code as via_code, v.version_no as via_version
      from first_use u join formulas f on f.id = u.formula_id join items i on i.id = f.item_id
        left join direct d on d.formula_id = f.id left join formulas v on v.id = u.via_id and d.formula_id is null
      where f.is_current and not f.canceled
      order by f.code, f.id`);
    const dt: FormulaUseRow[] = found.map(r => ({
      formula_id: Number(r.id), code: r.code, name: r.name, version_no: Number(r.version_no ?? 1), item_id: Number(r.item_id),
      item_name: r.item_name, quantity: r.quantity == null ? null : Number(r.quantity), unit: r.unit,
      loss_rate: r.loss_rate == null ? null : Number(r.loss_rate),
      via: r.via_code == null ? null : formulaLabel({ code: r.via_code, version_no: r.via_version }),
    }));
    return { msg: 'OK', dt, total: dt.length };
  });
}
