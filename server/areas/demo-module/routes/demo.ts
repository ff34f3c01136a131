import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEMO_OK, MAX_DEMO_ROLE_KEY } from '../../../../src/domain/contract/demo';
import {
  demoArticleCreate, demoArticleDetail, demoArticleList, demoArticlePv, demoArticleUpdate, demoLogin, demoLogout,
  demoRoleCreate, demoRoleDelete, demoRoleUpdate, demoRoles, demoRoutes, demoSearchUser, demoTransactionList, demoUserInfo,
} from '../../../../src/domain/contract/endpoints/demo';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import { ApiError } from '../../../lib/api-error';
import { articleDetail, articlePageviews, createArticle, listArticles, updateArticle } from '../articles';
import { demoLogin as login, demoUserInfo as userInfo, listTransactions, searchNames } from '../people';
import { allRoutes, createRole, deleteRole, listRoles, updateRole } from '../roles';

/**
 * The demo module's routes (docs/sales-office.md §6, contract src/domain/contract/endpoints/demo.ts): each call at
 * both of its addresses. Config `demo_module` switches them all (gate.ts, registered in app.ts before the session
 * check); the declarations' access asks a session, and an admin's for a write.
 */
export default async function demoModuleRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  /** The `{key}` of `role/{key}`: a path segment, never longer than a key can be. */
  const roleKey = (req: FastifyRequest): string => {
    const key = (req.params as { key?: unknown }).key;
    if (typeof key !== 'string' || key === '' || key.length > MAX_DEMO_ROLE_KEY) throw new ApiError(404, 'demo_role_not_found');
    return key;
  };
  for (const ep of demoLogin) route(app, ep, async p => login(db, p.username));
  for (const ep of demoUserInfo) route(app, ep, async p => userInfo(db, p.token));
  for (const ep of demoLogout) route(app, ep, async () => ({ code: DEMO_OK, data: 'success' as const }));
  for (const ep of demoSearchUser) route(app, ep, async p => searchNames(db, p.name));
  for (const ep of demoTransactionList) route(app, ep, async () => listTransactions(db));
  for (const ep of demoArticleList) route(app, ep, async p => listArticles(db, p));
  for (const ep of demoArticleDetail) route(app, ep, async p => articleDetail(db, p.id));
  for (const ep of demoArticlePv) route(app, ep, async () => articlePageviews(db));
  for (const ep of demoArticleCreate) route(app, ep, async (p, req) => createArticle(db, p, authOf(req).name));
  for (const ep of demoArticleUpdate) route(app, ep, async p => updateArticle(db, p));
  for (const ep of demoRoutes) route(app, ep, async () => allRoutes());
  for (const ep of demoRoles) route(app, ep, async () => listRoles(db));
  for (const ep of demoRoleCreate) route(app, ep, async p => createRole(db, p));
  for (const ep of demoRoleUpdate) route(app, ep, async (p, req) => updateRole(db, roleKey(req), p));
  for (const ep of demoRoleDelete) route(app, ep, async (_p, req) => deleteRole(db, roleKey(req)));
}
