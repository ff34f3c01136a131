import type { Lang, MessageKey } from '../../src/domain/messages/catalog';

/** A message parameter: a value, or one that depends on the language (a resource's label). */
export type Param = string | number | ((lang: Lang) => string);

/**
 * An answer the client is meant to show: an HTTP status, a message key translated into the request's language, and
 * optionally per-field errors (each a message key) and extra reply fields. Thrown anywhere; the envelope plugin
 * turns it into `{msg, errors, ...extra}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, Param> = {},
    readonly fieldErrors: Record<string, { key: MessageKey; params?: Record<string, string | number> }> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey = 'bad_request', params: Record<string, string | number> = {}) =>
  new ApiError(400, key, params);
export const notFound = () => new ApiError(404, 'not_found');
export const forbidden = () => new ApiError(403, 'forbidden');
