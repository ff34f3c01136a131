import type { FastifyInstance } from 'fastify';
import { postStockDoc, stockExcesses, stockIssueProposal, stockShortages } from '../../../../src/domain/contract/endpoints/stock';
import type { Db } from '../../../db/connection';
import { rowChecksSkippable } from '../../../db/reference-checks';
import { route } from '../../../http/endpoint-route';
import { authOf } from '../../../http/auth';
import { stockExcesses as excesses, stockShortages as shortages } from '../alerts';
import { issueProposal } from '../issue-proposal';
import { postDoc } from '../post';

/** The special calls of stock (docs/stock.md; contract src/domain/contract/endpoints/stock.ts). */
export default async function stockRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  // The `post` action of stockdocs is checked by the declaration's access.
  route(app, postStockDoc, async (p, req) => {
    // Whether the ledger's foreign keys may be checked once per row they name (decision 141): asked once per database.
    const skippable = await rowChecksSkippable(db);
    return db.transaction(async tx => {
      const { doc, movements } = await postDoc(tx, authOf(req), p.id, p.version, new Date(), skippable);
      return { msg: 'OK', id: doc.id as number, version: doc.version as number, movements };
    });
  });

  // Issue to production: the formula's requirement of a card or an order line, less what was issued against it.
  route(app, stockIssueProposal, async (p, req) => ({ msg: 'OK', ...await issueProposal(db, authOf(req), p) }));
  // The alert lists (docs/stock.md "Alerts"): `view` of inventory, checked by the declarations' access.
  route(app, stockShortages, async p => ({ msg: 'OK', ...await shortages(db, p) }));
  route(app, stockExcesses, async p => ({ msg: 'OK', ...await excesses(db, p) }));
}
