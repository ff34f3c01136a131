import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';

/** The cards calls of the production area (issue 11). */
export default async function cardsRoutes(_app: FastifyInstance, _opts: { db: Db }) {
}
