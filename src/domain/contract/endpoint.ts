import type { z } from 'zod';
import './zod-config';
import type { ResourceDef } from '../registry/resource';

/**
 * One declaration per endpoint (DESIGN §4, docs/README.md "Where things go"): every call that is not a generic
 * resource endpoint is declared here once — method, path, request schema, reply type, the access it needs,
 * idempotency and offline safety. The server registers its route from the declaration (server/http/endpoint-route.ts:
 * validation, access check, typed handler) and the client calls it through the same object (src/data/endpoint-call.ts:
 * typed parameters and reply, the reply's shape checked), so a path is written once and the two sides cannot drift.
 *
 * Rules:
 * - `params` is the zod schema both sides use: the server validates the query (GET) or body (POST) with it, and the
 *   client's parameters are typed by its input side.
 * - `access` is checked before the parameters are validated, so a caller who may not use the endpoint learns nothing
 *   about what it accepts. Finer checks (create or edit, row scope) stay in the handler, where the request says which.
 * - `looksRight` is the client's check of a 2xx reply: false means the address answers, but not as our server (a
 *   proxy, another product), and the call rejects with the configuration error instead of handing a screen garbage.
 */

/** What an operation on a resource needs (server/auth/permissions.ts): */
export type AccessOp =
  /** list or detail: `view` of the resource, or of one that references it (names only) */
  | 'read'
  /** the resource's own `view`: its facts for reports, not just its names */
  | 'view'
  /** save: the handler then checks create, edit or a special action */
  | 'write'
  /** delete or cancel */
  | 'delete'
  | 'import'
  | 'export';

/**
 * Who may call an endpoint:
 * - `public`: anybody (login, the public order query, the shell's bootstrap files);
 * - `session`: any logged-in caller (the handler narrows further, e.g. per kind of to-do);
 * - `device`: a device session (a terminal's login, bound to its `computers` row) whose account still holds the
 *   `kiosk` action of computers — the kiosk's and tablet's sync;
 * - a resource: `op` on it and/or the special `action` of it (both when both are named).
 */
export type Access =
  | 'public'
  | 'session'
  | 'device'
  /** an admin's session (a role with `is_admin`): the demo module's writes (decision 287) */
  | 'admin'
  | { resource: ResourceDef; op?: AccessOp; action?: string };

/** How a POST's parameters travel (DESIGN §4): a form (the default), one JSON body, or a multipart upload. */
export type BodyKind = 'form' | 'json' | 'multipart';

/** What a successful reply is: the JSON envelope (the default), a streamed file, or a page (HTML). */
export type ReplyKind = 'json' | 'file' | 'html';

/**
 * Whether a repeat is answered once: `create` — the client sends an `Idempotency-Key` with a call that creates
 * (decision 53) and a repeat with the same key within 24 h answers the first reply and writes nothing; `false` — the
 * call is repeatable by itself (a read, or a write naming the row's version).
 */
export type Idempotency = 'create' | false;

/**
 * Offline safety: `read` — a read whose last answer the app keeps in its offline copy (the screen shows it offline
 * with the time of the data); `queued` — the outbox's sender alone calls it, with facts written offline; `false` —
 * online only (the screen says so while offline).
 */
export type OfflineSafety = 'read' | 'queued' | false;

/**
 * The HTTP methods of a declaration. PUT and DELETE serve the demo module's role calls alone (`/prod-api/…`, spec §7,
 * decision 285), where the mock uses them; IPOS's own calls are GET and POST (DESIGN §4), which `endpoint()` holds.
 */
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where PUT and DELETE may be declared: the demo module's paths. */
const PUT_DELETE_PREFIX = '/prod-api/';

export interface Endpoint<S extends z.ZodType = z.ZodType, R = unknown> {
  readonly method: EndpointMethod;
  /** The path as spec §7 names it; API paths end in `/` (the app's own pages do not). */
  readonly path: string;
  readonly params: S;
  readonly access: Access;
  readonly idempotent: Idempotency;
  readonly offline: OfflineSafety;
  readonly body: BodyKind;
  readonly reply: ReplyKind;
  /** The client's check of a 2xx JSON reply (see the rules above); absent: any envelope will do. */
  readonly looksRight?: (r: unknown) => boolean;
  /** Phantom: the reply's type, carried for both sides' typing; never set. */
  readonly __reply?: R;
}

/** The parameters a caller passes (the schema's input side: numbers or their text, JSON values as themselves). */
export type ParamsOf<E> = E extends Endpoint<infer S, unknown> ? z.input<S> : never;
/** The parameters a handler receives (validated, typed, defaults filled). */
export type InputOf<E> = E extends Endpoint<infer S, unknown> ? z.output<S> : never;
/** The reply of an endpoint. */
export type ReplyOf<E> = E extends Endpoint<z.ZodType, infer R> ? R : never;

interface EndpointSpec<S extends z.ZodType> {
  method: EndpointMethod;
  path: string;
  params: S;
  access: Access;
  idempotent?: Idempotency;
  offline?: OfflineSafety;
  body?: BodyKind;
  reply?: ReplyKind;
  looksRight?: (r: unknown) => boolean;
}

/**
 * Declares an endpoint replying `R`: `endpoint<Reply>()({...})` (two calls, so `R` is named while the schema's type is
 * inferred). Defaults: not idempotent, online only, a form body, a JSON reply.
 */
export function endpoint<R>() {
  return <S extends z.ZodType>(spec: EndpointSpec<S>): Endpoint<S, R> => {
    if (!spec.path.startsWith('/')) throw new Error(`endpoint ${spec.path}: a path starts with /`);
    if ((spec.method === 'PUT' || spec.method === 'DELETE') && !spec.path.startsWith(PUT_DELETE_PREFIX)) {
      throw new Error(`endpoint ${spec.method} ${spec.path}: PUT and DELETE are the demo module's alone (${PUT_DELETE_PREFIX})`);
    }
    return Object.freeze({
      idempotent: false as Idempotency, offline: false as OfflineSafety, body: 'form' as BodyKind, reply: 'json' as ReplyKind,
      ...spec,
    });
  };
}

/** A reply that is a JSON object (the envelope): what `looksRight` checks build on. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A reply object whose `key` holds an array (`dt`, `lines`, `groups` …). */
export const hasArray = (...keys: string[]) => (r: unknown): boolean => isRecord(r) && keys.every(k => Array.isArray(r[k]));
