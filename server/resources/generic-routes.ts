import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  detailReplyJsonSchema, listReplyJsonSchema, saveReplyJsonSchema,
} from '../../src/domain/contract/json-schema';
import { genericEndpoints } from '../../src/domain/contract/endpoints/generic';
import type { ListParams } from '../../src/domain/contract/list';
import type { ListRow } from '../../src/domain/contract/rows';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES } from '../../src/domain/resources/all';
import { idempotent } from '../auth/idempotency';
import { assertCreate, assertUpdate } from '../auth/permissions';
import { readList } from './read-access';
import { redactorFor } from '../auth/redact';
import { isOwnRow, withOwner } from '../auth/row-scope';
import type { Db } from '../db/connection';
import { badRequest, notFound } from '../lib/api-error';
import { route } from '../http/endpoint-route';
import { authOf } from '../http/auth';
import { detailRow } from './list';
import { cancelRow, createRow, deleteRow, updateRow } from './write';

/** Keys a save request may carry besides the row's fields. */
const TRANSPORT = new Set(['ios', 'lang', 'token', 'token1', 'token2', 'frompath', 'timestamp', 'timeout', '_', 'id', 'version', 'item']);

type SaveInput = { id?: number; version?: number; item?: Record<string, unknown> } & Record<string, unknown>;

/** The values of a save: the `item=` JSON object, or else the form fields themselves (id and version aside). */
function saveValues(p: SaveInput): Record<string, unknown> {
  if (p.item !== undefined) {
    const { id: _id, version: _v, ...rest } = p.item;
    return rest;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) if (!TRANSPORT.has(k)) out[k] = v;
  return out;
}

/** id and version may come in the form or inside `item` (the form wins). */
function idAndVersion(p: SaveInput): { id?: number; version?: number } {
  const inItem = (k: 'id' | 'version') => {
    const v = p.item?.[k];
    if (v === undefined || v === null || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw badRequest();
    return n;
  };
  return { id: p.id ?? inItem('id'), version: p.version ?? inItem('version') };
}

/**
 * The generic endpoints of DESIGN §4, for every declared resource. Each route declares its parameters (the shared
 * contract's zod schemas, src/domain/contract) and, when it returns rows, the JSON Schema of its reply, from which
 * Fastify compiles the row serializer.
 */
export default async function resourceRoutes(app: FastifyInstance, opts: { db: Db; resources?: readonly ResourceDef[] }) {
  const { db } = opts;
  for (const res of opts.resources ?? RESOURCES) register(app, db, res);
}

/**
 * A row as the generic replies carry it: the server reads rows untyped (RowData), and the reply's JSON Schema (from
 * the same declaration, contract/json-schema.ts) writes exactly the declared columns and names — the declared type.
 */
const asListRow = (r: Record<string, unknown>): ListRow => r as ListRow;

function register(app: FastifyInstance, db: Db, res: ResourceDef) {
  const ep = genericEndpoints(res);
  const rowReply = { 200: saveReplyJsonSchema(res) };
  const listReply = { 200: listReplyJsonSchema(res) };
  const list = async (p: ListParams, req: FastifyRequest) => {
    const result = await readList(db, authOf(req), res, p);
    return { msg: 'OK', ...result, dt: result.dt.map(asListRow), token: p.token, token1: p.token1, token2: p.token2 };
  };
  // Lists answer GET and POST (spec §7 reads some lists with POST); a GET's parameters are its query string's.
  for (const e of [...ep.lists, ...ep.listPosts]) route(app, e, list, { schema: { response: listReply } });

  route(app, ep.detail, async ({ id }, req) => {
    const auth = authOf(req);
    const row = await detailRow(db, res, id);
    if (!row || !(await isOwnRow(db, auth, res, row))) throw notFound();
    return { msg: 'OK', dt: asListRow((await redactorFor(db, auth, res))(row)) };
  }, { schema: { response: { 200: detailReplyJsonSchema(res) } } });

  route(app, ep.save, async (p, req) => {
    const auth = authOf(req);
    const { id, version } = idAndVersion(p);
    const values = saveValues(p);
    const redact = await redactorFor(db, auth, res);
    if (id === undefined) {
      assertCreate(auth, res);
      const owned = withOwner(auth, res, values);
      // A repeated create (double click, retry after a lost reply) answers the first reply and writes nothing.
      return idempotent(db, req, auth, ep.save.path, owned, async tx => {
        const row = await createRow(tx, res, owned, auth);
        return { msg: 'OK', id: row.id as number, version: row.version as number, dt: asListRow(redact(row)) };
      });
    }
    if (version === undefined) throw badRequest();
    assertUpdate(auth, res, Object.keys(values));
    const row = await updateRow(db, res, id, version, values, auth);
    return { msg: 'OK', id: row.id as number, version: row.version as number, dt: asListRow(redact(row)) };
  }, { schema: { response: rowReply } });

  if (res.kind === 'document') {
    route(app, ep.remove, async (p, req) => {
      const auth = authOf(req);
      const row = await cancelRow(db, res, p.id, p.version, auth);
      return { msg: 'OK', id: row.id as number, version: row.version as number, dt: asListRow((await redactorFor(db, auth, res))(row)) };
    }, { schema: { response: rowReply } });
  } else {
    route(app, ep.remove, async (p, req) => {
      await deleteRow(db, res, p.id, authOf(req));
      return { msg: 'OK' };
    });
  }
}
