import type { FastifyInstance } from 'fastify';
import { translate, type Lang } from '../../src/domain/messages/catalog';
import type { FieldError } from '../../src/domain/registry/issue-keys';
import { RESOURCES } from '../../src/domain/resources/all';
import type { Db } from '../db/connection';
import { jsonParam, paramsOf } from '../lib/params';
import { authOf } from '../plugins/auth';
import { importRows } from '../resources/import';

/**
 * A call carries at most 1,000 rows as one form field of JSON (percent-encoded, so CJK text takes up to 9 bytes a
 * character); 16 MB leaves room for wide rows without letting one request hold the server's memory.
 */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Per-field messages in the request's language, in a null-prototype object (a field may be named `__proto__`). */
function errorsText(lang: Lang, errs: Record<string, FieldError>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [f, e] of Object.entries(errs)) out[f] = translate(lang, e.key, e.params);
  return out;
}

/**
 * `POST <base>/import/` for every declared resource, with the permission of its save: `rows` = JSON list of objects
 * keyed by field name → `{msg, summary, created, updated, unchanged, rejected, results: [{row, status, id?, errors?}]}`.
 */
export default async function importRoutes(app: FastifyInstance, opts: { db: Db }) {
  for (const res of RESOURCES) {
    app.post(`${res.api}/import/`, { config: { access: { resource: res, op: 'write' } }, bodyLimit: IMPORT_BODY_LIMIT }, async req => {
      const outcome = await importRows(opts.db, res, jsonParam(paramsOf(req), 'rows'), authOf(req));
      const { results, ...counts } = outcome;
      return {
        msg: 'OK',
        summary: translate(req.lang, 'import_done', counts),
        ...counts,
        results: results.map(r => (r.errors ? { ...r, errors: errorsText(req.lang, r.errors) } : r)),
      };
    });
  }
}
