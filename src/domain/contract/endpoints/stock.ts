import { stockdocs } from '../../resources/warehouse/stockdocs';
import { endpoint, hasArray, isRecord } from '../endpoint';
import {
  issueProposalParamsSchema, postStockDocParamsSchema, type IssueProposalReply, type PostStockDocReply,
} from '../stock';

/** The special calls of stock (docs/stock.md; schemas in ../stock.ts). */

/** Posts a draft stock document: its movements into the ledger and the balances, in one transaction. */
export const postStockDoc = endpoint<PostStockDocReply>()({
  method: 'POST', path: '/warehouses/stockdocs/post/', params: postStockDocParamsSchema,
  access: { resource: stockdocs, action: 'post' },
  looksRight: r => isRecord(r) && typeof r.version === 'number' && typeof r.movements === 'number',
});

/**
 * The lines an issue to production proposes for a card or an order line, by the line's formula less what posted goods
 * out issued already. Whoever may post stock documents may ask: it is the first step of writing one.
 */
export const stockIssueProposal = endpoint<IssueProposalReply>()({
  method: 'GET', path: '/warehouses/stockdocs/issue_proposal/', params: issueProposalParamsSchema,
  access: { resource: stockdocs, action: 'post' }, looksRight: hasArray('dt'),
});
