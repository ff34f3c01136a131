import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  dismissParamsSchema, resubmitParamsSchema, type DismissParams, type FactActionReply, type ResubmitParams,
} from '../../../../src/domain/contract/facts';
import { translate, type Lang } from '../../../../src/domain/messages/catalog';
import { facts } from '../../../../src/domain/resources/shopfloor/facts';
import { assertAction } from '../../../auth/permissions';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import { inputOf } from '../../../http/contract';
import { dismissFact, resubmitFact, type FactActionOutcome } from '../facts/dead-letters';

/**
 * The dead-letter actions of supervisors (docs/shopfloor.md "Facts on the server and dead letters", contract
 * src/domain/contract/facts.ts): resubmit a rejected fact with corrected arguments, or dismiss it with a note. Both
 * need `view` and the special action `resolve` of facts (checked before the parameters are), and answer the fact as
 * it now stands; a resubmission refused again answers 200 with status `rejected`, its reason, and `msg1` saying why.
 */
export default async function factsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const access = { resource: facts, op: 'read' } as const;
  const mayResolve = async (req: FastifyRequest) => { assertAction(authOf(req), facts, 'resolve'); };

  const reply = (lang: Lang, o: FactActionOutcome): FactActionReply => {
    const reason = o.reason ? translate(lang, o.reason.key, o.reason.params) : null;
    return {
      msg: 'OK', id: o.id, version: o.version, status: o.status, reason,
      ...(o.status === 'rejected' && reason ? { msg1: reason } : {}),
    };
  };

  app.post('/sync/facts/resubmit/', {
    config: { access }, schema: { body: resubmitParamsSchema }, preValidation: mayResolve,
  }, async req => {
    const p = inputOf<ResubmitParams>(req);
    return reply(req.lang, await resubmitFact(db, authOf(req), p));
  });

  app.post('/sync/facts/dismiss/', {
    config: { access }, schema: { body: dismissParamsSchema }, preValidation: mayResolve,
  }, async req => {
    const p = inputOf<DismissParams>(req);
    return reply(req.lang, await dismissFact(db, authOf(req), p));
  });
}
