import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';

/** The orders calls of the production area (issue 11). */
export default async function ordersRoutes(_app: FastifyInstance, _opts: { db: Db }) {
}
