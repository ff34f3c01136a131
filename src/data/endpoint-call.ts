import type { Endpoint, ParamsOf, ReplyOf } from '../domain/contract/endpoint';
import { i18n } from '../i18n';
import { ApiError } from './errors';
import { apiGet, apiPost, apiPostJson, postForFile, postMultipart, type DownloadProgress, type RequestOptions } from './http';

/**
 * The client's side of a declared endpoint (src/domain/contract/endpoint.ts): the one way the data layer calls a
 * special endpoint, typed by its declaration, so no client writes a path or casts a reply.
 *
 * Rules:
 * - The method and the body's kind are the declaration's (a form, one JSON body, a multipart upload).
 * - `idempotencyKey` is sent as `Idempotency-Key` only to an endpoint declared idempotent (decision 53); the caller
 *   keeps one key per intended write and passes none for a write that is repeatable by itself (an update).
 * - A 2xx reply the declaration's `looksRight` refuses rejects as the configuration error (the address answers, but
 *   not as our server), shown like any other failure unless the call is quiet.
 */
export interface EndpointCallOptions extends RequestOptions {
  /** The request id of a create, for an endpoint declared `idempotent: 'create'`. */
  idempotencyKey?: string;
}

/** A 2xx reply without what the contract promises. */
export function badReply(): ApiError {
  return new ApiError({ kind: 'config', status: 200, msg: i18n.t('api.config_error') });
}

function withKey<E extends Endpoint>(ep: E, o: EndpointCallOptions): RequestOptions {
  const { idempotencyKey, ...rest } = o;
  if (!ep.idempotent || !idempotencyKey) return rest;
  return { ...rest, headers: { ...rest.headers, 'Idempotency-Key': idempotencyKey } };
}

/** Calls a JSON endpoint with its parameters; resolves with its reply as declared. */
export async function callEndpoint<E extends Endpoint>(ep: E, params: ParamsOf<E>, o: EndpointCallOptions = {}): Promise<ReplyOf<E>> {
  if (ep.reply !== 'json' || ep.body === 'multipart') throw new TypeError(`${ep.path} is not a JSON call`);
  // PUT and DELETE are the demo module's (/prod-api, decision 285), which the mock's own client calls, never the app.
  if (ep.method !== 'GET' && ep.method !== 'POST') throw new TypeError(`${ep.method} ${ep.path} is not one of the app's calls`);
  const opts = withKey(ep, o);
  const values = params as Readonly<Record<string, unknown>>;
  const r: unknown = ep.method === 'GET' ? await apiGet(ep.path, values, opts)
    : ep.body === 'json' ? await apiPostJson(ep.path, values, opts)
      : await apiPost(ep.path, values, opts);
  if (ep.looksRight && !ep.looksRight(r)) throw badReply();
  return r as ReplyOf<E>;
}

/** Uploads `form` (multipart) to an upload endpoint; its parameters travel in the query string. */
export async function uploadTo<E extends Endpoint>(ep: E, form: FormData, params: ParamsOf<E>, o: EndpointCallOptions = {}): Promise<ReplyOf<E>> {
  if (ep.body !== 'multipart') throw new TypeError(`${ep.path} takes no upload`);
  const r: unknown = await postMultipart(ep.path, form, { ...withKey(ep, o), params: params as Readonly<Record<string, unknown>> });
  if (ep.looksRight && !ep.looksRight(r)) throw badReply();
  return r as ReplyOf<E>;
}

/** Asks a file endpoint for its file (a streamed export), with progress. */
export function downloadFrom<E extends Endpoint>(ep: E, params: ParamsOf<E>,
  o: EndpointCallOptions & { onProgress?: (p: DownloadProgress) => void } = {}): Promise<{ file: Blob; rows: number | null }> {
  if (ep.reply !== 'file') throw new TypeError(`${ep.path} answers no file`);
  return postForFile(ep.path, params as Readonly<Record<string, unknown>>, { ...withKey(ep, o), onProgress: o.onProgress });
}
