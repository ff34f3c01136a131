import type { ResourceDef } from '../../registry/resource';
import type { ListRow } from '../rows';
import { endpoint, hasArray, isRecord, type Endpoint } from '../endpoint';
import { listParamsSchema } from '../list';
import type { DetailReply, Envelope, ImportReply, ListReply, SaveReply } from '../replies';
import { detailParamsSchema, importParamsSchema, removeParamsSchema, saveParamsSchema } from '../requests';

/**
 * The generic endpoints of DESIGN §4, declared from a resource's declaration (src/domain/resources) rather than one by
 * one: list (GET and POST, at `<base>/list/` and at every list path alias the spec names), detail, save, cancel
 * (documents) or delete (master data), and import. The server registers them for every declared resource
 * (server/resources/generic-routes.ts, import.ts) and the resource client calls them (src/data/resource-client.ts), both from
 * these declarations. One set per resource, made once.
 */
export interface GenericEndpoints<R extends ResourceDef = ResourceDef> {
  /** `GET <base>/list/`, then the GET of each list alias. */
  lists: readonly Endpoint<ReturnType<typeof listParamsSchema>, ListReply<ListRow<R>>>[];
  /** The POST of the same paths (spec §7 reads some lists with POST). */
  listPosts: readonly Endpoint<ReturnType<typeof listParamsSchema>, ListReply<ListRow<R>>>[];
  detail: Endpoint<typeof detailParamsSchema, DetailReply<ListRow<R>>>;
  save: Endpoint<typeof saveParamsSchema, SaveReply<ListRow<R>>>;
  /** Cancel for a document, delete for master data (the resource's `kind`). */
  remove: Endpoint<typeof removeParamsSchema, SaveReply<ListRow<R>> | Envelope>;
  import: Endpoint<typeof importParamsSchema, ImportReply>;
}

const made = new WeakMap<ResourceDef, GenericEndpoints>();

/** The generic endpoints of `res`. */
export function genericEndpoints<R extends ResourceDef>(res: R): GenericEndpoints<R> {
  const known = made.get(res);
  if (known) return known as unknown as GenericEndpoints<R>;
  const params = listParamsSchema(res);
  const listPaths = [`${res.api}/list/`, ...(res.listAliases ?? [])];
  const read = { resource: res, op: 'read' } as const;
  const list = (method: 'GET' | 'POST', path: string) => endpoint<ListReply<ListRow<R>>>()({
    method, path, params, access: read, offline: res.offline ? 'read' : false, looksRight: hasArray('dt'),
  });
  const set: GenericEndpoints<R> = {
    lists: listPaths.map(p => list('GET', p)),
    listPosts: listPaths.map(p => list('POST', p)),
    detail: endpoint<DetailReply<ListRow<R>>>()({
      method: 'GET', path: `${res.api}/detail/`, params: detailParamsSchema, access: read,
      offline: res.offline ? 'read' : false, looksRight: r => isRecord(r) && isRecord(r.dt),
    }),
    save: endpoint<SaveReply<ListRow<R>>>()({
      method: 'POST', path: `${res.api}/save/`, params: saveParamsSchema, access: { resource: res, op: 'write' },
      idempotent: 'create', looksRight: r => isRecord(r) && typeof r.id === 'number',
    }),
    remove: endpoint<SaveReply<ListRow<R>> | Envelope>()({
      method: 'POST', path: `${res.api}/${res.kind === 'document' ? 'cancel' : 'delete'}/`, params: removeParamsSchema,
      access: { resource: res, op: 'delete' },
    }),
    import: endpoint<ImportReply>()({
      method: 'POST', path: `${res.api}/import/`, params: importParamsSchema, access: { resource: res, op: 'import' },
      idempotent: 'create',
    }),
  };
  made.set(res, set as unknown as GenericEndpoints);
  return set;
}
