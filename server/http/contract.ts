import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_JSON_DEPTH } from '../../src/domain/contract/json-depth';
import { issueKey } from '../../src/domain/contract/wire';
import type { MessageKey } from '../../src/domain/messages/catalog';
import { ApiError } from '../lib/api-error';

/**
 * Requests are validated by the zod schemas of the shared contract (src/domain/contract), declared on each route as
 * Fastify's `schema.querystring` (GET) and `schema.body` (POST): one compiler turns them into Fastify validators.
 *
 * Rules:
 * - A POST may carry parameters in its query string too (`/accounts/login/?timeout=0`): before validation the query's
 *   keys are copied under the form's own, so the body schema sees every parameter (the body wins). A POST without a
 *   body is checked as an empty form plus its query.
 * - A refusal is a 400 whose message names the reason (`bad_filter`, `bad_sort`, `too_deep` …) in the caller's
 *   language; the handler receives the parsed value (typed, defaults filled).
 * - Route parameters and replies are not validated here; replies that carry rows are written from JSON Schemas
 *   (contract/json-schema.ts) by Fastify's serializer.
 */

type ZodLike = z.ZodType;
function isZod(schema: unknown): schema is ZodLike {
  return typeof (schema as { safeParse?: unknown } | null)?.safeParse === 'function';
}

/** Parameter → message key of a refusal that names no reason of its own. */
const BY_PARAM: Readonly<Record<string, string>> = { filter: 'bad_filter', sort: 'bad_sort', menus: 'invalid_json', item: 'invalid_json' };

export default fp(async function contract(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!isZod(schema)) throw new Error(`route schemas are zod schemas of src/domain/contract (${httpPart})`);
    return (data: unknown) => {
      // A GET has no body to check; its parameters are the query string's.
      if (httpPart === 'body' && (data === null || data === undefined)) return { value: data };
      const r = schema.safeParse(data ?? {});
      if (r.success) return { value: r.data };
      const key = issueKey(r.error, BY_PARAM) as MessageKey;
      return { error: new ApiError(400, key, key === 'too_deep' ? { max: MAX_JSON_DEPTH } : {}) };
    };
  });
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const query = req.query as Record<string, unknown> | undefined;
    // A POST sent without a body still has its parameters checked: its query string (or nothing) is its body. Left
    // unset, the body schema was skipped and the handler read raw, unchecked query text (a 500 for bad input).
    if ((req.body === undefined || req.body === null) && req.routeOptions.schema?.body) req.body = Object.create(null);
    const body = req.body;
    if (!query || typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body)) return;
    const merged = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(query)) merged[k] = v;
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) merged[k] = v;
    req.body = merged;
  });
});

/** The validated parameters of a request: the query's for a GET, the (merged) body's for a POST. */
export function inputOf<T>(req: FastifyRequest): T {
  return (req.method === 'GET' || req.body === undefined || req.body === null ? req.query : req.body) as T;
}
