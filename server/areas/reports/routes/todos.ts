import type { FastifyInstance } from 'fastify';
import type { TodosReply } from '../../../../src/domain/contract/todos';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import { todosOf } from '../todos';

/**
 * `GET /todos/` (docs/reports.md "To-do list", contract src/domain/contract/todos.ts): any logged-in caller; each kind
 * of to-do is checked against the caller's own permissions inside. No parameters.
 */
export default async function todoRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/todos/', { config: { access: 'session' } }, async (req): Promise<TodosReply> => todosOf(opts.db, authOf(req), req.lang));
}
