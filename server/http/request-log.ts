import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * The request id on every reply, and the caller on every log line (issue 16, server/lib/logging.ts). Registered before
 * the auth plugin, so even a reply the session check gives at once carries the id; its preHandler runs after that check
 * and sees who called: from then on every line of the request (its closing line included) names the account and the
 * device. Error bodies carry `request_id`, which the client keeps in its error
 * log, so a user's report leads to the server's lines for that request.
 */
export default fp(async function requestLog(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.addHook('preHandler', async (req, reply) => {
    if (!req.auth) return;
    const who: Record<string, unknown> = { user_id: req.auth.accountId };
    if (req.auth.device) who.device = req.auth.device;
    req.log = req.log.child(who);
    reply.log = req.log;
  });

  app.addHook('preSerialization', async (req, reply, payload: unknown) => {
    const isErrorBody = reply.statusCode >= 400 && typeof payload === 'object' && payload !== null && !Array.isArray(payload);
    return isErrorBody ? { ...(payload as Record<string, unknown>), request_id: req.id } : payload;
  });
});
