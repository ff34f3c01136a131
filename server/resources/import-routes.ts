import type { FastifyInstance } from 'fastify';
import { translate, type Lang } from '../../src/domain/messages/catalog';
import type { FieldError } from '../../src/domain/registry/issue-keys';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES } from '../../src/domain/resources/all';
import { idempotent } from '../auth/idempotency';
import type { Db } from '../db/connection';
import { genericEndpoints } from '../../src/domain/contract/endpoints/generic';
import { route } from '../http/endpoint-route';
import { authOf } from '../http/auth';
import { importRows } from './import';

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
 * `POST <base>/import/` for every declared resource, with the `import` action (each row then needs create or edit,
 * server/auth/import-gate.ts): `rows` = JSON list of objects
 * keyed by field name → `{msg, summary, created, updated, unchanged, rejected, results: [{row, status, id?, errors?}]}`.
 */
export default async function importRoutes(app: FastifyInstance, opts: { db: Db; resources?: readonly ResourceDef[] }) {
  for (const res of opts.resources ?? RESOURCES) {
    const ep = genericEndpoints(res).import;
    route(app, ep, async ({ rows }, req) => {
      const auth = authOf(req);
      // A batch sent again (a retry after a lost reply) answers the first reply and writes nothing.
      return idempotent(opts.db, req, auth, ep.path, rows, async tx => {
        const { results, ...counts } = await importRows(tx, res, rows, auth);
        return {
          msg: 'OK',
          summary: translate(req.lang, 'import_done', counts),
          ...counts,
          results: results.map(({ errors, ...r }) => (errors ? { ...r, errors: errorsText(req.lang, errors) } : r)),
        };
      });
    }, { bodyLimit: IMPORT_BODY_LIMIT });
  }
}
