import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { lt } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { MAX_JSON_DEPTH } from '../../../../src/domain/contract/json-depth';
import { listParamsSchema } from '../../../../src/domain/contract/list';
import type { UploadParams } from '../../../../src/domain/contract/requests';
import { issueKey } from '../../../../src/domain/contract/wire';
import type { MessageKey } from '../../../../src/domain/messages/catalog';
import { resourceByName } from '../../../../src/domain/resources/all';
import { DOWNLOAD_PATH, releaseUpload, reserveUpload, signedLink, type UploadReservation } from '../../../auth/file-access';
import { DEFAULT_SECURITY, type SecurityOptions } from '../../../auth/options';
import { assertExport } from '../../../auth/permissions';
import { readList } from '../../../resources/read-access';
import type { Db } from '../../../db/connection';
import { files } from '../../../db/tables';
import { ApiError, badRequest } from '../../../lib/api-error';
import { newSecret } from '../../../lib/secrets';
import { authOf } from '../../../http/auth';
import { UNCLAIMED_FILE_TTL_MS } from '../../../resources/row-files';
import * as systemApi from '../../../../src/domain/contract/endpoints/system';
import { route } from '../../../http/endpoint-route';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** A request to `/files/upload/`: a 20 MB file in its multipart envelope, or the rows of a browser-side export. */
const UPLOAD_BODY_LIMIT = 64 * 1024 * 1024;
/** What a multipart envelope may add around its one file (boundaries, headers, the small fields). */
const MULTIPART_SLACK = 1024 * 1024;
export const MAX_EXPORT_ROWS = 200_000;
/**
 * Exports are fetched at once; uploads are kept a week unless sent with `is_temp`, and for good once a saved row
 * names them (server/resources/row-files.ts).
 */
const EXPORT_TTL_MS = 24 * 3600_000, TEMP_TTL_MS = 3600_000, UPLOAD_TTL_MS = UNCLAIMED_FILE_TTL_MS;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Column { title: string; get: (row: unknown) => unknown }

/**
 * The columns of an export: `titles` is a JSON list of `{title, field}` (or of plain titles matched by position
 * with `cols`); `props_cols` adds one column per dynamic property, read from `row[propsname]` (default `props`).
 */
function exportColumns(p: UploadParams): Column[] {
  const titles = p.titles ?? [];
  const cols = p.cols ?? [];
  const props = p.props_cols ?? [];
  if (!Array.isArray(titles) || !Array.isArray(cols) || !Array.isArray(props) || titles.length + props.length > 500) {
    throw badRequest('invalid_json');
  }
  const propsName = p.propsname || 'props';
  const out: Column[] = [];
  titles.forEach((t, i) => {
    const spec = typeof t === 'string' ? { title: t, field: cols[i] } : t as { title?: unknown; label?: unknown; field?: unknown; prop?: unknown };
    const title = String(spec.title ?? (spec as { label?: unknown }).label ?? '');
    const field = spec.field ?? (spec as { prop?: unknown }).prop ?? i;
    if (typeof field !== 'string' && typeof field !== 'number') throw badRequest('invalid_json');
    out.push({ title, get: row => (row as Record<string | number, unknown> | null)?.[field] });
  });
  for (const name of props) {
    if (typeof name !== 'string') throw badRequest('invalid_json');
    out.push({ title: name, get: row => ((row as Record<string, unknown> | null)?.[propsName] as Record<string, unknown> | null)?.[name] });
  }
  return out;
}

/** A cell value: numbers and text as they are; lists joined; objects as JSON; nothing for null. */
function cell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.join(', ');
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

