/**
 * How a call of the request layer fails. A cancelled call rejects with an AbortError (see `isAbort`) and shows
 * nothing; every other failure rejects with an ApiError whose message is the text the user was shown.
 */

/**
 * What went wrong:
 * - `rejected`: the server answered with an envelope whose `msg` is not OK (validation, permission, conflict …);
 * - `needlogin`: the session is unknown (`{needlogin: 1}`); the login state has been cleared;
 * - `loggedout`: codes 50008 / 50012 / 50014; the "You have been logged out" dialog was offered;
 * - `config`: 404 without an envelope, or a success status whose body is not JSON (the address is not our server);
 * - `server`: 5xx without an envelope;
 * - `http`: any other status without an envelope;
 * - `network`: the server could not be reached; `timeout`: it did not answer in time.
 */
export type ApiErrorKind = 'rejected' | 'needlogin' | 'loggedout' | 'config' | 'server' | 'http' | 'network' | 'timeout';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status; 0 when no reply arrived (network, timeout). */
  status: number;
  msg: string;
  /** Per-field messages of a form (`errors` of the envelope); empty when the server named no field. */
  errors?: Record<string, string>;
  /** The reply's JSON object, when there was one (409 carries `version`, `updated_by_name`, `references` …). */
  body?: Record<string, unknown>;
  /** 50008 / 50012 / 50014 for `loggedout`. */
  code?: number;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly msg: string;
  readonly errors: Record<string, string>;
  readonly body: Record<string, unknown> | undefined;
  readonly code: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.msg);
    this.kind = init.kind;
    this.status = init.status;
    this.msg = init.msg;
    this.errors = init.errors ?? {};
    this.body = init.body;
    this.code = init.code;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The server could not be reached, or a proxy answered for it (502–504): an offline copy may stand in. */
export function isUnreachableError(e: unknown): e is ApiError {
  return isApiError(e) && (e.kind === 'network' || e.kind === 'timeout' || (e.kind === 'server' && e.status >= 502 && e.status <= 504));
}

/** True for a call cancelled by its caller (or superseded by a newer list request): nothing to show. */
export function isAbort(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

/** The error a cancelled call rejects with, whatever reason the caller gave to its AbortController. */
export function abortError(): Error {
  // DOMException exists in browsers and Node ≥ 17; its name is what `isAbort` and other libraries test.
  return new DOMException('The request was cancelled', 'AbortError');
}
