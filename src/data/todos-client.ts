import type { TodosReply } from '../domain/contract/todos';
import { i18n } from '../i18n';
import { ApiError } from './errors';
import { apiGet } from './http';
import type { CallOptions } from './resource-client';

/** `GET /todos/` (contract src/domain/contract/todos.ts): what waits on the user, per kind they may handle. */
export async function todos(o: CallOptions = {}): Promise<TodosReply> {
  const r = await apiGet<TodosReply>('/todos/', {}, { signal: o.signal });
  if (typeof r !== 'object' || r === null || !Array.isArray(r.groups)) {
    throw new ApiError({ kind: 'config', status: 200, msg: i18n.t('api.config_error') });
  }
  return r;
}

/** The query key of the to-do list (a save of an order, a fact resolved … may refresh it). */
export const TODOS_KEY = ['/todos', 'list'] as const;