export function buildXlsx(columns: Column[], data: unknown[]): Buffer {
  const aoa: unknown[][] = [columns.map(c => c.title)];
  for (const row of data) aoa.push(columns.map(c => cell(c.get(row))));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function storeFile(db: Db, accountId: number, kind: 'upload' | 'export', name: string, mime: string, data: Buffer,
  ttlMs: number): Promise<string> {
  // Expired files go whenever a new one comes, so the table needs no timer.
  await db.delete(files).where(lt(files.expires_at, new Date()));
  const id = newSecret();
  await db.insert(files).values({ id, kind, name, mime, size: data.length, data, account_id: accountId, expires_at: new Date(Date.now() + ttlMs) });
  return id;
}

/**
 * Reads a multipart request: its fields (a repeated one keeps its last value) and at most one file. A body the parser
 * cannot read — no boundary in its content type, cut short, without its closing boundary, or whose parts are all
 * unreadable (a part without headers is skipped, so such a body yields nothing) — is the sender's fault: 400.
 */
async function readMultipart(req: FastifyRequest): Promise<{ fields: Record<string, string>; file?: { name: string; mime: string; data: Buffer } }> {
  const fields = Object.create(null) as Record<string, string>;
  let file: { name: string; mime: string; data: Buffer } | undefined;
  let parts = 0;
  // The multipart limit stops reading at MAX_UPLOAD_BYTES; say that limit, not the body's. The error comes from the
  // file's stream or, when the parser got there before the handler read the file, from the parts iterator. The other
  // limits (parts, files, fields) answer 413 as they are (server/http/envelope.ts); any other error of the parser
  // (busboy's own, which carry no status) is a malformed body.
  const tooLarge = (e: unknown) => {
    if (e instanceof ApiError) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'file_too_large', { max: '20 MB' });
    if ((e as { statusCode?: number }).statusCode === 413) throw e;
    throw badRequest('bad_multipart');
  };
  try {
    // No part's stream is ever asked to wait (its buffer may hold the whole body, as the file is read whole anyway):
    // busboy stalls for good on a part it skips (one without headers) that outgrows its buffer in one chunk, and
    // the request would never be answered.
    for await (const part of req.parts({ fileHwm: MAX_UPLOAD_BYTES + MULTIPART_SLACK })) {
      parts++;
      if (part.type === 'file') {
        const data = await part.toBuffer().catch(tooLarge);
        if (!file) file = { name: part.filename || 'file', mime: part.mimetype || 'application/octet-stream', data };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (e) {
    tooLarge(e);
  }
  if (parts === 0) throw badRequest('bad_multipart');
  return { fields, file };
}

/**
 * An upload's fields checked by its declaration's schema, refused as the route's own check refuses a query
 * (server/http/contract.ts): the route checks the query string, while the fields travel in the body — a multipart
 * one, or the form or JSON of an export's rows.
 */
function uploadFields(values: unknown): UploadParams {
  const r = systemApi.upload.params.safeParse(values);
  if (r.success) return r.data;
  const key = issueKey(r.error) as MessageKey;
  throw badRequest(key, key === 'too_deep' ? { max: MAX_JSON_DEPTH } : {});
}

const isFields = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * `POST /files/upload/`: with rows (`ds`) or a resource's list (`resource` plus list parameters) builds `excel.xlsx`
 * and returns a `url` that downloads it (a link signed for the caller, valid minutes: server/auth/file-access.ts);
 * with a multipart `file` stores the file and returns its plain `url`, which rows store. Files live in the database,
 * out of the web root, and expire.
 *
 * Before a byte of the body is read: the session (the auth plugin's onRequest hook), a declared Content-Length
 * within the limit, and that many bytes of the account's daily upload quota, reserved atomically.
 */
export default async function fileRoutes(app: FastifyInstance, opts: { db: Db; security?: SecurityOptions }) {
  const { db } = opts;
  const security = opts.security ?? DEFAULT_SECURITY;
  // The quota each request in flight holds, given back when it fails (`afterFailure`).
  const reserved = new WeakMap<FastifyRequest, UploadReservation>();
  const beforeBody = async (req: FastifyRequest) => {
    const declared = req.headers['content-length'];
    if (declared === undefined) throw new ApiError(411, 'length_required');
    const bytes = Number(declared);
    if (!Number.isSafeInteger(bytes) || bytes < 0) throw badRequest();
    // The content type as sent: multipart's own flag is set only once its parser has run, after this hook.
    const multipart = /^multipart\//i.test(req.headers['content-type'] ?? '');
    const limit = multipart ? MAX_UPLOAD_BYTES + MULTIPART_SLACK : UPLOAD_BODY_LIMIT;
    if (bytes > limit) throw new ApiError(413, 'file_too_large', { max: `${Math.round((multipart ? MAX_UPLOAD_BYTES : limit) / 1048576)} MB` });
    reserved.set(req, await reserveUpload(db, authOf(req).accountId, bytes, security.uploadQuotaBytes));
  };
  /**
   * An error reply stored nothing (the file is stored last, after every check), so its reservation goes back before
   * the reply leaves: a broken or refused body costs no quota. A request that succeeded keeps it, whether or not its
   * sender waits for the reply — releasing on a dropped connection would let a client store files for free.
   */
  const afterFailure = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const r = reserved.get(req);
    if (r && reply.statusCode >= 400) {
      reserved.delete(req);
      await releaseUpload(db, r).catch((err: unknown) => req.log.warn({ err }, 'upload quota not given back'));
    }
    return payload;
  };
  route(app, systemApi.upload, async (query, req) => {
    const auth = authOf(req);
    let p: UploadParams = query;
    let file: { name: string; mime: string; data: Buffer } | undefined;
    if (req.isMultipart()) {
      const read = await readMultipart(req);
      file = read.file;
      // The body's fields win; the query string fills in what they leave out.
      p = { ...query, ...uploadFields(read.fields) };
    } else if (isFields(req.body)) {
      // A form or JSON body, its query string merged in under it (server/http/contract.ts).
      p = uploadFields(req.body);
    }
    const temp = p.is_temp === '1' || p.is_temp === 'true';
    if (file) {
      if (file.data.length > MAX_UPLOAD_BYTES) throw new ApiError(413, 'file_too_large', { max: '20 MB' });
      const name = (p.filename || file.name).replace(/[\\/\0]/g, '_').slice(0, 200);
      const id = await storeFile(db, auth.accountId, 'upload', name, file.mime, file.data, temp ? TEMP_TTL_MS : UPLOAD_TTL_MS);
      return { msg: 'OK', url: `${DOWNLOAD_PATH}&id=${id}`, name };
    }
    const columns = exportColumns(p);
    let data: unknown[];
    const resName = p.resource;
    if (resName) {
      const res = resourceByName(resName);
      if (!res) throw badRequest();
      assertExport(auth, res);
      const q = listParamsSchema(res).safeParse({ ...p, limit: '-1', page: '1' });
      if (!q.success) throw badRequest(issueKey(q.error, { filter: 'bad_filter', sort: 'bad_sort' }) as MessageKey);
      data = (await readList(db, auth, res, q.data, { cap: MAX_EXPORT_ROWS })).dt;
    } else {
      const ds = p.ds ?? [];
      if (!Array.isArray(ds)) throw badRequest('invalid_json');
      data = ds;
    }
    if (data.length > MAX_EXPORT_ROWS) throw new ApiError(413, 'too_many_rows', { max: MAX_EXPORT_ROWS });
    if (columns.length === 0) throw new ApiError(422, 'invalid_input', {}, { titles: { key: 'required' } });
    const id = await storeFile(db, auth.accountId, 'export', 'excel.xlsx', XLSX_MIME, buildXlsx(columns, data),
      temp ? TEMP_TTL_MS : EXPORT_TTL_MS);
    return { msg: 'OK', url: await signedLink(db, id, auth.accountId, security.linkTtlMs), name: 'excel.xlsx', rows: data.length };
  }, { bodyLimit: UPLOAD_BODY_LIMIT, onRequest: beforeBody, onSend: afterFailure });
}
