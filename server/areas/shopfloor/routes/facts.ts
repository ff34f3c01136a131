import type { FastifyInstance } from 'fastify';
import { type FactActionReply } from '../../../../src/domain/contract/facts';
import { translate, type Lang } from '../../../../src/domain/messages/catalog';
import type { Db } from '../../../db/connection';
import { authOf } from '../../../http/auth';
import { dismissFact, resubmitFact, type FactActionOutcome } from '../facts/dead-letters';
import * as syncApi from '../../../../src/domain/contract/endpoints/sync';
import { route } from '../../../http/endpoint-route';

/**
 * The dead-letter actions of supervisors (docs/shopfloor.md "Facts on the server and dead letters", contract
 * src/domain/contract/facts.ts): resubmit a rejected fact with corrected arguments, or dismiss it with a note. Both
 * need `view` and the special action `resolve` of facts (the declarations' access, checked before the parameters are), and answer the fact as
 * it now stands; a resubmission refused again answers 200 with status `rejected`, its reason, and `msg1` saying why.
 */
export default async function factsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  const reply = (lang: Lang, o: FactActionOutcome): FactActionReply => {
    const reason = o.reason ? translate(lang, o.reason.key, o.reason.params) : null;
    return {
      msg: 'OK', id: o.id, version: o.version, status: o.status, reason,
      ...(o.status === 'rejected' && reason ? { msg1: reason } : {}),
    };
  };

  route(app, syncApi.resubmitFact, async (p, req) => {
    return reply(req.lang, await resubmitFact(db, authOf(req), p));
  });

  route(app, syncApi.dismissFact, async (p, req) => {
    return reply(req.lang, await dismissFact(db, authOf(req), p));
  });
}
