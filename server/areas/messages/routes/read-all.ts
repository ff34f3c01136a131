import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import * as reportsApi from '../../../../src/domain/contract/endpoints/reports';
import { route } from '../../../http/endpoint-route';

/**
 * `POST /messages/read_all/` (docs/reports.md "Messages"): marks every unread message of the caller read — its own
 * only, whatever its role (the row scope of messages is the recipient). Needs `edit` on messages. No parameters.
 * Messages are otherwise read, marked and deleted through the generic resource calls.
 */
export default async function messageRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, reportsApi.readAllMessages, async (_p, req) => {
      const auth = authOf(req);
      const marked = await rows<{ id: number }>(opts.db, sql`
        update messages set read_at = now(), rev = next_rev(), updated_at = now(), updated_by = ${auth.accountId}
        where account_id = ${auth.accountId} and read_at is null returning id`);
      return { msg: 'OK', marked: marked.length };
    });
}
