import type { z } from 'zod';
import '../zod-config';
import { endpoint, isRecord, type Access, type BodyKind, type Endpoint, type EndpointMethod } from '../endpoint';
import {
  demoArticleCreateSchema, demoArticleDetailSchema, demoArticleListSchema, demoArticleUpdateSchema, demoInfoSchema,
  demoLoginSchema, demoNoParamsSchema, demoRoleCreateSchema, demoRoleUpdateSchema, demoSearchUserSchema,
  type DemoArticle, type DemoFailure, type DemoOk, type DemoRole, type DemoTransaction, type DemoUserInfo,
} from '../demo';

/**
 * The demo module's calls (spec §7 "Mock calls", docs/sales-office.md §6; schemas in ../demo.ts). Each is declared
 * twice, once per address it answers at (decision 285): `/prod-api/vue-element-admin/<call>`, where the mock served
 * them and as spec §7 writes `user/info`, and `/prod-api/<call>`, as it writes `article/list`, `routes` and `role`.
 * Reads need a session, writes an admin's (decision 287); the module answers only while config `demo_module` is on
 * (server/areas/demo-module/gate.ts). Paths are the mock's, without the trailing `/` of IPOS's own API paths.
 */
export const DEMO_PREFIXES = ['/prod-api/vue-element-admin/', '/prod-api/'] as const;

interface DemoSpec<S extends z.ZodType> { method: EndpointMethod; params: S; access: Access; body?: BodyKind }

/** The pair of declarations of one call, at both prefixes. */
function demoCall<R>() {
  return <S extends z.ZodType>(call: string, spec: DemoSpec<S>): readonly [Endpoint<S, R>, Endpoint<S, R>] => {
    const at = (prefix: string) => endpoint<R>()({
      ...spec, path: prefix + call, body: spec.body ?? 'json',
      looksRight: r => isRecord(r) && typeof r.code === 'number',
    });
    return [at(DEMO_PREFIXES[0]), at(DEMO_PREFIXES[1])] as const;
  };
}

export const demoLogin = demoCall<DemoOk<{ token: string }> | DemoFailure>()('user/login', {
  method: 'POST', params: demoLoginSchema, access: 'session',
});
export const demoUserInfo = demoCall<DemoOk<DemoUserInfo> | DemoFailure>()('user/info', {
  method: 'GET', params: demoInfoSchema, access: 'session',
});
export const demoLogout = demoCall<DemoOk<'success'>>()('user/logout', { method: 'POST', params: demoNoParamsSchema, access: 'session' });
export const demoSearchUser = demoCall<DemoOk<{ items: { name: string }[] }>>()('search/user', {
  method: 'GET', params: demoSearchUserSchema, access: 'session',
});
export const demoTransactionList = demoCall<DemoOk<{ total: number; items: DemoTransaction[] }>>()('transaction/list', {
  method: 'GET', params: demoNoParamsSchema, access: 'session',
});

export const demoArticleList = demoCall<DemoOk<{ total: number; items: DemoArticle[] }>>()('article/list', {
  method: 'GET', params: demoArticleListSchema, access: 'session',
});
export const demoArticleDetail = demoCall<DemoOk<DemoArticle>>()('article/detail', {
  method: 'GET', params: demoArticleDetailSchema, access: 'session',
});
export const demoArticlePv = demoCall<DemoOk<{ pvData: { key: string; pv: number }[] }>>()('article/pv', {
  method: 'GET', params: demoNoParamsSchema, access: 'session',
});
export const demoArticleCreate = demoCall<DemoOk<'success'>>()('article/create', {
  method: 'POST', params: demoArticleCreateSchema, access: 'admin',
});
export const demoArticleUpdate = demoCall<DemoOk<'success'>>()('article/update', {
  method: 'POST', params: demoArticleUpdateSchema, access: 'admin',
});

export const demoRoutes = demoCall<DemoOk<unknown[]>>()('routes', { method: 'GET', params: demoNoParamsSchema, access: 'session' });
export const demoRoles = demoCall<DemoOk<DemoRole[]>>()('roles', { method: 'GET', params: demoNoParamsSchema, access: 'session' });
export const demoRoleCreate = demoCall<DemoOk<{ key: number }>>()('role', {
  method: 'POST', params: demoRoleCreateSchema, access: 'admin',
});
export const demoRoleUpdate = demoCall<DemoOk<{ status: 'success' }>>()('role/:key', {
  method: 'PUT', params: demoRoleUpdateSchema, access: 'admin',
});
export const demoRoleDelete = demoCall<DemoOk<{ status: 'success' }>>()('role/:key', {
  method: 'DELETE', params: demoNoParamsSchema, access: 'admin',
});
