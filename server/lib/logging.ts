import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The server's log (issue 16): Fastify's pino, one JSON object per line on stdout, at `LOG_LEVEL` (default `info`).
 * Every line written while a request runs carries its `request_id` (the same id the reply's `X-Request-Id` header and
 * error bodies show), and, once the caller is known, `user_id` and `device`. Nothing secret reaches a line: header
 * values of Authorization and Cookie, passwords, tokens, session ids, badge numbers and search text are replaced by
 * `[Redacted]`, in query strings, in objects we log, and in the parameters a failed query's error message quotes.
 */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const REDACTED = '[Redacted]';

/** Parameter and field names whose values never reach a log line. */
// `code` is the public order query's check code (and also an item code elsewhere: a log loses little by hiding it);
// `sig` signs a label sheet's link.
const SECRET_NAME = /pass(word)?|token|session|secret|authorization|cookie|card_no|check_code|^sign$|^sig$|^code$/i;

/**
 * Search text (`keyword`, `keyword_code`) is replaced on every URL, not only on lists whose search reaches a secret
 * field (persons' `card_no`): a search box takes whatever is typed or scanned into it — a badge number on the
 * persons' list, or scanned into the wrong box anywhere — and the log must not depend on knowing which lists search
 * what. What was searched for is worth little to whoever reads the log; that a search was made, and where, stays.
 */
const SEARCH_NAME = /^keyword(_\w+)?$/i;

/** The fields of an object we log (one level down and in `req`) that are replaced. */
const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  'headers.authorization', 'headers.cookie',
  ...['password', 'oldpassword', 'token', 'sessionid', 'card_no', 'authorization', 'cookie']
    .flatMap(k => [k, `*.${k}`]),
];

/** A URL with the values of secret query parameters and of searches (and secret fields inside a JSON `filter`) replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const [k, v] of [...params]) {
    if (SECRET_NAME.test(k) || SEARCH_NAME.test(k)) { params.set(k, REDACTED); changed = true; }
    else if (k === 'filter' && SECRET_NAME.test(v)) {
      // `filter=[{"field":"card_no","op":"eq","value":"…"}]`: the field name is fine, its value is not.
      params.set(k, redactFilter(v)); changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

function redactFilter(text: string): string {
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return REDACTED;
    return JSON.stringify(list.map(f => (f && typeof f === 'object' && SECRET_NAME.test(String((f as { field?: unknown }).field))
      ? { ...(f as object), value: REDACTED } : f) as unknown));
  } catch {
    return REDACTED;
  }
}

interface LoggedError { [key: string]: unknown; type: string; message: string; stack: string; code?: string; cause?: LoggedError }

/**
 * An error as one object, stack included. A failed query's message quotes its parameters (drizzle: `params: …`),
 * which may be a password hash or a badge number, so they are cut.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const cut = (s: string | undefined) => s?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`);
  const out: LoggedError = { type: err.name, message: cut(err.message) ?? '', stack: cut(err.stack) ?? '' };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') out.code = code;
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** Fastify's logger options: level, redaction, and serializers that drop what must not be logged. */
export function loggerOptions(level: LogLevel, stream?: Writable) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // The request line: no headers at all (they carry the session), and a query string without secrets.
      req: (req: { method?: string; url?: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url ?? ''), ip: req.ip }),
      err: serializeError,
    },
  };
}

export function logLevelOf(value: string | undefined): LogLevel {
  if (!value) return 'info';
  const v = value.toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(v)) return v as LogLevel;
  throw new Error(`LOG_LEVEL=${value}: expected one of ${LOG_LEVELS.join(', ')}`);
}

/**
 * The id of a request: the load balancer's `X-Request-Id` when we sit behind one (TRUST_PROXY) and it looks like an
 * id, so one id follows the request through both logs; otherwise a new UUID.
 */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return req => {
    const given = trustProxy ? req.headers['x-request-id'] : undefined;
    return typeof given === 'string' && /^[\w.:-]{8,100}$/.test(given) ? given : randomUUID();
  };
}

/**
 * Fastify's request lines, reduced to one per request, written when it completes: method, URL (secrets redacted),
 * status and time, with the request id and — once known — the user and device (plugins/request-log.ts). Probes
 * (`/healthz`, `/readyz`) log at `warn` on their routes, so they appear only when the level is lowered on purpose.
 */
export class RequestLines extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'request received');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    // A reply that could not be completed (the client went away, a stream broke); a 5xx's own error and stack are
    // logged once by the error handler (plugins/envelope.ts).
    if (error) reply.log.warn({ ...line, err: error }, 'request ended with an error');
    else reply.log.info(line, 'request');
  }
}
