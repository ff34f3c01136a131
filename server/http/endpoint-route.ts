import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Endpoint, InputOf, ReplyOf } from '../../src/domain/contract/endpoint';
import { inputOf } from './contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** The declarations the app serves, in order of registration (app.ts). */
    servedEndpoints: readonly Endpoint[];
  }
  interface FastifyContextConfig {
    /** The declaration a route was registered from (src/domain/contract/endpoints); absent on generic routes. */
    endpoint?: Endpoint;
    /** The resource whose generic endpoint (DESIGN §4: list, detail, save, cancel, delete, import) a route is. */
    generic?: string;
  }
}

/** What a handler gets: the validated parameters, the request, and the reply (for headers, cookies, streams). */
export type EndpointHandler<E extends Endpoint> =
  (input: InputOf<E>, req: FastifyRequest, reply: FastifyReply) => Promise<ReplyOf<E> | FastifyReply>;

/** Route options an endpoint may add (limits, hooks, log level); method, path, schema and access are the declaration's. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & { schema?: { response?: unknown } };

/**
 * Registers the route of a declared endpoint (src/domain/contract/endpoint.ts) — the only way a special endpoint is
 * served (tests/unit/endpoints.test.ts holds every route to a declaration):
 * - the path and method are the declaration's;
 * - its `access` goes on the route's config, where the auth plugin checks it before the parameters are validated;
 * - its `params` schema validates the query string (a GET, or a multipart upload, whose body is the file) or the
 *   body (a POST, with its query string merged in: server/http/contract.ts);
 * - the handler receives the parsed parameters typed by the schema and must answer the declared reply.
 */
export function route<E extends Endpoint>(app: FastifyInstance, ep: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
  const part = ep.method === 'GET' || ep.body === 'multipart' ? 'querystring' : 'body';
  app.route({
    ...extras,
    method: ep.method,
    url: ep.path,
    config: { access: ep.access, endpoint: ep },
    schema: { ...extras.schema, [part]: ep.params },
    handler: (req, reply) => handler(inputOf<InputOf<E>>(req), req, reply),
  });
}

/**
 * Holds every route registered in `scope` (and the scopes it registers) to a declaration: a route registered without
 * `route()` — a stray `app.get` — fails the server's start, naming it. Returns the declarations served, in order of
 * registration, for the check that each is served exactly once (tests/unit/endpoints.test.ts). The HEAD twin Fastify
 * adds to each GET is the GET's.
 */
export function declaredRoutesOnly(scope: FastifyInstance): Endpoint[] {
  const served: Endpoint[] = [];
  scope.addHook('onRoute', r => {
    if (r.method === 'HEAD') return;
    const ep = r.config?.endpoint;
    if (!ep) throw new Error(`${String(r.method)} ${r.url}: a route is registered from its declared endpoint (route(), src/domain/contract/endpoints)`);
    served.push(ep);
  });
  return served;
}
