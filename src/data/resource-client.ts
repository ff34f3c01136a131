import type { ListQuery } from '../domain/contract/list';
import { encodeListQuery } from '../domain/contract/list';
import { genericEndpoints } from '../domain/contract/endpoints/generic';
import { history as historyEndpoint } from '../domain/contract/endpoints/system';
import type { HistoryReply, ImportReply, ListReply, SaveReply } from '../domain/contract/replies';
import type { ListRow } from '../domain/contract/rows';
import type { ResourceDef } from '../domain/registry/resource';
import { i18n } from '../i18n';
import { connectivityStore } from './connectivity';
import { ApiError, isUnreachableError } from './errors';
import { callEndpoint } from './endpoint-call';
import { offlineDbFor } from './offline/db';
import { readOfflineList, readOfflineRow } from './offline/local-read';
import { sessionStore } from './session/session-store';
import { LONG_TIMEOUT_MS } from './transport';

/**
 * The typed client of one resource (DESIGN §4, §6): every generic call a screen makes, typed by the declaration
 * and shaped by the shared contract (src/domain/contract). Screens never build a resource URL.
 *
 * Rules:
 * - Reads (`list`, `detail`) of an `offline` resource answer from the offline copy while the server is out of reach,
 *   with the same contract, marked `source: 'offline'` and `asOf` (when the copy was pulled). A resource the copy
 *   has never held fails as the server call did. Unreachability is not shown as an error for reads: the screen says
 *   it is offline.
 * - A create carries an `Idempotency-Key` (decision 53): the same key repeats the same create, answered once.
 * - `remove` deletes master data and cancels a document (with its version: a stale one is refused).
 */
export type Source = 'server' | 'offline';

export type ListResult<R extends ResourceDef = ResourceDef> = ListReply<ListRow<R>> & {
  source?: Source;
  /** With `source: 'offline'`: when the copy was pulled (ms since epoch). */
  asOf?: number;
};

/** A row as a detail screen holds it, and where it came from. */
export interface Detailed<R extends ResourceDef = ResourceDef> {
  row: ListRow<R>;
  source?: Source;
  asOf?: number;
}

export interface CallOptions { signal?: AbortSignal }

/** A new request id for a create (one per row being created). */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}

/** A list reply (its rows checked by the declaration) as the screens hold it; a server that sends no total counts its rows. */
function checkList<R extends ResourceDef>(r: ListReply<ListRow<R>>): ListResult<R> {
  const total = typeof r.total === 'number' ? r.total : r.dt.length;
  return { ...r, total, source: 'server' };
}

const offlineDb = () => offlineDbFor(sessionStore.getState().baseURL);

export interface ResourceClient<R extends ResourceDef> {
  list(q: ListQuery<R>, o?: CallOptions): Promise<ListResult<R>>;
  detail(id: number, o?: CallOptions): Promise<Detailed<R>>;
  /** Creates (no `target`) or updates the row `target` names at its version; shows 操作成功. */
  save(values: Record<string, unknown>, target?: { id: number; version: number }, o?: CallOptions & { idempotencyKey?: string }): Promise<SaveReply<ListRow<R>>>;
  remove(target: { id: number; version?: number }, o?: CallOptions): Promise<void>;
  importRows(rows: readonly Record<string, unknown>[], o?: CallOptions): Promise<ImportReply>;
  history(id: number | string, o?: CallOptions): Promise<HistoryReply>;
}

function makeClient<R extends ResourceDef>(def: R): ResourceClient<R> {
  const ep = genericEndpoints(def);

  async function offlineList(q: ListQuery<R>, cause: unknown): Promise<ListResult<R>> {
    const answer = await readOfflineList(offlineDb(), def, q as ListQuery).catch(() => null);
    if (!answer) throw cause;
    return { ...(answer.value as ListReply<ListRow<R>>), source: 'offline', asOf: answer.asOf };
  }

  async function offlineDetail(id: number, cause: unknown): Promise<Detailed<R>> {
    const answer = await readOfflineRow(offlineDb(), def, id).catch(() => null);
    if (!answer || !answer.value) throw cause;
    return { row: answer.value as ListRow<R>, source: 'offline', asOf: answer.asOf };
  }

  const offlineNow = () => def.offline === true && !connectivityStore.getState().reachable;

  return {
    async list(q, o = {}) {
      // Out of reach already: the copy answers at once instead of waiting for another failure.
      if (offlineNow()) return offlineList(q, new ApiError({ kind: 'network', status: 0, msg: i18n.t('api.network_error') }));
      try {
        return checkList<R>(await callEndpoint(ep.lists[0]!, encodeListQuery(q as ListQuery), { signal: o.signal, quietOffline: true }));
      } catch (e) {
        if (def.offline && isUnreachableError(e)) return offlineList(q, e);
        throw e;
      }
    },

    async detail(id, o = {}) {
      if (offlineNow()) return offlineDetail(id, new ApiError({ kind: 'network', status: 0, msg: i18n.t('api.network_error') }));
      try {
        const r = await callEndpoint(ep.detail, { id }, { signal: o.signal, quietOffline: true, quietNotFound: true });
        return { row: r.dt, source: 'server' };
      } catch (e) {
        if (def.offline && isUnreachableError(e)) return offlineDetail(id, e);
        throw e;
      }
    },

    async save(values, target, o = {}) {
      const item = target ? { ...values, id: target.id, version: target.version } : values;
      // Only a create carries the key: an update is repeatable by its version.
      return callEndpoint(ep.save, { item }, { signal: o.signal, idempotencyKey: target ? undefined : o.idempotencyKey });
    },

    async remove(target, o = {}) {
      // A document is cancelled at its version; master data is deleted.
      await callEndpoint(ep.remove, def.kind === 'document' ? { id: target.id, version: target.version } : { id: target.id }, { signal: o.signal });
    },

    async importRows(rows, o = {}) {
      // One batch may take minutes on a large sheet; the result is a report, not a toast.
      return callEndpoint(ep.import, { rows }, { signal: o.signal, silent: true, timeoutMs: LONG_TIMEOUT_MS });
    },

    async history(id, o = {}) {
      return callEndpoint(historyEndpoint, { table_name: def.name, kid: id }, { signal: o.signal });
    },
  };
}

const clients = new WeakMap<ResourceDef, ResourceClient<ResourceDef>>();

/** The client of a resource (one per declaration). */
export function resourceClient<R extends ResourceDef>(def: R): ResourceClient<R> {
  let c = clients.get(def);
  if (!c) {
    c = makeClient(def) as unknown as ResourceClient<ResourceDef>;
    clients.set(def, c);
  }
  return c as unknown as ResourceClient<R>;
}
