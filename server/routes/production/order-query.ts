import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';

/** The order-query calls of the production area (issue 11). */
export default async function orderQueryRoutes(_app: FastifyInstance, _opts: { db: Db }) {
}
