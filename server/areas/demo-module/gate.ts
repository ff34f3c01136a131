import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import { configValues } from '../../resources/configs';

/** The config that switches the demo module on (boolean, stored as JSON `true` / `false`). */
export const DEMO_MODULE_CONFIG = 'demo_module';

/** Whether config `demo_module` is on: `true` (its JSON) only; absent, `false` or anything else is off. */
export async function demoModuleOn(db: Db): Promise<boolean> {
  const v = (await configValues(db, [DEMO_MODULE_CONFIG])).get(DEMO_MODULE_CONFIG);
  return v?.trim() === 'true';
}

/**
 * The demo module's switch (decision 287): while config `demo_module` is off or absent, every `/prod-api/…` call
 * answers as an unknown path does (Fastify's not-found handler: 404 in the envelope, or the app's shell for a page).
 * Registered before the auth plugin, whose session check would otherwise answer 401 first and tell a caller that the
 * address exists.
 */
export default fp(async function demoModuleGate(app: FastifyInstance, opts: { db: Db }) {
  app.addHook('onRequest', async (req, reply) => {
    if (req.is404 || !req.routeOptions.config.endpoint?.path.startsWith('/prod-api/')) return;
    if (await demoModuleOn(opts.db)) return;
    reply.callNotFound();
    return reply;
  });
});
