import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '../../src/domain/registry/resource';
import { RESOURCES } from '../../src/domain/resources/all';
import type { Db } from '../db/connection';
import { badRequest, notFound } from '../lib/api-error';
import { int, jsonParam, paramsOf, str, type Params } from '../lib/params';
import { authOf } from '../plugins/auth';
import { extraListOptions } from '../resources/list-params';
import { detailRow, listRows } from '../resources/list';
import { cancelRow, createRow, deleteRow, updateRow } from '../resources/write';

/** Keys a save request may carry besides the row's fields. */
const TRANSPORT = new Set(['ios', 'lang', 'token', 'token1', 'token2', 'frompath', 'timestamp', 'timeout', '_', 'id', 'version', 'item']);

function echo(p: Params): Record<string, string | undefined> {
  return { token: str(p, 'token'), token1: str(p, 'token1'), token2: str(p, 'token2') };
}

function requiredId(p: Params): number {
  const id = int(p, 'id');
  if (id === undefined || id < 1) throw badRequest();
  return id;
}

/** The values of a save: an `item=` JSON object, or else the form fields themselves. */
function saveValues(p: Params): Record<string, unknown> {
  const item = jsonParam<unknown>(p, 'item');
  if (item !== undefined) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw badRequest('invalid_json');
    const { id: _id, version: _v, ...rest } = item as Record<string, unknown>;
    return rest;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) if (!TRANSPORT.has(k)) out[k] = v;
  return out;
}

/** id/version may come in the form or inside `item`. */
function idAndVersion(p: Params): { id?: number; version?: number } {
  const item = jsonParam<Record<string, unknown>>(p, 'item');
  const src: Params = { ...(typeof item === 'object' && item ? item : {}), ...Object.fromEntries(
    Object.entries(p).filter(([k]) => k === 'id' || k === 'version')) };
  return { id: int(src, 'id'), version: int(src, 'version') };
}

/** The generic endpoints of DESIGN §4, for every declared resource. */
export default async function resourceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  for (const res of RESOURCES) register(app, db, res);
}

function register(app: FastifyInstance, db: Db, res: ResourceDef) {
  const read = { access: { resource: res, op: 'read' as const } };
  const write = { access: { resource: res, op: 'write' as const } };

  for (const url of [`${res.api}/list/`, ...(res.listAliases ?? [])]) {
    app.route({
      method: ['GET', 'POST'], url, config: read,
      handler: async req => {
        const p = paramsOf(req);
        const result = await listRows(db, res, p, extraListOptions(res, authOf(req), p));
        return { msg: 'OK', ...result, ...echo(p) };
      },
    });
  }

  app.get(`${res.api}/detail/`, { config: read }, async req => {
    const p = paramsOf(req);
    const row = await detailRow(db, res, requiredId(p));
    if (!row) throw notFound();
    return { msg: 'OK', dt: row };
  });

  app.post(`${res.api}/save/`, { config: write }, async req => {
    const p = paramsOf(req);
    const auth = authOf(req);
    const { id, version } = idAndVersion(p);
    const values = saveValues(p);
    if (id === undefined) {
      const row = await createRow(db, res, values, auth);
      return { msg: 'OK', id: row.id, version: row.version, dt: row };
    }
    if (version === undefined) throw badRequest();
    const row = await updateRow(db, res, id, version, values, auth);
    return { msg: 'OK', id: row.id, version: row.version, dt: row };
  });

  if (res.kind === 'document') {
    app.post(`${res.api}/cancel/`, { config: write }, async req => {
      const p = paramsOf(req);
      const row = await cancelRow(db, res, requiredId(p), int(p, 'version'), authOf(req));
      return { msg: 'OK', id: row.id, version: row.version, dt: row };
    });
  } else {
    app.post(`${res.api}/delete/`, { config: write }, async req => {
      const p = paramsOf(req);
      await deleteRow(db, res, requiredId(p), authOf(req));
      return { msg: 'OK' };
    });
  }
}
