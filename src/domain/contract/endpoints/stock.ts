import { inventory } from '../../resources/warehouse/inventory';
import { stockdocs } from '../../resources/warehouse/stockdocs';
import { endpoint, hasArray, isRecord } from '../endpoint';
import {
  issueProposalParamsSchema, postStockDocParamsSchema, stockAlertParamsSchema, type IssueProposalReply, type PostStockDocReply,
  type StockExcessReply, type StockShortReply,
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

/** Items below their minimum in a warehouse, with the open demand on them (`/inventory/warn`). */
export const stockShortages = endpoint<StockShortReply>()({
  method: 'GET', path: '/warehouses/inventory/warn/', params: stockAlertParamsSchema, offline: 'read',
  access: { resource: inventory, op: 'view' },
  looksRight: r => isRecord(r) && Array.isArray(r.dt) && typeof r.total === 'number',
});

/** Items over their maximum or without movement for config `stock_idle_days` days (`/inventory/warn1`). */
export const stockExcesses = endpoint<StockExcessReply>()({
  method: 'GET', path: '/warehouses/inventory/warn1/', params: stockAlertParamsSchema, offline: 'read',
  access: { resource: inventory, op: 'view' },
  looksRight: r => isRecord(r) && Array.isArray(r.dt) && typeof r.idle_days === 'number',
});
