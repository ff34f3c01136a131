import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pickLang, translate, type Lang, type MessageKey } from '../../src/domain/messages/catalog';
import { fieldErrorsOf, type FieldError } from '../../src/domain/registry/issue-keys';
import { ApiError } from '../lib/api-error';
import { constraintField } from '../lib/constraints';
import { paramsOf } from '../lib/params';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/**
 * The reply envelope of DESIGN §4 and the rule that bad input never answers 500: every error becomes
 * `{msg, errors?}` in the request's language with a 4xx status; only a real fault of ours answers 500.
 */
export default fp(async function envelope(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh');
  app.addHook('preValidation', async req => {
    const q = req.query as Record<string, unknown> | undefined;
    const b = req.body as Record<string, unknown> | undefined;
    const lang = (typeof b?.lang === 'string' ? b.lang : undefined) ?? (typeof q?.lang === 'string' ? q.lang : undefined);
    req.lang = pickLang(lang, req.headers['accept-language']);
  });
  // Also before the body is parsed, so a body-parsing error is already in the request's language.
  app.addHook('onRequest', async req => {
    const q = req.query as Record<string, unknown> | undefined;
    req.lang = pickLang(typeof q?.lang === 'string' ? q.lang : undefined, req.headers['accept-language']);
  });

  app.setErrorHandler(async (err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toEnvelope(err, req);
    if (status >= 500) req.log.error({ err }, 'request failed');
    // A rate limit says when to come back, in the header HTTP defines for it as well as in the body.
    if (typeof body.retry_after === 'number') reply.header('retry-after', String(body.retry_after));
    return reply.code(status).send(body);
  });
});

export function fieldErrorsText(lang: Lang, errs: Record<string, FieldError>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [f, e] of Object.entries(errs)) out[f] = translate(lang, e.key, e.params);
  return out;
}

interface PgError { code?: string; constraint?: string; column?: string; detail?: string }

function toEnvelope(err: unknown, req: FastifyRequest): { status: number; body: Record<string, unknown> } {
  const lang = req.lang;
  const msg = (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
  if (err instanceof ApiError) {
    const params = Object.fromEntries(Object.entries(err.params).map(([k, v]) => [k, typeof v === 'function' ? v(lang) : v]));
    const body: Record<string, unknown> = { msg: msg(err.key, params), ...err.extra };
    if (Object.keys(err.fieldErrors).length) body.errors = fieldErrorsText(lang, err.fieldErrors);
    return { status: err.status, body };
  }
  if (err instanceof z.ZodError) {
    return { status: 422, body: { msg: msg('invalid_input'), errors: fieldErrorsText(lang, fieldErrorsOf(err, paramsOf(req))) } };
  }
  const pgErr = ((err as { cause?: PgError } | null)?.cause?.code ? (err as { cause: PgError }).cause : err) as PgError;
  if (typeof pgErr?.code === 'string' && /^[0-9A-Z]{5}$/.test(pgErr.code)) {
    // Constraint names follow `<table>_<column>_key|fkey` (sql-shape.ts), so the field can be named.
    const field = constraintField(pgErr.constraint);
    const errors = (key: MessageKey) => (field ? { errors: { [field]: msg(key) } } : {});
    if (pgErr.code === '23505') return { status: 409, body: { msg: msg('duplicate'), ...errors('duplicate') } };
    if (pgErr.code === '23503') return { status: 409, body: { msg: msg('ref_missing'), ...errors('ref_missing') } };
    if (pgErr.code === '23502' || pgErr.code === '23514') return { status: 422, body: { msg: msg('invalid_input') } };
    if (pgErr.code.startsWith('22')) return { status: 400, body: { msg: msg('bad_request') } };
    // Two transactions waiting on each other's rows (deadlock, serialization failure): the database undid one of
    // them whole; its caller may simply send it again.
    if (pgErr.code === '40P01' || pgErr.code === '40001') return { status: 409, body: { msg: msg('write_conflict') } };
  }
  const fe = err as FastifyError;
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_PARTS_LIMIT' || fe.code === 'FST_FILES_LIMIT') {
      return { status: 413, body: { msg: msg('file_too_large', { max: `${Math.round(req.routeOptions.bodyLimit ?? 0) / 1048576} MB` }) } };
    }
    return { status: fe.statusCode, body: { msg: msg('bad_request') } };
  }
  return { status: 500, body: { msg: msg('server_error') } };
}
