import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';

/** The prints calls of the production area (issue 11). */
export default async function printsRoutes(_app: FastifyInstance, _opts: { db: Db }) {
}
