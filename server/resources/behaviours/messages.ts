import { sql } from 'drizzle-orm';
import { tableOf } from '../../db/tables';
import { ApiError, notFound } from '../../lib/api-error';
import { column } from '../columns';
import type { Behaviour, RowData } from './types';

/**
 * The server rules of `messages` (docs/reports.md "Messages"): written by the server with the events they tell of
 * (server/resources/messages.ts), never created by a save (409 `message_create_refused`); the recipient marks them
 * read (`read_at`, the only field not read-only) and deletes them. A message is its recipient's alone, an admin's
 * role included (row scope does not bind an admin): listed, changed and deleted only by its recipient — another's is
 * 404, as if absent.
 */
const mine = (auth: { accountId: number }, row: RowData | null) => row !== null && Number(row.account_id) === auth.accountId;

export const messagesBehaviour: Behaviour = {
  async prepare(_tx, { mode, values, before, auth }) {
    if (mode === 'create') throw new ApiError(409, 'message_create_refused');
    if (!mine(auth, before)) throw notFound();
    return values;
  },

  async afterWrite(_tx, { action, before, auth }) {
    if (action === 'delete' && !mine(auth, before)) throw notFound();
  },

  list(auth, _p, res) {
    return { where: [sql`${column(tableOf(res), 'account_id')} = ${auth.accountId}`] };
  },
};
