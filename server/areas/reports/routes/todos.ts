import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import { todosOf } from '../todos';
import * as reportsApi from '../../../../src/domain/contract/endpoints/reports';
import { route } from '../../../http/endpoint-route';

/**
 * `GET /todos/` (docs/reports.md "To-do list", contract src/domain/contract/todos.ts): any logged-in caller; each kind
 * of to-do is checked against the caller's own permissions inside. No parameters.
 */
export default async function todoRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, reportsApi.todos, async (_p, req) => todosOf(opts.db, authOf(req), req.lang));
}
