import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ENROL_MINUTES } from '../../../../src/domain/contract/accounts';
import { enrolTerminal } from '../../../../src/domain/contract/endpoints/accounts';
import { resourceByName } from '../../../../src/domain/resources/all';
import type { Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { column } from '../../../db/columns';
import { authOf } from '../../../http/auth';
import { route } from '../../../http/endpoint-route';
import { notFound } from '../../../lib/api-error';
import { issueEnrolment } from '../enrolment';

const computers = resourceByName('computers')!;

/** `POST /computers/enrol/`: a supervisor's one-time code for a terminal's device login (enrolment.ts). */
export default async function enrolRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, enrolTerminal, async ({ id }, req) => {
    const auth = authOf(req);
    const t = tableOf(computers);
    const [found] = await db.select({ id: column(t, 'id') }).from(t).where(eq(column(t, 'id'), id));
    if (!found) throw notFound();
    const { code, expires_at } = await issueEnrolment(db, id, auth.accountId);
    req.log.info({ computer: id }, 'terminal enrolment code issued');
    return { msg: 'OK', code, expires_at: expires_at.toISOString(), minutes: ENROL_MINUTES };
  });
}
