import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { listParamsSchema } from '../../../../src/domain/contract/list';
import { issueKey } from '../../../../src/domain/contract/wire';
import type { MessageKey } from '../../../../src/domain/messages/catalog';
import { resourceByName } from '../../../../src/domain/resources/all';
import { assertExport } from '../../../auth/permissions';
import type { Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError, badRequest } from '../../../lib/api-error';
import { XlsxStreamWriter, type XlsxCell } from '../../../lib/xlsx-stream';
import { authOf } from '../../../http/auth';
import { whereOf } from '../../../resources/list';
import { readList, readOptions } from '../../../resources/read-access';
import * as systemApi from '../../../../src/domain/contract/endpoints/system';
import { route } from '../../../http/endpoint-route';

/** The most rows one export may hold; a page of rows is read and written at a time. */
export const MAX_STREAM_EXPORT_ROWS = 500_000;
const EXPORT_PAGE = 5_000;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell: numbers, text and booleans as they are; lists joined; date-times as ISO text; objects as JSON. */
function cell(v: unknown): XlsxCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.join(', ');
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/**
 * `POST /files/export/` (DESIGN §7, decision "Exports of large lists stream"): a resource's list, filtered and sorted
 * exactly as the caller's list call would be (its row scope and hidden fields too: read-access.ts), needing `view` and `export`, written as excel.xlsx while it is read, a page at a time. Everything that can be
 * refused is checked before the first byte (bad parameters 400, permission 403, too many rows 413), because once the
 * file streams its status is sent; a failure after that cuts the download, which the browser reports as failed.
 * `X-Total-Rows` tells the browser how many rows are coming.
 */
export default async function exportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, systemApi.exportList, async (p, req, reply) => {
    const auth = authOf(req);
    const res = resourceByName(p.resource);
    if (!res) throw badRequest();
    assertExport(auth, res);
    const parsed = listParamsSchema(res).safeParse({ ...p, page: undefined, limit: undefined });
    if (!parsed.success) throw badRequest(issueKey(parsed.error, { filter: 'bad_filter', sort: 'bad_sort' }) as MessageKey);
    const params = { ...parsed.data, totals: false };
    // The rows the caller's list shows: its scope, its hidden fields, its filter (read-access.ts); the count alike.
    const t = tableOf(res);
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t)
      .where(whereOf(res, params, readOptions(auth, res, params.raw)));
    const total = c?.n ?? 0;
    if (total > MAX_STREAM_EXPORT_ROWS) throw new ApiError(413, 'too_many_rows', { max: MAX_STREAM_EXPORT_ROWS });

    const out = new PassThrough();
    const writer = new XlsxStreamWriter(out);
    const produce = async () => {
      await writer.start();
      await writer.rows([p.titles.map(col => col.title)]);
      for (let page = 1; (page - 1) * EXPORT_PAGE < total; page++) {
        const { dt } = await readList(db, auth, res, { ...params, page, limit: EXPORT_PAGE });
        await writer.rows(dt.map(row => p.titles.map(col => cell(row[col.field]))));
        if (dt.length < EXPORT_PAGE) break;
      }
      await writer.end();
      out.end();
    };
    produce().catch((err: unknown) => {
      req.log.error({ err }, 'export failed while streaming');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', 'attachment; filename="excel.xlsx"')
      .header('x-total-rows', String(total))
      .header('cache-control', 'no-store')
      .send(out);
  });
}
