import { ApiError } from '../../../lib/api-error';
import type { Behaviour } from '../../../resources/behaviour-types';

/**
 * The server rules of `messages` (docs/reports.md "Messages"): written by the server with the events they tell of
 * (server/resources/messages.ts), never created by a save (409 `message_create_refused`); the recipient marks them
 * read (`read_at`, the only field not read-only) and deletes them. A message is its recipient's alone, an admin's
 * role included: the resource is declared `ownerOnly`, so row scope binds every caller on every endpoint (list,
 * detail, history, export, save, delete) — another's is 404, as if absent.
 */
export const messagesBehaviour: Behaviour = {
  async prepare(_tx, { mode, values }) {
    if (mode === 'create') throw new ApiError(409, 'message_create_refused');
    return values;
  },
};
