import { errorLogStore } from './error-log';
import { sessionStore } from './session/session-store';
import { i18n } from '../i18n';
import { ApiError, type ApiErrorKind } from './errors';
import { getNotifier, notifyNeedLogin } from './notifier';
import { currentHref, currentPath } from './page';

/**
 * The reply envelope of DESIGN §4 / spec §8. `interpret` says what a reply means (pure); `settle` does what the
 * table says the client does (messages through the Notifier, login state, error log) and resolves or throws.
 */

/** Success messages: the server says OK; older servers say 操作成功. */
const OK_MSGS: ReadonlySet<string> = new Set(['OK', '操作成功']);
/** 50008 illegal token, 50012 logged in elsewhere / revoked, 50014 token expired. */
export const LOGGED_OUT_CODES: ReadonlySet<number> = new Set([50008, 50012, 50014]);

/** A server message stays 2 s; a transport message (network / 404 / 500) 0.5 s; a warning 3 s (spec §8). */
export const ERROR_MS = 2000;
export const TRANSPORT_ERROR_MS = 500;
export const WARNING_MS = 3000;

export type Outcome =
  | { kind: 'ok'; body: unknown; warning?: string }
  | { kind: 'rejected'; status: number; msg: string; errors: Record<string, string>; body: Record<string, unknown> }
  | { kind: 'needlogin'; status: number; msg?: string; body: Record<string, unknown> }
  | { kind: 'loggedout'; status: number; code: number; msg: string; body: Record<string, unknown> }
  | { kind: 'config' | 'server' | 'http'; status: number }
  | { kind: 'network' | 'timeout' };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The envelope's `errors` as field → text; anything else the server put there is not a form message. */
function fieldErrors(v: unknown): Record<string, string> {
  if (!isRecord(v)) return {};
  const out: Record<string, string> = {};
  for (const [k, m] of Object.entries(v)) if (typeof m === 'string') out[k] = m;
  return out;
}

/**
 * What a reply means. `body` is the parsed JSON, or undefined when the body was empty or not JSON.
 * The login markers are read whatever the status, because they decide where the user goes next.
 */
export function interpret(status: number, body: unknown): Outcome {
  const ok = status >= 200 && status < 300;
  if (isRecord(body)) {
    const msg = typeof body.msg === 'string' ? body.msg : undefined;
    if (body.needlogin) return { kind: 'needlogin', status, msg, body };
    const code = Number(body.code);
    if (LOGGED_OUT_CODES.has(code)) return { kind: 'loggedout', status, code, msg: msg ?? '', body };
    if (msg !== undefined) {
      if (ok && OK_MSGS.has(msg)) {
        const w = typeof body.msg1 === 'string' && body.msg1 ? body.msg1 : undefined;
        return w === undefined ? { kind: 'ok', body } : { kind: 'ok', body, warning: w };
      }
      // Any other msg is a refusal, even with a 2xx status (older servers answer 200 with an error msg).
      return { kind: 'rejected', status, msg, errors: fieldErrors(body.errors), body };
    }
    // A JSON object without msg on success: a plain JSON resource (e.g. a static file); nothing to show.
    if (ok) return { kind: 'ok', body };
  } else if (ok && body !== undefined) {
    return { kind: 'ok', body };
  }
  // No envelope.
  if (status === 404) return { kind: 'config', status };
  if (status >= 500) return { kind: 'server', status };
  // A success status with a body that is not JSON: the address serves something else (a web page), which is a
  // configuration problem, not data.
  if (ok) return { kind: 'config', status };
  return { kind: 'http', status };
}

export interface SettleContext {
  method: string;
  url: string;
  /** Show 操作成功 on success (POST that is not `silent`). */
  mutating: boolean;
  /**
   * The caller handles failure itself: nothing is shown, the login state is left alone and nothing is logged; the
   * call only resolves or rejects.
   */
  quiet?: boolean;
}

function transportMessage(kind: 'config' | 'server' | 'http' | 'network' | 'timeout', status: number): string {
  switch (kind) {
    case 'config': return i18n.t('api.config_error');
    case 'server': return i18n.t('api.server_error');
    case 'http': return i18n.t('api.http_error', { status });
    // A timeout is reported as the server not being reachable (spec §8 has no separate text for it).
    case 'network': case 'timeout': return i18n.t('api.network_error');
  }
}

/**
 * Does what the envelope table says and returns the reply's body, or throws the ApiError the user was shown.
 */
export function settle(outcome: Outcome, ctx: SettleContext): unknown {
  const n = getNotifier();
  const show = !ctx.quiet;
  if (outcome.kind === 'ok') {
    if (show && outcome.warning !== undefined) n.warning(outcome.warning, WARNING_MS);
    else if (show && ctx.mutating) n.success(i18n.t('api.success'));
    return outcome.body;
  }

  let err: ApiError;
  switch (outcome.kind) {
    case 'rejected':
      err = new ApiError({ kind: 'rejected', status: outcome.status, msg: outcome.msg, errors: outcome.errors, body: outcome.body });
      if (show) n.error(err.msg, ERROR_MS);
      break;
    case 'needlogin':
      err = new ApiError({ kind: 'needlogin', status: outcome.status, msg: outcome.msg || i18n.t('api.needlogin'), body: outcome.body });
      if (show) {
        n.error(err.msg, ERROR_MS);
        sessionStore.getState().reset();
        notifyNeedLogin(currentPath());
      }
      break;
    case 'loggedout':
      err = new ApiError({ kind: 'loggedout', status: outcome.status, msg: outcome.msg, body: outcome.body, code: outcome.code });
      // The token is reset only if the user chooses Re-Login in the dialog; Cancel keeps the page as it is.
      if (show) n.loggedOut(outcome.msg);
      break;
    default: {
      const status = 'status' in outcome ? outcome.status : 0;
      const kind: ApiErrorKind = outcome.kind;
      err = new ApiError({ kind, status, msg: transportMessage(outcome.kind, status) });
      if (show) n.error(err.msg, TRANSPORT_ERROR_MS);
    }
  }
  if (show) {
    // The store keeps errors only in production builds (spec §8).
    // The server's request id (error bodies carry it) finds the server's log lines of this call.
    const requestId = 'body' in outcome && typeof outcome.body.request_id === 'string' ? ` · request_id ${outcome.body.request_id}` : '';
    errorLogStore.getState().add({ message: err.msg, info: `${ctx.method} ${ctx.url} → ${err.status || err.kind}${requestId}`, url: currentHref() });
  }
  throw err;
}
