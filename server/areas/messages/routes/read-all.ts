import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Envelope } from '../../../../src/domain/contract/replies';
import { messages } from '../../../../src/domain/resources/system/messages';
import { rows, type Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';

/**
 * `POST /messages/read_all/` (docs/reports.md "Messages"): marks every unread message of the caller read — its own
 * only, whatever its role (the row scope of messages is the recipient). Needs `edit` on messages. No parameters.
 * Messages are otherwise read, marked and deleted through the generic resource calls.
 */
export default async function messageRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.post('/messages/read_all/', { config: { access: { resource: messages, op: 'write' } } },
    async (req): Promise<Envelope & { marked: number }> => {
      const auth = authOf(req);
      const marked = await rows<{ id: number }>(opts.db, sql`
        update messages set read_at = now(), rev = next_rev(), updated_at = now(), updated_by = ${auth.accountId}
        where account_id = ${auth.accountId} and read_at is null returning id`);
      return { msg: 'OK', marked: marked.length };
    });
}
