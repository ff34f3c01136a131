import type { TodosReply } from '../domain/contract/todos';
import { todos as todosEndpoint } from '../domain/contract/endpoints/reports';
import { callEndpoint } from './endpoint-call';
import type { CallOptions } from './resource-client';

/** `GET /todos/` (contract src/domain/contract/todos.ts): what waits on the user, per kind they may handle. */
export function todos(o: CallOptions = {}): Promise<TodosReply> {
  return callEndpoint(todosEndpoint, {}, { signal: o.signal });
}

/** The query key of the to-do list (a save of an order, a fact resolved … may refresh it). */
export const TODOS_KEY = [todosEndpoint.path, 'list'] as const;
